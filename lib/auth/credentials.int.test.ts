import { describe, expect, it } from "vitest";
import { makeCompany, makeUser, TEST_PASSWORD } from "@/lib/test/factories";
import { checkCredentials, pickCompany } from "./credentials";

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

describe("checkCredentials", () => {
  it("gives the same answer for a wrong account and a wrong password, in comparable time", async () => {
    const user = await makeUser();
    await checkCredentials(user.account, "warm-up"); // load bcrypt and the pool first
    const [unknown, tUnknown] = await timed(() => checkCredentials(`nobody-${user.account}`, TEST_PASSWORD));
    const [wrong, tWrong] = await timed(() => checkCredentials(user.account, "Wrong@123456"));
    expect(unknown).toEqual({ ok: false, error: "INVALID_CREDENTIALS" });
    expect(wrong).toMatchObject({ ok: false, error: "INVALID_CREDENTIALS" });
    // Both run one bcrypt comparison; an unknown account must not answer noticeably faster.
    expect(tUnknown).toBeGreaterThan(tWrong * 0.5);
  });

  it("accepts the right password and lists only active companies", async () => {
    const [a, b, off] = await Promise.all([makeCompany(), makeCompany(), makeCompany(undefined, "DISABLED")]);
    const user = await makeUser({ companyIds: [a.id, b.id, off.id] });
    const res = await checkCredentials(` ${user.account} `, TEST_PASSWORD);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.user.companies.map((c) => c.code).sort()).toEqual([a.code, b.code].sort());
  });

  it("reveals a pending, disabled or locked state only to the right password", async () => {
    for (const [status, error] of [
      ["PENDING", "ACCOUNT_PENDING"],
      ["DISABLED", "ACCOUNT_DISABLED"],
      ["LOCKED", "ACCOUNT_LOCKED"],
    ] as const) {
      const user = await makeUser({ status });
      expect(await checkCredentials(user.account, TEST_PASSWORD)).toMatchObject({ ok: false, error });
      expect(await checkCredentials(user.account, "nope-nope")).toMatchObject({ ok: false, error: "INVALID_CREDENTIALS" });
    }
  });
});

describe("pickCompany", () => {
  it("requires a choice from a dealer group and refuses a company that is not theirs", async () => {
    const [a, b, foreign] = await Promise.all([makeCompany(), makeCompany(), makeCompany()]);
    const user = await makeUser({ companyIds: [a.id, b.id] });
    const res = await checkCredentials(user.account, TEST_PASSWORD);
    if (!res.ok) throw new Error("sign-in failed");
    expect(pickCompany(res.user, undefined)).toEqual({ ok: false, error: "COMPANY_REQUIRED" });
    expect(pickCompany(res.user, foreign.code)).toEqual({ ok: false, error: "COMPANY_INVALID" });
    expect(pickCompany(res.user, b.code)).toEqual({ ok: true, companyId: b.id });
  });

  it("picks the only company by itself, and none for staff", async () => {
    const a = await makeCompany();
    const dealer = await checkCredentials((await makeUser({ companyIds: [a.id] })).account, TEST_PASSWORD);
    const staff = await checkCredentials((await makeUser({ userType: "STAFF" })).account, TEST_PASSWORD);
    if (!dealer.ok || !staff.ok) throw new Error("sign-in failed");
    expect(pickCompany(dealer.user, "")).toEqual({ ok: true, companyId: a.id });
    expect(pickCompany(staff.user, "D001")).toEqual({ ok: true, companyId: null });
  });

  it("refuses a dealer without any active company", async () => {
    const res = await checkCredentials((await makeUser()).account, TEST_PASSWORD);
    if (!res.ok) throw new Error("sign-in failed");
    expect(pickCompany(res.user, undefined)).toEqual({ ok: false, error: "COMPANY_INVALID" });
  });
});
