import "server-only";
import { db } from "@/lib/db";
import { loadTokenViewer, type Viewer } from "@/lib/auth/viewer";
import { grantOf, scopeNeeded, scopesCover } from "./scopes";
import { hashCredential } from "./tokens";

// The REST API's second way in (docs/DECISIONS.md, "Issue 22 — bearer tokens"): an
// `Authorization: Bearer …` header instead of the session cookie. The token is looked up by its
// hash with its client and device in one query; then
//   401 invalid_token       unknown, expired, revoked, rotated away, its client disabled, its
//                            device unbound or blocked, or its user disabled or signed out
//                            everywhere since it was issued;
//   429 rate limited        its client's requests this minute passed the client's limit (one
//                            atomic upsert per request, so concurrent requests cannot overshoot);
//   403 insufficient_scope  the endpoint's area is not among its scopes (lib/oauth/scopes.ts);
// otherwise its viewer: the token's user in the token's company, restricted to the scopes.
// Used by apiRoute (lib/api/handler.ts) and the API routes outside it (uploads, admin exports).

export type BearerRefusal = { status: 401 | 403 | 429; code: "UNAUTHORIZED" | "FORBIDDEN" | "TOO_MANY_REQUESTS"; key: string; headers: Record<string, string> };
export type BearerResult = { ok: true; viewer: Viewer } | { ok: false; refusal: BearerRefusal };

const TOUCH_EVERY_MS = 60_000;

/** The token of an `Authorization: Bearer …` header; null when the request carries none. */
export function bearerOf(req: Request): string | null {
  const m = /^bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  return m ? m[1] : null;
}

/** Whether the request means to authenticate with a bearer token (even a malformed one). */
export function wantsBearer(req: Request): boolean {
  return /^bearer(\s|$)/i.test(req.headers.get("authorization") ?? "");
}

const invalid: BearerRefusal = { status: 401, code: "UNAUTHORIZED", key: "Api.invalidToken", headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } };

export async function bearerViewer(req: Request, now = new Date()): Promise<BearerResult> {
  const token = bearerOf(req);
  if (!token || token.length > 200) return { ok: false, refusal: invalid };
  const row = await db().oAuthToken.findUnique({
    where: { accessHash: hashCredential(token) },
    select: {
      id: true,
      userId: true,
      companyId: true,
      scopes: true,
      createdAt: true,
      accessExpiresAt: true,
      revokedAt: true,
      rotatedAt: true,
      lastUsedAt: true,
      client: { select: { id: true, enabled: true, rateLimitPerMinute: true } },
      device: { select: { unboundAt: true, blockedAt: true } },
    },
  });
  if (!row || row.revokedAt || row.rotatedAt || row.accessExpiresAt <= now || !row.client.enabled) return { ok: false, refusal: invalid };
  if (row.device && (row.device.unboundAt || row.device.blockedAt)) return { ok: false, refusal: invalid };

  const limited = await overLimit(row.client.id, row.client.rateLimitPerMinute, now);
  if (limited) return { ok: false, refusal: limited };

  const path = new URL(req.url).pathname;
  const needed = scopeNeeded(path, req.method);
  if (!needed || !scopesCover(row.scopes, needed)) {
    const scope = needed ? ` scope="${needed}"` : "";
    return { ok: false, refusal: { status: 403, code: "FORBIDDEN", key: "Api.insufficientScope", headers: { "WWW-Authenticate": `Bearer error="insufficient_scope"${scope}` } } };
  }

  const viewer = await loadTokenViewer({
    userId: row.userId,
    companyId: row.companyId,
    issuedAt: row.createdAt,
    grant: { ...grantOf(row.scopes), clientId: row.client.id, tokenId: row.id },
  });
  if (!viewer) return { ok: false, refusal: invalid };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    // Best effort, off the request's path: a failed touch only makes "last used" older.
    void db()
      .oAuthToken.update({ where: { id: row.id }, data: { lastUsedAt: now } })
      .catch(() => undefined);
  }
  return { ok: true, viewer };
}

/**
 * Counts the request against its client's minute, in one statement (INSERT … ON CONFLICT DO
 * UPDATE … RETURNING), so concurrent requests each get their own count; the refusal carries
 * Retry-After, the seconds until the window turns.
 */
export async function overLimit(clientId: number, limit: number, now = new Date()): Promise<BearerRefusal | null> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const rows = await db().$queryRaw<{ count: number }[]>`
    INSERT INTO "OAuthRateWindow" ("clientId", "windowStart", "count") VALUES (${clientId}, ${windowStart}, 1)
    ON CONFLICT ("clientId", "windowStart") DO UPDATE SET "count" = "OAuthRateWindow"."count" + 1
    RETURNING "count"`;
  if ((rows[0]?.count ?? 0) <= limit) return null;
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000));
  return { status: 429, code: "TOO_MANY_REQUESTS", key: "Api.rateLimited", headers: { "Retry-After": String(retryAfter) } };
}
