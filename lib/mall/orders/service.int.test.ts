import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { GoodsKind } from "@/lib/generated/prisma/enums";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, nowSeconds, uid } from "@/lib/test/factories";
import type { AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { withCheckDigit } from "@/lib/vehicles/vin";
import { cancelOrderAction, completeOrderAction, recordPaymentAction, shipOrderAction, submitOrderAction } from "./actions";
import { cancelOrder, completeOrder, confirmOrder, deleteOrders, rejectOrder, shipOrder, submitOrder } from "./service";
import { recordPayment } from "./payments";
import { paymentState } from "./states";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The order core against PostgreSQL: stock never oversold under 200 concurrent submissions,
// one order per idempotency key under 50 parallel retries, stock released once when cancel
// and reject race, every move outside the table refused without changes, tenancy (404),
// quantities, vehicles through shipping and receipt, payments in decimals.

type Dealer = { company: number; user: number; viewer: Viewer; address: number };
let dealerRole: number;
let staffViewer: Viewer;
let a: Dealer;
let b: Dealer;
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });
let region: number;

async function makeDealer(companyId?: number): Promise<Dealer> {
  const company = companyId ?? (await makeCompany()).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  const viewer = (await loadViewer(user, company, nowSeconds()))!;
  const address =
    (await db().address.findFirst({ where: { companyId: company }, select: { id: true } }))?.id ??
    (await db().address.create({ data: { companyId: company, receiver: "Wang Fang", phone: "13912345678", regionAreaId: region, address: "No. 1 Test Road", isDefault: true } }))
      .id;
  return { company, user, viewer, address };
}

async function makeGoods(over: { kind?: GoodsKind; stock?: number; minOrderQty?: number; price?: string; onSale?: boolean } = {}) {
  const code = uid("G");
  return db().goods.create({
    data: {
      kind: over.kind ?? "PART",
      code,
      nameEn: `Goods ${code}`,
      nameZh: `商品${code}`,
      price: over.price ?? "12.30",
      stock: over.stock ?? 100,
      minOrderQty: over.minOrderQty ?? 1,
      onSale: over.onSale ?? true,
    },
  });
}

const stockOf = async (id: number) => (await db().goods.findUniqueOrThrow({ where: { id }, select: { stock: true } })).stock;
const addLine = (d: Dealer, goodsId: number, quantity: number) => db().cartLine.create({ data: { companyId: d.company, userId: d.user, goodsId, quantity } });
const form = (d: Dealer, cartLineIds: number[], type: "VEHICLE" | "PARTS" = "PARTS") => ({
  type,
  cartLineIds,
  phone: "13912345678",
  deliveryWay: "LOGISTICS",
  addressId: d.address,
  carrierType: null,
  secondaryDestination: null,
  remark: null,
});

async function order(d: Dealer, goodsId: number, quantity = 1, type: "VEHICLE" | "PARTS" = "PARTS") {
  const line = await addLine(d, goodsId, quantity);
  return submitOrder(d.viewer, ctxOf(d.viewer), form(d, [line.id], type), uid("key-"));
}

async function expectDomain(p: Promise<unknown>, key: string, status?: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
}

beforeAll(async () => {
  setTestLocale("en-US");
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  region = (await db().regionArea.findUniqueOrThrow({ where: { code: "310115" }, select: { id: true } })).id;
  const salesOps = (await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } })).id;
  const staff = await makeUser({ userType: "STAFF", roleIds: [salesOps] });
  staffViewer = (await loadViewer(staff.id, null, nowSeconds()))!;
  a = await makeDealer();
  b = await makeDealer();
});

