import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { userScopeWhere } from "@/lib/access/scope";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { text } from "@/lib/core/list-params";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { choiceParam, cursorParam, dayParam, queryString, sizeParam, sizeValue, type KeysetPage, type Total } from "@/lib/list/keyset";
import { dayRangeWhere, readKeysetPage } from "@/lib/list/prisma";
import { DEVICE_PLATFORMS, DEVICE_STATES, deviceState, type DevicePlatform, type DeviceState } from "./schemas";

// system/userEquipment: users' mobile devices, last seen first, on the list kit (keyset pages on
// (lastSeenAt, id) and a capped count: a row per user and installation, without bound). Every
// filter has an index in that order (migration 20261126223205_device_list_indexes). Staff see
// the devices of the users in their data scope (userScopeWhere); administrators all.

export const DEVICE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_SIZE = 20;
const ROUTE = "system/userEquipment";

export type DeviceFilters = { q: string; platform: DevicePlatform | ""; state: DeviceState | ""; from: string; to: string };
export type DeviceListFilters = DeviceFilters & { cursor: string; size: number };
export type DeviceRow = {
  id: number;
  userId: number;
  account: string;
  name: string;
  platform: DevicePlatform | null;
  model: string | null;
  os: string | null;
  appVersion: string | null;
  ip: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  state: DeviceState;
  openTokens: number;
};
export type DevicePage = KeysetPage<DeviceRow> & { total: Total; filters: DeviceListFilters };

export function deviceFilters(p: URLSearchParams): DeviceFilters {
  return {
    q: text(p, "q", 50),
    platform: choiceParam(p, "platform", DEVICE_PLATFORMS),
    state: choiceParam(p, "state", DEVICE_STATES),
    from: dayParam(p, "from"),
    to: dayParam(p, "to"),
  };
}

export function deviceListFilters(p: URLSearchParams): DeviceListFilters {
  return { ...deviceFilters(p), cursor: cursorParam(p), size: sizeParam(p, { fallback: DEFAULT_SIZE, sizes: DEVICE_SIZES }) };
}

/** The filters back as a query string (links). */
export function deviceQuery(f: Partial<DeviceListFilters>, extra: Record<string, string | number> = {}): string {
  const { q, platform, state, from, to } = f;
  return queryString({ q, platform, state, from, to, size: sizeValue(f.size, DEFAULT_SIZE) }, extra);
}

export function stateWhere(state: DeviceState | ""): Prisma.UserDeviceWhereInput {
  if (state === "BLOCKED") return { blockedAt: { not: null } };
  if (state === "SIGNED_OUT") return { unboundAt: { not: null }, blockedAt: null };
  if (state === "ACTIVE") return { unboundAt: null, blockedAt: null };
  return {};
}

/** The filters as a `where`, within the viewer's user scope. Account: its start; name: any part. */
export function deviceWhere(f: DeviceFilters, scope: Prisma.UserWhereInput): Prisma.UserDeviceWhereInput {
  const seen = dayRangeWhere(f.from, f.to);
  const who: Prisma.UserWhereInput[] = [scope];
  if (f.q) who.push({ OR: [{ account: { startsWith: f.q, mode: "insensitive" } }, { name: { contains: f.q, mode: "insensitive" } }] });
  const user = who.filter((w) => Object.keys(w).length);
  return {
    ...(user.length ? { user: user.length === 1 ? user[0] : { AND: user } } : {}),
    ...(f.platform ? { platform: f.platform } : {}),
    ...stateWhere(f.state),
    ...(seen ? { lastSeenAt: seen } : {}),
  };
}

export async function assertDeviceAccess(viewer: Viewer): Promise<void> {
  if (!(await canOpenRoute(viewer, ROUTE))) throw new ForbiddenError(ROUTE);
}

/** Tokens still usable (not revoked, the access or the refresh token not expired), per device. */
export async function openTokenCounts(deviceIds: number[], now = new Date()): Promise<Map<number, number>> {
  if (!deviceIds.length) return new Map();
  const rows = await db().oAuthToken.groupBy({
    by: ["deviceId"],
    where: { deviceId: { in: deviceIds }, revokedAt: null, OR: [{ accessExpiresAt: { gt: now } }, { refreshExpiresAt: { gt: now } }] },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.deviceId!, r._count._all]));
}

const LIST_SELECT = {
  id: true,
  userId: true,
  platform: true,
  model: true,
  os: true,
  appVersion: true,
  ip: true,
  firstSeenAt: true,
  lastSeenAt: true,
  unboundAt: true,
  blockedAt: true,
  user: { select: { account: true, name: true } },
} satisfies Prisma.UserDeviceSelect;

/** One page, its capped count and the page's open tokens (three queries and the scope's). */
export async function listDevices(viewer: Viewer, url: URL, now = new Date()): Promise<DevicePage> {
  await assertDeviceAccess(viewer);
  const filters = deviceListFilters(url.searchParams);
  const where = deviceWhere(filters, await userScopeWhere(viewer));
  const page = await readKeysetPage(
    filters,
    "lastSeenAt",
    where,
    (q) => db().userDevice.findMany({ ...q, select: LIST_SELECT }),
    (q) => db().userDevice.count(q),
  );
  const tokens = await openTokenCounts(
    page.rows.map((r) => r.id),
    now,
  );
  return {
    ...page,
    filters,
    rows: page.rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      account: r.user.account,
      name: r.user.name,
      platform: r.platform,
      model: r.model,
      os: r.os,
      appVersion: r.appVersion,
      ip: r.ip,
      firstSeenAt: r.firstSeenAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      state: deviceState(r),
      openTokens: tokens.get(r.id) ?? 0,
    })),
  };
}

export type MyDevice = { id: number; platform: DevicePlatform | null; model: string | null; os: string | null; appVersion: string | null; lastSeenAt: Date; state: DeviceState };

/** My account's "My devices": the signed-in user's own devices, last seen first. A person has a
 * handful; the newest 50 are shown (UserDevice(userId, lastSeenAt, id)). */
export const MY_DEVICES_MAX = 50;

export async function myDevices(viewer: Viewer): Promise<MyDevice[]> {
  const rows = await db().userDevice.findMany({
    where: { userId: viewer.userId },
    orderBy: [{ lastSeenAt: "desc" }, { id: "desc" }],
    take: MY_DEVICES_MAX,
    select: { id: true, platform: true, model: true, os: true, appVersion: true, lastSeenAt: true, unboundAt: true, blockedAt: true },
  });
  return rows.map((r) => ({ id: r.id, platform: r.platform, model: r.model, os: r.os, appVersion: r.appVersion, lastSeenAt: r.lastSeenAt, state: deviceState(r) }));
}
