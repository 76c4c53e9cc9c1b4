import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { VERIFY_CODE_CONTEXT as CODE_CONTEXT } from "./schemas";

// The two secrets of the download centre.
// - An item's verify code is sealed at rest (AES-256-GCM, bound to its column) and opened only
//   on the server: to compare a dealer's entry, and for the managing staff's edit form.
// - A granted download is a short-lived token, HMAC-SHA256 with the app secret over the item,
//   the user and the expiry. The file route accepts it only from that user, for that item,
//   until it expires; it needs no database row, so it works on any app instance.

/** Seconds a granted download stays usable (the browser follows it at once). */
export const TOKEN_TTL_SECONDS = 60;

export const sealVerifyCode = (code: string) => sealSecret(code, CODE_CONTEXT);
export const openVerifyCode = (sealed: string) => openSecret(sealed, CODE_CONTEXT);

function appSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (secret) return secret;
  if (process.env.NODE_ENV === "production") throw new Error("NEXTAUTH_SECRET must be set to sign download tokens");
  return "dealer-platform-dev-download-secret";
}

const mac = (label: string, data: string) => createHmac("sha256", appSecret()).update(`${label}\n${data}`).digest();

/** Compares an entered code with the item's in constant time (both are MACed to 32 bytes
 * first, so neither length nor a common prefix shows in the timing). */
export function sameCode(entered: string, actual: string): boolean {
  return timingSafeEqual(mac("download-code", entered.trim()), mac("download-code", actual));
}

export function signDownloadToken(itemId: number, userId: number, now = Date.now()): string {
  const payload = `${itemId}.${userId}.${Math.floor(now / 1000) + TOKEN_TTL_SECONDS}`;
  return `${payload}.${mac("download-token", payload).toString("base64url")}`;
}

export type TokenCheck = "ok" | "invalid" | "expired";

/** Whether `token` grants `userId` the download of item `itemId` now. */
export function verifyDownloadToken(token: string | null, itemId: number, userId: number, now = Date.now()): TokenCheck {
  const m = token ? /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!m) return "invalid";
  const payload = `${m[1]}.${m[2]}.${m[3]}`;
  // Compared as text: base64url's last character carries two unused bits, so decoding would
  // accept four spellings of one MAC; only the canonical one is valid.
  const given = Buffer.from(m[4], "latin1");
  const expected = Buffer.from(mac("download-token", payload).toString("base64url"), "latin1");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  if (Number(m[1]) !== itemId || Number(m[2]) !== userId) return "invalid";
  return Number(m[3]) * 1000 < now ? "expired" : "ok";
}
