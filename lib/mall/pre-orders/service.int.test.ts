import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeMenu, makeRole, makeUser, nowSeconds, uid } from "@/lib/test/factories";
import type { AuditCtx } from "@/lib/core/audit";
import { cancelPreOrderAction, confirmPreOrderAction, convertPreOrderAction, createPreOrderAction, rejectPreOrderAction } from "./actions";
import { listPreOrders, parsePreOrderFilters, preOrderDetail } from "./queries";
import { shanghaiToday } from "./states";
import { cancelPreOrder, confirmPreOrder, convertPreOrder, createPreOrder, rejectPreOrder } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Pre-orders against PostgreSQL: every transition of the table and every refusal (changing
// nothing), cancel racing confirm, conversion with too little stock, tenancy (404 for another
// company's pre-order on every action), and the list's constant query count.

type Dealer = { company: number; user: number; viewer: Viewer; address: number };
let dealerRole: number;
let staff: Viewer;
let a: Dealer;
let b: Dealer;
let region: number;
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });
const future = () => {
  const d = new Date(Date.now() + 30 * 86_400_000);
  return d.toISOString().slice(0, 10);
};

async function makeDealer(): Promise<Dealer> {
  const company = (await makeCompany()).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  const viewer = (await loadViewer(user, company, nowSeconds()))!;
  const address = (
    await db().address.create({ data: { companyId: company, receiver: "Wang Fang", phone: "13912345678", regionAreaId: region, address: "No. 1 Test Road", isDefault: true } })
  ).id;
  return { company, user, viewer, address };
}

async function makeVehicleGoods(over: { stock?: number; minOrderQty?: number; onSale?: boolean; price?: string; kind?: "VEHICLE" | "PART" } = {}) {
  const code = uid("GV");
  return db().goods.create({
    data: {
      kind: over.kind ?? "VEHICLE",
      code,
      nameEn: `Aurora ${code}`,
      nameZh: `极光${code}`,
      config: "2.0T AWD",
      price: over.price ?? "199999.99",
      stock: over.stock ?? 5,
      minOrderQty: over.minOrderQty ?? 1,
      onSale: over.onSale ?? true,
    },
  });
}

const form = (d: Dealer, goodsId: number, over: Record<string, unknown> = {}) => ({
  goodsId,
  quantity: 2,
  phone: "13912345678",
  deliveryWay: "LOGISTICS",
  addressId: d.address,
  carrierType: "CAR_CARRIER",
  secondaryDestination: null,
  remark: "Blue please",
  ...over,
});
const create = async (d: Dealer, goodsId: number, over: Record<string, unknown> = {}) => createPreOrder(d.viewer, ctxOf(d.viewer), form(d, goodsId, over) as never);
const row = (id: number) => db().preOrder.findUniqueOrThrow({ where: { id } });
const events = (id: number) => db().statusEvent.findMany({ where: { entity: "PreOrder", entityId: id }, orderBy: { id: "asc" } });
const audits = (id: number) => db().auditLog.findMany({ where: { entity: "PreOrder", entityId: String(id) }, orderBy: { id: "asc" } });
const stockOf = async (id: number) => (await db().goods.findUniqueOrThrow({ where: { id }, select: { stock: true } })).stock;

/** Runs `f` with db() on an instrumented pool and answers how many SQL statements it sent. */
async function countQueries(f: () => Promise<unknown>): Promise<number> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  let n = 0;
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => (n++, query(...a));
  const counting = new PrismaClient({ adapter: new PrismaPg(pool) });
  const saved = holder.__dealerPrisma;
  holder.__dealerPrisma = counting;
  try {
    await f();
  } finally {
    holder.__dealerPrisma = saved;
    await counting.$disconnect();
    await pool.end().catch(() => undefined);
  }
  return n;
}

async function expectDomain(p: Promise<unknown>, key: string, status?: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
}

