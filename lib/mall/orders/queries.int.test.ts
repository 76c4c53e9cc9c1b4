import { PrismaPg } from "@prisma/adapter-pg";
import { beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { OrderStatus, OrderType } from "@/lib/generated/prisma/enums";
import { makeCompany, makeOrganization, makeRole, makeUser, makeVehicleModel, nowSeconds, uid } from "@/lib/test/factories";
import { withCheckDigit } from "@/lib/vehicles/vin";
import { allowedActions, listOrders, loadOrderRoute, orderDetail, parseOrderFilters, shippableVins, type OrderListPage } from "./queries";
import { parseReconcileFilters, reconcile } from "./reconcile";

// The order lists, details and reconciliation against PostgreSQL: a dealer reads only its
// company's orders (another's answers 404), staff only their data scope; the filters; keyset
// pages that stay stable while orders arrive; a query count that does not grow with the page
// size; reconciliation sums in decimals without cancelled or rejected orders.

type Dealer = { company: number; user: number; viewer: Viewer };
let dealerRole: number;
let orgA: number;
let a: Dealer;
let b: Dealer;
let staffAll: Viewer;
let staffOrgA: Viewer;
let partGoods: number;
let vehicleGoods: number;

async function makeDealer(organizationId?: number): Promise<Dealer> {
  const company = (await makeCompany(organizationId)).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  return { company, user, viewer: (await loadViewer(user, company, nowSeconds()))! };
}

type Over = { type?: OrderType; status?: OrderStatus; amount?: string; paid?: string; createdAt?: Date; dealerDeleted?: boolean; orderNo?: string; quantity?: number };
async function makeOrder(d: Dealer, over: Over = {}) {
  const type = over.type ?? "PARTS";
  const amount = over.amount ?? "100.00";
  const quantity = over.quantity ?? 1;
  return db().order.create({
    data: {
      orderNo: over.orderNo ?? uid("T").toUpperCase(),
      type,
      companyId: d.company,
      creatorId: d.user,
      status: over.status ?? "SUBMITTED",
      quantity,
      amount,
      paidAmount: over.paid ?? "0",
      phone: "13912345678",
      deliveryWay: "LOGISTICS",
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      address: "Shanghai No. 1 Test Road",
      dealerDeleted: over.dealerDeleted ?? false,
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
      lines: {
        create: [
          {
            goodsId: type === "VEHICLE" ? vehicleGoods : partGoods,
            kind: type === "VEHICLE" ? "VEHICLE" : "PART",
            nameEn: "Line",
            nameZh: "行",
            price: amount,
            quantity,
            subtotal: amount,
          },
        ],
      },
    },
    select: { id: true, orderNo: true, createdAt: true },
  });
}

/** A valid, unique VIN: "LGW" + 6 random hex + check digit + a 7-digit serial. */
const vinOf = (stem: string, n: number) => withCheckDigit(`LGW${stem}0${String(n).padStart(7, "0")}`);
const vinStem = () => uid("").slice(1, 7).toUpperCase();

const filters = (q: Record<string, string | number> = {}) => parseOrderFilters(new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])));
const nos = (p: OrderListPage) => p.rows.map((r) => r.orderNo);

/** Runs `fn` against a client that counts the SQL statements it sends. */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const original = holder.__dealerPrisma;
  const counting = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }), log: [{ emit: "event", level: "query" }] });
  let n = 0;
  counting.$on("query", () => n++);
  holder.__dealerPrisma = counting;
  try {
    await fn();
  } finally {
    holder.__dealerPrisma = original;
    await counting.$disconnect();
  }
  return n;
}

async function staffWith(opts: { dataScope: "ALL" | "ORG"; organizationId?: number; permissions?: string[] }): Promise<Viewer> {
  const menus = opts.permissions?.length ? await db().menu.findMany({ where: { permission: { in: opts.permissions } }, select: { id: true } }) : [];
  const role = await makeRole({ dataScope: opts.dataScope, menuIds: menus.map((m) => m.id) });
  const user = await makeUser({ userType: "STAFF", roleIds: [role.id], organizationId: opts.organizationId ?? null });
  return (await loadViewer(user.id, null, nowSeconds()))!;
}

