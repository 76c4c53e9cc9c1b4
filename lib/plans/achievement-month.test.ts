import { describe, expect, it } from "vitest";
import { addMonths, currentMonth, monthRange, monthsEnding, parseMonth, percent } from "./achievement-month";

describe("achievement months (Asia/Shanghai)", () => {
  it("takes the current month in Shanghai, not UTC", () => {
    expect(currentMonth(new Date("2026-11-30T15:59:59Z"))).toBe("2026-11");
    expect(currentMonth(new Date("2026-11-30T16:00:00Z"))).toBe("2026-12");
    expect(currentMonth(new Date("2026-12-31T16:00:00Z"))).toBe("2027-01");
  });

  it("parses YYYY-MM only", () => {
    expect(parseMonth("2024-03")).toBe("2024-03");
    expect(parseMonth(" 2024-03 ")).toBe("2024-03");
    for (const bad of ["2024-13", "2024-00", "2024-3", "24-03", "1999-12", "2101-01", "", null, undefined, "2024-03-01"]) expect(parseMonth(bad)).toBeNull();
  });

  it("moves across years", () => {
    expect(addMonths("2024-01", -1)).toBe("2023-12");
    expect(addMonths("2023-12", 1)).toBe("2024-01");
    expect(addMonths("2024-03", -14)).toBe("2023-01");
    expect(monthsEnding("2024-02", 4)).toEqual(["2023-11", "2023-12", "2024-01", "2024-02"]);
  });

  it("spans the month's Shanghai days", () => {
    expect(monthRange("2024-03")).toEqual({ start: new Date("2024-02-29T16:00:00Z"), end: new Date("2024-03-31T16:00:00Z") });
    expect(monthRange("2024-12").end).toEqual(new Date("2024-12-31T16:00:00Z"));
  });

  it("gives percentages with one decimal, none without a target", () => {
    expect(percent(77, 143)).toBe(53.8);
    expect(percent(3, 2)).toBe(150);
    expect(percent(0, 8)).toBe(0);
    expect(percent(5, 0)).toBeNull();
    expect(percent(5, null)).toBeNull();
  });
});
