import "server-only";
import type { Tx } from "@/lib/core/tx";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { runExclusive } from "@/lib/cache/exclusive";

// Signed-in sessions, one row each (UserSession). The cookie is next-auth's JWT; it carries the
// row's id as `sid`, and the viewer is loaded only while that row is neither revoked nor
// expired, so sign-out, "sign out everywhere", a password reset and disabling a user end
// sessions at once, at full precision (no whole-second comparison with the JWT's iat).

/** Hard limit of a session, the JWT's maxAge as well. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
const TOUCH_EVERY_MS = 60_000;
const PURGE_AFTER_MS = 30 * 24 * 3600_000;

/**
 * Opens a session for a user whose password was just checked. The row is written only if the
 * password hash is still the one that was checked (and the user still active), reading the user
 * row FOR SHARE: a password reset committing meanwhile either waits for this row and then
 * revokes it, or has changed the hash and no session opens. Null: nothing opened.
 */
export async function openSession(
  s: { userId: number; checkedHash: string; companyId: number | null; ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<string | null> {
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  const rows = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO "UserSession" ("id", "userId", "companyId", "createdAt", "lastSeenAt", "expiresAt", "ip", "userAgent")
    SELECT ${id}, u."id", ${s.companyId}, ${now}, ${now}, ${expiresAt}, ${s.ip}, ${s.userAgent?.slice(0, 500) ?? null}
    FROM "User" u WHERE u."id" = ${s.userId} AND u."passwordHash" = ${s.checkedHash} AND u."status" = 'ACTIVE'
    FOR SHARE OF u
    RETURNING "id"`;
  purgeSessionsSoon(now);
  return rows[0]?.id ?? null;
}

/** Sign-out: this session only. */
export async function revokeSession(id: string, now = new Date()): Promise<void> {
  await db().userSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * Signs a user out everywhere: every open session of theirs ends now (password change or
 * reset, an administrator's reset, disabling). Inside the caller's transaction when given, so
 * the change and the sign-out commit together.
 */
export async function revokeAllSessions(userId: number, opts: { tx?: Tx; now?: Date } = {}): Promise<number> {
  const { count } = await (opts.tx ?? db()).userSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: opts.now ?? new Date() } });
  return count;
}

export type SessionRow = { id: string; userId: number; companyId: number | null; createdAt: Date; lastSeenAt: Date; expiresAt: Date; revokedAt: Date | null };

/** The session row, for the viewer loader (which reads it beside the user, in parallel). */
export function findSession(id: string): Promise<SessionRow | null> {
  return db().userSession.findUnique({ where: { id }, select: { id: true, userId: true, companyId: true, createdAt: true, lastSeenAt: true, expiresAt: true, revokedAt: true } });
}

/** Whether a session lets its user in now; sessionsValidFrom is compared at full precision. */
export function sessionValid(row: SessionRow | null, userId: number, sessionsValidFrom: Date, now = new Date()): boolean {
  return !!row && row.userId === userId && row.revokedAt === null && row.expiresAt > now && row.createdAt >= sessionsValidFrom;
}

/** Records activity at most once a minute, after the answer's work (errors only logged). */
export function touchSession(row: SessionRow, now = new Date()): void {
  if (now.getTime() - row.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  db()
    .userSession.updateMany({ where: { id: row.id, lastSeenAt: { lt: new Date(now.getTime() - TOUCH_EVERY_MS) } }, data: { lastSeenAt: now } })
    .catch((err: unknown) => log.warn("session last-seen not updated", errorFields(err)));
}

/** The company a dealer's session acts in, after a switch from the header. */
export async function setSessionCompany(id: string, companyId: number): Promise<void> {
  await db().userSession.updateMany({ where: { id, revokedAt: null }, data: { companyId } });
}

/**
 * Deletes sessions expired or revoked more than 30 days ago, and sign-in throttle rows nothing
 * counts any more (address windows over for a day; names without a user left alone for 30
 * days). The upload purge runs only when
 * files are uploaded, so sign-ins run this one, at most hourly per process.
 */
export async function purgeSessions(now = new Date()): Promise<{ sessions: number; throttles: number }> {
  const before = new Date(now.getTime() - PURGE_AFTER_MS);
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const sessions = await db().userSession.deleteMany({ where: { OR: [{ expiresAt: { lt: before } }, { revokedAt: { lt: before } }] } });
  const throttles = await db().signInThrottle.deleteMany({
    where: {
      OR: [
        { key: { startsWith: "ip:" }, windowStart: { lt: dayAgo } },
        // Names without a user: last tried 30 days ago and not locked.
        { key: { startsWith: "account:" }, windowStart: { lt: before }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
      ],
    },
  });
  return { sessions: sessions.count, throttles: throttles.count };
}

let lastPurge = 0;
export function purgeSessionsSoon(now = new Date()): void {
  if (now.getTime() - lastPurge < 3600_000) return;
  lastPurge = now.getTime();
  runExclusive("sessions-purge", () => purgeSessions(now))
    .then((r) => r.ran && (r.result.sessions || r.result.throttles) && log.info("purged sessions and sign-in counters", r.result))
    .catch((err: unknown) => log.error("session purge failed", errorFields(err)));
}
