import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { invalidateTemplates } from "@/lib/messages/templates";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeMenu, makeOrganization, makeRole, makeUser, uid } from "@/lib/test/factories";
import { GET as listRoute } from "@/app/api/v1/notifications/route";
import { POST as readRoute } from "@/app/api/v1/notifications/[id]/read/route";
import { POST as readAllRoute } from "@/app/api/v1/notifications/read-all/route";
import { notifyOrderEvent, notifyPreOrderEvent } from "./service";
import { markAllNotificationsRead, markNotificationRead, notificationFeed } from "./feed";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// In-app notifications: who receives an order / pre-order event, the text in the reader's
// language, and that nobody reads or marks someone else's notifications.

let region: number; // the company's organization
let otherRegion: number;
let company: number;
let otherCompany: number;
const u: Record<string, number> = {};

async function makeOrder(companyId: number, creatorId: number, over: Record<string, unknown> = {}) {
  return db().order.create({
    data: {
      orderNo: uid("SO"),
      type: "VEHICLE",
      companyId,
      quantity: 2,
      amount: "2468.50",
      phone: "13912345678",
      deliveryWay: "SELF_PICKUP",
      receiver: "Wang",
      receiverPhone: "13912345678",
      address: "No. 1 Test Road",
      creatorId,
      ...over,
    },
  });
}

async function makePreOrder(companyId: number, creatorId: number) {
  const goods = await db().goods.create({ data: { kind: "VEHICLE", code: uid("G"), nameEn: "Aurora 2.0T", nameZh: "极光 2.0T", price: "100.00", stock: 0 } });
  return db().preOrder.create({
    data: {
      preOrderNo: uid("PO"),
      companyId,
      goodsId: goods.id,
      nameEn: goods.nameEn,
      nameZh: goods.nameZh,
      price: "100.00",
      quantity: 3,
      amount: "300.00",
      phone: "13912345678",
      deliveryWay: "SELF_PICKUP",
      receiver: "Wang",
      receiverPhone: "13912345678",
      address: "No. 1 Test Road",
      creatorId,
    },
  });
}

const inbox = (userId: number, event?: string) => db().notification.findMany({ where: { userId, ...(event ? { event } : {}) }, orderBy: { id: "asc" } });
const inTx = <T>(f: (tx: Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0]) => Promise<T>) => db().$transaction(f);

beforeAll(async () => {
  setTestLocale("en-US");
  invalidateTemplates();
  const hq = await makeOrganization();
  region = (await makeOrganization(hq.id)).id;
  otherRegion = (await makeOrganization(hq.id)).id;
  company = (await makeCompany(region)).id;
  otherCompany = (await makeCompany(otherRegion)).id;
  const confirmBtn = await makeMenu({ type: "BUTTON", permission: "order:confirm" });
  const preConfirmBtn = await makeMenu({ type: "BUTTON", permission: "preOrder:confirm" });
  const viewBtn = await makeMenu({ type: "BUTTON", permission: "order:ship" });
  const role = async (dataScope: "ALL" | "ORG" | "ORG_AND_CHILDREN" | "CUSTOM" | "SELF", menus: number[], orgs: number[] = []) =>
    (await makeRole({ dataScope, menuIds: menus, organizationIds: orgs })).id;
  const both = [confirmBtn.id, preConfirmBtn.id];
  u.staffAll = (await makeUser({ userType: "STAFF", roleIds: [await role("ALL", both)] })).id;
  u.staffOrg = (await makeUser({ userType: "STAFF", organizationId: region, roleIds: [await role("ORG", both)] })).id;
  u.staffTree = (await makeUser({ userType: "STAFF", organizationId: hq.id, roleIds: [await role("ORG_AND_CHILDREN", [confirmBtn.id])] })).id;
  u.staffCustom = (await makeUser({ userType: "STAFF", roleIds: [await role("CUSTOM", [confirmBtn.id], [hq.id])] })).id;
  u.staffSelfLinked = (await makeUser({ userType: "STAFF", companyIds: [company], roleIds: [await role("SELF", [confirmBtn.id])] })).id;
  // Scope from one role, permission from another: the union of roles counts.
  u.staffSplit = (await makeUser({ userType: "STAFF", organizationId: region, roleIds: [await role("ORG", []), await role("SELF", [confirmBtn.id])] })).id;
  u.staffOtherRegion = (await makeUser({ userType: "STAFF", organizationId: otherRegion, roleIds: [await role("ORG", both)] })).id;
  u.staffSelf = (await makeUser({ userType: "STAFF", roleIds: [await role("SELF", both)] })).id;
  u.staffNoPermission = (await makeUser({ userType: "STAFF", roleIds: [await role("ALL", [viewBtn.id])] })).id;
  u.staffDisabled = (await makeUser({ userType: "STAFF", status: "DISABLED", roleIds: [await role("ALL", both)] })).id;
  u.admin = (await makeUser({ userType: "ADMIN" })).id;
  const dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  u.dealerA1 = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  u.dealerA2 = (await makeUser({ userType: "DEALER", companyIds: [company, otherCompany], roleIds: [dealerRole] })).id;
  u.dealerLocked = (await makeUser({ userType: "DEALER", status: "LOCKED", companyIds: [company], roleIds: [dealerRole] })).id;
  u.dealerB = (await makeUser({ userType: "DEALER", companyIds: [otherCompany], roleIds: [dealerRole] })).id;
});

