import "server-only";
import type { Tx } from "@/lib/core/tx";
import type { AppPlatform } from "@/lib/generated/prisma/client";

// A user's device as its app reports it at the token endpoint (lib/oauth/server.ts): registered
// on the first authorization, refreshed on every later token request. Shared by the OAuth server
// and the device screens (system/userEquipment, the account page).

export type DeviceReport = {
  deviceId: string;
  platform?: AppPlatform | null;
  model?: string | null;
  os?: string | null;
  appVersion?: string | null;
  pushToken?: string | null;
  ip?: string | null;
};

export class DeviceBlocked extends Error {
  constructor() {
    super("DEVICE_BLOCKED");
  }
}

const cut = (v: string | null | undefined, n: number) => (v ? v.slice(0, n) : null);

/**
 * Registers or refreshes the device of a user in the caller's transaction, locking its row; a
 * blocked device is refused (DeviceBlocked) and a device signed out or unbound before is bound
 * again (its old tokens stay revoked). Answers the device's row id.
 */
export async function registerDevice(tx: Tx, userId: number, d: DeviceReport, now = new Date()): Promise<number> {
  const fields = {
    platform: d.platform ?? null,
    model: cut(d.model, 100),
    os: cut(d.os, 100),
    appVersion: cut(d.appVersion, 50),
    pushToken: cut(d.pushToken, 300),
    ip: cut(d.ip, 64),
  };
  const rows = await tx.$queryRaw<{ id: number; blockedAt: Date | null }[]>`
    INSERT INTO "UserDevice" ("userId", "deviceId", "platform", "model", "os", "appVersion", "pushToken", "ip", "firstSeenAt", "lastSeenAt")
    VALUES (${userId}, ${d.deviceId.slice(0, 128)}, ${fields.platform}::"AppPlatform", ${fields.model}, ${fields.os}, ${fields.appVersion}, ${fields.pushToken}, ${fields.ip}, ${now}, ${now})
    ON CONFLICT ("userId", "deviceId") DO UPDATE SET
      "platform" = COALESCE(EXCLUDED."platform", "UserDevice"."platform"),
      "model" = COALESCE(EXCLUDED."model", "UserDevice"."model"),
      "os" = COALESCE(EXCLUDED."os", "UserDevice"."os"),
      "appVersion" = COALESCE(EXCLUDED."appVersion", "UserDevice"."appVersion"),
      "pushToken" = COALESCE(EXCLUDED."pushToken", "UserDevice"."pushToken"),
      "ip" = COALESCE(EXCLUDED."ip", "UserDevice"."ip"),
      "lastSeenAt" = EXCLUDED."lastSeenAt",
      "unboundAt" = CASE WHEN "UserDevice"."blockedAt" IS NULL THEN NULL ELSE "UserDevice"."unboundAt" END
    RETURNING "id", "blockedAt"`;
  const row = rows[0];
  if (row.blockedAt) throw new DeviceBlocked();
  return row.id;
}
