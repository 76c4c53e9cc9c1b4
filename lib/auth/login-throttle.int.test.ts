import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { randomIp } from "@/lib/test/accounts";
import { makeCompany, makeUser, TEST_PASSWORD, uid } from "@/lib/test/factories";
import { unlockUser } from "./account-admin";
import { clientIp } from "./login-log";
import { attemptSignIn } from "./credentials";
import { loadViewer } from "./viewer";

const ctx = (ip = randomIp(), stage: "prepare" | "session" = "session") => ({ ip, userAgent: "vitest", stage });
const reasons = async (account: string) => (await db().loginLog.findMany({ where: { account }, orderBy: { id: "asc" } })).map((r) => r.reason);

describe("sign-in throttle and login log", () => {
  it("locks an account after 5 failures in a row; while locked even the right password is refused", async () => {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect(await attemptSignIn({ account: user.account, password: "Wrong@1234" }, ctx(ip))).toEqual({ ok: false, error: "INVALID_CREDENTIALS" });
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx(ip))).toEqual({ ok: false, error: "ACCOUNT_LOCKED" });
    expect(await reasons(user.account)).toEqual([...Array(5).fill("INVALID_CREDENTIALS"), "ACCOUNT_LOCKED"]);
    const logged = await db().loginLog.findFirstOrThrow({ where: { account: user.account } });
    expect(logged).toMatchObject({ userId: user.id, result: "FAILURE", ip, userAgent: "vitest" });
  });

  it("ends the lock after 15 minutes, and a success resets the count", async () => {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    await db().user.update({ where: { id: user.id }, data: { lockedUntil: new Date(Date.now() - 1000), failedLogins: 0 } });
    expect(await attemptSignIn({ account: user.account, password: "Wrong@1234" }, ctx())).toMatchObject({ ok: false, error: "INVALID_CREDENTIALS" });
    const ok = await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx());
    expect(ok).toMatchObject({ ok: true, companyId: company.id });
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ failedLogins: 0, lockedUntil: null, lastCompanyId: company.id });
    const success = await db().loginLog.findFirstOrThrow({ where: { account: user.account, result: "SUCCESS" } });
    expect(success).toMatchObject({ reason: "SUCCESS", userId: user.id, companyId: company.id });
  });

  it("lets an administrator unlock (permission user:unlock), with an audit row", async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) await attemptSignIn({ account: user.account, password: "Wrong@1234" }, ctx());
    const staff = await makeUser({ userType: "STAFF" });
    const staffViewer = (await loadViewer(staff.id, null, Math.floor(Date.now() / 1000)))!;
    await expect(unlockUser(staffViewer, user.id)).rejects.toThrow("FORBIDDEN");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).lockedUntil).not.toBeNull();
    const admin = await makeUser({ userType: "ADMIN" });
    await unlockUser((await loadViewer(admin.id, null, Math.floor(Date.now() / 1000)))!, user.id);
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ failedLogins: 0, lockedUntil: null });
    expect(await db().auditLog.count({ where: { entity: "User", entityId: String(user.id), action: "UNLOCK", userId: admin.id } })).toBe(1);
  });

  it("locks an unknown account name the same way, so the lock does not reveal which accounts exist", async () => {
    const ghost = uid("ghost");
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(((await attemptSignIn({ account: ghost, password: "Wrong@1234" }, ctx())) as { error: string }).error);
    expect(answers).toEqual([...Array(5).fill("INVALID_CREDENTIALS"), "ACCOUNT_LOCKED"]);
  });

  it("answers RATE_LIMITED after too many failed attempts from one IP, whatever the account", async () => {
    const ip = randomIp();
    const limit = 30; // login.maxAttemptsPerIpPer15Minutes
    for (let i = 0; i < limit - 1; i++)
      await db().signInThrottle.upsert({ where: { key: `ip:${ip}` }, create: { key: `ip:${ip}`, count: 1, windowStart: new Date() }, update: { count: { increment: 1 } } });
    const user = await makeUser({ userType: "STAFF" });
    expect(await attemptSignIn({ account: uid("x"), password: "Wrong@1234" }, ctx(ip))).toMatchObject({ error: "INVALID_CREDENTIALS" });
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx(ip))).toEqual({ ok: false, error: "RATE_LIMITED" });
    expect(await reasons(user.account)).toEqual(["RATE_LIMITED"]);
    // Another address is not affected.
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx())).toMatchObject({ ok: true });
    // Attempts older than 15 minutes no longer count.
    await db().signInThrottle.update({ where: { key: `ip:${ip}` }, data: { windowStart: new Date(Date.now() - 16 * 60_000) } });
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx(ip))).toMatchObject({ ok: true });
  });

  it("logs each attempt once across the two steps: prepare logs only its failures", async () => {
    const [a, b] = await Promise.all([makeCompany(), makeCompany()]);
    const user = await makeUser({ companyIds: [a.id, b.id] });
    const ip = randomIp();
    // Attempt 1: wrong password, stops at prepare.
    expect(await attemptSignIn({ account: user.account, password: "Wrong@1234" }, ctx(ip, "prepare"))).toMatchObject({ ok: false });
    // Attempt 2: prepare succeeds (not logged), the session request picks company b.
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx(ip, "prepare"))).toMatchObject({ ok: true });
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD, companyCode: b.code }, ctx(ip))).toMatchObject({ ok: true, companyId: b.id });
    // Attempt 3: a company that is not the user's.
    const foreign = await makeCompany();
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD, companyCode: foreign.code }, ctx(ip))).toMatchObject({ error: "COMPANY_INVALID" });
    expect(await reasons(user.account)).toEqual(["INVALID_CREDENTIALS", "SUCCESS", "COMPANY_INVALID"]);
  });

  it("holds the account lock under 45 simultaneous attempts: at most login.maxFailures passwords are tried, the right one last does not get in", async () => {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    const ip = randomIp();
    const attempts = Array.from({ length: 45 }, (_, i) => (i === 44 ? TEST_PASSWORD : `Wrong@${i}x`));
    const answers = await Promise.all(attempts.map((password) => attemptSignIn({ account: user.account, password }, ctx(ip))));
    const errors = answers.map((a) => (a.ok ? "OK" : a.error));
    expect(errors[44]).not.toBe("OK");
    expect(errors.filter((e) => e === "OK")).toHaveLength(0);
    // 5 wrong passwords compared (login.maxFailures); the rest refused before any comparison.
    expect(errors.filter((e) => e === "INVALID_CREDENTIALS")).toHaveLength(5);
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    // One login-log row per attempt.
    expect(await db().loginLog.count({ where: { account: user.account } })).toBe(45);
  });

  it("holds the per-IP limit under concurrent attempts at many accounts", async () => {
    const ip = randomIp();
    const limit = 30; // login.maxAttemptsPerIpPer15Minutes
    const answers = await Promise.all(Array.from({ length: 45 }, () => attemptSignIn({ account: uid("x"), password: "Wrong@1234" }, ctx(ip))));
    const errors = answers.map((a) => (a.ok ? "OK" : a.error));
    expect(errors.filter((e) => e === "INVALID_CREDENTIALS")).toHaveLength(limit);
    expect(errors.filter((e) => e === "RATE_LIMITED")).toHaveLength(45 - limit);
    const user = await makeUser({ userType: "STAFF" });
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx(ip))).toEqual({ ok: false, error: "RATE_LIMITED" });
  });

  it("locks an unknown account name under concurrency as it locks a real one", async () => {
    const ghost = uid("ghost");
    const answers = await Promise.all(Array.from({ length: 12 }, () => attemptSignIn({ account: ghost, password: "Wrong@1234" }, ctx())));
    const errors = answers.map((a) => (a.ok ? "OK" : a.error));
    expect(errors.filter((e) => e === "INVALID_CREDENTIALS")).toHaveLength(5);
    expect(errors.filter((e) => e === "ACCOUNT_LOCKED")).toHaveLength(7);
  });

  it("gives back the reservation of a right password: a successful prepare does not count toward the lock", async () => {
    const [a, b] = await Promise.all([makeCompany(), makeCompany()]);
    const user = await makeUser({ companyIds: [a.id, b.id] });
    for (let i = 0; i < 4; i++) await attemptSignIn({ account: user.account, password: "Wrong@1234" }, ctx(randomIp(), "prepare"));
    // Right password, but the company step is abandoned, several times.
    for (let i = 0; i < 3; i++) expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx(randomIp(), "prepare"))).toMatchObject({ ok: true });
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ failedLogins: 4, lockedUntil: null });
    expect(await attemptSignIn({ account: user.account, password: TEST_PASSWORD, companyCode: a.code }, ctx())).toMatchObject({ ok: true });
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });

  it("counts 10 sign-ins with 10 spoofed X-Forwarded-For values from one socket address against that address", async () => {
    // The stamp lib/http/peer-address.ts puts on every request the server receives.
    const store = Symbol.for("dealer-platform.peer-address");
    const g = globalThis as { [store]?: { secret: string } };
    g[store] ??= { secret: "test-peer-secret" };
    const socket = randomIp();
    const account = uid("x");
    for (let i = 0; i < 10; i++) {
      const h: Record<string, string> = { "x-dealer-peer-address": `${g[store]!.secret} ${socket}`, "x-forwarded-for": randomIp(), "x-real-ip": randomIp() };
      // As the credentials endpoint does (lib/auth/options.ts).
      await attemptSignIn({ account, password: "Wrong@1234" }, { ip: clientIp((n) => h[n]), userAgent: "vitest", stage: "session" });
    }
    expect(await db().loginLog.count({ where: { account, ip: socket } })).toBe(10);
    // A forged stamp counts for nothing: no address at all rather than the one it names.
    const forged = { "x-dealer-peer-address": `guess ${randomIp()}`, "x-forwarded-for": randomIp() } as Record<string, string>;
    expect(clientIp((n) => forged[n])).toBeNull();
  });

  it("logs pending and disabled accounts with their reasons", async () => {
    for (const [status, reason] of [
      ["PENDING", "ACCOUNT_PENDING"],
      ["DISABLED", "ACCOUNT_DISABLED"],
    ] as const) {
      const user = await makeUser({ status });
      await attemptSignIn({ account: user.account, password: TEST_PASSWORD }, ctx());
      expect(await reasons(user.account)).toEqual([reason]);
    }
  });
});
