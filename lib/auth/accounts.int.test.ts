import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { issueAndRead, randomPhone } from "@/lib/test/accounts";
import { makeCompany, makeUser, nowSeconds } from "@/lib/test/factories";
import { zRegister } from "./account-schemas";
import { registerAccount, resetPassword } from "./accounts";
import { checkCredentials } from "./credentials";
import { loadViewer } from "./viewer";

const PASSWORD = "New@Pass2026";

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe("register", () => {
  it("creates a pending dealer named by the phone, with the password hashed, and no companies", async () => {
    const phone = randomPhone();
    const { code } = await issueAndRead(phone, "REGISTER");
    expect(await registerAccount({ phone, code: code!, password: PASSWORD, password2: PASSWORD })).toEqual({ account: phone });
    const user = await db().user.findUniqueOrThrow({ where: { account: phone }, include: { companies: true, roles: true } });
    expect(user).toMatchObject({ phone, name: phone, userType: "DEALER", status: "PENDING", companies: [], roles: [] });
    expect(user.passwordHash).toMatch(/^\$2[aby]\$1[0-9]\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);
    // Signing in says the registration awaits approval.
    expect(await checkCredentials(phone, PASSWORD)).toMatchObject({ ok: false, error: "ACCOUNT_PENDING" });
  });

  it("refuses a wrong code without creating anything", async () => {
    const phone = randomPhone();
    const { code } = await issueAndRead(phone, "REGISTER");
    const err = await rejection(registerAccount({ phone, code: code === "000000" ? "111111" : "000000", password: PASSWORD, password2: PASSWORD }));
    expect(err).toMatchObject({ key: "VerificationCode.errors.CODE_INVALID", field: "code" });
    expect(await db().user.count({ where: { phone } })).toBe(0);
  });

  it("refuses a number that has an account only after its code is proven, the same as any code error before that", async () => {
    const phone = randomPhone();
    const existing = await makeUser();
    await db().user.update({ where: { id: existing.id }, data: { phone } });
    // Without the code the answer is the ordinary code error: nothing tells the number is taken.
    expect(await rejection(registerAccount({ phone, code: "123456", password: PASSWORD, password2: PASSWORD }))).toMatchObject({
      key: expect.stringMatching(/^VerificationCode\.errors\./),
    });
    const { code } = await issueAndRead(phone, "REGISTER");
    expect(await rejection(registerAccount({ phone, code: code!, password: PASSWORD, password2: PASSWORD }))).toMatchObject({ key: "Register.errors.unavailable" });
    expect(await db().user.count({ where: { phone } })).toBe(1);
  });

  it("validates the form: phone format, password length, the two passwords equal", () => {
    const schema = zRegister(8);
    const issues = (v: object) => schema.safeParse(v).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];
    expect(issues({ phone: "12345678901", code: "123456", password: PASSWORD, password2: PASSWORD })).toEqual(["phone:phone"]);
    expect(issues({ phone: "13912345678", code: "12ab56", password: PASSWORD, password2: PASSWORD })).toEqual(["code:verificationCode"]);
    expect(issues({ phone: "13912345678", code: "123456", password: "short", password2: "short" })[0]).toMatch(/^password:/);
    expect(issues({ phone: "13912345678", code: "123456", password: PASSWORD, password2: PASSWORD + "x" })).toEqual(["password2:passwordMismatch"]);
  });
});

describe("reset password", () => {
  async function userWithPhone() {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id], sessionsValidFrom: new Date(Date.now() - 3600_000) });
    const phone = randomPhone();
    await db().user.update({ where: { id: user.id }, data: { phone, failedLogins: 3, lockedUntil: new Date(Date.now() + 600_000) } });
    return { user, phone, company };
  }

  it("sets the new hash, lifts the throttle and voids older sessions", async () => {
    const { user, phone, company } = await userWithPhone();
    const before = nowSeconds() - 5;
    expect(await loadViewer(user.id, company.id, before)).not.toBeNull();
    const { code } = await issueAndRead(phone, "RESET_PASSWORD");
    await resetPassword({ phone, code: code!, password: PASSWORD, password2: PASSWORD });
    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toMatchObject({ failedLogins: 0, lockedUntil: null });
    expect(after.passwordHash).not.toContain(PASSWORD);
    expect(await loadViewer(user.id, company.id, before)).toBeNull(); // the old session is void
    expect(await loadViewer(user.id, company.id, nowSeconds())).not.toBeNull(); // a new one works
    expect(await checkCredentials(user.account, PASSWORD)).toMatchObject({ ok: true });
  });

  it("fails for an unknown phone exactly like a wrong code", async () => {
    const unknown = randomPhone();
    await issueAndRead(unknown, "RESET_PASSWORD");
    const err = await rejection(resetPassword({ phone: unknown, code: "123456", password: PASSWORD, password2: PASSWORD }));
    expect(err).toMatchObject({ key: "VerificationCode.errors.CODE_INVALID", field: "code" });
  });
});
