import { describe, expect, it } from "vitest";
import { usccCheckChar, usccProblem, withUsccCheck } from "./uscc";

describe("unified social credit code", () => {
  // Codes printed on real business licences (published company registrations).
  it.each(["91350100M000100Y43", "91110000600037341L", "91440300708461136T"])("accepts %s", (code) => expect(usccProblem(code)).toBeNull());
  it("names the problem: length, characters, check character", () => {
    expect(usccProblem("91350100M000100Y4")).toBe("length");
    expect(usccProblem("91350100M000100I43")).toBe("characters");
    expect(usccProblem("9135A100M000100Y43")).toBe("characters");
    expect(usccProblem("91350100M000100Y44")).toBe("checkChar");
  });
  it("builds valid codes from a stem", () => {
    const code = withUsccCheck("91440300MA5F00000");
    expect(usccProblem(code)).toBeNull();
    expect(usccCheckChar(code)).toBe(code[17]);
    for (let n = 0; n < 200; n++) expect(usccProblem(withUsccCheck(`9131000${String(n).padStart(10, "0")}`))).toBeNull();
  });
});
