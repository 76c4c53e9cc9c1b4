import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";

// The proxy's optimistic session check (proxy.ts): is there a next-auth session cookie that
// decrypts with NEXTAUTH_SECRET, is not expired, and names a user? No database read: whether the
// user still exists, is active, and whether the session was voided (sessionsValidFrom) is for
// getViewer, which every page, action and route handler still calls.

/** next-auth's session cookie (lib/auth/options.ts keeps next-auth's default cookies). Behind
 * HTTPS (NEXTAUTH_URL https://…) it is `__Secure-` prefixed; a large one is split into `.0`,
 * `.1`, … chunks. */
export const SESSION_COOKIE = "next-auth.session-token";
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

type Cookies = Pick<NextRequest["cookies"], "getAll">;

/** Which session cookie the request carries: the secure one wins (a browser keeps it only from
 * an HTTPS origin), or null when there is none. */
export function sessionCookieKind(cookies: Cookies): "secure" | "plain" | null {
  let plain = false;
  for (const { name } of cookies.getAll()) {
    if (name === SECURE_SESSION_COOKIE || name.startsWith(`${SECURE_SESSION_COOKIE}.`)) return "secure";
    if (name === SESSION_COOKIE || name.startsWith(`${SESSION_COOKIE}.`)) plain = true;
  }
  return plain ? "plain" : null;
}

/**
 * Whether the request carries a valid session cookie: present, a JWE next-auth encrypted with
 * `secret` (tampered, foreign or malformed ones fail to decrypt), not expired (next-auth's 15 s
 * clock tolerance), with a user id. Only the cookie counts: getToken's fallback to an
 * `Authorization: Bearer` header is never reached, because a request without the cookie is
 * refused first (getServerSession, the authoritative check, reads only the cookie too).
 */
export async function hasValidSession(req: Pick<NextRequest, "cookies" | "headers">, secret: string): Promise<boolean> {
  const kind = sessionCookieKind(req.cookies);
  if (!kind) return false;
  const token = await getToken({ req: req as NextRequest, secret, secureCookie: kind === "secure" });
  return typeof token?.uid === "number";
}
