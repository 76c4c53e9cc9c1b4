import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { purgeOAuthSoon } from "./purge";

// Opaque credentials of the REST API's OAuth clients (docs/DECISIONS.md, "Issue 22 — tokens").
// Every secret, code and token is 32 random bytes behind a prefix that names its kind (so a log
// or a leak scanner can tell them); only its SHA-256 is stored. A hash of 256 random bits needs
// no salt or slow hash: nothing can be guessed from it, and it is looked up by equality.

export const PREFIX = { access: "dpa_", refresh: "dpr_", code: "dpc_", secret: "dps_" } as const;
export type CredentialKind = keyof typeof PREFIX;

export function newCredential(kind: CredentialKind): string {
  return PREFIX[kind] + randomBytes(32).toString("base64url");
}

export function hashCredential(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** The last characters of a secret, shown to tell secrets apart. */
export const hintOf = (value: string) => value.slice(-4);

export type IssuedTokens = { accessToken: string; refreshToken: string | null; accessExpiresAt: Date; refreshExpiresAt: Date | null; tokenId: number; familyId: string };

/**
 * Issues an access token (and a refresh token when the client may refresh) for a user acting in
 * a company through a client, in the caller's transaction when given. `familyId` continues a
 * refresh family (rotation); a new family otherwise.
 */
export async function issueTokens(
  t: {
    clientId: number;
    userId: number;
    companyId: number | null;
    scopes: readonly string[];
    deviceId?: number | null;
    familyId?: string;
    accessSeconds: number;
    refreshSeconds: number | null;
  },
  opts: { tx?: Tx; now?: Date } = {},
): Promise<IssuedTokens> {
  const now = opts.now ?? new Date();
  const accessToken = newCredential("access");
  const refreshToken = t.refreshSeconds ? newCredential("refresh") : null;
  const accessExpiresAt = new Date(now.getTime() + t.accessSeconds * 1000);
  const refreshExpiresAt = t.refreshSeconds ? new Date(now.getTime() + t.refreshSeconds * 1000) : null;
  const familyId = t.familyId ?? randomUUID();
  const row = await (opts.tx ?? db()).oAuthToken.create({
    data: {
      accessHash: hashCredential(accessToken),
      refreshHash: refreshToken ? hashCredential(refreshToken) : null,
      clientId: t.clientId,
      userId: t.userId,
      companyId: t.companyId,
      scopes: [...t.scopes],
      familyId,
      deviceId: t.deviceId ?? null,
      accessExpiresAt,
      refreshExpiresAt,
      createdAt: now,
    },
    select: { id: true },
  });
  // Issuing is the OAuth tables' growth: old windows, codes and tokens go at most hourly.
  purgeOAuthSoon();
  return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt, tokenId: row.id, familyId };
}

/** Revokes every open token of a refresh family (reuse detected, or revocation of the family). */
export async function revokeFamily(familyId: string, opts: { tx?: Tx; now?: Date } = {}): Promise<number> {
  const { count } = await (opts.tx ?? db()).oAuthToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: opts.now ?? new Date() } });
  return count;
}

/** Revokes every open token of a device (unbound by an administrator, or signed out by its user). */
export async function revokeDeviceTokens(deviceId: number, opts: { tx?: Tx; now?: Date } = {}): Promise<number> {
  const { count } = await (opts.tx ?? db()).oAuthToken.updateMany({ where: { deviceId, revokedAt: null }, data: { revokedAt: opts.now ?? new Date() } });
  return count;
}

/** Revokes every open token of a client (disabled or deleted). */
export async function revokeClientTokens(clientId: number, opts: { tx?: Tx; now?: Date } = {}): Promise<number> {
  const { count } = await (opts.tx ?? db()).oAuthToken.updateMany({ where: { clientId, revokedAt: null }, data: { revokedAt: opts.now ?? new Date() } });
  return count;
}