/** A transition that must be refused leaves the row, its history and its audit as they were. */
async function unchanged(id: number, attempt: () => Promise<unknown>, key: string, status?: number) {
  const before = [await row(id), (await events(id)).length, (await audits(id)).length];
  await expectDomain(attempt(), key, status);
  expect([await row(id), (await events(id)).length, (await audits(id)).length]).toEqual(before);
}

beforeAll(async () => {
  setTestLocale("en-US");
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  region = (await db().regionArea.findUniqueOrThrow({ where: { code: "310115" }, select: { id: true } })).id;
  const salesOps = (await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } })).id;
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [salesOps] })).id, null, nowSeconds()))!;
  a = await makeDealer();
  b = await makeDealer();
});

describe("creating a pre-order", () => {
  it("copies the goods and the address, numbers it PO…, reserves no stock, records history, audit and tells staff", async () => {
    const goods = await makeVehicleGoods({ stock: 0 });
    const out = await create(a, goods.id);
    expect(out.preOrderNo).toMatch(/^PO\d{8}\d+$/);
    const p = await row(out.id);
    expect(p).toMatchObject({
      companyId: a.company,
      creatorId: a.user,
      status: "SUBMITTED",
      nameEn: goods.nameEn,
      config: "2.0T AWD",
      quantity: 2,
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      carrierType: "CAR_CARRIER",
      remark: "Blue please",
    });
    expect(p.price.toFixed(2)).toBe("199999.99");
    expect(p.amount.toFixed(2)).toBe("399999.98");
    expect(p.address).toContain("No. 1 Test Road");
    expect(await stockOf(goods.id)).toBe(0);
    expect((await events(out.id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, "SUBMITTED"]]);
    expect((await audits(out.id)).map((x) => x.action)).toEqual(["create"]);
    expect(await db().notification.count({ where: { event: "preOrder.submitted", link: `onlineMall/car/preOrder?id=${out.id}`, userId: staff.userId } })).toBe(1);
  });

  it("refuses bad input with a clear message and saves nothing", async () => {
    const goods = await makeVehicleGoods({ minOrderQty: 3 });
    const before = await db().preOrder.count({ where: { companyId: a.company } });
    await actAs({ id: a.user }, a.company);
    for (const quantity of [0, -1, 1.5, 100000, "2", null]) {
      const res = await createPreOrderAction(form(a, goods.id, { quantity }));
      expect(res.ok, String(quantity)).toBe(false);
      expect((res as { fieldErrors: Record<string, string> }).fieldErrors.quantity).toMatch(/Quantity/);
    }
    expect(await createPreOrderAction(form(a, goods.id, { quantity: 2 }))).toMatchObject({
      ok: false,
      fieldErrors: { quantity: "The quantity must be at least the minimum order quantity (3)." },
    });
    expect(await createPreOrderAction(form(a, goods.id, { quantity: 3, phone: "123" }))).toMatchObject({ ok: false, fieldErrors: { phone: expect.stringContaining("phone") } });
    expect(await createPreOrderAction(form(a, goods.id, { quantity: 3, deliveryWay: "TELEPORT" }))).toMatchObject({ ok: false, fieldErrors: { deliveryWay: expect.any(String) } });
    expect(await createPreOrderAction(form(a, goods.id, { quantity: 3, addressId: b.address }))).toMatchObject({
      ok: false,
      fieldErrors: { addressId: "Please choose an address from your address book." },
    });
    const part = await makeVehicleGoods({ kind: "PART" });
    expect(await createPreOrderAction(form(a, part.id, { quantity: 3 }))).toMatchObject({ ok: false, fieldErrors: { goodsId: "This vehicle does not exist." } });
    const off = await makeVehicleGoods({ onSale: false });
    expect(await createPreOrderAction(form(a, off.id))).toMatchObject({ ok: false, message: expect.stringContaining("not on sale") });
    expect(await db().preOrder.count({ where: { companyId: a.company } })).toBe(before);
    // Staff cannot create one (no company); the action refuses before the service.
    await actAs({ id: staff.userId });
    expect(await createPreOrderAction(form(a, goods.id, { quantity: 3 }))).toMatchObject({ ok: false });
    expect(await db().preOrder.count({ where: { companyId: a.company } })).toBe(before);
  });
});

