import { describe, expect, it } from "vitest";
import { datePart, formatCode, maxSequence, periodOf, shanghaiDate } from "./next-code";
import { patternCoversReset } from "@/lib/system/code-rule-schemas";

// Instants are UTC; the rules count days and months in Asia/Shanghai (UTC+8, no DST).
const at = (iso: string) => new Date(iso);
const SO = { prefix: "SO", datePattern: "yyyyMMdd", seqLength: 6 };

describe("document number formatting", () => {
  it("writes prefix, Shanghai date and the zero-padded sequence", () => {
    expect(formatCode(SO, at("2026-11-21T02:00:00Z"), 1)).toBe("SO20261121000001");
    expect(formatCode({ prefix: "RB", datePattern: "yyyyMM", seqLength: 4 }, at("2026-11-21T02:00:00Z"), 57)).toBe("RB2026110057");
    expect(formatCode({ prefix: "X", datePattern: "yyyy", seqLength: 3 }, at("2026-11-21T02:00:00Z"), 9)).toBe("X2026009");
    expect(formatCode({ prefix: "", datePattern: "", seqLength: 5 }, at("2026-11-21T02:00:00Z"), 42)).toBe("00042");
  });

  it("takes the date in UTC+8: 23:59 in Shanghai is still the same day, one minute later the next", () => {
    expect(shanghaiDate(at("2026-11-21T15:59:59Z"))).toEqual({ yyyy: "2026", MM: "11", dd: "21" });
    expect(shanghaiDate(at("2026-11-21T16:00:00Z"))).toEqual({ yyyy: "2026", MM: "11", dd: "22" });
    // 07:59 UTC+8 on the 22nd is still the 21st in UTC: Shanghai wins.
    expect(periodOf("DAILY", at("2026-11-21T23:59:00Z"))).toBe("20261122");
    expect(periodOf("DAILY", at("2026-11-21T15:59:00Z"))).toBe("20261121");
  });

  it("rolls over month ends and leap days", () => {
    expect(periodOf("DAILY", at("2026-01-31T15:59:59Z"))).toBe("20260131");
    expect(periodOf("DAILY", at("2026-01-31T16:00:00Z"))).toBe("20260201");
    expect(periodOf("MONTHLY", at("2026-01-31T16:00:00Z"))).toBe("202602");
    expect(periodOf("DAILY", at("2028-02-28T16:00:00Z"))).toBe("20280229");
    expect(periodOf("DAILY", at("2028-02-29T16:00:00Z"))).toBe("20280301");
    expect(periodOf("MONTHLY", at("2026-04-30T15:59:59Z"))).toBe("202604");
    expect(periodOf("MONTHLY", at("2026-04-30T16:00:00Z"))).toBe("202605");
  });

  it("changes the year at Shanghai's midnight, not UTC's", () => {
    expect(datePart("yyyyMMdd", at("2026-12-31T15:59:59Z"))).toBe("20261231");
    expect(datePart("yyyyMMdd", at("2026-12-31T16:00:00Z"))).toBe("20270101");
    expect(datePart("yyyy", at("2026-12-31T16:00:00Z"))).toBe("2027");
    expect(periodOf("MONTHLY", at("2026-12-31T16:00:00Z"))).toBe("202701");
    expect(formatCode(SO, at("2026-12-31T16:00:00Z"), 1)).toBe("SO20270101000001");
  });

  it("never resets a NEVER rule, and knows the largest sequence", () => {
    expect(periodOf("NEVER", at("2026-12-31T16:00:00Z"))).toBe("ALL");
    expect(maxSequence(6)).toBe(999_999);
    expect(maxSequence(1)).toBe(9);
  });

  it("asks the date part to hold the reset period, so two periods never print the same number", () => {
    expect(patternCoversReset("yyyyMMdd", "DAILY")).toBe(true);
    expect(patternCoversReset("yyyyMM", "DAILY")).toBe(false);
    expect(patternCoversReset("yyyyMM", "MONTHLY")).toBe(true);
    expect(patternCoversReset("yyyy", "MONTHLY")).toBe(false);
    expect(patternCoversReset("", "NEVER")).toBe(true);
  });
});