beforeAll(async () => {
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  orgA = (await makeOrganization()).id;
  a = await makeDealer(orgA);
  b = await makeDealer();
  staffAll = await staffWith({ dataScope: "ALL", permissions: ["order:ship"] });
  staffOrgA = await staffWith({ dataScope: "ORG", organizationId: orgA });
  const g = (kind: "PART" | "VEHICLE") => db().goods.create({ data: { kind, code: uid("G"), nameEn: "Goods", nameZh: "商品", price: "1.00", stock: 0 } });
  partGoods = (await g("PART")).id;
  vehicleGoods = (await g("VEHICLE")).id;
});

describe("tenancy", () => {
  it("shows a dealer only its own company's orders of the route's type, not deleted ones", async () => {
    const mine = await makeOrder(a);
    const mineVehicle = await makeOrder(a, { type: "VEHICLE" });
    const deleted = await makeOrder(a, { status: "CANCELLED", dealerDeleted: true });
    const theirs = await makeOrder(b);
    const parts = await listOrders(a.viewer, "PARTS", filters({ size: 100 }));
    expect(nos(parts)).toContain(mine.orderNo);
    expect(nos(parts)).not.toContain(mineVehicle.orderNo);
    expect(nos(parts)).not.toContain(deleted.orderNo);
    expect(nos(parts)).not.toContain(theirs.orderNo);
    expect(parts.staff).toBe(false);
    expect(nos(await listOrders(a.viewer, "VEHICLE", filters()))).toContain(mineVehicle.orderNo);
  });

  it("answers 404 for another company's order, a deleted one and one of the other type", async () => {
    const theirs = await makeOrder(b);
    const deleted = await makeOrder(a, { status: "REJECTED", dealerDeleted: true });
    const mine = await makeOrder(a);
    await expect(orderDetail(a.viewer, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(orderDetail(a.viewer, deleted.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(orderDetail(a.viewer, 2_000_000_000)).rejects.toBeInstanceOf(NotFoundError);
    expect(await loadOrderRoute(a.viewer, "PARTS", new URLSearchParams({ id: String(theirs.id) }))).toEqual({ kind: "missing" });
    expect(await loadOrderRoute(a.viewer, "VEHICLE", new URLSearchParams({ id: String(mine.id) }))).toEqual({ kind: "missing" });
    expect(await loadOrderRoute(a.viewer, "PARTS", new URLSearchParams({ id: "1 OR 1=1" }))).toEqual({ kind: "missing" });
    const ok = await loadOrderRoute(a.viewer, "PARTS", new URLSearchParams({ id: String(mine.id) }));
    expect(ok).toMatchObject({ kind: "detail", order: { orderNo: mine.orderNo } });
    // The manufacturer keeps what the dealer deleted.
    expect((await orderDetail(staffAll, deleted.id)).dealerDeleted).toBe(true);
  });

  it("limits staff to the companies of their data scope", async () => {
    const inA = await makeOrder(a);
    const inB = await makeOrder(b);
    const scoped = nos(await listOrders(staffOrgA, "PARTS", filters({ size: 100, orderNo: "T" })));
    expect(scoped).toContain(inA.orderNo);
    expect(scoped).not.toContain(inB.orderNo);
    await expect(orderDetail(staffOrgA, inB.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await orderDetail(staffOrgA, inA.id)).orderNo).toBe(inA.orderNo);
    const all = await listOrders(staffAll, "PARTS", filters({ orderNo: inB.orderNo }));
    expect(nos(all)).toEqual([inB.orderNo]);
    expect(all.staff).toBe(true);
    expect(all.rows[0].company.code).toMatch(/^C/);
  });
});

describe("detail", () => {
  it("carries every field of the order, its lines, history, payments, VINs and the viewer's actions", async () => {
    const o = await makeOrder(a, { type: "VEHICLE", status: "SHIPPED", amount: "300.00", paid: "100.00", quantity: 1 });
    await db().order.update({
      where: { id: o.id },
      data: { carrierType: "RAIL", secondaryDestination: "Suzhou", factoryName: "Plant 1", logisticsCompany: "SF", logisticsNo: "SF123", remark: "Call first" },
    });
    await db().statusEvent.createMany({
      data: [
        { entity: "Order", entityId: o.id, toStatus: "SUBMITTED", userId: a.user },
        { entity: "Order", entityId: o.id, fromStatus: "SUBMITTED", toStatus: "CONFIRMED", userId: staffAll.userId },
        { entity: "PreOrder", entityId: o.id, toStatus: "SUBMITTED" },
      ],
    });
    await db().payment.create({
      data: { orderId: o.id, amount: "100.00", paidOn: new Date("2026-01-02T00:00:00Z"), method: "BANK_TRANSFER", reference: "R1", recordedById: staffAll.userId },
    });
    const vin = vinOf(vinStem(), 1);
    await db().vehicle.create({ data: { vin, goodsId: vehicleGoods, vehicleModelId: (await anyModel()).id, status: "IN_TRANSIT", orderId: o.id } });
    const d = await orderDetail(a.viewer, o.id);
    // The pre-order event only had to be there for the read: a real pre-order may get this id
    // later in the shared database (lib/mall/pre-orders/service.int.test.ts counts its events).
    await db().statusEvent.deleteMany({ where: { entity: "PreOrder", entityId: o.id, userId: null } });
    expect(d).toMatchObject({
      orderNo: o.orderNo,
      type: "VEHICLE",
      status: "SHIPPED",
      amount: "300.00",
      paidAmount: "100.00",
      unpaid: "200.00",
      paymentState: "PARTIALLY_PAID",
      phone: "13912345678",
      deliveryWay: "LOGISTICS",
      carrierType: "RAIL",
      secondaryDestination: "Suzhou",
      factoryName: "Plant 1",
      receiver: "Wang Fang",
      address: "Shanghai No. 1 Test Road",
      remark: "Call first",
      logisticsCompany: "SF",
      logisticsNo: "SF123",
      creator: expect.stringContaining("User "),
    });
    expect(d.lines).toHaveLength(1);
    expect(d.events.map((e) => e.to)).toEqual(["SUBMITTED", "CONFIRMED"]);
    expect(d.events[0].user).toMatch(/^User /);
    expect(d.payments).toEqual([expect.objectContaining({ amount: "100.00", paidOn: "2026-01-02", method: "BANK_TRANSFER", reference: "R1" })]);
    expect(d.vehicles.map((v) => v.vin)).toEqual([vin]);
    expect(d.can).toEqual({ moves: ["receive"], delete: false, pay: false });
    expect((await orderDetail(staffAll, o.id)).can.moves).toEqual([]); // staff without order:complete
  });

  it("offers each viewer the buttons of the state table and their permissions", () => {
    const v = (userType: "DEALER" | "STAFF", perms: string[]) => ({ userType, permissions: new Set(perms) }) as unknown as Viewer;
    const dealer = v("DEALER", ["order:cancel", "order:delete", "order:receive"]);
    const staff = v("STAFF", ["order:confirm", "order:reject", "order:ship", "order:cancel", "order:complete", "payment:create"]);
    expect(allowedActions(dealer, "SUBMITTED", "10.00", "0.00")).toEqual({ moves: ["cancel"], delete: false, pay: false });
    expect(allowedActions(dealer, "CANCELLED", "10.00", "0.00")).toEqual({ moves: [], delete: true, pay: false });
    expect(allowedActions(dealer, "SHIPPED", "10.00", "0.00").moves).toEqual(["receive"]);
    expect(allowedActions(staff, "SUBMITTED", "10.00", "0.00")).toEqual({ moves: ["confirm", "reject"], delete: false, pay: true });
    expect(allowedActions(staff, "CONFIRMED", "10.00", "10.00")).toEqual({ moves: ["staffCancel", "ship"], delete: false, pay: false });
    expect(allowedActions(staff, "REJECTED", "10.00", "0.00")).toEqual({ moves: [], delete: false, pay: false });
    expect(allowedActions(v("STAFF", []), "SUBMITTED", "10.00", "0.00")).toEqual({ moves: [], delete: false, pay: false });
  });
});

const anyModel = () => makeVehicleModel();

describe("filters", () => {
  it("filters by status, number prefix, Shanghai order days, payment state and company", async () => {
    const d = await makeDealer();
    const p = uid("F").toUpperCase();
    // 2026-03-01 23:30 in Shanghai is 15:30 UTC; 2026-03-02 00:30 in Shanghai is 16:30 UTC on 03-01.
    const late = await makeOrder(d, { orderNo: `${p}1`, createdAt: new Date("2026-03-01T15:30:00Z"), status: "CONFIRMED", amount: "50.00", paid: "50.00" });
    const early = await makeOrder(d, { orderNo: `${p}2`, createdAt: new Date("2026-03-01T16:30:00Z"), amount: "50.00", paid: "20.00" });
    const cancelled = await makeOrder(d, { orderNo: `${p}3`, createdAt: new Date("2026-03-05T04:00:00Z"), status: "CANCELLED" });
    const list = async (q: Record<string, string | number>) => nos(await listOrders(d.viewer, "PARTS", filters({ orderNo: p, ...q })));
    expect(await list({})).toEqual([cancelled.orderNo, early.orderNo, late.orderNo]);
    expect(await list({ orderNo: `${p}2` })).toEqual([early.orderNo]);
    expect(await list({ orderNo: p.toLowerCase() })).toHaveLength(3);
    expect(await list({ status: "CONFIRMED" })).toEqual([late.orderNo]);
    expect(await list({ status: "VALID" })).toEqual([early.orderNo, late.orderNo]);
    expect(await list({ from: "2026-03-01", to: "2026-03-01" })).toEqual([late.orderNo]);
    expect(await list({ from: "2026-03-02" })).toEqual([cancelled.orderNo, early.orderNo]);
    expect(await list({ to: "2026-03-02" })).toEqual([early.orderNo, late.orderNo]);
    expect(await list({ payment: "PAID" })).toEqual([late.orderNo]);
    expect(await list({ payment: "PARTIALLY_PAID" })).toEqual([early.orderNo]);
    expect(await list({ payment: "UNPAID" })).toEqual([cancelled.orderNo]);
    expect(await list({ payment: "OUTSTANDING" })).toEqual([early.orderNo]);
    // Garbage is ignored rather than failing the page.
    expect(await list({ status: "NOPE", payment: "x", from: "2026-13-45", size: 100000 })).toHaveLength(3);
    // A dealer's company filter is ignored; staff filter by code or name.
    const code = (await db().company.findUniqueOrThrow({ where: { id: d.company }, select: { code: true } })).code;
    expect(await list({ company: "no-such-company" })).toHaveLength(3);
    expect(nos(await listOrders(staffAll, "PARTS", filters({ orderNo: p, company: code.toLowerCase() })))).toHaveLength(3);
    expect(nos(await listOrders(staffAll, "PARTS", filters({ orderNo: p, company: "no-such-company" })))).toEqual([]);
  });

  it("parses what the URL carries defensively", () => {
    expect(filters({ orderNo: "so-12%_'; --", size: 0, cursor: "zzz", status: "SHIPPED", payment: "PAID" })).toMatchObject({
      orderNo: "SO-12--",
      size: 20,
      cursor: "",
      status: "SHIPPED",
      payment: "PAID",
    });
    expect(filters({ size: 100, cursor: "a1700000000000_5" })).toMatchObject({ size: 100, cursor: "a1700000000000_5" });
    expect(filters({ size: 101 }).size).toBe(20);
  });
});

describe("keyset pages", () => {
  let d: Dealer;
  let all: string[];
  const p = uid("K").toUpperCase();
  beforeAll(async () => {
    d = await makeDealer();
    // Two orders share a timestamp: the id breaks the tie.
    const same = new Date("2026-05-01T02:00:00Z");
    for (let i = 0; i < 7; i++) await makeOrder(d, { orderNo: `${p}${i}`, createdAt: i < 2 ? same : new Date(Date.UTC(2026, 4, 1, 3 + i)) });
    all = nos(await listOrders(d.viewer, "PARTS", filters({ orderNo: p, size: 100 })));
  });

  it("walks every order exactly once, newest first, and back again", async () => {
    expect(all).toHaveLength(7);
    const seen: string[] = [];
    let page = await listOrders(d.viewer, "PARTS", filters({ orderNo: p, size: 3 }));
    expect(page.prev).toBeNull();
    const pages = [page];
    while (true) {
      seen.push(...nos(page));
      if (!page.next) break;
      page = await listOrders(d.viewer, "PARTS", filters({ orderNo: p, size: 3, cursor: page.next }));
      pages.push(page);
    }
    expect(seen).toEqual(all);
    expect(pages.map((x) => x.rows.length)).toEqual([3, 3, 1]);
    expect(pages[2].next).toBeNull();
    const back = await listOrders(d.viewer, "PARTS", filters({ orderNo: p, size: 3, cursor: pages[2].prev! }));
    expect(nos(back)).toEqual(nos(pages[1]));
    const first = await listOrders(d.viewer, "PARTS", filters({ orderNo: p, size: 3, cursor: back.prev! }));
    expect(nos(first)).toEqual(nos(pages[0]));
    expect(first.prev).toBeNull();
    expect(first.total).toEqual({ count: 7, capped: false });
  });

  it("keeps the next page stable when new orders arrive in between", async () => {
    const page1 = await listOrders(d.viewer, "PARTS", filters({ orderNo: p, size: 3 }));
    await makeOrder(d, { orderNo: `${p}N` });
    const page2 = await listOrders(d.viewer, "PARTS", filters({ orderNo: p, size: 3, cursor: page1.next! }));
    expect(nos(page2)).toEqual(all.slice(3, 6));
  });
});

describe("cost", () => {
  it("sends the same number of queries for a page of 5 and of 50", async () => {
    const d = await makeDealer();
    const p = uid("Q").toUpperCase();
    await db().order.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        orderNo: `${p}${String(i).padStart(3, "0")}`,
        type: "PARTS" as const,
        companyId: d.company,
        creatorId: d.user,
        quantity: 1,
        amount: "1.00",
        phone: "1",
        deliveryWay: "LOGISTICS",
        receiver: "R",
        receiverPhone: "1",
        address: "A",
      })),
    });
    for (const viewer of [d.viewer, staffAll]) {
      let small: OrderListPage | null = null;
      let big: OrderListPage | null = null;
      const q5 = await countQueries(async () => (small = await listOrders(viewer, "PARTS", filters({ orderNo: p, size: 5 }))));
      const q50 = await countQueries(async () => (big = await listOrders(viewer, "PARTS", filters({ orderNo: p, size: 50 }))));
      expect(small!.rows).toHaveLength(5);
      expect(big!.rows).toHaveLength(50);
      expect(q5).toBeGreaterThan(0);
      expect(q50).toBe(q5);
      // The page, its companies and buyers (one batch each) and the capped count; staff add
      // the reads that resolve their data scope (roles, their organizations, the tree).
      expect(q5).toBeLessThanOrEqual(viewer.userType === "DEALER" ? 4 : 8);
    }
  });
});

