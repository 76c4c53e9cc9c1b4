import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { maskPhone } from "@/lib/vehicles/sales/lists";
import { sessionHandle } from "./handle";

// My account's page: who I am, my open sessions and my recent sign-ins. Bounded reads: a
// user's open sessions (a handful; sessions end after 12 hours) and the last 20 sign-in
// attempts at my account name, on LoginLog(account, createdAt).

export const RECENT_SIGN_INS = 20;

export type MySession = { handle: string; current: boolean; createdAt: Date; lastSeenAt: Date; ip: string | null; userAgent: string | null; company: string | null };
export type MySignIn = { id: number; at: Date; ok: boolean; reason: string; ip: string | null; userAgent: string | null };
export type MyAccount = {
  account: string;
  name: string;
  /** Masked (138****0000), or null when none is on file. */
  phone: string | null;
  userType: Viewer["userType"];
  companies: { code: string; nameEn: string; nameZh: string }[];
  lastLoginAt: Date | null;
  sessions: MySession[];
  signIns: MySignIn[];
};

export async function loadMyAccount(viewer: Viewer, now = new Date()): Promise<MyAccount> {
  const [user, sessions, signIns] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { account: true, name: true, phone: true, userType: true, lastLoginAt: true } }),
    db().userSession.findMany({
      where: { userId: viewer.userId, revokedAt: null, expiresAt: { gt: now } },
      orderBy: { lastSeenAt: "desc" },
      take: 50,
      select: { id: true, createdAt: true, lastSeenAt: true, ip: true, userAgent: true, companyId: true },
    }),
    db().loginLog.findMany({
      where: { account: viewer.account },
      orderBy: { createdAt: "desc" },
      take: RECENT_SIGN_INS,
      select: { id: true, createdAt: true, result: true, reason: true, ip: true, userAgent: true },
    }),
  ]);
  const companyName = new Map(viewer.companies.map((c) => [c.id, c.code]));
  return {
    account: user.account,
    name: user.name,
    phone: user.phone ? maskPhone(user.phone) : null,
    userType: user.userType,
    companies: viewer.companies.map(({ code, nameEn, nameZh }) => ({ code, nameEn, nameZh })),
    lastLoginAt: user.lastLoginAt,
    sessions: sessions.map((s) => ({
      handle: sessionHandle(s.id),
      current: s.id === viewer.sessionId,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      ip: s.ip,
      userAgent: s.userAgent,
      company: s.companyId === null ? null : (companyName.get(s.companyId) ?? null),
    })),
    signIns: signIns.map((r) => ({ id: r.id, at: r.createdAt, ok: r.result === "SUCCESS", reason: r.reason, ip: r.ip, userAgent: r.userAgent })),
  };
}
