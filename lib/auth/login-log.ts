import "server-only";
import { db } from "@/lib/db";
import type { SignInError } from "./credentials";

// The login log (DOMAIN.md: every attempt is a row) and the per-IP throttle read from it.

export type LoginReason = SignInError | "RATE_LIMITED" | "SUCCESS";
export type AttemptContext = { ip: string | null; userAgent: string | null };

/** The client's address as the first proxy saw it: x-forwarded-for's first hop, else x-real-ip. */
export function clientIp(header: (name: string) => string | null | undefined): string | null {
  const first = header("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = first || header("x-real-ip")?.trim() || null;
  return ip ? ip.slice(0, 64) : null;
}

export async function recordLogin(row: { account: string; userId?: number | null; companyId?: number | null; reason: LoginReason }, ctx: AttemptContext, now = new Date()): Promise<void> {
  await db().loginLog.create({
    data: {
      account: row.account.slice(0, 50),
      userId: row.userId ?? null,
      companyId: row.companyId ?? null,
      result: row.reason === "SUCCESS" ? "SUCCESS" : "FAILURE",
      reason: row.reason,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    },
  });
}

/** Failed attempts from one IP in the last 15 minutes. Successes are not counted, so an office
 * behind one address is not throttled by its own morning sign-ins. */
export async function recentFailuresFromIp(ip: string, now = new Date()): Promise<number> {
  return db().loginLog.count({ where: { ip, result: "FAILURE", createdAt: { gt: new Date(now.getTime() - 15 * 60_000) } } });
}

/** Wrong-password attempts at an account name with no user, for the same lock an existing
 * account would get (otherwise the lock would tell which accounts exist). */
export async function recentInvalidForAccount(account: string, minutes: number, now = new Date()): Promise<number> {
  return db().loginLog.count({ where: { account, reason: "INVALID_CREDENTIALS", createdAt: { gt: new Date(now.getTime() - minutes * 60_000) } } });
}
