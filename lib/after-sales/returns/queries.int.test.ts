import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { AuditCtx } from "@/lib/core/audit";
import { makeCompany, makeOrganization, makeRole, makeUser, nowSeconds, uid } from "@/lib/test/factories";
import { withCheckDigit } from "@/lib/vehicles/vin";
import {
  listReturnBatches,
  listSalesReturns,
  loadReturnLogRoute,
  loadSalesReturnRoute,
  parseReturnBatchFilters,
  parseSalesReturnFilters,
  returnBatchDetail,
  returnPartOrders,
  salesReturnDetail,
  searchReturnParts,
  shipFormOptions,
  shippableReturns,
  type SalesReturnPage,
} from "./queries";
import { ZShipReturns, type TFileReturn } from "./schemas";
import { approveReturn, completeReturn, fileReturn, receiveReturns, rejectReturn, shipReturns } from "./service";

// The parts return screens' reads against PostgreSQL: the list's filters (status, type, days,
// whole or partial VIN, number, staff's company filter), tenancy (dealer B never sees A's
// returns, batches or form choices: 404 like a missing record; staff only their data scope),
// keyset pages that neither skip nor repeat rows with equal times, a query count that does not
// grow with the page size, and a batch's log with its items and their part images.

type Dealer = { company: number; code: string; user: number; viewer: Viewer };
let dealerRole: number;
let staff: Viewer;
let orgA: number;
let staffOrgA: Viewer;
let a: Dealer;
let b: Dealer;
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });
const vinOf = (n: number) => withCheckDigit(`LGW${randomBytes(3).toString("hex").toUpperCase()}0${String(n).padStart(7, "0")}`);

async function makeDealer(organizationId?: number): Promise<Dealer> {
  const company = await makeCompany(organizationId);
  const user = (await makeUser({ userType: "DEALER", companyIds: [company.id], roleIds: [dealerRole] })).id;
  return { company: company.id, code: company.code, user, viewer: (await loadViewer(user, company.id, nowSeconds()))! };
}

async function makePart(kind: "PART" | "VEHICLE" = "PART", name = "Brake pad") {
  const code = uid("RQ").toUpperCase();
  return db().goods.create({ data: { kind, code, nameEn: `${name} ${code}`, nameZh: `刹车片${code}`, price: "120.00", stock: 10, minOrderQty: 1, onSale: false } });
}

async function makeOrder(d: Dealer, goodsId: number, over: { type?: "PARTS" | "VEHICLE"; status?: "SUBMITTED" | "CANCELLED" | "REJECTED" | "COMPLETED"; quantity?: number } = {}) {
  const goods = await db().goods.findUniqueOrThrow({ where: { id: goodsId } });
  const quantity = over.quantity ?? 2;
  return db().order.create({
    data: {
      orderNo: uid("SO").toUpperCase(),
      type: over.type ?? "PARTS",
      status: over.status ?? "SUBMITTED",
      companyId: d.company,
      quantity,
      amount: "240.00",
      phone: "13912345678",
      deliveryWay: "LOGISTICS",
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      address: "No. 1 Test Road",
      creatorId: d.user,
      lines: { create: [{ goodsId, kind: goods.kind, nameEn: goods.nameEn, nameZh: goods.nameZh, price: goods.price, quantity, subtotal: "240.00" }] },
    },
  });
}

async function upload(userId: number): Promise<string> {
  const id = randomBytes(16).toString("hex");
  await db().attachment.create({
    data: {
      id,
      kind: "IMAGE",
      mime: "image/webp",
      ext: "webp",
      size: 10,
      sha256: "0".repeat(64),
      storageKey: `test/${id}.webp`,
      originalName: `p-${id.slice(0, 4)}.webp`,
      uploaderId: userId,
    },
  });
  return id;
}

const form = (over: Partial<TFileReturn> = {}): TFileReturn => ({
  returnType: "QUALITY",
  materialName: "Brake pad (front)",
  materialCode: "BP-01",
  quantity: 3,
  faultQuantity: 2,
  dealType: "REPLACE",
  vin: null,
  buyer: "Li Lei",
  buyDate: null,
  saleDate: null,
  description: "Squeals after 200 km.",
  partImg: [],
  ...over,
});
const file = (d: Dealer, over: Partial<TFileReturn> = {}) => fileReturn(d.viewer, ctxOf(d.viewer), form(over));
const approved = async (d: Dealer, over: Partial<TFileReturn> = {}) => {
  const r = await file(d, over);
  await approveReturn(staff, ctxOf(staff), r.id);
  return r;
};
const ship = (d: Dealer, ids: number[]) =>
  shipReturns(
    d.viewer,
    ctxOf(d.viewer),
    ZShipReturns.parse({
      returnIds: ids,
      shippingAddress: "Plant 2, Wuhan",
      deliveryWay: "EXPRESS",
      contactPhone: "13912345678",
      logisticsCompany: "SF Express",
      logisticsNo: uid("SF"),
    }),
  );