describe("stock is never oversold", () => {
  it("200 concurrent submissions for 10 in stock make exactly 10 orders; the rest get a clear 409", async () => {
    const goods = await makeGoods({ stock: 10 });
    const company = (await makeCompany()).id;
    const dealers: Dealer[] = [];
    for (let i = 0; i < 200; i++) dealers.push(await makeDealer(company));
    const lines = await Promise.all(dealers.map((d) => addLine(d, goods.id, 1)));
    const results = await Promise.allSettled(dealers.map((d, i) => submitOrder(d.viewer, ctxOf(d.viewer), form(d, [lines[i].id]), uid("key-"))));
    const ok = results.filter((r) => r.status === "fulfilled");
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(10);
    expect(failed).toHaveLength(190);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(DomainError);
      expect((f.reason as DomainError).status).toBe(409);
      expect((f.reason as DomainError).key).toBe("Orders.errors.outOfStock");
    }
    expect(await stockOf(goods.id)).toBe(0);
    expect(await db().order.count({ where: { companyId: company } })).toBe(10);
    // The losers' cart lines stay in their carts.
    expect(await db().cartLine.count({ where: { goodsId: goods.id } })).toBe(190);
  });

  it("orders naming the same goods in opposite line order never deadlock, and take the stock exactly", async () => {
    const g1 = await makeGoods({ stock: 100 });
    const g2 = await makeGoods({ stock: 100 });
    const company = (await makeCompany()).id;
    const dealers: Dealer[] = [];
    for (let i = 0; i < 30; i++) dealers.push(await makeDealer(company));
    // Half the carts list g2 first, half g1 first (cart line ids follow the order added).
    const carts = await Promise.all(
      dealers.map(async (d, i) => {
        const [x, y] = i % 2 ? [g2, g1] : [g1, g2];
        const l1 = await addLine(d, x.id, 1);
        const l2 = await addLine(d, y.id, 2);
        return [l1.id, l2.id];
      }),
    );
    const results = await Promise.allSettled(dealers.map((d, i) => submitOrder(d.viewer, ctxOf(d.viewer), form(d, carts[i]), uid("key-"))));
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await stockOf(g1.id)).toBe(100 - 15 - 30);
    expect(await stockOf(g2.id)).toBe(100 - 30 - 15);
    const numbers = (results as PromiseFulfilledResult<{ orderNo: string }>[]).map((r) => r.value.orderNo);
    expect(new Set(numbers).size).toBe(30);
  });

  it("a lost race is refused with what is left, after the order and its notification were written, and leaves nothing", async () => {
    const goods = await makeGoods({ stock: 3 });
    const company = (await makeCompany()).id;
    const dealers: Dealer[] = [];
    for (let i = 0; i < 12; i++) dealers.push(await makeDealer(company));
    const lines = await Promise.all(dealers.map((d) => addLine(d, goods.id, 2)));
    const results = await Promise.allSettled(dealers.map((d, i) => submitOrder(d.viewer, ctxOf(d.viewer), form(d, [lines[i].id]), uid("key-"))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect((r.reason as DomainError).key).toBe("Orders.errors.outOfStock");
      expect((r.reason as DomainError).values).toMatchObject({ stock: 1 });
    }
    expect(await stockOf(goods.id)).toBe(1);
    const orders = await db().order.findMany({ where: { companyId: company }, select: { id: true } });
    expect(orders).toHaveLength(1);
    expect(await db().statusEvent.count({ where: { entity: "Order", entityId: { in: orders.map((o) => o.id) } } })).toBe(1);
    expect(await db().notification.count({ where: { companyId: company, event: "order.submitted" } })).toBe(
      await db().notification.count({ where: { companyId: company, event: "order.submitted", link: { contains: `id=${orders[0].id}` } } }),
    );
    expect(await db().cartLine.count({ where: { goodsId: goods.id } })).toBe(11);
  });

  it("a race lost at the stock update itself is refused with the stock left then, and what was written before goes", async () => {
    const goods = await makeGoods({ stock: 5 });
    const d = await makeDealer();
    const line = await addLine(d, goods.id, 2);
    // Another transaction holds the goods row and leaves 1: the submission reads 5, writes its
    // order and notification, then waits at its stock update and must find the 1 after the wait.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const isHeld = new Promise<void>((r) => (held = r));
    const holder = db().$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE "Goods" SET "stock" = 1 WHERE "id" = ${goods.id}`;
      held();
      await gate;
    });
    await isHeld;
    const submission = submitOrder(d.viewer, ctxOf(d.viewer), form(d, [line.id]), uid("key-")).then(
      () => null,
      (e: unknown) => e,
    );
    for (let i = 0; i < 200; i++) {
      const [{ n }] = await db().$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%UPDATE "Goods" SET "stock" = "stock" -%'`;
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    release();
    await holder;
    const err = await submission;
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).key).toBe("Orders.errors.outOfStock");
    expect((err as DomainError).values).toMatchObject({ stock: 1 });
    expect(await stockOf(goods.id)).toBe(1);
    expect(await db().order.count({ where: { companyId: d.company } })).toBe(0);
    expect(await db().notification.count({ where: { companyId: d.company } })).toBe(0);
    expect(await db().cartLine.count({ where: { id: line.id } })).toBe(1);
  });

  it("50 parallel submissions with one idempotency key make one order", async () => {
    const goods = await makeGoods({ stock: 100 });
    const line = await addLine(a, goods.id, 2);
    const key = uid("same-key-");
    const results = await Promise.all(Array.from({ length: 50 }, () => submitOrder(a.viewer, ctxOf(a.viewer), form(a, [line.id]), key)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db().order.count({ where: { companyId: a.company, idempotencyKey: key } })).toBe(1);
    expect(await stockOf(goods.id)).toBe(98);
  });

  it("20 parallel submissions of one cart line with different keys make one order; the rest are told the cart changed", async () => {
    const goods = await makeGoods({ stock: 100 });
    const d = await makeDealer();
    const line = await addLine(d, goods.id, 10);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => submitOrder(d.viewer, ctxOf(d.viewer), form(d, [line.id]), uid("key-"))));
    const ok = results.filter((r) => r.status === "fulfilled");
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(19);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(DomainError);
      expect((f.reason as DomainError).key).toBe("Orders.errors.cartChanged");
      expect((f.reason as DomainError).status).toBe(409);
    }
    expect(await db().order.count({ where: { companyId: d.company } })).toBe(1);
    expect(await stockOf(goods.id)).toBe(90);
    expect(await db().cartLine.count({ where: { id: line.id } })).toBe(0);
  });

  it("the same key in another company is another order", async () => {
    const goods = await makeGoods();
    const key = uid("shared-");
    const la = await addLine(a, goods.id, 1);
    const lb = await addLine(b, goods.id, 1);
    const ra = await submitOrder(a.viewer, ctxOf(a.viewer), form(a, [la.id]), key);
    const rb = await submitOrder(b.viewer, ctxOf(b.viewer), form(b, [lb.id]), key);
    expect(ra.id).not.toBe(rb.id);
  });
});

