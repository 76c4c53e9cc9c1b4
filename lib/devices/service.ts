import "server-only";
import { userScopeWhere } from "@/lib/access/scope";
import type { Viewer } from "@/lib/auth/viewer";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { revokeDeviceTokens } from "@/lib/oauth/tokens";
import { deviceState, type DeviceState } from "./schemas";
import { assertDeviceAccess } from "./queries";

// The device writes: an administrator's unbind, block and unblock (system/userEquipment) and a
// user's sign-out of their own device (My account). Each is one transaction that first locks the
// device's row (SELECT … FOR UPDATE), checks its state under the lock, changes it, revokes its
// open tokens and writes the audit row: two people acting on one device at once are ordered by
// the lock, and the second is answered from the state the first left (409). The token endpoint's
// registerDevice (lib/devices/register.ts) takes the same row lock with its upsert, so a token
// request waits for a block and is then refused.

type Locked = { id: number; userId: number; unboundAt: Date | null; blockedAt: Date | null };

async function lockDevice(tx: Tx, id: number): Promise<Locked | null> {
  const rows = await tx.$queryRaw<Locked[]>`SELECT "id", "userId", "unboundAt", "blockedAt" FROM "UserDevice" WHERE "id" = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

/** The device locked, when its user is in the viewer's data scope; otherwise 404, like a missing one. */
async function lockInScope(tx: Tx, viewer: Viewer, id: number): Promise<Locked> {
  const scope = await userScopeWhere(viewer);
  const device = await lockDevice(tx, id);
  if (!device) throw new NotFoundError();
  if (Object.keys(scope).length && !(await tx.user.count({ where: { AND: [{ id: device.userId }, scope] } }))) throw new NotFoundError();
  return device;
}

const conflict = (key: string) => new DomainError(`Devices.errors.${key}`, {}, "id", 409);

export type DeviceChange = { id: number; state: DeviceState; revokedTokens: number };

/** Unbinds a device (administrator): signed out at once, its open tokens revoked. */
export async function unbindDevice(viewer: Viewer, ctx: AuditCtx, id: number, now = new Date()): Promise<DeviceChange> {
  await assertDeviceAccess(viewer);
  return db().$transaction(async (tx) => {
    const d = await lockInScope(tx, viewer, id);
    const before = deviceState(d);
    if (before === "BLOCKED") throw conflict("blocked");
    if (before === "SIGNED_OUT") throw conflict("alreadySignedOut");
    await tx.userDevice.update({ where: { id }, data: { unboundAt: now } });
    const revokedTokens = await revokeDeviceTokens(id, { tx, now });
    await audit(tx, ctx, "UserDevice", id, "unbind", { state: before }, { state: "SIGNED_OUT", userId: d.userId, revokedTokens });
    return { id, state: "SIGNED_OUT" as const, revokedTokens };
  });
}

/** Blocks a device: its open tokens revoked and its next token request refused (DeviceBlocked).
 * A device that was active is also signed out, so unblocking it leaves it signed out until its
 * app authorizes again. */
export async function blockDevice(viewer: Viewer, ctx: AuditCtx, id: number, now = new Date()): Promise<DeviceChange> {
  await assertDeviceAccess(viewer);
  return db().$transaction(async (tx) => {
    const d = await lockInScope(tx, viewer, id);
    const before = deviceState(d);
    if (before === "BLOCKED") throw conflict("alreadyBlocked");
    await tx.userDevice.update({ where: { id }, data: { blockedAt: now, blockedById: viewer.userId, unboundAt: d.unboundAt ?? now } });
    const revokedTokens = await revokeDeviceTokens(id, { tx, now });
    await audit(tx, ctx, "UserDevice", id, "block", { state: before }, { state: "BLOCKED", userId: d.userId, revokedTokens });
    return { id, state: "BLOCKED" as const, revokedTokens };
  });
}

/** Unblocks a device: it stays signed out; its app may authorize again. */
export async function unblockDevice(viewer: Viewer, ctx: AuditCtx, id: number): Promise<DeviceChange> {
  await assertDeviceAccess(viewer);
  return db().$transaction(async (tx) => {
    const d = await lockInScope(tx, viewer, id);
    if (deviceState(d) !== "BLOCKED") throw conflict("notBlocked");
    await tx.userDevice.update({ where: { id }, data: { blockedAt: null, blockedById: null } });
    await audit(tx, ctx, "UserDevice", id, "unblock", { state: "BLOCKED", blockedAt: d.blockedAt }, { state: "SIGNED_OUT", userId: d.userId });
    return { id, state: "SIGNED_OUT" as const, revokedTokens: 0 };
  });
}

/** A user signs out one of their own devices (My account). Another user's device is 404, like a
 * missing one; a blocked device is the administrators' (409). */
export async function signOutMyDevice(viewer: Viewer, ctx: AuditCtx, id: number, now = new Date()): Promise<DeviceChange> {
  return db().$transaction(async (tx) => {
    const d = await lockDevice(tx, id);
    if (!d || d.userId !== viewer.userId) throw new NotFoundError();
    const before = deviceState(d);
    if (before === "BLOCKED") throw conflict("blocked");
    if (before === "SIGNED_OUT") throw conflict("alreadySignedOut");
    await tx.userDevice.update({ where: { id }, data: { unboundAt: now } });
    const revokedTokens = await revokeDeviceTokens(id, { tx, now });
    await audit(tx, ctx, "UserDevice", id, "signOut", { state: before }, { state: "SIGNED_OUT", revokedTokens });
    return { id, state: "SIGNED_OUT" as const, revokedTokens };
  });
}
