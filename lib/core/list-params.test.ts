import { describe, expect, it } from "vitest";
import { dayEnd, dayStart } from "./list-params";

describe("day filters (Asia/Shanghai)", () => {
  it("starts a day at Shanghai midnight and ends it 24 h later", () => {
    expect(dayStart("2026-03-01")?.toISOString()).toBe("2026-02-28T16:00:00.000Z");
    expect(dayEnd("2026-03-01")?.toISOString()).toBe("2026-03-01T16:00:00.000Z");
    expect(dayStart("2028-02-29")?.toISOString()).toBe("2028-02-28T16:00:00.000Z");
  });
  it.each(["2026-02-30", "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "26-03-01", "2026-3-1", "", null, undefined])("refuses %s", (day) => {
    expect(dayStart(day)).toBeNull();
    expect(dayEnd(day)).toBeNull();
  });
});
