import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { COUNT_CAP } from "@/lib/list/keyset";
import { setTestLocale } from "@/lib/test/action-harness";
import { makeDealer, makeGoods, makeUser, makeVehicles, nowSeconds, uid } from "@/lib/test/factories";
import { analyze, captureQueries, nodesOf, planOf } from "@/lib/test/plans";
import { carReturnResource, vehicleSaleResource } from "@/lib/vehicles/sales/lists";
import { vehicleStockResource } from "@/lib/vehicles/stock/resource";
import { inventoryResource } from "@/lib/wms/inventory/resource";
import { orgSourceResource } from "@/lib/system/org-source";
import { erase, loadList, type ErasedResource } from "./resource";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));

// The admin pattern's keyset paging (lib/admin/resource.ts `keyset`) on the four resources over
// tables that grow without bound: the first page, the next and previous by cursor, a filter
// kept across cursors, the capped count, another dealer's cursor (or a forged one) never showing
// rows outside the viewer's company, and the statements reading the index of the list's order.

type Dealer = { companyId: number; userId: number; viewer: Viewer };
let a: Dealer;
let b: Dealer;
let admin: Viewer;
/** Per resource: A's rows in the list's order (newest first), as ids. */
const expected: Record<string, number[]> = {};

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

async function dealer(): Promise<Dealer> {
  const d = await makeDealer();
  return { companyId: d.companyId, userId: d.userId, viewer: (await loadViewer(d.userId, d.companyId, nowSeconds()))! };
}

const list = (r: ErasedResource, v: Viewer, p: Record<string, string> = {}) => loadList(r, v, new URLSearchParams(p));
const ids = (rows: unknown[]) => rows.map((r) => (r as { id: number }).id);

/** Every page from the first by `next`, then back by `prev`: the ids of each page. */
async function walk(r: ErasedResource, v: Viewer, p: Record<string, string>) {
  const forward: number[][] = [];
  let page = await list(r, v, p);
  expect(page.keyset?.prev).toBeNull();
  forward.push(ids(page.rows));
  while (page.keyset?.next) {
    page = await list(r, v, { ...p, cursor: page.keyset.next });
    forward.push(ids(page.rows));
  }
  const backward: number[][] = [ids(page.rows)];
  while (page.keyset?.prev) {
    page = await list(r, v, { ...p, cursor: page.keyset.prev });
    backward.unshift(ids(page.rows));
  }
  return { forward, backward };
}