describe("transitions", () => {
  it("SUBMITTED → CONFIRMED (with a date) → CONVERTED: the order is placed, linked, stock reserved, the dealer told", async () => {
    const goods = await makeVehicleGoods({ stock: 5 });
    const { id } = await create(a, goods.id);
    const day = future();
    expect(await confirmPreOrder(staff, ctxOf(staff), id, day)).toMatchObject({ status: "CONFIRMED" });
    expect((await row(id)).expectedDate?.toISOString().slice(0, 10)).toBe(day);
    const out = await convertPreOrder(staff, ctxOf(staff), id);
    expect(out).toMatchObject({ status: "CONVERTED", orderId: expect.any(Number), orderNo: expect.stringMatching(/^SO/) });
    const order = await db().order.findUniqueOrThrow({ where: { id: out.orderId! }, include: { lines: true, preOrder: true } });
    expect(order).toMatchObject({
      companyId: a.company,
      creatorId: a.user,
      type: "VEHICLE",
      status: "SUBMITTED",
      quantity: 2,
      receiver: "Wang Fang",
      deliveryWay: "LOGISTICS",
      carrierType: "CAR_CARRIER",
    });
    expect(order.preOrder?.id).toBe(id);
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ goodsId: goods.id, quantity: 2 });
    expect(await stockOf(goods.id)).toBe(3);
    expect((await events(id)).map((e) => e.toStatus)).toEqual(["SUBMITTED", "CONFIRMED", "CONVERTED"]);
    expect((await audits(id)).map((x) => x.action)).toEqual(["create", "confirm", "convert"]);
    const told = await db().notification.findMany({ where: { userId: a.user, link: `onlineMall/car/preOrder?id=${id}` }, orderBy: { id: "asc" } });
    expect(told.map((n) => n.event)).toEqual(["preOrder.confirmed", "preOrder.converted"]);
    expect(told[1].content).toContain(out.orderNo!);
    // The dealer's detail links the order.
    expect((await preOrderDetail(a.viewer, id)).order).toMatchObject({ id: out.orderId, orderNo: out.orderNo });
  });

  it("SUBMITTED → REJECTED (staff, reason) and SUBMITTED → CANCELLED (dealer); CONFIRMED → CANCELLED (staff)", async () => {
    const goods = await makeVehicleGoods();
    const r = await create(a, goods.id);
    await rejectPreOrder(staff, ctxOf(staff), r.id, "Model discontinued");
    expect(await row(r.id)).toMatchObject({ status: "REJECTED", rejectReason: "Model discontinued" });
    const c = await create(a, goods.id);
    await cancelPreOrder(a.viewer, ctxOf(a.viewer), c.id, "Customer changed mind");
    expect(await row(c.id)).toMatchObject({ status: "CANCELLED" });
    expect((await events(c.id)).at(-1)).toMatchObject({ fromStatus: "SUBMITTED", toStatus: "CANCELLED", note: "Customer changed mind", userId: a.user });
    const s = await create(a, goods.id);
    await confirmPreOrder(staff, ctxOf(staff), s.id, shanghaiToday());
    await cancelPreOrder(staff, ctxOf(staff), s.id);
    expect(await row(s.id)).toMatchObject({ status: "CANCELLED" });
  });

  it("refuses every move outside the table and changes nothing", async () => {
    const goods = await makeVehicleGoods();
    const sub = (await create(a, goods.id)).id;
    // Dealer moves on a SUBMITTED one that belong to staff; staff cancelling a SUBMITTED one.
    await unchanged(sub, () => confirmPreOrder(a.viewer, ctxOf(a.viewer), sub, future()), "Common.forbidden", 403);
    await unchanged(sub, () => convertPreOrder(staff, ctxOf(staff), sub), "PreOrders.errors.wrongState", 409);
    await unchanged(sub, () => cancelPreOrder(staff, ctxOf(staff), sub), "PreOrders.errors.wrongState", 409);
    await unchanged(sub, () => confirmPreOrder(staff, ctxOf(staff), sub, "2001-01-01"), "PreOrders.errors.pastDate", 400);
    await confirmPreOrder(staff, ctxOf(staff), sub, future());
    // CONFIRMED: the dealer can no longer cancel; no second confirm, no reject.
    await unchanged(sub, () => cancelPreOrder(a.viewer, ctxOf(a.viewer), sub), "PreOrders.errors.wrongState", 409);
    await unchanged(sub, () => confirmPreOrder(staff, ctxOf(staff), sub, future()), "PreOrders.errors.wrongState", 409);
    await unchanged(sub, () => rejectPreOrder(staff, ctxOf(staff), sub, "no"), "PreOrders.errors.wrongState", 409);
    await cancelPreOrder(staff, ctxOf(staff), sub);
    // Final states take nothing.
    for (const attempt of [
      () => convertPreOrder(staff, ctxOf(staff), sub),
      () => cancelPreOrder(staff, ctxOf(staff), sub),
      () => confirmPreOrder(staff, ctxOf(staff), sub, future()),
    ])
      await unchanged(sub, attempt, "PreOrders.errors.wrongState", 409);
    // Staff without the permission: 403, nothing changes.
    const viewOnly = await makeRole({ dataScope: "ALL", menuIds: [(await makeMenu({ type: "BUTTON", permission: "preOrder:reject" })).id] });
    const clerk = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [viewOnly.id] })).id, null, nowSeconds()))!;
    const other = (await create(a, goods.id)).id;
    await unchanged(other, () => confirmPreOrder(clerk, ctxOf(clerk), other, future()), "Common.forbidden", 403);
  });

  it("cancel raced with confirm: exactly one wins, the other is refused", async () => {
    const goods = await makeVehicleGoods();
    for (let i = 0; i < 5; i++) {
      const { id } = await create(a, goods.id);
      const results = await Promise.allSettled([cancelPreOrder(a.viewer, ctxOf(a.viewer), id), confirmPreOrder(staff, ctxOf(staff), id, future())]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ key: "PreOrders.errors.wrongState", status: 409 });
      const p = await row(id);
      expect(["CANCELLED", "CONFIRMED"]).toContain(p.status);
      expect((await events(id)).map((e) => e.toStatus)).toEqual(["SUBMITTED", p.status]);
    }
  });

  it("converting with too little stock answers 409 and changes nothing (stock, pre-order, orders)", async () => {
    const goods = await makeVehicleGoods({ stock: 1 });
    const { id } = await create(a, goods.id, { quantity: 2 });
    await confirmPreOrder(staff, ctxOf(staff), id, future());
    const orders = await db().order.count({ where: { companyId: a.company } });
    await unchanged(id, () => convertPreOrder(staff, ctxOf(staff), id), "Orders.errors.outOfStock", 409);
    expect(await stockOf(goods.id)).toBe(1);
    expect(await db().order.count({ where: { companyId: a.company } })).toBe(orders);
    // Through the action the message is translated and names the goods.
    await actAs({ id: staff.userId });
    const res = await convertPreOrderAction({ id });
    expect(res).toMatchObject({ ok: false, message: expect.stringContaining(goods.nameEn) });
    // Stock arrives: the conversion goes through.
    await db().goods.update({ where: { id: goods.id }, data: { stock: 2 } });
    expect(await convertPreOrderAction({ id })).toMatchObject({ ok: true, data: { status: "CONVERTED" } });
    expect(await stockOf(goods.id)).toBe(0);
  });
});