describe("capped count", () => {
  it("counts up to 1,000 and then says there are more", async () => {
    const d = await makeDealer();
    const p = uid("C").toUpperCase();
    const row = (i: number) => ({
      orderNo: `${p}${String(i).padStart(4, "0")}`,
      type: "PARTS" as const,
      companyId: d.company,
      creatorId: d.user,
      quantity: 1,
      amount: "1.00",
      phone: "1",
      deliveryWay: "LOGISTICS",
      receiver: "R",
      receiverPhone: "1",
      address: "A",
    });
    await db().order.createMany({ data: Array.from({ length: 1000 }, (_, i) => row(i)) });
    expect((await listOrders(d.viewer, "PARTS", filters())).total).toEqual({ count: 1000, capped: false });
    await db().order.create({ data: row(1000) });
    const page = await listOrders(d.viewer, "PARTS", filters());
    expect(page.total).toEqual({ count: 1000, capped: true });
    expect(page.rows).toHaveLength(20);
  });
});

describe("ship dialog data", () => {
  it("offers the oldest factory-stock VINs of each line's goods, to staff who may ship", async () => {
    const o = await makeOrder(a, { type: "VEHICLE", status: "CONFIRMED", quantity: 2 });
    const model = await anyModel();
    const goods = await db().goods.create({ data: { kind: "VEHICLE", code: uid("G"), nameEn: "Car", nameZh: "车", price: "1.00", vehicleModelId: model.id } });
    await db().orderLine.updateMany({ where: { orderId: o.id }, data: { goodsId: goods.id } });
    const stem = vinStem();
    const vins: string[] = [];
    for (let i = 0; i < 4; i++) {
      const vin = vinOf(stem, i);
      vins.push(vin);
      await db().vehicle.create({
        data: { vin, goodsId: goods.id, vehicleModelId: model.id, status: i === 1 ? "IN_TRANSIT" : "FACTORY_STOCK", entryAt: new Date(Date.UTC(2026, 0, 10 - i)) },
      });
    }
    const lines = await shippableVins(staffAll, o.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ goodsId: goods.id, quantity: 2 });
    // Oldest entry first; the vehicle in transit is not offered.
    expect(lines[0].vehicles.map((v) => v.vin)).toEqual([vins[3], vins[2], vins[0]]);
    await expect(shippableVins(staffOrgA, o.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(shippableVins(a.viewer, o.id)).rejects.toBeInstanceOf(ForbiddenError);
    const outside = await makeOrder(b, { type: "VEHICLE", status: "CONFIRMED" });
    const shipperInA = await staffWith({ dataScope: "ORG", organizationId: orgA, permissions: ["order:ship"] });
    await expect(shippableVins(shipperInA, outside.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("reconciliation", () => {
  it("sums ordered, paid and unpaid per type in decimals, without cancelled or rejected orders", async () => {
    const d = await makeDealer();
    const day = new Date("2026-06-10T04:00:00Z");
    await makeOrder(d, { amount: "0.10", paid: "0.10", createdAt: day });
    await makeOrder(d, { amount: "0.20", createdAt: day, status: "SHIPPED" });
    await makeOrder(d, { amount: "5.00", paid: "0", createdAt: day, status: "CANCELLED" });
    await makeOrder(d, { amount: "7.00", createdAt: day, status: "REJECTED" });
    await makeOrder(d, { type: "VEHICLE", amount: "199999.99", paid: "0.01", createdAt: day, status: "COMPLETED" });
    await makeOrder(d, { amount: "1000.00", createdAt: new Date("2026-06-20T04:00:00Z") });
    const r = await reconcile(d.viewer, parseReconcileFilters(new URLSearchParams({ from: "2026-06-01", to: "2026-06-15" })));
    const parts = r.rows.find((x) => x.type === "PARTS")!;
    const vehicles = r.rows.find((x) => x.type === "VEHICLE")!;
    expect(parts).toMatchObject({ orders: 2, orderTotal: "0.30", paidTotal: "0.10", unpaidTotal: "0.20" });
    expect(vehicles).toMatchObject({ orders: 1, orderTotal: "199999.99", paidTotal: "0.01", unpaidTotal: "199999.98" });
    expect(r.total).toEqual({ orders: 3, orderTotal: "200000.29", paidTotal: "0.11", unpaidTotal: "200000.18" });
    expect(parts.href).toBe("/onlineMall/mountings/order?status=VALID&from=2026-06-01&to=2026-06-15");
    expect(vehicles.unpaidHref).toBe("/onlineMall/car/order?from=2026-06-01&to=2026-06-15&payment=OUTSTANDING");
    // The drill-down lists exactly the orders summed.
    const drilled = await listOrders(d.viewer, "PARTS", filters({ status: "VALID", from: "2026-06-01", to: "2026-06-15" }));
    expect(drilled.rows.map((x) => x.amount).sort()).toEqual(["0.10", "0.20"]);
    const unpaid = await listOrders(d.viewer, "PARTS", filters({ payment: "OUTSTANDING", from: "2026-06-01", to: "2026-06-15" }));
    expect(unpaid.rows.map((x) => x.amount)).toEqual(["0.20"]);
  });

  it("keeps each dealer to its company and staff to their scope, with a company filter", async () => {
    const d = await makeDealer(orgA);
    const e = await makeDealer();
    const day = new Date("2026-07-01T04:00:00Z");
    await makeOrder(d, { amount: "11.11", createdAt: day });
    await makeOrder(e, { amount: "22.22", createdAt: day });
    const q = { from: "2026-07-01", to: "2026-07-01" };
    const asD = await reconcile(d.viewer, parseReconcileFilters(new URLSearchParams(q)));
    expect(asD.total.orderTotal).toBe("11.11");
    const codeE = (await db().company.findUniqueOrThrow({ where: { id: e.company }, select: { code: true } })).code;
    // A dealer cannot widen its view with the company filter.
    expect((await reconcile(d.viewer, parseReconcileFilters(new URLSearchParams({ ...q, company: codeE })))).total.orderTotal).toBe("11.11");
    const scoped = await reconcile(staffOrgA, parseReconcileFilters(new URLSearchParams(q)));
    expect(scoped.total.orderTotal).toBe("11.11");
    const one = await reconcile(staffAll, parseReconcileFilters(new URLSearchParams({ ...q, company: codeE })));
    expect(one.total).toMatchObject({ orders: 1, orderTotal: "22.22", unpaidTotal: "22.22" });
    expect(one.rows.find((x) => x.type === "PARTS")!.href).toContain(`company=${codeE}`);
  });

  it("answers in one query whatever the data (plus the scope's for staff)", async () => {
    const d = await makeDealer();
    expect(await countQueries(() => reconcile(d.viewer, parseReconcileFilters(new URLSearchParams())))).toBe(1);
  });
});
