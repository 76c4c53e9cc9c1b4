import { describe, expect, it } from "vitest";
import { maskIdNumber, residentIdCheck, residentIdFacts, residentIdProblem } from "./resident-id";

const TODAY = "2026-11-21";
// Valid numbers made from their first 17 digits (area, birth date, sequence) and the check.
const make = (first17: string) => first17 + residentIdCheck(first17);

describe("PRC resident ID (GB 11643-1999)", () => {
  it("accepts the standard's example and numbers with a correct check character", () => {
    expect(residentIdProblem("11010519491231002X", TODAY)).toBeNull();
    expect(residentIdProblem(make("31011519900307123"), TODAY)).toBeNull();
    expect(residentIdProblem(make("44030420000229456"), TODAY)).toBeNull();
  });
  it("computes X for a remainder of 2", () => expect(residentIdCheck("11010519491231002")).toBe("X"));
  it.each([
    ["110105194912310021", "checkDigit"],
    ["11010519491231002x", "format"],
    ["1101051949123100", "format"],
    ["11010519491231002XX", "format"],
    ["A1010519491231002X", "format"],
    [make("44030420010229456"), "birthDate"],
    [make("31011518991231123"), "birthDate"],
    [make("31011520301231123"), "birthDate"],
    [make("31011519901301123"), "birthDate"],
  ])("refuses %s (%s)", (id, why) => expect(residentIdProblem(id, TODAY)).toBe(why));
  it("reads the birthday and sex from the number", () => {
    expect(residentIdFacts("11010519491231002X")).toEqual({ birthday: "1949-12-31", sex: "FEMALE" });
    expect(residentIdFacts(make("31011519900307123"))).toEqual({ birthday: "1990-03-07", sex: "MALE" });
  });
  it("masks ID numbers for lists", () => {
    expect(maskIdNumber("11010519491231002X")).toBe("110***********002X");
    expect(maskIdNumber("E12345678")).toBe("*******78");
    expect(maskIdNumber("123")).toBe("***");
  });
});
