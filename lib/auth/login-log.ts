import "server-only";
import type { SignInError } from "./credentials";

// The login log (DOMAIN.md: every attempt is a row). The throttle keeps its own counters
// (credentials.ts, reserveAttempt).

export type LoginReason = SignInError | "RATE_LIMITED" | "SUCCESS";
export type AttemptContext = { ip: string | null; userAgent: string | null };

/** The client's address as the first proxy saw it: x-forwarded-for's first hop, else x-real-ip. */
export function clientIp(header: (name: string) => string | null | undefined): string | null {
  const first = header("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = first || header("x-real-ip")?.trim() || null;
  return ip ? ip.slice(0, 64) : null;
}

/** The window of login.maxAttemptsPerIpPer15Minutes: 15 minutes from the first failure counted. */
export const IP_WINDOW_MS = 15 * 60_000;

/** One login-log row: one per attempt, written with its outcome. */
export function logRow(row: { account: string; userId?: number | null; companyId?: number | null; reason: LoginReason }, ctx: AttemptContext, now = new Date()) {
  return {
    account: row.account.slice(0, 50),
    userId: row.userId ?? null,
    companyId: row.companyId ?? null,
    result: row.reason === "SUCCESS" ? ("SUCCESS" as const) : ("FAILURE" as const),
    reason: row.reason,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
  };
}
