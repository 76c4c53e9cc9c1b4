import "server-only";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { runExclusive } from "@/lib/cache/exclusive";

// Rows of the OAuth tables nothing reads any more (docs/DECISIONS.md, "Issue 22 — bearer access
// and its tests"), deleted like sessions are (lib/auth/sessions.ts purgeSessionsSoon): at most
// hourly per process, started by the token endpoint issuing tokens (issueTokens), off the
// request's path.
//   OAuthRateWindow  minutes that ended more than an hour ago (only the current one counts);
//   OAuthCode        codes expired more than a day ago (a reused code within the day is still
//                    recognised and revokes what the first exchange gave);
//   OAuthToken       tokens whose access and refresh tokens both expired more than 30 days ago
//                    (a rotated or revoked refresh token is kept until then, so its reuse is
//                    still detected while it could have been valid).

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const TOKEN_GRACE_MS = 30 * DAY_MS;

export async function purgeOAuth(now = new Date()): Promise<{ windows: number; codes: number; tokens: number }> {
  const tokensBefore = new Date(now.getTime() - TOKEN_GRACE_MS);
  const windows = await db().oAuthRateWindow.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - HOUR_MS) } } });
  const codes = await db().oAuthCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY_MS) } } });
  const tokens = await db().oAuthToken.deleteMany({
    where: { accessExpiresAt: { lt: tokensBefore }, OR: [{ refreshExpiresAt: null }, { refreshExpiresAt: { lt: tokensBefore } }] },
  });
  return { windows: windows.count, codes: codes.count, tokens: tokens.count };
}

let lastPurge = 0;

/** Starts purgeOAuth unless it ran in this process within the hour; errors are only logged. */
export function purgeOAuthSoon(now = new Date()): void {
  if (now.getTime() - lastPurge < HOUR_MS) return;
  lastPurge = now.getTime();
  runExclusive("oauth-purge", () => purgeOAuth(now))
    .then((r) => r.ran && (r.result.windows || r.result.codes || r.result.tokens) && log.info("purged OAuth rate windows, codes and tokens", r.result))
    .catch((err: unknown) => log.error("OAuth purge failed", errorFields(err)));
}