describe("submission in one statement (order_submit) after its unlocked pre-check", () => {
  /** Runs `change` in a transaction that holds the cart line's row lock, starts a submission of
   * the line (its pre-check reads the line as it was), waits until the submission's statement
   * waits on that lock, then commits the change: the statement must see it. */
  async function raceAtCartLock(d: Dealer, lineId: number, change: (tx: Tx) => Promise<unknown>) {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const isHeld = new Promise<void>((r) => (held = r));
    const holder = db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "CartLine" WHERE "id" = ${lineId} FOR UPDATE`;
      await change(tx);
      held();
      await gate;
    });
    await isHeld;
    const submission = submitOrder(d.viewer, ctxOf(d.viewer), form(d, [lineId]), uid("key-")).then(
      () => null,
      (e: unknown) => e,
    );
    let waited = false;
    for (let i = 0; i < 200 && !waited; i++) {
      const [{ n }] = await db().$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%order_submit(%'`;
      waited = n > 0;
      if (!waited) await new Promise((r) => setTimeout(r, 25));
    }
    expect(waited).toBe(true);
    release();
    await holder;
    return submission;
  }

  it("a cart line whose quantity changed after the pre-check is refused as a changed cart, and nothing is written", async () => {
    const goods = await makeGoods({ stock: 10 });
    const d = await makeDealer();
    const line = await addLine(d, goods.id, 2);
    const err = await raceAtCartLock(d, line.id, (tx) => tx.cartLine.update({ where: { id: line.id }, data: { quantity: 3 } }));
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).key).toBe("Orders.errors.cartChanged");
    expect((err as DomainError).status).toBe(409);
    expect(await db().order.count({ where: { companyId: d.company } })).toBe(0);
    expect(await db().cartLine.findUniqueOrThrow({ where: { id: line.id }, select: { quantity: true } })).toEqual({ quantity: 3 });
    expect(await stockOf(goods.id)).toBe(10);
  });

  it("an address deleted after the pre-check is refused on addressId, the cart line deleted meanwhile comes back", async () => {
    const goods = await makeGoods({ stock: 10 });
    const d = await makeDealer();
    const spare = await db().address.create({ data: { companyId: d.company, receiver: "Li Lei", phone: "13912345679", regionAreaId: region, address: "No. 2 Test Road" } });
    const line = await addLine(d, goods.id, 2);
    const err = await raceAtCartLock({ ...d, address: spare.id }, line.id, (tx) => tx.address.delete({ where: { id: spare.id } }));
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).key).toBe("Orders.errors.addressMissing");
    expect((err as DomainError).field).toBe("addressId");
    expect(await db().order.count({ where: { companyId: d.company } })).toBe(0);
    expect(await db().cartLine.count({ where: { id: line.id } })).toBe(1);
    expect(await stockOf(goods.id)).toBe(10);
  });

  it("writes the audit row as audit() would and the staff notification with the order's own link", async () => {
    const g = await makeGoods({ price: "7.50", stock: 10 });
    const d = await makeDealer();
    const l = await addLine(d, g.id, 2);
    const r = await submitOrder(d.viewer, ctxOf(d.viewer), form(d, [l.id]), uid("key-"));
    const row = await db().auditLog.findFirstOrThrow({ where: { entity: "Order", entityId: String(r.id), action: "submit" } });
    expect(row).toMatchObject({ userId: d.user, companyId: d.company, before: null });
    expect(row.after).toEqual({
      id: r.id,
      orderNo: r.orderNo,
      status: "SUBMITTED",
      amount: "15",
      quantity: 2,
      companyId: d.company,
      type: "PARTS",
      lines: [{ goodsId: g.id, quantity: 2 }],
    });
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const notes = await db().notification.findMany({ where: { companyId: d.company, event: "order.submitted" }, select: { userId: true, link: true, content: true } });
    expect(notes.length).toBeGreaterThan(0);
    for (const n of notes) {
      expect(n.link).toBe(`onlineMall/mountings/order?id=${r.id}`);
      expect(n.content).toContain(r.orderNo);
      expect(n.userId).not.toBe(d.user);
    }
  });
});

