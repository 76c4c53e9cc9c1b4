import { describe, expect, it } from "vitest";
import { shanghaiMonthStart } from "./figures";

// "Sold this month" counts from the first day of the month in Beijing time, whatever the
// server's zone: late on the last evening (UTC) is already the next month in Shanghai.
describe("shanghaiMonthStart", () => {
  it("is midnight of the 1st in Shanghai (16:00 UTC the day before)", () => {
    expect(shanghaiMonthStart(new Date("2026-03-15T04:00:00Z")).toISOString()).toBe("2026-02-28T16:00:00.000Z");
  });

  it("turns the month at Shanghai's midnight, not UTC's", () => {
    expect(shanghaiMonthStart(new Date("2026-03-31T15:59:59Z")).toISOString()).toBe("2026-02-28T16:00:00.000Z");
    expect(shanghaiMonthStart(new Date("2026-03-31T16:00:00Z")).toISOString()).toBe("2026-03-31T16:00:00.000Z");
    expect(shanghaiMonthStart(new Date("2026-12-31T17:00:00Z")).toISOString()).toBe("2026-12-31T16:00:00.000Z");
  });
});