describe("recipients", () => {
  it("tells the staff who may confirm it, with the company in their data scope, of a new order", async () => {
    const order = await makeOrder(company, u.dealerA1);
    await inTx((tx) => notifyOrderEvent(tx, { orderId: order.id, event: "order.submitted", actorId: u.dealerA1 }));
    const got = await db().notification.findMany({
      where: { event: "order.submitted", link: `onlineMall/car/order?id=${order.id}` },
      select: { userId: true, title: true, content: true, companyId: true },
    });
    const users = got.map((n) => n.userId).sort((x, y) => x - y);
    // Other tests' and the demo's staff with an ALL scope are recipients too: check ours only.
    expect(users).toEqual(expect.arrayContaining([u.staffAll, u.staffOrg, u.staffTree, u.staffCustom, u.staffSelfLinked, u.staffSplit]));
    for (const not of ["staffOtherRegion", "staffSelf", "staffNoPermission", "staffDisabled", "admin", "dealerA1", "dealerA2", "dealerB"]) expect(users, not).not.toContain(u[not]);
    expect(got[0]).toMatchObject({ companyId: company, title: `New order ${order.orderNo}` });
    expect(got[0].content).toContain("$2,468.50");
  });

  it("tells the company's active dealer users of a status change, never another company's, never the actor", async () => {
    const order = await makeOrder(company, u.dealerA1, { type: "PARTS", status: "REJECTED", rejectReason: "Out of stock" });
    await inTx((tx) => notifyOrderEvent(tx, { orderId: order.id, event: "order.rejected", actorId: u.staffAll }));
    const got = await db().notification.findMany({ where: { link: `onlineMall/mountings/order?id=${order.id}` }, select: { userId: true, title: true, content: true } });
    expect(got.map((n) => n.userId).sort((x, y) => x - y)).toEqual([u.dealerA1, u.dealerA2].sort((x, y) => x - y));
    expect(got[0]).toMatchObject({ title: `Order ${order.orderNo} rejected`, content: `Your order ${order.orderNo} was rejected: Out of stock` });

    const cancelled = await makeOrder(company, u.dealerA1, { status: "CANCELLED" });
    await inTx((tx) => notifyOrderEvent(tx, { orderId: cancelled.id, event: "order.cancelled", actorId: u.dealerA1 }));
    expect((await db().notification.findMany({ where: { link: `onlineMall/car/order?id=${cancelled.id}` } })).map((n) => n.userId)).toEqual([u.dealerA2]);
  });

  it("handles pre-order events the same way", async () => {
    const pre = await makePreOrder(company, u.dealerA1);
    await inTx((tx) => notifyPreOrderEvent(tx, { preOrderId: pre.id, event: "preOrder.submitted", actorId: u.dealerA1 }));
    const staff = (await db().notification.findMany({ where: { link: `onlineMall/car/preOrder?id=${pre.id}` } })).map((n) => n.userId).sort((x, y) => x - y);
    // Only the roles granting preOrder:confirm.
    expect(staff).toEqual(expect.arrayContaining([u.staffAll, u.staffOrg]));
    for (const not of ["staffTree", "staffCustom", "staffSelfLinked", "staffOtherRegion", "dealerA1", "dealerA2"]) expect(staff, not).not.toContain(u[not]);
    await db().preOrder.update({ where: { id: pre.id }, data: { status: "CONFIRMED", expectedDate: new Date("2030-05-06") } });
    await inTx((tx) => notifyPreOrderEvent(tx, { preOrderId: pre.id, event: "preOrder.confirmed", actorId: u.staffAll }));
    const dealer = await db().notification.findMany({ where: { link: `onlineMall/car/preOrder?id=${pre.id}`, event: "preOrder.confirmed" } });
    expect(dealer.map((n) => n.userId).sort((x, y) => x - y)).toEqual([u.dealerA1, u.dealerA2].sort((x, y) => x - y));
    expect(dealer[0].content).toContain("2030-05-06");
  });

  it("sends nothing for an event whose template is switched off, and nothing when the transaction rolls back", async () => {
    await db().messageTemplate.update({ where: { event_channel: { event: "order.shipped", channel: "IN_APP" } }, data: { enabled: false } });
    invalidateTemplates();
    try {
      const order = await makeOrder(company, u.dealerA1, { status: "SHIPPED" });
      await inTx((tx) => notifyOrderEvent(tx, { orderId: order.id, event: "order.shipped", actorId: u.staffAll }));
      expect(await db().notification.count({ where: { link: `onlineMall/car/order?id=${order.id}` } })).toBe(0);
    } finally {
      await db().messageTemplate.update({ where: { event_channel: { event: "order.shipped", channel: "IN_APP" } }, data: { enabled: true } });
      invalidateTemplates();
    }
    const order = await makeOrder(company, u.dealerA1, { status: "CONFIRMED" });
    await expect(
      inTx(async (tx) => {
        await notifyOrderEvent(tx, { orderId: order.id, event: "order.confirmed", actorId: u.staffAll });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db().notification.count({ where: { link: `onlineMall/car/order?id=${order.id}` } })).toBe(0);
  });

  it("finds the recipients in a constant number of queries", async () => {
    const order = await makeOrder(company, u.dealerA1);
    const extra: number[] = [];
    const count = async (extraStaff: number) => {
      for (let i = 0; i < extraStaff; i++)
        extra.push(
          (
            await makeUser({
              userType: "STAFF",
              roleIds: [(await makeRole({ dataScope: "ALL", menuIds: [(await makeMenu({ type: "BUTTON", permission: "order:confirm" })).id] })).id],
            })
          ).id,
        );
      let queries = 0;
      await inTx(async (tx) => {
        const counting = new Proxy(tx, {
          get(target, prop, recv) {
            const v = Reflect.get(target, prop, recv) as unknown;
            if (prop === "$queryRaw" && typeof v === "function")
              return (...a: unknown[]) => {
                queries++;
                return (v as (...x: unknown[]) => unknown).apply(target, a);
              };
            if (typeof prop === "string" && v && typeof v === "object" && ["user", "organization", "order", "notification"].includes(prop))
              return new Proxy(v as object, {
                get: (t, p) => {
                  const f = Reflect.get(t, p) as unknown;
                  return typeof f === "function"
                    ? (...a: unknown[]) => {
                        queries++;
                        return (f as (...x: unknown[]) => unknown).apply(t, a);
                      }
                    : f;
                },
              });
            return v;
          },
        });
        await notifyOrderEvent(counting, { orderId: order.id, event: "order.submitted", actorId: u.dealerA1 });
      });
      return queries;
    };
    const few = await count(0);
    const many = await count(5);
    // The order, the recipients (one statement), the notifications.
    expect(few).toBeGreaterThanOrEqual(3);
    expect(many).toBe(few);
    await db()
      .notification.count({ where: { userId: { in: extra } } })
      .then((n) => expect(n).toBeGreaterThanOrEqual(5));
    // Keep later runs' recipient lists small.
    await db().user.updateMany({ where: { id: { in: extra } }, data: { status: "DISABLED" } });
  });
});

describe("the bell", () => {
  it("renders a notification in the reader's language and counts unread ones", async () => {
    const order = await makeOrder(company, u.dealerA1, { status: "CONFIRMED" });
    await inTx((tx) => notifyOrderEvent(tx, { orderId: order.id, event: "order.confirmed", actorId: u.staffAll }));
    const viewer = (await actAs({ id: u.dealerA1 }, company))!;
    const en = await notificationFeed(viewer, "en-US");
    expect(en.items[0]).toMatchObject({ title: `Order ${order.orderNo} confirmed`, read: false, link: `onlineMall/car/order?id=${order.id}` });
    expect(en.items[0].content).toContain("$2,468.50");
    const zh = await notificationFeed(viewer, "zh-CN");
    expect(zh.items[0]).toMatchObject({ title: `订单 ${order.orderNo} 已确认` });
    expect(zh.items[0].content).toContain("¥2,468.50");
    expect(zh.unread).toBe(en.unread);
    expect(en.unread).toBeGreaterThan(0);
  });

  it("shows a dealer only the notifications of the company chosen at sign-in", async () => {
    const inB = await makeOrder(otherCompany, u.dealerB, { status: "CONFIRMED" });
    await inTx((tx) => notifyOrderEvent(tx, { orderId: inB.id, event: "order.confirmed", actorId: u.staffAll }));
    const asA = (await actAs({ id: u.dealerA2 }, company))!;
    expect((await notificationFeed(asA, "en-US", { limit: 50 })).items.map((i) => i.link)).not.toContain(`onlineMall/car/order?id=${inB.id}`);
    const asB = (await actAs({ id: u.dealerA2 }, otherCompany))!;
    expect((await notificationFeed(asB, "en-US", { limit: 50 })).items.map((i) => i.link)).toContain(`onlineMall/car/order?id=${inB.id}`);
    const row = (await inbox(u.dealerA2)).find((n) => n.link === `onlineMall/car/order?id=${inB.id}`)!;
    await expect(markNotificationRead(asA, row.id)).rejects.toMatchObject({ status: 404 });
  });

  it("marks only the reader's own notifications read", async () => {
    const order = await makeOrder(company, u.dealerA1, { status: "COMPLETED" });
    await inTx((tx) => notifyOrderEvent(tx, { orderId: order.id, event: "order.completed", actorId: u.staffAll }));
    const mine = (await inbox(u.dealerA1, "order.completed")).at(-1)!;
    const theirs = (await inbox(u.dealerA2, "order.completed")).at(-1)!;
    const a1 = (await actAs({ id: u.dealerA1 }, company))!;
    await expect(markNotificationRead(a1, theirs.id)).rejects.toMatchObject({ status: 404 });
    expect(await markNotificationRead(a1, mine.id)).toEqual({ id: mine.id, read: true });
    expect((await db().notification.findUniqueOrThrow({ where: { id: theirs.id } })).readAt).toBeNull();
    await markAllNotificationsRead(a1);
    expect(await db().notification.count({ where: { userId: u.dealerA1, companyId: company, readAt: null } })).toBe(0);
    expect((await db().notification.findUniqueOrThrow({ where: { id: theirs.id } })).readAt).toBeNull();
    expect((await notificationFeed(a1, "en-US")).unread).toBe(0);
  });

  it("answers the REST endpoints: 401 anonymous, 404 for another user's notification, the feed otherwise", async () => {
    const req = (path: string, method = "GET") => new NextRequest(`http://localhost/customerWeb/api/v1/notifications${path}`, { method });
    await actAs(null);
    expect((await listRoute(req(""))).status).toBe(401);
    const theirs = (await inbox(u.dealerA1)).at(-1)!;
    await actAs({ id: u.dealerA2 }, company);
    const res = await readRoute(req(`/${theirs.id}/read`, "POST"), { params: Promise.resolve({ id: String(theirs.id) }) });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND", message: expect.any(String) });
    expect((await readRoute(req("/abc/read", "POST"), { params: Promise.resolve({ id: "abc" }) })).status).toBe(404);
    const list = await listRoute(req("?limit=2"));
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toContain("no-store");
    const body = (await list.json()) as { items: unknown[]; unread: number };
    expect(body.items.length).toBeLessThanOrEqual(2);
    expect((await listRoute(req("?limit=500"))).status).toBe(422);
    expect(await (await readAllRoute(req("/read-all", "POST"))).json()).toMatchObject({ updated: expect.any(Number) });
  });
});
