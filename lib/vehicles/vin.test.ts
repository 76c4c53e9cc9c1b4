import { describe, expect, it } from "vitest";
import { vinCheckDigit, vinProblem, withCheckDigit } from "./vin";

describe("VIN check digit (ISO 3779)", () => {
  it.each(["1M8GDM9AXKP042788", "11111111111111111", "1HGCM82633A004352"])("accepts %s", (vin) => {
    expect(vinProblem(vin)).toBeNull();
  });
  it("computes X for a remainder of ten", () => expect(vinCheckDigit("1M8GDM9AXKP042788")).toBe("X"));
  it.each([
    ["1M8GDM9A1KP042788", "checkDigit"],
    ["1HGCM82643A004352", "checkDigit"],
    ["1HGCM82633A00435", "length"],
    ["1HGCM82633A0043521", "length"],
    ["1HGCM8263IA004352", "characters"],
    ["1HGCM8263OA004352", "characters"],
    ["1HGCM8263QA004352", "characters"],
    ["1hgcm82633a004352", "characters"],
  ])("refuses %s (%s)", (vin, why) => expect(vinProblem(vin)).toBe(why));
  it("makes a valid VIN from a stem", () => {
    const v = withCheckDigit("LGWEF4A50RH000001");
    expect(vinProblem(v)).toBeNull();
    expect(v.slice(9)).toBe("RH000001");
  });
});
