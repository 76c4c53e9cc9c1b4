import { describe, expect, it } from "vitest";
import { addMonths, daysInMonth, previousDay, warrantyEnd, warrantyState } from "./warranty";

describe("warranty dates", () => {
  it("knows month lengths, leap years included", () => {
    expect([daysInMonth(2024, 2), daysInMonth(2025, 2), daysInMonth(2000, 2), daysInMonth(1900, 2), daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual([29, 28, 29, 28, 30, 31]);
  });
  it.each([
    ["2026-03-15", 36, "2029-03-15"],
    ["2024-01-31", 1, "2024-02-29"],
    ["2025-01-31", 1, "2025-02-28"],
    ["2024-02-29", 12, "2025-02-28"],
    ["2024-02-29", 48, "2028-02-29"],
    ["2026-08-31", 1, "2026-09-30"],
    ["2026-11-30", 3, "2027-02-28"],
    ["2026-12-15", 1, "2027-01-15"],
    ["2026-05-31", -3, "2026-02-28"],
  ])("%s + %i months = %s", (day, months, want) => expect(addMonths(day, months)).toBe(want));
  it("steps back a day across months and years", () => {
    expect(previousDay("2026-03-01")).toBe("2026-02-28");
    expect(previousDay("2024-03-01")).toBe("2024-02-29");
    expect(previousDay("2027-01-01")).toBe("2026-12-31");
  });
  it("ends the day before the same date N months later", () => {
    expect(warrantyEnd("2026-03-15", 36)).toBe("2029-03-14");
    expect(warrantyEnd("2024-02-29", 12)).toBe("2025-02-27");
    expect(warrantyEnd("2026-01-31", 1)).toBe("2026-02-27");
    expect(warrantyEnd("2026-01-01", 12)).toBe("2026-12-31");
  });
  it("refuses impossible days and months", () => {
    expect(() => addMonths("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addMonths("2026-13-01", 1)).toThrow(RangeError);
    expect(() => addMonths("2026-01-01", 1.5)).toThrow(RangeError);
    expect(() => warrantyEnd("2026-01-01", 0)).toThrow(RangeError);
  });
  it("tells not started, in warranty (both ends inclusive) and expired", () => {
    expect(warrantyState(null, null, "2026-11-21")).toBe("NOT_STARTED");
    expect(warrantyState("2026-12-01", "2029-11-30", "2026-11-30")).toBe("NOT_STARTED");
    expect(warrantyState("2026-12-01", "2029-11-30", "2026-12-01")).toBe("IN_WARRANTY");
    expect(warrantyState("2026-12-01", "2029-11-30", "2029-11-30")).toBe("IN_WARRANTY");
    expect(warrantyState("2026-12-01", "2029-11-30", "2029-12-01")).toBe("EXPIRED");
  });
});
