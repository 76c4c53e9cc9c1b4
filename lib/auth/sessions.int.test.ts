import type { Session, User } from "next-auth";
import { decode, encode, type JWT } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { issueAndRead, randomPhone } from "@/lib/test/accounts";
import { makeCompany, makeUser, TEST_PASSWORD } from "@/lib/test/factories";
import { resetUserPassword } from "@/lib/system/user-service";
import { resetPassword } from "./accounts";
import { openSession, purgeSessions, revokeAllSessions } from "./sessions";
import { authOptions } from "./options";
import { getViewer, loadViewer } from "./viewer";

// The cookie's way through next-auth, as the credentials endpoint and every request take it:
// authorize → jwt callback → encoded cookie; decoded → session callback → getViewer.
vi.mock("next-auth", async (orig) => ({ ...(await orig<typeof import("next-auth")>()), getServerSession: vi.fn() }));
const { getServerSession } = await import("next-auth");
const SECRET = "sessions-test-secret";

type Authorize = (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<User>;
const authorize = (authOptions.providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;

async function signIn(account: string, password = TEST_PASSWORD): Promise<string> {
  const user = await authorize({ account, password }, { headers: { "user-agent": "vitest" } });
  const token = await authOptions.callbacks!.jwt!({ token: { name: user.name, sub: user.id }, user, account: null, trigger: "signIn" } as never);
  return encode({ token, secret: SECRET });
}

async function viewerFor(cookie: string) {
  const token = await decode({ token: cookie, secret: SECRET });
  if (!token) return null;
  const session = await authOptions.callbacks!.session!({ session: { user: {}, expires: "" } as Session, token } as never);
  vi.mocked(getServerSession).mockResolvedValueOnce(session);
  return getViewer();
}

async function signOut(cookie: string) {
  const token = (await decode({ token: cookie, secret: SECRET })) as JWT;
  await authOptions.events?.signOut?.({ token } as never);
}

afterEach(() => vi.useRealTimers());

describe("sessions", () => {
  it("end at sign-out: a copy of the cookie is refused afterwards", async () => {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    const cookie = await signIn(user.account);
    const copy = `${cookie}`;
    expect((await viewerFor(cookie))?.userId).toBe(user.id);
    await signOut(cookie);
    expect(await viewerFor(copy)).toBeNull();
  });

  it("end with a password reset in the same millisecond as the sign-in", async () => {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    const phone = randomPhone();
    await db().user.update({ where: { id: user.id }, data: { phone } });
    const { code } = await issueAndRead(phone, "RESET_PASSWORD");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
    const cookie = await signIn(user.account);
    expect(await viewerFor(cookie)).not.toBeNull();
    await resetPassword({ phone, code: code!, password: "Another#Pass-2026", password2: "Another#Pass-2026" }, new Date());
    expect(await viewerFor(cookie)).toBeNull();
  });

  it("end with an administrator's password reset, and only that user's", async () => {
    const company = await makeCompany();
    const [user, other] = await Promise.all([makeUser({ companyIds: [company.id] }), makeUser({ companyIds: [company.id] })]);
    const [a, b, c] = [await signIn(user.account), await signIn(user.account), await signIn(other.account)];
    const admin = (await loadViewer((await makeUser({ userType: "ADMIN" })).id, null, Math.floor(Date.now() / 1000)))!;
    await resetUserPassword(
      admin,
      { userId: admin.userId, companyId: null, requestId: null },
      { id: user.id, password: "Another#Pass-2026", confirmPassword: "Another#Pass-2026" },
    );
    expect(await viewerFor(a)).toBeNull();
    expect(await viewerFor(b)).toBeNull();
    expect((await viewerFor(c))?.userId).toBe(other.id);
  });

  it("refuse a cookie without a session id (issued before sessions could be revoked)", async () => {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    const token = {
      name: user.name,
      sub: String(user.id),
      uid: user.id,
      account: user.account,
      userType: "DEALER" as const,
      companyId: company.id,
      authAt: Math.floor(Date.now() / 1000),
    };
    expect(await viewerFor(await encode({ token, secret: SECRET }))).toBeNull();
  });

  it("end everywhere at once (sign out everywhere), expire after 12 hours, and record activity at most once a minute", async () => {
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    const [a, b] = [await signIn(user.account), await signIn(user.account)];
    expect(await revokeAllSessions(user.id)).toBe(2);
    expect(await viewerFor(a)).toBeNull();
    expect(await viewerFor(b)).toBeNull();

    const c = await signIn(user.account);
    const sid = ((await decode({ token: c, secret: SECRET })) as JWT).sid!;
    const row = await db().userSession.findUniqueOrThrow({ where: { id: sid } });
    expect(row).toMatchObject({ userId: user.id, companyId: company.id, userAgent: "vitest", revokedAt: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(12 * 3600_000);
    await db().userSession.update({ where: { id: sid }, data: { lastSeenAt: new Date(Date.now() - 30_000) } });
    await viewerFor(c);
    await new Promise((r) => setTimeout(r, 100));
    const seen = (await db().userSession.findUniqueOrThrow({ where: { id: sid } })).lastSeenAt;
    expect(Date.now() - seen.getTime()).toBeGreaterThan(29_000); // not touched within the minute
    await db().userSession.update({ where: { id: sid }, data: { lastSeenAt: new Date(Date.now() - 61_000) } });
    await viewerFor(c);
    await vi.waitFor(async () => expect(Date.now() - (await db().userSession.findUniqueOrThrow({ where: { id: sid } })).lastSeenAt.getTime()).toBeLessThan(10_000), {
      timeout: 10_000,
    });
    await db().userSession.update({ where: { id: sid }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await viewerFor(c)).toBeNull();
  });

  it("do not open when the password changed after it was checked", async () => {
    const user = await makeUser({ userType: "STAFF" });
    const old = (await db().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash;
    await db().user.update({ where: { id: user.id }, data: { passwordHash: "$2b$11$changedchangedchangedchangedchangedchangedchangedchang" } });
    expect(await openSession({ userId: user.id, checkedHash: old, companyId: null, ip: null, userAgent: null })).toBeNull();
  });

  it("are purged 30 days after they expired or were revoked", async () => {
    const user = await makeUser({ userType: "STAFF" });
    const day = 24 * 3600_000;
    const at = (d: number) => new Date(Date.now() - d * day);
    const rows = [
      { id: `old-expired-${user.id}`, expiresAt: at(31), revokedAt: null },
      { id: `old-revoked-${user.id}`, expiresAt: at(-1), revokedAt: at(31) },
      { id: `recent-${user.id}`, expiresAt: at(29), revokedAt: at(29) },
    ];
    await db().userSession.createMany({ data: rows.map((r) => ({ ...r, userId: user.id, createdAt: at(40), lastSeenAt: at(40) })) });
    await purgeSessions();
    expect((await db().userSession.findMany({ where: { userId: user.id } })).map((r) => r.id)).toEqual([`recent-${user.id}`]);
  });
});