describe("tenancy", () => {
  it("dealer B gets 404 for A's pre-order on every read and action; staff outside the scope too", async () => {
    const goods = await makeVehicleGoods();
    const { id } = await create(a, goods.id);
    await expect(preOrderDetail(b.viewer, id)).rejects.toBeInstanceOf(NotFoundError);
    await unchanged(id, () => cancelPreOrder(b.viewer, ctxOf(b.viewer), id), "Errors.notFound", 404);
    await actAs({ id: b.user }, b.company);
    for (const [name, res] of [
      ["cancel", await cancelPreOrderAction({ id })],
      ["confirm", await confirmPreOrderAction({ id, expectedDate: future() })],
      ["reject", await rejectPreOrderAction({ id, reason: "x" })],
      ["convert", await convertPreOrderAction({ id })],
    ] as const)
      expect(res, name).toMatchObject({ ok: false });
    expect((await cancelPreOrderAction({ id })) as { message: string }).toMatchObject({ message: "The record does not exist or you may not see it." });
    expect((await row(id)).status).toBe("SUBMITTED");
    expect((await listPreOrders(b.viewer, parsePreOrderFilters(new URLSearchParams()))).rows.map((r) => r.id)).not.toContain(id);
    // A regional staff member whose scope is another organization.
    const otherOrg = (await db().organization.create({ data: { code: uid("ORG"), nameEn: "x", nameZh: "x", type: "REGION" } })).id;
    const role = await makeRole({ dataScope: "ORG", menuIds: [(await makeMenu({ type: "BUTTON", permission: "preOrder:confirm" })).id] });
    const regional = (await loadViewer((await makeUser({ userType: "STAFF", organizationId: otherOrg, roleIds: [role.id] })).id, null, nowSeconds()))!;
    await unchanged(id, () => confirmPreOrder(regional, ctxOf(regional), id, future()), "Errors.notFound", 404);
  });
});