beforeAll(async () => {
  setTestLocale("en-US");
  a = await dealer();
  b = await dealer();
  admin = (await loadViewer((await makeUser({ userType: "ADMIN" })).id, null, nowSeconds()))!;
  const car = await makeGoods({ kind: "VEHICLE", price: "150000.00" });
  // A: 23 vehicles (entry one day apart, three sharing one instant so the id breaks the tie);
  // B: 3, all newer than A's.
  await makeVehicles(car.id, 23, { status: "IN_STOCK", companyId: a.companyId });
  await makeVehicles(car.id, 3, { status: "IN_STOCK", companyId: b.companyId });
  const mine = await db().vehicle.findMany({ where: { companyId: a.companyId }, orderBy: { id: "asc" }, select: { id: true } });
  for (const [i, v] of mine.entries()) await db().vehicle.update({ where: { id: v.id }, data: { entryAt: new Date(T0 + (i < 3 ? 0 : i) * DAY) } });
  await db().vehicle.updateMany({ where: { companyId: b.companyId }, data: { entryAt: new Date(T0 + 400 * DAY) } });
  const ordered = await db().vehicle.findMany({ where: { companyId: a.companyId }, orderBy: [{ entryAt: "desc" }, { id: "desc" }], select: { id: true } });
  expected.vehicleStock = ordered.map((v) => v.id);

  // A sells 21 of them (one a day), the 12 oldest sales returned; B sells one, later.
  const sale = (vehicleId: number, companyId: number, userId: number, soldAt: Date, returnedAt: Date | null) => ({
    vehicleId,
    companyId,
    soldAt,
    ownerName: "Li Lei",
    phone: "13800001111",
    idType: "PASSPORT",
    idNumberSealed: "sealed",
    idNumberMasked: "E1234****",
    warrantyStart: soldAt,
    warrantyEnd: soldAt,
    warrantyMonths: 36,
    createdById: userId,
    returnedAt,
    returnReason: returnedAt ? "Changed his mind" : null,
    returnedById: returnedAt ? userId : null,
  });
  await db().vehicleSale.createMany({
    data: mine.slice(0, 21).map((v, i) => sale(v.id, a.companyId, a.userId, new Date(T0 + (100 + i) * DAY), i < 12 ? new Date(T0 + (200 + i) * DAY) : null)),
  });
  const bCar = await db().vehicle.findFirstOrThrow({ where: { companyId: b.companyId }, select: { id: true } });
  await db().vehicleSale.create({ data: sale(bCar.id, b.companyId, b.userId, new Date(T0 + 500 * DAY), new Date(T0 + 501 * DAY)) });
  const sales = await db().vehicleSale.findMany({ where: { companyId: a.companyId }, orderBy: [{ soldAt: "desc" }, { id: "desc" }], select: { id: true } });
  expected.vehicleSales = sales.map((s) => s.id);
  const returns = await db().vehicleSale.findMany({
    where: { companyId: a.companyId, returnedAt: { not: null } },
    orderBy: [{ returnedAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  expected.carReturns = returns.map((s) => s.id);

  // A: 22 on-hand rows of one part in 22 locations, one created a day; B: one.
  const part = await makeGoods({ kind: "PART", price: "5.00" });
  for (const d of [a, b]) {
    const w = await db().warehouse.create({ data: { companyId: d.companyId, code: uid("W").toUpperCase(), name: "Main", type: "MIXED" } });
    const n = d === a ? 22 : 1;
    await db().warehouseLocation.createMany({ data: Array.from({ length: n }, (_, i) => ({ warehouseId: w.id, code: `K-${i}` })) });
    const locs = await db().warehouseLocation.findMany({ where: { warehouseId: w.id }, orderBy: { id: "asc" }, select: { id: true } });
    await db().stockOnHand.createMany({
      data: locs.map((l, i) => ({
        companyId: d.companyId,
        warehouseId: w.id,
        locationId: l.id,
        goodsId: part.id,
        quantity: i % 4 === 0 ? 0 : 2,
        value: "10.00",
        createdAt: new Date(T0 + (d === a ? i : 300) * DAY),
      })),
    });
  }
  const onHand = await db().stockOnHand.findMany({
    where: { companyId: a.companyId, quantity: { gt: 0 } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  expected.wmsInventory = onHand.map((s) => s.id);
});

const RESOURCES = [erase(vehicleStockResource), erase(vehicleSaleResource), erase(carReturnResource), erase(inventoryResource)];

describe.each(RESOURCES.map((r) => [r.name, r] as const))("%s on keyset pages", (name, r) => {
  it("pages newest first by cursor, forward and back, with the count and no page numbers", async () => {
    const all = expected[name];
    expect(all.length).toBeGreaterThan(10);
    const first = await list(r, a.viewer, { size: "10" });
    expect(ids(first.rows)).toEqual(all.slice(0, 10));
    expect(first).toMatchObject({ total: all.length, page: 1, pageSize: 10, sort: r.spec.defaultSort, keyset: { cursor: "", prev: null, capped: false } });
    expect(first.keyset!.next).toMatch(/^a\d+_\d+$/);

    const second = await list(r, a.viewer, { size: "10", cursor: first.keyset!.next! });
    expect(ids(second.rows)).toEqual(all.slice(10, 20));
    expect(second.keyset!.prev).toMatch(/^b\d+_\d+$/);
    expect(ids((await list(r, a.viewer, { size: "10", cursor: second.keyset!.prev! })).rows)).toEqual(all.slice(0, 10));

    // Every page, then back again: the same pages, every row once.
    const { forward, backward } = await walk(r, a.viewer, { size: "10" });
    expect(forward.flat()).toEqual(all);
    expect(backward).toEqual(forward);
  });

  it("keeps the list's own order whatever sort the URL asks for, and ignores a page number", async () => {
    const page = await list(r, a.viewer, { size: "10", sort: "id", order: "asc", page: "2" });
    expect(ids(page.rows)).toEqual(expected[name].slice(0, 10));
  });

  it("never shows another company's rows: not by following a cursor of A's, nor by a forged one", async () => {
    const first = await list(r, a.viewer, { size: "10" });
    const own = ids((await list(r, b.viewer, { size: "100" })).rows);
    expect(own.every((id) => !expected[name].includes(id))).toBe(true);
    for (const cursor of [first.keyset!.next!, first.keyset!.next!.replace(/^a/, "b"), "a9999999999999_2147483647", "b0_0", "a0_0"]) {
      const seen = ids((await list(r, b.viewer, { size: "100", cursor })).rows);
      expect(seen.filter((id) => !own.includes(id))).toEqual([]);
    }
  });
});

describe("filters across cursors", () => {
  it("a filter stays on the next and previous pages (sales: returned only; stock: an entry date range)", async () => {
    const returned = await walk(erase(vehicleSaleResource), a.viewer, { size: "3", returned: "true" });
    const returnedIds = new Set(expected.carReturns);
    expect(returned.forward.flat()).toHaveLength(12);
    expect(returned.forward.flat().every((id) => returnedIds.has(id))).toBe(true);
    expect(returned.backward).toEqual(returned.forward);

    const from = "2026-01-05";
    const to = "2026-01-15";
    const stock = await walk(erase(vehicleStockResource), a.viewer, { size: "4", entryAtFrom: from, entryAtTo: to });
    const inRange = await db().vehicle.findMany({
      where: { companyId: a.companyId, entryAt: { gte: new Date(`${from}T00:00:00+08:00`), lt: new Date(`2026-01-16T00:00:00+08:00`) } },
      orderBy: [{ entryAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(stock.forward.flat()).toEqual(inRange.map((v) => v.id));
    expect(stock.backward).toEqual(stock.forward);
  });
});

describe("the capped count", () => {
  // A dealer with three times the cap of each: reading the index in the list's order (stop at the
  // cap) must then beat reading the company's rows and sorting them, whatever the statistics.
  let c: Dealer;
  beforeAll(async () => {
    c = await dealer();
    const n = 3 * COUNT_CAP;
    const car = await makeGoods({ kind: "VEHICLE", price: "150000.00" });
    await makeVehicles(car.id, n, { status: "SOLD", companyId: c.companyId });
    // Older than the other rows of the tables: walking the whole table's index newest first would
    // pass every other company's rows before reaching these.
    await db().$executeRaw`UPDATE "Vehicle" SET "entryAt" = "entryAt" - interval '8 years' WHERE "companyId" = ${c.companyId}`;
    const cars = await db().vehicle.findMany({ where: { companyId: c.companyId }, select: { id: true, entryAt: true } });
    await db().vehicleSale.createMany({
      data: cars.map((v) => ({
        vehicleId: v.id,
        companyId: c.companyId,
        soldAt: v.entryAt,
        ownerName: "Han Meimei",
        phone: "13900002222",
        idType: "PASSPORT",
        idNumberSealed: "sealed",
        idNumberMasked: "E1234****",
        warrantyStart: v.entryAt,
        warrantyEnd: v.entryAt,
        warrantyMonths: 36,
        createdById: c.userId,
        returnedAt: v.entryAt,
        returnReason: "Changed her mind",
        returnedById: c.userId,
      })),
    });
    const part = await makeGoods({ kind: "PART", price: "5.00" });
    const w = await db().warehouse.create({ data: { companyId: c.companyId, code: uid("W").toUpperCase(), name: "Big", type: "PARTS" } });
    await db().warehouseLocation.createMany({ data: Array.from({ length: n }, (_, i) => ({ warehouseId: w.id, code: `L${i}` })) });
    const locs = await db().warehouseLocation.findMany({ where: { warehouseId: w.id }, select: { id: true } });
    await db().stockOnHand.createMany({
      data: locs.map((l, i) => ({
        companyId: c.companyId,
        warehouseId: w.id,
        locationId: l.id,
        goodsId: part.id,
        quantity: 1,
        value: "1.00",
        createdAt: new Date(T0 - 3000 * DAY + i * 60_000),
      })),
    });
    await analyze("Vehicle", "VehicleSale", "StockOnHand");
  });

  const cases: [ErasedResource, string, string | null][] = [
    [erase(vehicleStockResource), "Vehicle", "Vehicle_companyId_entryAt_id_idx"],
    [erase(vehicleSaleResource), "VehicleSale", "VehicleSale_companyId_soldAt_id_idx"],
    [erase(carReturnResource), "VehicleSale", "VehicleSale_companyId_returnedAt_id_idx"],
    [erase(inventoryResource), "StockOnHand", "StockOnHand_companyId_createdAt_id_idx"],
  ];
  it.each(cases.map(([r, table, index]) => [r.name, r, table, index] as const))(
    "%s: counts to the cap and says so; the page and the count read the company's index in the list's order and stop",
    async (_name, r, table, index) => {
      let page: Awaited<ReturnType<typeof list>> | undefined;
      const statements = await captureQueries(async () => {
        page = await list(r, c.viewer);
      });
      expect(page).toMatchObject({ total: COUNT_CAP, keyset: { capped: true, prev: null } });
      expect(page!.rows).toHaveLength(20);

      const ordered = statements.filter((s) => s.sql.split("WHERE")[0].includes(`FROM "public"."${table}"`) && /ORDER BY/.test(s.sql));
      expect(ordered.length).toBe(2);
      for (const s of index ? ordered : []) {
        const plan = await planOf(s.sql, s.params, { analyze: true });
        const scan = nodesOf(plan).find((n) => n["Relation Name"] === table);
        expect(scan?.["Index Name"], s.sql).toBe(index);
        expect(nodesOf(plan).map((n) => n["Node Type"])).not.toContain("Sort");
        // One row past the page (the page) or past the cap (the count), not the company's 3,000.
        expect(scan!["Actual Rows"]).toBeLessThanOrEqual(COUNT_CAP + 1);
      }
    },
  );
});

describe("bounded resources", () => {
  it("keep numbered pages and the exact count", async () => {
    const page = await list(erase(orgSourceResource), admin, { pageSize: "10" });
    expect(page.keyset).toBeUndefined();
    expect(page.page).toBe(1);
    expect(typeof page.total).toBe("number");
  });
});
