import { describe, expect, it } from "vitest";
import { goodsCodeFromScan, parseLayout } from "./purposes";

describe("parseLayout", () => {
  it("drops unknown fields, clamps sizes and fills defaults", () => {
    expect(parseLayout({ fields: ["vin", "nope", "vin", "colour"], widthMm: 500, heightMm: 1 }, "VEHICLE")).toEqual({
      fields: ["vin", "colour"],
      position: "right",
      widthMm: 190,
      heightMm: 20,
    });
    expect(parseLayout(null, "GOODS")).toEqual({ fields: ["code", "name"], position: "right", widthMm: 60, heightMm: 30 });
    expect(parseLayout({ position: "below", fields: [] }, "GOODS").position).toBe("below");
  });
});

describe("goodsCodeFromScan", () => {
  it("reads a bare code or the code parameter of an address", () => {
    expect(goodsCodeFromScan("  P-100\n")).toBe("P-100");
    expect(goodsCodeFromScan("https://h.example/customerWeb/onlineMall/mountings/goods?code=P-100&x=1")).toBe("P-100");
    expect(goodsCodeFromScan("https://h.example/customerWeb/onlineMall/mountings/goods")).toBe("");
  });
});
