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
  });
  it("puts the sign before the symbol", () => expect(formatMoney(-5, "en-US")).toBe("-$5.00"));
  it("shows a dash for nothing", () => {
    expect(formatMoney(null, "en-US")).toBe("—");
    expect(formatMoney("abc", "en-US")).toBe("—");
  });
});
