import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ForbiddenError, loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { PrismaClient, type VehicleStatus } from "@/lib/generated/prisma/client";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeOrganization, makeRole, makeUser, makeVehicleModel, nowSeconds, uid } from "@/lib/test/factories";
import { inventoryVins, loadInventory } from "./queries";
import { inventoryVinsAction } from "./actions";
import { VIN_PAGE_SIZE } from "./schemas";
import { dateToMinute } from "../schemas";
import { withCheckDigit } from "../vin";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Available inventory against PostgreSQL: staff count factory-side vehicles per status (one
// grouped query, constant whatever the page holds), dealers see only goods on sale with their
// orderable stock, the filters, staff page through VINs oldest first, order numbers only in
// the viewer's scope, and dealers are refused the VINs.

let staff: Viewer;
let staffUser: number;
let dealer: Viewer;
let dealerUser: number;
let dealerCompany: number;
let carGroupId: number;

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
function newVin(): string {
  let stem = "LTV";
  while (stem.length < 17) stem += VIN_CHARS[Math.floor(Math.random() * VIN_CHARS.length)];
  return withCheckDigit(stem);
}

/** A fresh model, so a `model` filter shows only this test's goods. */
async function makeModel() {
  const code = uid("VM");
  return db().vehicleModel.create({ data: { code, carGroupId, nameEn: `Model ${code}`, nameZh: `车型${code}` } });
}

async function makeGoods(modelId: number, over: { stock?: number; onSale?: boolean; config?: string; sort?: number } = {}) {
  const code = uid("GI");
  return db().goods.create({
    data: {
      kind: "VEHICLE",
      code,
      nameEn: `Inventory ${code}`,
      nameZh: `库存${code}`,
      config: over.config ?? "2.0T AWD",
      price: "199999.99",
      stock: over.stock ?? 3,
      minOrderQty: 1,
      onSale: over.onSale ?? true,
      vehicleModelId: modelId,
      carGroupId,
      sort: over.sort ?? 0,
    },
  });
}

/** Vehicles of a goods in a status, the first entered `daysAgo` days ago, one a minute later each. */
async function makeVehicles(
  goods: { id: number; vehicleModelId: number | null },
  status: VehicleStatus,
  n: number,
  opts: { daysAgo?: number; orderId?: number; companyId?: number } = {},
) {
  const start = Date.now() - (opts.daysAgo ?? 10) * 86_400_000;
  const data = Array.from({ length: n }, (_, i) => ({
    vin: newVin(),
    goodsId: goods.id,
    vehicleModelId: goods.vehicleModelId!,
    status,
    colour: "Forest Green",
    entryAt: new Date(start + i * 60_000),
    orderId: opts.orderId ?? null,
    companyId: opts.companyId ?? null,
  }));
  await db().vehicle.createMany({ data });
  return data;
}

async function makeOrder(companyId: number, creatorId: number) {
  return db().order.create({
    data: {
      orderNo: uid("VO").toUpperCase(),
      type: "VEHICLE",
      companyId,
      status: "CONFIRMED",
      quantity: 1,
      amount: "199999.99",
      phone: "13912345678",
      deliveryWay: "LOGISTICS",
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      address: "No. 1 Test Road",
      creatorId,
    },
  });
}

const url = (q: Record<string, string | number>) =>
  new URL(`http://app.invalid/customerWeb/onlineMall/car/inventory?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);

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

beforeAll(async () => {
  setTestLocale("en-US");
  carGroupId = (await makeVehicleModel()).carGroupId;
  const salesOps = (await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } })).id;
  const dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  staffUser = (await makeUser({ userType: "STAFF", roleIds: [salesOps] })).id;
  staff = (await loadViewer(staffUser, null, nowSeconds()))!;
  dealerCompany = (await makeCompany()).id;
  dealerUser = (await makeUser({ userType: "DEALER", companyIds: [dealerCompany], roleIds: [dealerRole] })).id;
  dealer = (await loadViewer(dealerUser, dealerCompany, nowSeconds()))!;
});

describe("the groups", () => {
  it("staff see every vehicle goods of the model with its factory-side vehicles counted per status", async () => {
    const model = await makeModel();
    const a = await makeGoods(model.id, { stock: 4, sort: 1 });
    const off = await makeGoods(model.id, { stock: 0, onSale: false, sort: 2 });
    const order = await makeOrder(dealerCompany, dealerUser);
    await makeVehicles(a, "FACTORY_STOCK", 4);
    await makeVehicles(a, "ALLOCATED", 2, { orderId: order.id });
    await makeVehicles(a, "IN_TRANSIT", 1, { orderId: order.id });
    // Already at a dealer: not counted as available inventory.
    await makeVehicles(a, "IN_STOCK", 2, { companyId: dealerCompany });
    await makeVehicles(off, "IN_TRANSIT", 1, { orderId: order.id });

    const data = await loadInventory(staff, url({ model: model.id }));
    expect(data.staff).toBe(true);
    expect(data.can).toEqual({ addToCart: false, import: true, vins: true });
    expect(data.total).toEqual({ count: 2, capped: false });
    expect(data.groups.map((g) => [g.code, g.stock, g.onSale, g.counts])).toEqual([
      [a.code, 4, true, { FACTORY_STOCK: 4, ALLOCATED: 2, IN_TRANSIT: 1 }],
      [off.code, 0, false, { FACTORY_STOCK: 0, ALLOCATED: 0, IN_TRANSIT: 1 }],
    ]);
    expect(data.groups[0]).toMatchObject({ model: { id: model.id, nameEn: model.nameEn }, config: "2.0T AWD", price: "199999.99", thumbUrl: null });
    expect(data.models.some((m) => m.id === model.id)).toBe(true);
    // A status keeps the groups with at least one vehicle in it.
    expect((await loadInventory(staff, url({ model: model.id, status: "ALLOCATED" }))).groups.map((g) => g.code)).toEqual([a.code]);
    expect((await loadInventory(staff, url({ model: model.id, status: "IN_TRANSIT" }))).groups.map((g) => g.code)).toEqual([a.code, off.code]);
    // A dealer's status value means nothing to staff.
    expect((await loadInventory(staff, url({ model: model.id, status: "available" }))).filters.status).toBe("");
  });

  it("dealers see only goods on sale, with the orderable stock and no factory counts", async () => {
    const model = await makeModel();
    const onSale = await makeGoods(model.id, { stock: 5, sort: 1, config: "Long Range 620 km" });
    const empty = await makeGoods(model.id, { stock: 0, sort: 2 });
    const off = await makeGoods(model.id, { stock: 9, onSale: false, sort: 3 });
    await makeVehicles(onSale, "FACTORY_STOCK", 5);
    await makeVehicles(off, "FACTORY_STOCK", 9);

    const data = await loadInventory(dealer, url({ model: model.id }));
    expect(data.staff).toBe(false);
    expect(data.can).toEqual({ addToCart: true, import: false, vins: false });
    expect(data.groups.map((g) => [g.code, g.stock, g.counts])).toEqual([
      [onSale.code, 5, null],
      [empty.code, 0, null],
    ]);
    expect(data.groups.some((g) => g.code === off.code)).toBe(false);
    // "Available" keeps goods with units left; a staff status is ignored for dealers.
    expect((await loadInventory(dealer, url({ model: model.id, status: "available" }))).groups.map((g) => g.code)).toEqual([onSale.code]);
    const staffStatus = await loadInventory(dealer, url({ model: model.id, status: "FACTORY_STOCK" }));
    expect(staffStatus.filters.status).toBe("");
    expect(staffStatus.groups).toHaveLength(2);
    // The configuration filter: part of the text, any case.
    expect((await loadInventory(dealer, url({ model: model.id, config: "long range" }))).groups.map((g) => g.code)).toEqual([onSale.code]);
    // The model list offers only models with goods the dealer can see.
    const offModel = await makeModel();
    await makeGoods(offModel.id, { onSale: false });
    expect((await loadInventory(dealer, url({}))).models.some((m) => m.id === offModel.id)).toBe(false);
    expect((await loadInventory(staff, url({}))).models.some((m) => m.id === offModel.id)).toBe(true);
  });

  it("pages by keyset, 20 groups a page, and costs the same queries for one group or a full page", async () => {
    const model = await makeModel();
    const goods = [];
    for (let i = 0; i < 23; i++) goods.push(await makeGoods(model.id, { sort: i }));
    for (const g of goods.slice(0, 3)) await makeVehicles(g, "FACTORY_STOCK", 2);
    const first = await loadInventory(staff, url({ model: model.id }));
    expect(first.groups).toHaveLength(20);
    expect(first.total.count).toBe(23);
    expect(first.next).not.toBeNull();
    const second = await loadInventory(staff, url({ model: model.id, cursor: first.next! }));
    expect(second.groups.map((g) => g.code)).toEqual(goods.slice(20).map((g) => g.code));
    expect(second.next).toBeNull();

    const one = await countQueries(() => loadInventory(staff, url({ model: model.id, config: "nothing-matches-this" })));
    const full = await countQueries(() => loadInventory(staff, url({ model: model.id })));
    expect(full).toBeLessThanOrEqual(one + 1);
    expect(full).toBeLessThanOrEqual(8);
  });
});

describe("the VINs", () => {
  it("staff page through a goods' factory-side VINs, oldest entry first, 50 at a time", async () => {
    const model = await makeModel();
    const goods = await makeGoods(model.id);
    const order = await makeOrder(dealerCompany, dealerUser);
    // Interleaved entry times across the statuses: the merge must keep the global order.
    const stock = await makeVehicles(goods, "FACTORY_STOCK", 60, { daysAgo: 30 });
    const allocated = await makeVehicles(goods, "ALLOCATED", 30, { daysAgo: 29.99, orderId: order.id });
    const transit = await makeVehicles(goods, "IN_TRANSIT", 30, { daysAgo: 29.98, orderId: order.id });
    await makeVehicles(goods, "IN_STOCK", 5, { companyId: dealerCompany });
    const all = [...stock, ...allocated, ...transit].sort((x, y) => x.entryAt.getTime() - y.entryAt.getTime() || x.vin.localeCompare(y.vin));

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await inventoryVins(staff, goods.id, { after });
      expect(page.rows.length).toBeLessThanOrEqual(VIN_PAGE_SIZE);
      seen.push(...page.rows.map((r) => r.vin));
      after = page.next;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    const entry = new Map(all.map((v) => [v.vin, v.entryAt.getTime()]));
    const times = seen.map((v) => entry.get(v)!);
    expect(times).toEqual([...times].sort((x, y) => x - y));

    const first = await inventoryVins(staff, goods.id);
    const row = first.rows[0];
    expect(row).toEqual({ vin: all[0].vin, colour: "Forest Green", status: all[0].status, entryAt: dateToMinute(all[0].entryAt), orderNo: all[0].orderId ? order.orderNo : null });
    const withOrder = first.rows.find((r) => r.status !== "FACTORY_STOCK")!;
    expect(withOrder.orderNo).toBe(order.orderNo);

    // One status only.
    const onlyTransit = await inventoryVins(staff, goods.id, { status: "IN_TRANSIT" });
    expect(onlyTransit.rows).toHaveLength(30);
    expect(onlyTransit.next).toBeNull();
    expect(new Set(onlyTransit.rows.map((r) => r.status))).toEqual(new Set(["IN_TRANSIT"]));
  });

  it("shows an order number only when the order is in the viewer's data scope", async () => {
    const model = await makeModel();
    const goods = await makeGoods(model.id);
    const order = await makeOrder(dealerCompany, dealerUser);
    await makeVehicles(goods, "ALLOCATED", 1, { orderId: order.id });
    const screen = await db().menu.findFirstOrThrow({ where: { path: "onlineMall/car/inventory", type: "MENU" }, select: { id: true } });
    const otherOrg = await makeOrganization();
    const narrow = await makeRole({ dataScope: "ORG", menuIds: [screen.id] });
    const user = await makeUser({ userType: "STAFF", roleIds: [narrow.id], organizationId: otherOrg.id });
    const regional = (await loadViewer(user.id, null, nowSeconds()))!;
    const page = await inventoryVins(regional, goods.id);
    expect(page.rows.map((r) => [r.status, r.orderNo])).toEqual([["ALLOCATED", null]]);
    expect((await inventoryVins(staff, goods.id)).rows[0].orderNo).toBe(order.orderNo);
  });

  it("refuses dealers and staff without the screen, and answers not found for other goods", async () => {
    const model = await makeModel();
    const goods = await makeGoods(model.id);
    await makeVehicles(goods, "FACTORY_STOCK", 2);
    await expect(inventoryVins(dealer, goods.id)).rejects.toBeInstanceOf(ForbiddenError);
    const noScreen = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL" })).id] })).id, null, nowSeconds()))!;
    await expect(inventoryVins(noScreen, goods.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(inventoryVins(staff, 2_000_000_000)).rejects.toBeInstanceOf(NotFoundError);
    const part = await db().goods.create({ data: { kind: "PART", code: uid("GP"), nameEn: "Part", nameZh: "配件", price: "10.00" } });
    await expect(inventoryVins(staff, part.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the action answers staff with the page and dealers with the translated refusal", async () => {
    const model = await makeModel();
    const goods = await makeGoods(model.id);
    await makeVehicles(goods, "FACTORY_STOCK", 3);
    await actAs({ id: staffUser });
    const ok = await inventoryVinsAction({ goodsId: goods.id, status: null, after: null });
    expect(ok.ok).toBe(true);
    expect(ok.ok && ok.data.rows).toHaveLength(3);
    expect(await inventoryVinsAction({ goodsId: "x", after: "not a cursor" })).toMatchObject({ ok: false, fieldErrors: { goodsId: expect.stringContaining("Vehicle goods") } });
    await actAs({ id: dealerUser }, dealerCompany);
    const refused = await inventoryVinsAction({ goodsId: goods.id });
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok ? "" : refused.message).toMatch(/permission/i);
    await actAs(null);
    expect(await inventoryVinsAction({ goodsId: goods.id })).toMatchObject({ ok: false });
  });
});
