import { beforeAll, describe, expect, it, vi } from "vitest";
import { checkCredentials } from "@/lib/auth/credentials";
import { openSession } from "@/lib/auth/sessions";
import { loadSessionViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { issueAndRead, randomPhone } from "@/lib/test/accounts";
import { makeCompany, makeUser } from "@/lib/test/factories";
import { changePasswordAction, changePhoneAction, endSessionAction, updateProfileAction } from "./actions";
import { sessionHandle } from "./handle";
import { loadMyAccount } from "./queries";
import { changePassword, endSession, signOutEverywhere } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("next/server", async (orig) => ({ ...(await orig<typeof import("next/server")>()), after: (f: () => unknown) => void f() }));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// My account against PostgreSQL (issue 19): a new password needs the current one, which is
// guessed no faster than at sign-in (the same counter, reserved atomically); it ends every
// other session of the user and keeps this one; a new phone needs the code sent to it and a
// number someone else holds is refused after the code; sign out everywhere ends them all; one
// user can end only their own sessions.

const PASSWORD = "Old#Passw0rd-2026";
const NEW_PASSWORD = "Fresh#Winter-Plum-88";
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });

type Signed = { user: { id: number; account: string }; sids: string[]; viewer: Viewer };

/** A dealer with `n` open sessions; the viewer is the first session's. */
async function signedIn(n: number): Promise<Signed> {
  const company = await makeCompany();
  const user = await makeUser({ userType: "DEALER", companyIds: [company.id], password: PASSWORD });
  const { passwordHash } = await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
  const sids: string[] = [];
  for (let i = 0; i < n; i++) sids.push((await openSession({ userId: user.id, checkedHash: passwordHash!, companyId: company.id, ip: `10.0.0.${i + 1}`, userAgent: "vitest" }))!);
  const viewer = (await loadSessionViewer({ sid: sids[0], userId: user.id, companyId: company.id }))!;
  return { user, sids, viewer };
}
const alive = async (s: Signed, sid: string) => !!(await loadSessionViewer({ sid, userId: s.user.id, companyId: s.viewer.company?.id ?? null }));

beforeAll(() => setTestLocale("en-US"));

describe("change password", () => {
  it("needs the current password, follows the rules, and signs out every other session but this one", async () => {
    const s = await signedIn(3);
    expect(s.viewer.sessionId).toBe(s.sids[0]);
    const wrong = changePassword(s.viewer, ctxOf(s.viewer), { current: "not-it-at-all", password: NEW_PASSWORD, password2: NEW_PASSWORD });
    await expect(wrong).rejects.toMatchObject({ key: "MyAccount.errors.currentWrong", field: "current" });
    await expect(changePassword(s.viewer, ctxOf(s.viewer), { current: PASSWORD, password: PASSWORD, password2: PASSWORD })).rejects.toMatchObject({
      key: "MyAccount.errors.passwordSame",
    });
    await expect(changePassword(s.viewer, ctxOf(s.viewer), { current: PASSWORD, password: "password123", password2: "password123" })).rejects.toMatchObject({
      field: "password",
    });
    // Nothing changed so far: every session is open, the old password still signs in.
    for (const sid of s.sids) expect(await alive(s, sid)).toBe(true);

    expect(await changePassword(s.viewer, ctxOf(s.viewer), { current: PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD })).toEqual({ signedOut: 2 });
    expect(await alive(s, s.sids[0])).toBe(true);
    expect(await alive(s, s.sids[1])).toBe(false);
    expect(await alive(s, s.sids[2])).toBe(false);
    expect((await checkCredentials(s.user.account, PASSWORD)).ok).toBe(false);
    expect((await checkCredentials(s.user.account, NEW_PASSWORD)).ok).toBe(true);
    const trail = await db().auditLog.findFirstOrThrow({ where: { entity: "User", entityId: String(s.user.id), action: "password" } });
    expect(JSON.stringify(trail)).not.toContain(NEW_PASSWORD);
  });

  it("answers field errors through the action, translated, and refuses anonymous callers", async () => {
    const s = await signedIn(1);
    await actAs(null);
    expect(await changePasswordAction({ current: PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD })).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    await actAs(s.user, s.viewer.company!.id);
    expect(await changePasswordAction({ current: "", password: "short", password2: "other" })).toMatchObject({
      ok: false,
      code: "VALIDATION",
      fieldErrors: { current: "Please enter Current password", password2: "The two passwords are inconsistent" },
    });
    expect(await changePasswordAction({ current: "wrong-password!", password: NEW_PASSWORD, password2: NEW_PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: { current: "The current password is incorrect." },
    });
  });

  it("lets no more wrong current passwords through than sign-in does, however many arrive at once, then locks", async () => {
    const s = await signedIn(1);
    const tries = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => changePassword(s.viewer, ctxOf(s.viewer), { current: `wrong-${i}-password`, password: NEW_PASSWORD, password2: NEW_PASSWORD })),
    );
    const keys = tries.map((t) => (t.status === "rejected" ? (t.reason as { key: string }).key : "changed"));
    // login.maxFailures is 5: five passwords compared, the rest refused before bcrypt.
    expect(keys.filter((k) => k === "MyAccount.errors.currentWrong")).toHaveLength(5);
    expect(keys.filter((k) => k === "MyAccount.errors.locked")).toHaveLength(7);
    const user = await db().user.findUniqueOrThrow({ where: { id: s.user.id }, select: { lockedUntil: true } });
    expect(user.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Locked: the right password is refused too, and sign-in says the account is locked.
    await expect(changePassword(s.viewer, ctxOf(s.viewer), { current: PASSWORD, password: NEW_PASSWORD, password2: NEW_PASSWORD })).rejects.toMatchObject({
      key: "MyAccount.errors.locked",
    });
    expect(await checkCredentials(s.user.account, PASSWORD)).toMatchObject({ ok: false, error: "ACCOUNT_LOCKED" });
  });
});