describe("the list", () => {
  it("filters by status, number and date, pages by keyset, and costs the same queries for any page size", async () => {
    const goods = await makeVehicleGoods();
    const d = await makeDealer();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await create(d, goods.id));
    await rejectPreOrder(staff, ctxOf(staff), made[0].id, "no");
    const all = await listPreOrders(d.viewer, parsePreOrderFilters(new URLSearchParams()));
    expect(all.rows.map((r) => r.id)).toEqual(made.map((m) => m.id).reverse());
    expect(all.total).toEqual({ count: 5, capped: false });
    expect((await listPreOrders(d.viewer, parsePreOrderFilters(new URLSearchParams({ status: "REJECTED" })))).rows.map((r) => r.id)).toEqual([made[0].id]);
    expect((await listPreOrders(d.viewer, parsePreOrderFilters(new URLSearchParams({ preOrderNo: made[2].preOrderNo })))).rows.map((r) => r.id)).toEqual([made[2].id]);
    expect((await listPreOrders(d.viewer, parsePreOrderFilters(new URLSearchParams({ to: "2001-01-01" })))).rows).toEqual([]);
    const p1 = await listPreOrders(d.viewer, parsePreOrderFilters(new URLSearchParams({ size: "2" })));
    const p2 = await listPreOrders(d.viewer, parsePreOrderFilters(new URLSearchParams({ size: "2", cursor: p1.next! })));
    expect(p2.rows.map((r) => r.id)).toEqual([made[2].id, made[1].id]);
    const back = await listPreOrders(d.viewer, parsePreOrderFilters(new URLSearchParams({ size: "2", cursor: p2.prev! })));
    expect(back.rows.map((r) => r.id)).toEqual(p1.rows.map((r) => r.id));
    // Staff see it with the company, in scope.
    expect((await listPreOrders(staff, parsePreOrderFilters(new URLSearchParams({ preOrderNo: made[1].preOrderNo })))).rows[0]).toMatchObject({
      id: made[1].id,
      company: { code: expect.any(String) },
    });

    const queries = (size: string) => countQueries(() => listPreOrders(d.viewer, parsePreOrderFilters(new URLSearchParams({ size }))));
    expect(await queries("1")).toBe(await queries("100"));
    // The page (Prisma loads company, creator and order as one query each) and the capped count.
    expect(await queries("100")).toBeLessThanOrEqual(5);
    expect(await queries("1")).toBeGreaterThan(0);
  });
});
