import { describe, expect, it } from "vitest";
import { addCycle, isOverdue, nextAfter, shanghaiDay } from "./cycle";

describe("stocktake plan cycles", () => {
  it("adds a week, a month and a quarter, clamping to the month's last day", () => {
    expect(addCycle("2026-12-29", "WEEKLY")).toBe("2027-01-05");
    expect(addCycle("2027-01-31", "MONTHLY")).toBe("2027-02-28");
    expect(addCycle("2028-01-31", "MONTHLY")).toBe("2028-02-29");
    expect(addCycle("2026-11-30", "QUARTERLY")).toBe("2027-02-28");
    expect(addCycle("2026-12-15", "MONTHLY")).toBe("2027-01-15");
  });

  it("jumps past today in one go when periods were missed", () => {
    expect(nextAfter("2027-01-01", "WEEKLY", "2027-01-01")).toBe("2027-01-08");
    expect(nextAfter("2027-01-01", "WEEKLY", "2027-01-20")).toBe("2027-01-22");
    expect(nextAfter("2027-01-10", "MONTHLY", "2027-04-10")).toBe("2027-05-10");
  });

  it("reads today in Asia/Shanghai", () => {
    expect(shanghaiDay(new Date("2027-01-01T15:59:59Z"))).toBe("2027-01-01");
    expect(shanghaiDay(new Date("2027-01-01T16:00:00Z"))).toBe("2027-01-02");
  });

  it("is overdue when enabled, before today and not run since", () => {
    expect(isOverdue({ enabled: true, nextDate: "2027-01-01", lastRunAt: null }, "2027-01-02")).toBe(true);
    expect(isOverdue({ enabled: true, nextDate: "2027-01-02", lastRunAt: null }, "2027-01-02")).toBe(false);
    expect(isOverdue({ enabled: false, nextDate: "2027-01-01", lastRunAt: null }, "2027-01-02")).toBe(false);
    expect(isOverdue({ enabled: true, nextDate: "2027-01-01", lastRunAt: new Date("2027-01-01T02:00:00Z") }, "2027-01-02")).toBe(false);
  });
});
