import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { issueTokens } from "@/lib/oauth/tokens";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeDealer, makeOrganization, makeRole, makeStaff, makeUser, nowSeconds, uid } from "@/lib/test/factories";
import { blockDeviceAction, signOutMyDeviceAction, unbindDeviceAction } from "./actions";
import { listDevices, myDevices, openTokenCounts } from "./queries";
import { DeviceBlocked, registerDevice } from "./register";
import { blockDevice, signOutMyDevice, unbindDevice, unblockDevice } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Users' devices against PostgreSQL: the list scoped by the viewer (administrators all, staff
// the users of their data scope, another region's devices absent and 404 to act on), its
// filters, unbind and block revoking the device's tokens in their transaction (audited), a
// blocked device refused by registerDevice until unblocked, concurrent writes ordered by the row
// lock, a user signing out only their own devices, and the actions' validation messages.

const ctx = (userId: number): AuditCtx => ({ userId, companyId: null, requestId: null });
/** Every account of this run starts with it, so the list's filters see only this run's rows. */
const RUN = uid("dev").toLowerCase();

let admin: Viewer;
let clientId: number;
/** A dealer in region A and one in region B; staff of region A (ORG scope, the screen and both buttons). */
let dealerA: { userId: number; account: string; companyId: number };
let dealerB: { userId: number; account: string; companyId: number };
let staffA: Viewer;
/** Staff of region A holding the screen but neither button. */
let staffNoButtons: { id: number };

const url = (q: string) => new URL(`http://x/customerWeb/system/userEquipment${q}`);

async function device(userId: number, opts: { platform?: "ANDROID" | "IOS" | "HARMONYOS"; model?: string; lastSeenAt?: Date } = {}) {
  const deviceId = uid("inst");
  const id = await db().$transaction((tx) =>
    registerDevice(
      tx,
      userId,
      { deviceId, platform: opts.platform ?? "ANDROID", model: opts.model ?? "Pixel 8", os: "Android 14", appVersion: "2.3.0", ip: "10.0.0.1" },
      opts.lastSeenAt,
    ),
  );
  return { id, deviceId };
}

const tokens = (userId: number, deviceId: number) =>
  issueTokens({ clientId, userId, companyId: null, scopes: ["orders:read"], deviceId, accessSeconds: 3600, refreshSeconds: 86_400 });

const openTokens = (deviceId: number) => db().oAuthToken.count({ where: { deviceId, revokedAt: null } });

beforeAll(async () => {
  admin = (await loadViewer((await db().user.findUniqueOrThrow({ where: { account: "admin" }, select: { id: true } })).id, null, nowSeconds()))!;
  clientId = (
    await db().oAuthClient.create({
      data: { clientId: uid("client"), name: "Device tests", confidential: false, grants: ["authorization_code", "refresh_token"], redirectUris: [], scopes: ["orders:read"] },
    })
  ).id;
  const regionA = await makeOrganization();
  const regionB = await makeOrganization();
  const a = await makeDealer({ organizationId: regionA.id, account: `${RUN}.a`, name: "Lin Xiaoyu" });
  const b = await makeDealer({ organizationId: regionB.id, account: `${RUN}.b`, name: "Guo Peng" });
  dealerA = { userId: a.userId, account: a.account, companyId: a.companyId };
  dealerB = { userId: b.userId, account: b.account, companyId: b.companyId };
  const menus = (keys: string[]) =>
    db()
      .menu.findMany({ where: { key: { in: keys } }, select: { id: true } })
      .then((r) => r.map((x) => x.id));
  const full = await makeRole({
    dataScope: "ORG",
    menuIds: await menus(["system.userEquipment", "system.userEquipment:device:unbind", "system.userEquipment:device:block"]),
  });
  const bare = await makeRole({ dataScope: "ORG", menuIds: await menus(["system.userEquipment"]) });
  const s = await makeStaff({ roleIds: [full.id], organizationId: regionA.id });
  staffA = (await loadViewer(s.id, null, nowSeconds()))!;
  staffNoButtons = await makeStaff({ roleIds: [bare.id], organizationId: regionA.id });
});