describe("submission", () => {
  it("copies lines, totals in decimals, numbers the order, empties the ordered cart lines, writes history and audit", async () => {
    const g1 = await makeGoods({ price: "0.10", stock: 10 });
    const g2 = await makeGoods({ price: "0.20", stock: 10, kind: "DERIVATIVE" });
    const l1 = await addLine(a, g1.id, 1);
    const l2 = await addLine(a, g2.id, 1);
    const r = await submitOrder(a.viewer, ctxOf(a.viewer), form(a, [l1.id, l2.id]), uid("key-"));
    expect(r.orderNo).toMatch(/^SO\d{8}\d+$/);
    const o = await db().order.findUniqueOrThrow({ where: { id: r.id }, include: { lines: true } });
    expect(o.amount.toFixed(2)).toBe("0.30");
    expect(o.quantity).toBe(2);
    expect(o.lines.map((l) => l.subtotal.toFixed(2)).sort()).toEqual(["0.10", "0.20"]);
    expect(o.receiver).toBe("Wang Fang");
    expect(await db().cartLine.count({ where: { id: { in: [l1.id, l2.id] } } })).toBe(0);
    expect(await db().statusEvent.count({ where: { entity: "Order", entityId: r.id, toStatus: "SUBMITTED" } })).toBe(1);
    expect(await db().auditLog.count({ where: { entity: "Order", entityId: String(r.id), action: "submit" } })).toBe(1);
  });

  it("refuses a line below the minimum, off sale, or of the other cart's kind, and saves nothing", async () => {
    const min = await makeGoods({ minOrderQty: 5, stock: 50 });
    await expectDomain(order(a, min.id, 4), "Orders.errors.belowMinimum", 400);
    const off = await makeGoods({ onSale: false });
    await expectDomain(order(a, off.id, 1), "Orders.errors.offSale", 409);
    const part = await makeGoods({ kind: "PART" });
    await expectDomain(order(a, part.id, 1, "VEHICLE"), "Orders.errors.goodsMissing", 409);
    expect(await stockOf(min.id)).toBe(50);
    expect(await db().order.count({ where: { lines: { some: { goodsId: { in: [min.id, off.id, part.id] } } } } })).toBe(0);
  });

  it("a failure after the stock was taken leaves nothing half-done", async () => {
    const g1 = await makeGoods({ stock: 5 });
    const g2 = await makeGoods({ stock: 1 });
    const l1 = await addLine(a, g1.id, 2);
    const l2 = await addLine(a, g2.id, 3);
    await expectDomain(submitOrder(a.viewer, ctxOf(a.viewer), form(a, [l1.id, l2.id]), uid("key-")), "Orders.errors.outOfStock", 409);
    expect(await stockOf(g1.id)).toBe(5);
    expect(await db().cartLine.count({ where: { id: { in: [l1.id, l2.id] } } })).toBe(2);
  });

  it("answers another dealer's cart line as a line gone from the cart (409), and refuses another dealer's address", async () => {
    const g = await makeGoods();
    const lb = await addLine(b, g.id, 1);
    await expectDomain(submitOrder(a.viewer, ctxOf(a.viewer), form(a, [lb.id]), uid("key-")), "Orders.errors.cartChanged", 409);
    await expectDomain(submitOrder(a.viewer, ctxOf(a.viewer), form(a, [2_000_000_000]), uid("key-")), "Orders.errors.cartChanged", 409);
    expect(await db().cartLine.count({ where: { id: lb.id } })).toBe(1);
    const la = await addLine(a, g.id, 1);
    await expectDomain(submitOrder(a.viewer, ctxOf(a.viewer), { ...form(a, [la.id]), addressId: b.address }, uid("key-")), "Orders.errors.addressMissing");
    await expectDomain(submitOrder(a.viewer, ctxOf(a.viewer), { ...form(a, [la.id]), deliveryWay: "TELEPORT" }, uid("key-")), "Orders.errors.unknownOption");
  });

  it("the action validates quantity-free input and the key, naming the field", async () => {
    await actAs({ id: a.user }, a.company);
    const bad = await submitOrderAction({ ...form(a, []), idempotencyKey: "x" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.fieldErrors?.cartLineIds).toBe("Please select Goods");
      expect(bad.fieldErrors?.idempotencyKey).toContain("Request key");
    }
    const phone = await submitOrderAction({ ...form(a, [1]), phone: "12345", idempotencyKey: uid("key-") });
    expect(!phone.ok && phone.fieldErrors?.phone).toBe("Phone is not a valid mobile phone number");
  });
});