const filters = (q: Record<string, string | number> = {}) => parseSalesReturnFilters(new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])));
const batchFilters = (q: Record<string, string | number> = {}) => parseReturnBatchFilters(new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])));
const nos = (p: SalesReturnPage) => p.rows.map((r) => r.returnNo);

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

beforeAll(async () => {
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  const salesOps = await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true, menus: { select: { menuId: true } } } });
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [salesOps.id] })).id, null, nowSeconds()))!;
  orgA = (await makeOrganization()).id;
  // Staff of organisation A only: the after-sales permissions, data scope ORG.
  const orgRole = await makeRole({ dataScope: "ORG", menuIds: salesOps.menus.map((m) => m.menuId) });
  staffOrgA = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [orgRole.id], organizationId: orgA })).id, null, nowSeconds()))!;
  a = await makeDealer(orgA);
  b = await makeDealer();
});

describe("the parts return list", () => {
  it("filters by status, return type, created days, whole or partial VIN and number", async () => {
    const d = await makeDealer();
    const vin1 = vinOf(1);
    const vin2 = vinOf(2);
    const r1 = await file(d, { vin: vin1, returnType: "QUALITY" });
    const r2 = await file(d, { vin: vin2, returnType: "WRONG_DELIVERY" });
    const r3 = await approved(d, { returnType: "QUALITY" });
    // r1 was filed "yesterday" in Shanghai.
    await db().salesReturn.update({ where: { id: r1.id }, data: { createdAt: new Date(Date.now() - 86_400_000) } });
    const all = nos(await listSalesReturns(d.viewer, filters()));
    expect(all).toEqual([r3.returnNo, r2.returnNo, r1.returnNo]);
    expect(nos(await listSalesReturns(d.viewer, filters({ status: "APPROVED" })))).toEqual([r3.returnNo]);
    expect(nos(await listSalesReturns(d.viewer, filters({ returnType: "quality" })))).toEqual([r3.returnNo, r1.returnNo]);
    expect(nos(await listSalesReturns(d.viewer, filters({ vin: vin2.toLowerCase() })))).toEqual([r2.returnNo]);
    expect(nos(await listSalesReturns(d.viewer, filters({ vin: vin1.slice(-8) })))).toEqual([r1.returnNo]);
    expect(nos(await listSalesReturns(d.viewer, filters({ returnNo: r2.returnNo })))).toEqual([r2.returnNo]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(nos(await listSalesReturns(d.viewer, filters({ from: today, to: today })))).toEqual([r3.returnNo, r2.returnNo]);
    // Nonsense filters are dropped, not trusted.
    expect(filters({ status: "LOST", returnType: "x;drop", from: "2026-02-30", cursor: "zz", size: 5000 })).toMatchObject({
      status: "",
      returnType: "",
      from: "",
      cursor: "",
      size: 20,
    });
    // The row: the catalogue part's names in both languages, else the typed name.
    const part = await makePart();
    const fromCatalogue = await file(d, { goodsId: part.id, materialName: null, materialCode: null });
    const row = (await listSalesReturns(d.viewer, filters({ returnNo: fromCatalogue.returnNo }))).rows[0];
    expect(row).toMatchObject({ materialCode: part.code, partName: { en: part.nameEn, zh: part.nameZh }, quantity: 3, faultQuantity: 2, batch: null });
    expect((await listSalesReturns(d.viewer, filters({ returnNo: r1.returnNo }))).rows[0].partName).toEqual({ en: "Brake pad (front)", zh: "Brake pad (front)" });
  });

  it("scopes by company: dealer B never sees A's returns (404), staff see their data scope and filter by company", async () => {
    const ra = await file(a);
    const rb = await file(b);
    expect(nos(await listSalesReturns(a.viewer, filters({ size: 100 })))).toContain(ra.returnNo);
    expect(nos(await listSalesReturns(a.viewer, filters({ size: 100 })))).not.toContain(rb.returnNo);
    expect(nos(await listSalesReturns(b.viewer, filters({ size: 100 })))).not.toContain(ra.returnNo);
    // A staff-only filter from a dealer is ignored (it cannot widen anything).
    expect(nos(await listSalesReturns(b.viewer, filters({ company: a.code, size: 100 })))).not.toContain(ra.returnNo);
    await expect(salesReturnDetail(b.viewer, ra.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await loadSalesReturnRoute(b.viewer, new URLSearchParams({ id: String(ra.id) }))).toEqual({ kind: "missing" });
    expect(await loadSalesReturnRoute(a.viewer, new URLSearchParams({ id: "12abc" }))).toEqual({ kind: "missing" });
    expect((await salesReturnDetail(a.viewer, ra.id)).returnNo).toBe(ra.returnNo);
    // Staff with every company: both, filtered by dealer code.
    expect(nos(await listSalesReturns(staff, filters({ company: a.code })))).toEqual([ra.returnNo]);
    expect((await listSalesReturns(staff, filters({ company: a.code }))).staff).toBe(true);
    // Staff of organisation A: A's only.
    expect(nos(await listSalesReturns(staffOrgA, filters({ company: a.code })))).toEqual([ra.returnNo]);
    expect(nos(await listSalesReturns(staffOrgA, filters({ company: b.code })))).toEqual([]);
    await expect(salesReturnDetail(staffOrgA, rb.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("pages by keyset without skipping or repeating rows of the same time, newer and older", async () => {
    const d = await makeDealer();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await file(d));
    // Four of them share one creation time: the id breaks the tie.
    const same = new Date(Date.now() - 3_600_000);
    await db().salesReturn.updateMany({ where: { id: { in: made.slice(1, 5).map((r) => r.id) } }, data: { createdAt: same } });
    const all = nos(await listSalesReturns(d.viewer, filters({ size: 100 })));
    expect(all).toHaveLength(7);
    const seen: string[] = [];
    let page = await listSalesReturns(d.viewer, filters({ size: 2 }));
    expect(page.prev).toBeNull();
    expect(page.total).toEqual({ count: 7, capped: false });
    const pages = [nos(page)];
    seen.push(...nos(page));
    while (page.next) {
      page = await listSalesReturns(d.viewer, filters({ size: 2, cursor: page.next }));
      pages.push(nos(page));
      seen.push(...nos(page));
    }
    expect(seen).toEqual(all);
    // Back from the last page with "newer": the page before it, in the same order.
    const back = await listSalesReturns(d.viewer, filters({ size: 2, cursor: page.prev! }));
    expect(nos(back)).toEqual(pages[pages.length - 2]);
    expect(back.next).not.toBeNull();
  });

  it("costs the same number of queries for 1 row or 50 (no per-row reads), for dealers and staff", async () => {
    const d = await makeDealer(orgA);
    for (let i = 0; i < 6; i++) await approved(d);
    const { id: batchId } = await ship(
      d,
      (await shippableReturns(d.viewer)).map((r) => r.id),
    );
    expect(batchId).toBeGreaterThan(0);
    const one = await countQueries(() => listSalesReturns(d.viewer, filters({ size: 1 })));
    const many = await countQueries(() => listSalesReturns(d.viewer, filters({ size: 50 })));
    expect(many).toBe(one);
    const staffOne = await countQueries(() => listSalesReturns(staffOrgA, filters({ size: 1, company: d.code })));
    const staffMany = await countQueries(() => listSalesReturns(staffOrgA, filters({ size: 50, company: d.code })));
    expect(staffMany).toBe(staffOne);
    const batchOne = await countQueries(() => listReturnBatches(d.viewer, batchFilters({ size: 1 })));
    const batchMany = await countQueries(() => listReturnBatches(d.viewer, batchFilters({ size: 50 })));
    expect(batchMany).toBe(batchOne);
    // A batch's log reads its items and their images in the same queries, whatever their number.
    const single = await approved(d);
    const { id: singleId } = await ship(d, [single.id]);
    expect(await countQueries(() => returnBatchDetail(d.viewer, batchId))).toBe(await countQueries(() => returnBatchDetail(d.viewer, singleId)));
  });
});

describe("a return's detail", () => {
  it("holds every field, the part images, the order, the batch and the history with names", async () => {
    const part = await makePart();
    const order = await makeOrder(a, part.id);
    const images = [await upload(a.user), await upload(a.user)];
    const vin = vinOf(9);
    const r = await file(a, { goodsId: part.id, orderId: order.id, materialName: null, vin, buyDate: "2026-01-05", saleDate: "2026-01-06", partImg: images });
    await approveReturn(staff, ctxOf(staff), r.id);
    const batch = await ship(a, [r.id]);
    const d = await salesReturnDetail(a.viewer, r.id);
    expect(d).toMatchObject({
      returnNo: r.returnNo,
      status: "SHIPPED",
      returnType: "QUALITY",
      goodsId: part.id,
      materialCode: part.code,
      materialName: part.nameEn,
      quantity: 3,
      faultQuantity: 2,
      dealType: "REPLACE",
      dealTypeDone: null,
      vin,
      buyer: "Li Lei",
      buyDate: "2026-01-05",
      saleDate: "2026-01-06",
      description: "Squeals after 200 km.",
      rejectReason: null,
      order: { id: order.id, orderNo: order.orderNo, status: "SUBMITTED" },
      batch: { id: batch.id, batchNo: batch.batchNo, status: "SHIPPED" },
      company: { code: a.code },
      can: { moves: [] },
    });
    expect(d.partImg.map((i) => i.id)).toEqual(images);
    expect(d.partImg[0]).toMatchObject({ kind: "IMAGE", url: `/customerWeb/api/v1/files/${images[0]}` });
    expect(d.events.map((e) => [e.from, e.to, e.note])).toEqual([
      [null, "SUBMITTED", null],
      ["SUBMITTED", "APPROVED", null],
      ["APPROVED", "SHIPPED", batch.batchNo],
    ]);
    expect(d.events[1].user).toBe(staff.name);
    // Staff may receive it now; the dealer may do nothing more.
    expect((await salesReturnDetail(staff, r.id)).can.moves).toEqual(["receive"]);
    // A rejected one carries its reason; a submitted one offers staff approve and reject.
    const other = await file(a);
    expect((await salesReturnDetail(staff, other.id)).can.moves).toEqual(["approve", "reject"]);
    expect((await salesReturnDetail(a.viewer, other.id)).can.moves).toEqual([]);
    await rejectReturn(staff, ctxOf(staff), other.id, "Not our part.");
    expect(await salesReturnDetail(a.viewer, other.id)).toMatchObject({ status: "REJECTED", rejectReason: "Not our part." });
  });
});

describe("the return logs", () => {
  it("list the company's batches with their item count, filtered; a batch's log holds its items with images, staff's moves and the history", async () => {
    const img = await upload(a.user);
    const r1 = await approved(a, { partImg: [img] });
    const r2 = await approved(a, { materialName: "Wiper blade" });
    const batch = await ship(a, [r1.id, r2.id]);
    const rb = await approved(b);
    const batchB = await ship(b, [rb.id]);

    const list = await listReturnBatches(a.viewer, batchFilters({ batchNo: batch.batchNo }));
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      batchNo: batch.batchNo,
      status: "SHIPPED",
      deliveryWay: "EXPRESS",
      logisticsCompany: "SF Express",
      contactPhone: "13912345678",
      itemCount: 2,
    });
    expect((await listReturnBatches(a.viewer, batchFilters({ size: 100 }))).rows.map((x) => x.batchNo)).not.toContain(batchB.batchNo);
    expect((await listReturnBatches(a.viewer, batchFilters({ batchNo: batch.batchNo, status: "COMPLETED" }))).rows).toEqual([]);
    expect((await listReturnBatches(staff, batchFilters({ company: b.code }))).rows.map((x) => x.batchNo)).toEqual([batchB.batchNo]);
    expect((await listReturnBatches(staffOrgA, batchFilters({ company: b.code }))).rows).toEqual([]);
    await expect(returnBatchDetail(b.viewer, batch.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(returnBatchDetail(staffOrgA, batchB.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await loadReturnLogRoute(b.viewer, new URLSearchParams({ id: String(batch.id) }))).toEqual({ kind: "missing" });

    let log = await returnBatchDetail(staff, batch.id);
    expect(log.items.map((i) => [i.returnNo, i.status, i.materialName, i.faultQuantity, i.moves])).toEqual([
      [r1.returnNo, "SHIPPED", "Brake pad (front)", 2, ["receive"]],
      [r2.returnNo, "SHIPPED", "Wiper blade", 2, ["receive"]],
    ]);
    expect(log.items[0].partImg.map((i) => i.id)).toEqual([img]);
    expect(log.items[1].partImg).toEqual([]);
    expect(log.can.receiveAll).toBe(true);
    expect((await returnBatchDetail(a.viewer, batch.id)).can.receiveAll).toBe(false);

    // Received and completed: the log follows, with its history.
    await receiveReturns(staff, ctxOf(staff), batch.id);
    await completeReturn(staff, ctxOf(staff), r1.id, "REFUND");
    await completeReturn(staff, ctxOf(staff), r2.id, "REPAIR");
    log = await returnBatchDetail(a.viewer, batch.id);
    expect(log.status).toBe("COMPLETED");
    expect(log.items.map((i) => [i.status, i.dealTypeDone])).toEqual([
      ["COMPLETED", "REFUND"],
      ["COMPLETED", "REPAIR"],
    ]);
    expect(log.events.map((e) => e.to)).toEqual(["SHIPPED", "RECEIVED", "COMPLETED"]);
    expect((await listReturnBatches(a.viewer, batchFilters({ batchNo: batch.batchNo, status: "COMPLETED" }))).rows).toHaveLength(1);
    // The return list names the batch.
    expect((await listSalesReturns(a.viewer, filters({ returnNo: r1.returnNo }))).rows[0].batch).toEqual({ id: batch.id, batchNo: batch.batchNo });
  });
});

describe("the forms' choices", () => {
  it("search the parts catalogue only (on sale or not) by code prefix or name", async () => {
    const part = await makePart("PART", "Return gasket");
    const car = await makePart("VEHICLE", "Return gasket");
    expect((await searchReturnParts(part.code.toLowerCase())).map((p) => p.id)).toEqual([part.id]);
    const byName = (await searchReturnParts(`gasket ${part.code}`)).map((p) => p.id);
    expect(byName).toEqual([part.id]);
    expect((await searchReturnParts(car.code)).map((p) => p.id)).toEqual([]);
    expect(await searchReturnParts("   ")).toEqual([]);
  });

  it("offer only the dealer's own live parts orders holding the part, never another company's", async () => {
    const part = await makePart();
    const other = await makePart();
    const own = await makeOrder(a, part.id, { quantity: 4 });
    const done = await makeOrder(a, part.id, { status: "COMPLETED" });
    await makeOrder(a, part.id, { status: "CANCELLED" });
    await makeOrder(a, part.id, { status: "REJECTED" });
    await makeOrder(a, part.id, { type: "VEHICLE" });
    await makeOrder(a, other.id);
    await makeOrder(b, part.id);
    const choices = await returnPartOrders(a.viewer, part.id);
    expect(choices.map((o) => o.id).sort()).toEqual([own.id, done.id].sort());
    expect(choices.find((o) => o.id === own.id)).toMatchObject({ orderNo: own.orderNo, quantity: 4, status: "SUBMITTED" });
    expect(await returnPartOrders(b.viewer, other.id)).toEqual([]);
    expect(await returnPartOrders(staff, part.id)).toEqual([]);
  });

  it("offer the ship dialog only the dealer's approved returns not in a batch yet", async () => {
    const d = await makeDealer();
    const waiting = await approved(d);
    const shipped = await approved(d);
    await ship(d, [shipped.id]);
    await file(d);
    const foreign = await approved(b);
    const options = await shipFormOptions(d.viewer);
    expect(options.returns.map((r) => r.id)).toEqual([waiting.id]);
    expect(options.deliveryWays.map((w) => w.value)).toEqual(expect.arrayContaining(["LOGISTICS", "EXPRESS"]));
    expect((await shippableReturns(b.viewer)).map((r) => r.id)).not.toContain(waiting.id);
    expect((await shippableReturns(b.viewer)).map((r) => r.id)).toContain(foreign.id);
    expect(await shippableReturns(staff)).toEqual([]);
    // The list's button counts them.
    const route = await loadSalesReturnRoute(d.viewer, new URLSearchParams());
    expect(route).toMatchObject({ kind: "list", canCreate: true, shippable: 1 });
    expect(route.kind === "list" && route.imageRule?.kind).toBe("IMAGE");
    expect(await loadSalesReturnRoute(staff, new URLSearchParams({ company: d.code }))).toMatchObject({ kind: "list", canCreate: false, imageRule: null, shippable: 0 });
  });
});
