import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("uses ¥ in zh-CN and $ in en-US", () => {
    expect(formatMoney(1234.5, "zh-CN")).toBe("¥1,234.50");
    expect(formatMoney(1234.5, "en-US")).toBe("$1,234.50");
  });
  it("formats decimals given as strings or Decimal-like objects without float drift", () => {
    expect(formatMoney("199999.99", "en-US")).toBe("$199,999.99");
    expect(formatMoney({ toString: () => "0.10" }, "zh-CN")).toBe("¥0.10");
    // beyond 2^53: a float would print 9007199254740992.00
    expect(formatMoney("9007199254740993.01", "en-US")).toBe("$9,007,199,254,740,993.01");
  });
  it("rounds half up on the digits", () => {
    expect(formatMoney("1.005", "en-US")).toBe("$1.01");
    expect(formatMoney("999.995", "en-US")).toBe("$1,000.00");
    expect(formatMoney("0.004", "en-US")).toBe("$0.00");
    expect(formatMoney("-0.004", "en-US")).toBe("$0.00");
  });
  it("accepts integers, leading zeros, exponents and bare fractions", () => {
    expect(formatMoney("0", "zh-CN")).toBe("¥0.00");
    expect(formatMoney("007", "zh-CN")).toBe("¥7.00");
    expect(formatMoney(".5", "en-US")).toBe("$0.50");
    expect(formatMoney("1e3", "en-US")).toBe("$1,000.00");
    expect(formatMoney("1.5e-1", "en-US")).toBe("$0.15");
    expect(formatMoney(1e21, "en-US")).toBe("$1,000,000,000,000,000,000,000.00");
  });
  it("puts the sign before the symbol", () => expect(formatMoney(-5, "en-US")).toBe("-$5.00"));
  it("shows a dash for nothing", () => {
    expect(formatMoney(null, "en-US")).toBe("—");
    expect(formatMoney(undefined, "en-US")).toBe("—");
    expect(formatMoney("", "en-US")).toBe("—");
    expect(formatMoney("abc", "en-US")).toBe("—");
    expect(formatMoney("1.2.3", "en-US")).toBe("—");
    expect(formatMoney(Number.NaN, "en-US")).toBe("—");
  });
});