describe("transitions", () => {
  it("cancel and reject raced return the stock exactly once", async () => {
    for (let round = 0; round < 5; round++) {
      const g = await makeGoods({ stock: 10 });
      const { id } = await order(a, g.id, 3);
      expect(await stockOf(g.id)).toBe(7);
      const results = await Promise.allSettled([
        cancelOrder(a.viewer, ctxOf(a.viewer), id),
        rejectOrder(staffViewer, ctxOf(staffViewer), id, "no"),
        cancelOrder(a.viewer, ctxOf(a.viewer), id),
        rejectOrder(staffViewer, ctxOf(staffViewer), id, "no"),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect((r.reason as DomainError).key).toBe("Orders.errors.wrongState");
      expect(await stockOf(g.id)).toBe(10);
    }
  });

  it("refuses every move outside the table and changes nothing", async () => {
    const g = await makeGoods({ stock: 10 });
    const { id } = await order(a, g.id, 1);
    const snapshot = async () => ({
      o: await db().order.findUniqueOrThrow({ where: { id }, select: { status: true, updatedAt: true } }),
      s: await stockOf(g.id),
      e: await db().statusEvent.count({ where: { entity: "Order", entityId: id } }),
    });
    const before = await snapshot();
    const ship = { id, factoryName: "Plant 1", logisticsCompany: "SF", logisticsNo: "1" };
    await expectDomain(shipOrder(staffViewer, ctxOf(staffViewer), ship), "Orders.errors.wrongState", 409);
    await expectDomain(completeOrder(a.viewer, ctxOf(a.viewer), id), "Orders.errors.wrongState", 409);
    await expectDomain(completeOrder(staffViewer, ctxOf(staffViewer), id), "Orders.errors.wrongState", 409);
    await expectDomain(cancelOrder(staffViewer, ctxOf(staffViewer), id), "Orders.errors.wrongState", 409);
    await expectDomain(confirmOrder(a.viewer, ctxOf(a.viewer), id), "Common.forbidden", 403);
    await expectDomain(deleteOrders(a.viewer, ctxOf(a.viewer), [id]), "Orders.errors.notDeletable", 409);
    expect(await snapshot()).toEqual(before);
    await confirmOrder(staffViewer, ctxOf(staffViewer), id);
    await expectDomain(cancelOrder(a.viewer, ctxOf(a.viewer), id), "Orders.errors.wrongState", 409);
    await expectDomain(confirmOrder(staffViewer, ctxOf(staffViewer), id), "Orders.errors.wrongState", 409);
    await expectDomain(rejectOrder(staffViewer, ctxOf(staffViewer), id, "late"), "Orders.errors.wrongState", 409);
    // Staff may cancel a confirmed order; the stock comes back.
    await cancelOrder(staffViewer, ctxOf(staffViewer), id, "dealer asked");
    expect(await stockOf(g.id)).toBe(10);
    await expectDomain(cancelOrder(staffViewer, ctxOf(staffViewer), id), "Orders.errors.wrongState", 409);
    expect(await db().statusEvent.findMany({ where: { entity: "Order", entityId: id }, orderBy: { id: "asc" }, select: { toStatus: true } })).toEqual([
      { toStatus: "SUBMITTED" },
      { toStatus: "CONFIRMED" },
      { toStatus: "CANCELLED" },
    ]);
    // Deleting hides it from the dealer only.
    await deleteOrders(a.viewer, ctxOf(a.viewer), [id]);
    await expect(cancelOrder(a.viewer, ctxOf(a.viewer), id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await db().order.findUniqueOrThrow({ where: { id } })).dealerDeleted).toBe(true);
  });

  it("dealer B gets 404 for dealer A's order on every move, through the actions too", async () => {
    const g = await makeGoods();
    const { id } = await order(a, g.id, 1);
    await expect(cancelOrder(b.viewer, ctxOf(b.viewer), id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(completeOrder(b.viewer, ctxOf(b.viewer), id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteOrders(b.viewer, ctxOf(b.viewer), [id])).rejects.toBeInstanceOf(NotFoundError);
    await actAs({ id: b.user }, b.company);
    const r = await cancelOrderAction({ id });
    expect(r).toMatchObject({ ok: false, message: "The record does not exist or you may not see it." });
    expect((await db().order.findUniqueOrThrow({ where: { id } })).status).toBe("SUBMITTED");
  });

  it("ships a vehicle order with VINs from factory stock; receipt puts them in the dealer's stock", async () => {
    const model = await db().vehicleModel.create({
      data: { code: uid("M"), nameEn: "Model", nameZh: "车型", carGroup: { create: { code: uid("CG"), nameEn: "Group", nameZh: "车系" } } },
    });
    const g = await db().goods.create({
      data: {
        kind: "VEHICLE",
        code: uid("V"),
        nameEn: "Aurora 2.0T",
        nameZh: "极光 2.0T",
        price: "189900.00",
        stock: 3,
        onSale: true,
        vehicleModelId: model.id,
        carGroupId: model.carGroupId,
      },
    });
    const serial = uid("").slice(-5).toUpperCase().replace(/[IOQ]/g, "1");
    const vins = [1, 2, 3].map((n) => withCheckDigit(`LGWTEST0X${serial}${String(n).padStart(3, "0")}`));
    await db().vehicle.createMany({ data: vins.map((vin) => ({ vin, goodsId: g.id, vehicleModelId: model.id })) });
    const { id } = await order(a, g.id, 2, "VEHICLE");
    await confirmOrder(staffViewer, ctxOf(staffViewer), id);
    const ship = { id, factoryName: "Plant 1", logisticsCompany: "SF", logisticsNo: "SF100" };
    await expectDomain(shipOrder(staffViewer, ctxOf(staffViewer), { ...ship, vins: [vins[0]] }), "Orders.errors.vinCount");
    await expectDomain(
      shipOrder(staffViewer, ctxOf(staffViewer), { ...ship, vins: [vins[0], vins[0].slice(0, 8) + (vins[0][8] === "1" ? "2" : "1") + vins[0].slice(9)] }),
      "Orders.errors.vin_checkDigit",
    );
    await expectDomain(shipOrder(staffViewer, ctxOf(staffViewer), { ...ship, vins: [vins[0], "1HGCM82633A004352"] }), "Orders.errors.vinUnknown");
    await actAs({ id: staffViewer.userId });
    expect(await shipOrderAction({ ...ship, vins: [vins[0], vins[1]] })).toMatchObject({ ok: true });
    const shipped = await db().vehicle.findMany({ where: { vin: { in: vins } }, orderBy: { vin: "asc" }, select: { vin: true, status: true, sendOrderNo: true } });
    expect(shipped.filter((v) => v.status === "IN_TRANSIT")).toHaveLength(2);
    await actAs({ id: a.user }, a.company);
    expect(await completeOrderAction({ id })).toMatchObject({ ok: true, data: { status: "COMPLETED" } });
    const held = await db().vehicle.findMany({ where: { companyId: a.company, status: "IN_STOCK", vin: { in: vins } } });
    expect(held).toHaveLength(2);
    const history = await db().vehicleEvent.findMany({ where: { vehicleId: held[0].id }, orderBy: { id: "asc" }, select: { toStatus: true } });
    expect(history.map((h) => h.toStatus)).toEqual(["ALLOCATED", "IN_TRANSIT", "IN_STOCK"]);
  });
});

describe("payments", () => {
  it("adds up in decimals, derives the state, refuses overpaying and the future", async () => {
    const g = await makeGoods({ price: "100.10" });
    const { id } = await order(a, g.id, 3);
    const pay = (amount: string, paidOn = "2026-01-05") => recordPayment(staffViewer, ctxOf(staffViewer), { orderId: id, amount, paidOn, method: "BANK_TRANSFER" });
    expect((await pay("0.10")).paidAmount).toBe("0.10");
    expect((await pay("0.20")).paidAmount).toBe("0.30");
    expect(paymentState("300.30", "0.30")).toBe("PARTIALLY_PAID");
    await expectDomain(pay("300.01"), "Orders.errors.overpaid", 409);
    await expectDomain(pay("1.00", "2100-01-01"), "Orders.errors.paidInFuture");
    const last = await pay("300.00");
    expect(last.paidAmount).toBe("300.30");
    expect(paymentState(last.amount, last.paidAmount)).toBe("PAID");
    await expectDomain(recordPayment(a.viewer, ctxOf(a.viewer), { orderId: id, amount: "1", paidOn: "2026-01-05", method: "CASH" }), "Common.forbidden", 403);
    await actAs({ id: staffViewer.userId });
    const bad = await recordPaymentAction({ orderId: id, amount: "1.234", paidOn: "2026-02-30", method: "CASH" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.fieldErrors?.amount).toBe("Amount must be an amount with at most two decimals");
      expect(bad.fieldErrors?.paidOn).toBe("Payment date is not a valid date");
    }
  });
});