describe("profile and phone", () => {
  it("saves the name; a new phone needs the code sent to it, and one someone else holds is refused", async () => {
    const s = await signedIn(1);
    await actAs(s.user, s.viewer.company!.id);
    expect(await updateProfileAction({ name: "  " })).toMatchObject({ ok: false, fieldErrors: { name: "Please enter Name" } });
    expect(await updateProfileAction({ name: "Wang Fang" })).toMatchObject({ ok: true, data: { name: "Wang Fang" } });
    expect((await loadMyAccount(s.viewer)).name).toBe("Wang Fang");

    const phone = randomPhone();
    expect(await changePhoneAction({ phone: "12345", code: "123456" })).toMatchObject({ ok: false, fieldErrors: { phone: expect.any(String) } });
    const { code } = await issueAndRead(phone, "CHANGE_PHONE");
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === "000000" ? "111111" : "000000";
    expect(await changePhoneAction({ phone, code: wrongCode })).toMatchObject({ ok: false, fieldErrors: { code: expect.any(String) } });
    expect(await changePhoneAction({ phone, code })).toMatchObject({ ok: true, data: { phone } });
    expect(await db().user.findUniqueOrThrow({ where: { id: s.user.id }, select: { phone: true } })).toEqual({ phone });
    expect((await loadMyAccount(s.viewer)).phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

    // Another user cannot take that number, even with the code of it.
    const other = await signedIn(1);
    await actAs(other.user, other.viewer.company!.id);
    // (A second code to the same number, after the resend wait.)
    const again = await issueAndRead(phone, "CHANGE_PHONE", { now: new Date(Date.now() + 120_000) });
    expect(await changePhoneAction({ phone, code: again.code! })).toMatchObject({ ok: false, fieldErrors: { phone: "This mobile number cannot be used. Use another one." } });
    expect(await db().user.findUniqueOrThrow({ where: { id: other.user.id }, select: { phone: true } })).not.toEqual({ phone });
  });
});

describe("sessions", () => {
  it("lists my open sessions with this one marked; I end another one, never someone else's", async () => {
    const s = await signedIn(2);
    const mine = await loadMyAccount(s.viewer);
    expect(mine.sessions.map((x) => [x.handle, x.current])).toEqual(
      expect.arrayContaining([
        [sessionHandle(s.sids[0]), true],
        [sessionHandle(s.sids[1]), false],
      ]),
    );
    expect(JSON.stringify(mine)).not.toContain(s.sids[0]);

    const stranger = await signedIn(1);
    await expect(endSession(stranger.viewer, ctxOf(stranger.viewer), sessionHandle(s.sids[1]))).rejects.toMatchObject({ status: 404 });
    expect(await alive(s, s.sids[1])).toBe(true);
    await expect(endSession(s.viewer, ctxOf(s.viewer), sessionHandle(s.sids[0]))).rejects.toMatchObject({ key: "MyAccount.errors.thisSession" });

    await actAs(s.user, s.viewer.company!.id);
    expect(await endSessionAction({ id: "not a handle" })).toMatchObject({ ok: false, code: "VALIDATION" });
    await endSession(s.viewer, ctxOf(s.viewer), sessionHandle(s.sids[1]));
    expect(await alive(s, s.sids[1])).toBe(false);
    expect(await alive(s, s.sids[0])).toBe(true);
  });

  it("signs out everywhere, this session too, and shows the recent sign-ins at my account", async () => {
    const s = await signedIn(3);
    await db().loginLog.createMany({
      data: [
        { account: s.user.account, userId: s.user.id, result: "FAILURE", reason: "INVALID_CREDENTIALS", ip: "10.9.9.9", createdAt: new Date(Date.now() - 60_000) },
        { account: s.user.account, userId: s.user.id, result: "SUCCESS", reason: "SUCCESS", ip: "10.0.0.1" },
        { account: `${s.user.account}x`, result: "FAILURE", reason: "INVALID_CREDENTIALS", ip: "10.1.1.1" },
      ],
    });
    const seen = await loadMyAccount(s.viewer);
    expect(seen.signIns.map((r) => [r.ok, r.reason, r.ip])).toEqual([
      [true, "SUCCESS", "10.0.0.1"],
      [false, "INVALID_CREDENTIALS", "10.9.9.9"],
    ]);
    expect(await signOutEverywhere(s.viewer, ctxOf(s.viewer))).toEqual({ signedOut: 3 });
    for (const sid of s.sids) expect(await alive(s, sid)).toBe(false);
  });
});
