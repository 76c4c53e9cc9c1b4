import "server-only";
import type { SignInError } from "./credentials";

// The login log (every attempt is a row). The throttle keeps its own counters
// (credentials.ts, reserveAttempt).

export type LoginReason = SignInError | "RATE_LIMITED" | "SUCCESS";
export type AttemptContext = { ip: string | null; userAgent: string | null };

/** The client's address (lib/http/client-ip.ts: forwarded headers only from TRUSTED_PROXIES). */
export { clientIp } from "@/lib/http/client-ip";

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