describe("the device list", () => {
  it("administrators see every user's devices, staff only their data scope's (cross-tenant)", async () => {
    const da = await device(dealerA.userId);
    const db_ = await device(dealerB.userId);
    const all = await listDevices(admin, url(`?q=${RUN}&size=100`));
    expect(all.rows.map((r) => r.id)).toEqual(expect.arrayContaining([da.id, db_.id]));
    const scoped = await listDevices(staffA, url(`?q=${RUN}&size=100`));
    expect(scoped.rows.map((r) => r.id)).toContain(da.id);
    expect(scoped.rows.map((r) => r.id)).not.toContain(db_.id);
    expect(scoped.rows.every((r) => r.account === dealerA.account)).toBe(true);
    // Even without a filter, region B's device is not in staff A's pages.
    const unfiltered = await listDevices(staffA, url("?size=100"));
    expect(unfiltered.rows.map((r) => r.id)).not.toContain(db_.id);
    // Acting on it is 404, like a missing device; nothing changed.
    await expect(unbindDevice(staffA, ctx(staffA.userId), db_.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(blockDevice(staffA, ctx(staffA.userId), db_.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await db().userDevice.findUniqueOrThrow({ where: { id: db_.id } })).unboundAt).toBeNull();
  });

  it("refuses a user whose roles do not grant the screen", async () => {
    const dealer = (await loadViewer(dealerA.userId, dealerA.companyId, nowSeconds()))!;
    await expect(listDevices(dealer, url(""))).rejects.toThrow("FORBIDDEN");
  });

  it("filters by account or name, platform, state and last-seen days; shows open tokens", async () => {
    const user = await makeUser({ userType: "DEALER", account: `${RUN}.filter`, name: "Qiao Wenjing" });
    const now = Date.now();
    const ios = await device(user.id, { platform: "IOS", model: "iPhone 15", lastSeenAt: new Date(now - 10 * 86_400_000) });
    const android = await device(user.id, { platform: "ANDROID", lastSeenAt: new Date(now) });
    const harmony = await device(user.id, { platform: "HARMONYOS", lastSeenAt: new Date(now - 40 * 86_400_000) });
    await tokens(user.id, android.id);
    await tokens(user.id, android.id);
    await unbindDevice(admin, ctx(admin.userId), ios.id);
    await blockDevice(admin, ctx(admin.userId), harmony.id);
    const ids = async (q: string) => (await listDevices(admin, url(q))).rows.map((r) => r.id);

    expect(await ids(`?q=${RUN}.filter`)).toEqual([android.id, ios.id, harmony.id]);
    expect(await ids(`?q=${RUN.toUpperCase()}.FILTER`)).toEqual([android.id, ios.id, harmony.id]);
    expect(await ids(`?q=wenjing`)).toEqual(expect.arrayContaining([android.id, ios.id, harmony.id]));
    expect(await ids(`?q=${RUN}.filter&platform=IOS`)).toEqual([ios.id]);
    expect(await ids(`?q=${RUN}.filter&state=ACTIVE`)).toEqual([android.id]);
    expect(await ids(`?q=${RUN}.filter&state=SIGNED_OUT`)).toEqual([ios.id]);
    expect(await ids(`?q=${RUN}.filter&state=BLOCKED`)).toEqual([harmony.id]);
    const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await ids(`?q=${RUN}.filter&from=${day(now - 20 * 86_400_000)}&to=${day(now - 5 * 86_400_000)}`)).toEqual([ios.id]);
    // Unknown values are ignored, not errors.
    expect(await ids(`?q=${RUN}.filter&platform=WINDOWS&state=x&from=2026-02-30`)).toHaveLength(3);

    const page = await listDevices(admin, url(`?q=${RUN}.filter`));
    const row = page.rows.find((r) => r.id === android.id)!;
    expect(row).toMatchObject({ account: `${RUN}.filter`, name: "Qiao Wenjing", platform: "ANDROID", model: "Pixel 8", state: "ACTIVE", openTokens: 2 });
    expect(page.rows.find((r) => r.id === harmony.id)!.state).toBe("BLOCKED");
    expect(page.total).toEqual({ count: 3, capped: false });
  });
});

describe("unbind and block", () => {
  it("unbind signs the device out and revokes its tokens in one audited transaction", async () => {
    const d = await device(dealerA.userId);
    await tokens(dealerA.userId, d.id);
    await tokens(dealerA.userId, d.id);
    const other = await device(dealerA.userId);
    await tokens(dealerA.userId, other.id);
    const res = await unbindDevice(staffA, ctx(staffA.userId), d.id);
    expect(res).toEqual({ id: d.id, state: "SIGNED_OUT", revokedTokens: 2 });
    expect(await openTokens(d.id)).toBe(0);
    expect(await openTokens(other.id)).toBe(1);
    expect((await openTokenCounts([d.id, other.id])).get(d.id)).toBeUndefined();
    const row = await db().userDevice.findUniqueOrThrow({ where: { id: d.id } });
    expect(row.unboundAt).not.toBeNull();
    const log = await db().auditLog.findFirstOrThrow({ where: { entity: "UserDevice", entityId: String(d.id), action: "unbind" } });
    expect(log.userId).toBe(staffA.userId);
    expect(log.after).toMatchObject({ state: "SIGNED_OUT", revokedTokens: 2 });
    // Twice: the second is a conflict; the next authorization binds it again (new tokens only).
    await expect(unbindDevice(staffA, ctx(staffA.userId), d.id)).rejects.toMatchObject({ key: "Devices.errors.alreadySignedOut", status: 409 });
    await db().$transaction((tx) => registerDevice(tx, dealerA.userId, { deviceId: d.deviceId }));
    expect((await db().userDevice.findUniqueOrThrow({ where: { id: d.id } })).unboundAt).toBeNull();
    expect(await openTokens(d.id)).toBe(0);
  });

  it("block revokes the tokens and registerDevice refuses the device until it is unblocked", async () => {
    const d = await device(dealerA.userId);
    await tokens(dealerA.userId, d.id);
    const res = await blockDevice(staffA, ctx(staffA.userId), d.id);
    expect(res).toMatchObject({ state: "BLOCKED", revokedTokens: 1 });
    expect(await openTokens(d.id)).toBe(0);
    const row = await db().userDevice.findUniqueOrThrow({ where: { id: d.id } });
    expect(row.blockedById).toBe(staffA.userId);
    expect(row.blockedAt).not.toBeNull();
    await expect(db().$transaction((tx) => registerDevice(tx, dealerA.userId, { deviceId: d.deviceId }))).rejects.toBeInstanceOf(DeviceBlocked);
    // The refused request left it blocked and signed out.
    expect((await db().userDevice.findUniqueOrThrow({ where: { id: d.id } })).unboundAt).not.toBeNull();
    await expect(blockDevice(staffA, ctx(staffA.userId), d.id)).rejects.toMatchObject({ key: "Devices.errors.alreadyBlocked", status: 409 });
    await expect(unbindDevice(staffA, ctx(staffA.userId), d.id)).rejects.toMatchObject({ key: "Devices.errors.blocked", status: 409 });

    expect(await unblockDevice(staffA, ctx(staffA.userId), d.id)).toMatchObject({ state: "SIGNED_OUT" });
    const after = await db().userDevice.findUniqueOrThrow({ where: { id: d.id } });
    expect(after).toMatchObject({ blockedAt: null, blockedById: null });
    await expect(unblockDevice(staffA, ctx(staffA.userId), d.id)).rejects.toMatchObject({ key: "Devices.errors.notBlocked", status: 409 });
    expect(await db().$transaction((tx) => registerDevice(tx, dealerA.userId, { deviceId: d.deviceId }))).toBe(d.id);
    expect(await db().auditLog.count({ where: { entity: "UserDevice", entityId: String(d.id), action: { in: ["block", "unblock"] } } })).toBe(2);
  });

  it("concurrent writes on one device are ordered by the row lock: one unbind wins, the other is 409", async () => {
    const d = await device(dealerA.userId);
    await tokens(dealerA.userId, d.id);
    const results = await Promise.allSettled([unbindDevice(admin, ctx(admin.userId), d.id), unbindDevice(admin, ctx(admin.userId), d.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(await db().auditLog.count({ where: { entity: "UserDevice", entityId: String(d.id), action: "unbind" } })).toBe(1);

    // Unbind and block at once: whichever goes first, the device ends blocked with no open token.
    const e = await device(dealerA.userId);
    await tokens(dealerA.userId, e.id);
    const mixed = await Promise.allSettled([unbindDevice(admin, ctx(admin.userId), e.id), blockDevice(admin, ctx(admin.userId), e.id)]);
    expect(mixed[1].status).toBe("fulfilled");
    expect((await db().userDevice.findUniqueOrThrow({ where: { id: e.id } })).blockedAt).not.toBeNull();
    expect(await openTokens(e.id)).toBe(0);

    // A token request racing a block: either it went first (its token then revoked by the
    // block) or it waited for the lock and was refused; never an open token on a blocked device.
    const f = await device(dealerA.userId);
    const race = await Promise.allSettled([
      blockDevice(admin, ctx(admin.userId), f.id),
      db().$transaction(async (tx) => {
        const id = await registerDevice(tx, dealerA.userId, { deviceId: f.deviceId });
        return issueTokens({ clientId, userId: dealerA.userId, companyId: null, scopes: [], deviceId: id, accessSeconds: 60, refreshSeconds: null }, { tx });
      }),
    ]);
    expect(race[0].status).toBe("fulfilled");
    expect(await openTokens(f.id)).toBe(0);
  });

  it("the actions check their permission and name the field in both languages", async () => {
    const d = await device(dealerA.userId);
    await actAs(staffNoButtons);
    expect(await unbindDeviceAction({ id: d.id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await blockDeviceAction({ id: d.id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    await actAs({ id: staffA.userId });
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const res = await unbindDeviceAction({ id: "abc" });
      expect(res).toMatchObject({ ok: false, code: "VALIDATION" });
      expect(!res.ok && res.fieldErrors?.id).toContain(translator("Devices.fields", locale)("id"));
      const gone = await blockDeviceAction({ id: 2_000_000_000 });
      expect(gone).toMatchObject({ ok: false, code: "NOT_FOUND" });
    }
    setTestLocale("en-US");
    expect(await unbindDeviceAction({ id: d.id })).toMatchObject({ ok: true, data: { state: "SIGNED_OUT" } });
    const again = await unbindDeviceAction({ id: d.id });
    expect(again).toMatchObject({ ok: false, code: "CONFLICT", message: translator("Devices.errors")("alreadySignedOut") });
  });
});

describe("My devices", () => {
  it("lists only the user's own devices and signs out only those", async () => {
    const mine = await device(dealerA.userId, { model: "Mine" });
    await tokens(dealerA.userId, mine.id);
    const theirs = await device(dealerB.userId, { model: "Theirs" });
    await tokens(dealerB.userId, theirs.id);
    const viewerA = (await loadViewer(dealerA.userId, dealerA.companyId, nowSeconds()))!;
    const list = await myDevices(viewerA);
    expect(list.map((d) => d.id)).toContain(mine.id);
    expect(list.map((d) => d.id)).not.toContain(theirs.id);

    // Another user's device by its id: 404 like a missing one, untouched.
    await expect(signOutMyDevice(viewerA, ctx(dealerA.userId), theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await actAs({ id: dealerA.userId }, dealerA.companyId);
    expect(await signOutMyDeviceAction({ id: theirs.id })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await openTokens(theirs.id)).toBe(1);
    expect((await db().userDevice.findUniqueOrThrow({ where: { id: theirs.id } })).unboundAt).toBeNull();

    expect(await signOutMyDeviceAction({ id: mine.id })).toMatchObject({ ok: true, data: { state: "SIGNED_OUT", revokedTokens: 1 } });
    expect(await openTokens(mine.id)).toBe(0);
    expect((await myDevices(viewerA)).find((d) => d.id === mine.id)!.state).toBe("SIGNED_OUT");
    expect(await signOutMyDeviceAction({ id: mine.id })).toMatchObject({ ok: false, code: "CONFLICT" });
    for (const locale of ["en-US", "zh-CN"] as const) {
      setTestLocale(locale);
      const res = await signOutMyDeviceAction({ id: -1 });
      expect(res).toMatchObject({ ok: false, code: "VALIDATION" });
      expect(!res.ok && res.fieldErrors?.id).toContain(translator("MyDevices.fields", locale)("id"));
    }
    setTestLocale("en-US");
    expect(await db().auditLog.count({ where: { entity: "UserDevice", entityId: String(mine.id), action: "signOut", userId: dealerA.userId } })).toBe(1);
  });

  it("a blocked device cannot be signed out by its user", async () => {
    const d = await device(dealerA.userId);
    await blockDevice(admin, ctx(admin.userId), d.id);
    const viewerA = (await loadViewer(dealerA.userId, dealerA.companyId, nowSeconds()))!;
    await expect(signOutMyDevice(viewerA, ctx(dealerA.userId), d.id)).rejects.toMatchObject({ key: "Devices.errors.blocked", status: 409 });
  });
});
