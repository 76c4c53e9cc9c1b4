import { z } from "zod";
import { zId } from "@/lib/core/zod";

// The device screens' inputs (system/userEquipment and My account's "My devices"), client-safe.

export const DEVICE_PLATFORMS = ["ANDROID", "IOS", "HARMONYOS"] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** ACTIVE: bound, tokens may be open; SIGNED_OUT: unbound or signed out (tokens revoked), binds
 * again at its next authorization; BLOCKED: every token request refused until unblocked. */
export const DEVICE_STATES = ["ACTIVE", "SIGNED_OUT", "BLOCKED"] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

export const deviceState = (d: { unboundAt: Date | string | null; blockedAt: Date | string | null }): DeviceState =>
  d.blockedAt ? "BLOCKED" : d.unboundAt ? "SIGNED_OUT" : "ACTIVE";

/** One device by its row id (unbind, block, unblock, sign out). */
export const ZDeviceId = z.object({ id: zId });
export type TDeviceId = z.infer<typeof ZDeviceId>;
