import { describe, expect, it } from "vitest";
import { ZVariableDefaultSave } from "@/lib/config/variable-schemas";
import { zRegister } from "./account-schemas";
import { clampMinLength, passwordProblem } from "./password-policy";

describe("password policy", () => {
  it("refuses common and leaked passwords, also dressed up with capitals, digits and symbols", () => {
    for (const weak of ["Password1!", "P@ssw0rd!", "12345678", "Qwerty123!", "iloveyou2024", "Abcdefg1!", "Welcome@2024"]) {
      expect(passwordProblem(weak, 8), weak).toEqual({ key: "Validation.weakPassword", values: {} });
    }
  });

  it("accepts a strong one", () => {
    for (const strong of ["Sh@nghai-Dealer-7", "Reg#Green-2026", "correct horse battery staple"]) expect(passwordProblem(strong, 8), strong).toBeNull();
  });

  it("refuses a password built on the user's own account, name or phone", () => {
    expect(passwordProblem("13912345678", 8, ["13912345678"])).toEqual({ key: "Validation.weakPassword", values: {} });
    expect(passwordProblem("dealer.north2026!", 8, ["dealer.north"])).toEqual({ key: "Validation.weakPassword", values: {} });
  });

  it("never lets the minimum fall below 8: a variable of 6 is treated as 8", () => {
    expect(clampMinLength(6)).toBe(8);
    expect(clampMinLength(12)).toBe(12);
    expect(passwordProblem("Zq#7vX!", 6)).toEqual({ key: "Validation.passwordTooShort", values: { min: 8 } });
    const seven = { phone: "13912345678", code: "123456", password: "Zq#7vX!", password2: "Zq#7vX!" };
    expect(zRegister(6).safeParse(seven).success).toBe(false);
    expect(zRegister(6).safeParse({ ...seven, password: "Zq#7vX!k", password2: "Zq#7vX!k" }).success).toBe(true);
  });

  it("cannot be set below 8 on the system variables screen", () => {
    expect(ZVariableDefaultSave.safeParse({ id: "password.minLength", type: "NUMBER", value: 6 }).success).toBe(false);
    expect(ZVariableDefaultSave.safeParse({ id: "password.minLength", type: "NUMBER", value: 8 }).success).toBe(true);
  });
});
