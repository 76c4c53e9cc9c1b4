import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { exportResource } from "@/lib/admin/resource";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeDealer, makeGoods, makeRole, makeUser, makeVehicles, nowSeconds, roleId, uid, type TestDealer, type TestGoods } from "@/lib/test/factories";
import { cancelDoc, createDelivery, createEntry, insertDoc, postEntry, postOutbound } from "../documents";
import { setMinimumAction } from "./actions";
import { listInventory, loadInventory, loadInventoryRoute, loadLedger, parseInventoryFilters, parseLedgerFilters, type InventoryPage } from "./queries";
import { inventoryResource } from "./resource";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// customerWms/inventory against PostgreSQL: the on-hand rows and their values after entries and
// deliveries posted through lib/wms/documents.ts, the low-stock flag and filter, the VINs of a
// location, one goods' ledger, keyset paging and the capped count, another dealer seeing none of
// it, staff's data scope, the export, and the minimum's validation.

type Wh = { id: number; loc: Record<string, number> };
type Dealer = TestDealer & { viewer: Viewer; ctx: AuditCtx; wh: Wh };
let a: Dealer;
let b: Dealer;
let p1: TestGoods;
let p2: TestGoods;
let car: TestGoods;
let vins: string[];
let staff: Viewer;
let scopedStaff: Viewer;
const q = (p: Record<string, string> = {}) => new URLSearchParams(p);
const list = (v: Viewer, p: Record<string, string> = {}) => listInventory(v, parseInventoryFilters(q(p)));
const ledger = (v: Viewer, p: Record<string, string>) => loadLedger(v, parseLedgerFilters(q(p))!);
const byKey = (page: InventoryPage) => Object.fromEntries(page.rows.map((r) => [`${r.location.code}/${r.goods.code}`, r]));

async function warehouse(companyId: number, codes: string[]): Promise<Wh> {
  const w = await db().warehouse.create({ data: { companyId, code: uid("W").toUpperCase(), name: "Main", type: "MIXED" } });
  const loc: Record<string, number> = {};
  for (const code of codes) loc[code] = (await db().warehouseLocation.create({ data: { warehouseId: w.id, code } })).id;
  return { id: w.id, loc };
}

async function dealer(organizationId?: number): Promise<Dealer> {
  const d = await makeDealer({ organizationId });
  const viewer = (await loadViewer(d.userId, d.companyId, nowSeconds()))!;
  return { ...d, viewer, ctx: { userId: d.userId, companyId: d.companyId, requestId: null }, wh: await warehouse(d.companyId, ["A-01", "A-02"]) };
}

async function enter(d: Dealer, lines: { goodsId: number; quantity: number; unitCost: string; toLocationId: number }[]) {
  const doc = await createEntry(d.viewer, d.ctx, { warehouseId: d.wh.id, source: "OPENING", remark: null, lines });
  await postEntry(d.viewer, d.ctx, { id: doc.id, lines: [] });
  return doc;
}

async function deliver(d: Dealer, lines: { goodsId: number; quantity: number; fromLocationId: number }[]) {
  const doc = await createDelivery(d.viewer, d.ctx, { warehouseId: d.wh.id, source: "REPAIR", remark: null, lines: lines.map((l) => ({ ...l, vehicleId: null })) });
  await postOutbound(d.viewer, d.ctx, doc.id);
  return doc;
}

beforeAll(async () => {
  setTestLocale("en-US");
  const orgA = (await db().organization.create({ data: { code: uid("ORG"), nameEn: "A region", nameZh: "A区", type: "REGION" } })).id;
  a = await dealer(orgA);
  b = await dealer();
  p1 = await makeGoods({ kind: "PART", price: "20.00", nameEn: "Brake pad", nameZh: "刹车片" });
  p2 = await makeGoods({ kind: "PART", price: "5.00" });
  car = await makeGoods({ kind: "VEHICLE", price: "150000.00" });
  vins = await makeVehicles(car.id, 2, { status: "IN_STOCK", companyId: a.companyId });

  // A: 10 + 5 of p1 at two costs, 3 of p2; then 4 and 5 of p1 out (A-02 left at zero).
  await enter(a, [
    { goodsId: p1.id, quantity: 10, unitCost: "10.00", toLocationId: a.wh.loc["A-01"] },
    { goodsId: p1.id, quantity: 5, unitCost: "13.00", toLocationId: a.wh.loc["A-02"] },
    { goodsId: p2.id, quantity: 3, unitCost: "2.50", toLocationId: a.wh.loc["A-01"] },
  ]);
  await deliver(a, [{ goodsId: p1.id, quantity: 4, fromLocationId: a.wh.loc["A-01"] }]);
  await deliver(a, [{ goodsId: p1.id, quantity: 5, fromLocationId: a.wh.loc["A-02"] }]);
  // A's two vehicles into A-02, by VIN (a manual entry takes no vehicles: the lines are the app's).
  const cars = await db().vehicle.findMany({ where: { vin: { in: vins } }, select: { id: true }, orderBy: { vin: "asc" } });
  const doc = await db().$transaction((tx) =>
    insertDoc(tx, a.ctx, {
      type: "ENTRY",
      companyId: a.companyId,
      warehouseId: a.wh.id,
      source: "OPENING",
      lines: cars.map((c) => ({ goodsId: car.id, vehicleId: c.id, quantity: 1, unitCost: "120000.00", toLocationId: a.wh.loc["A-02"] })),
    }),
  );
  await postEntry(a.viewer, a.ctx, { id: doc.id, lines: [] });
  // B: 7 of p1.
  await enter(b, [{ goodsId: p1.id, quantity: 7, unitCost: "11.00", toLocationId: b.wh.loc["A-01"] }]);
  // A's minimums: p2 below (3 < 5), p1 at (6 = 6, not low).
  await db().stockMinimum.createMany({
    data: [
      { companyId: a.companyId, goodsId: p2.id, minQty: 5 },
      { companyId: a.companyId, goodsId: p1.id, minQty: 6 },
      { companyId: b.companyId, goodsId: p2.id, minQty: 1 },
    ],
  });

  const salesOps = await roleId("SALES_OPS");
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [salesOps] })).id, null, nowSeconds()))!;
  const menus = (await db().roleMenu.findMany({ where: { roleId: salesOps }, select: { menuId: true } })).map((m) => m.menuId);
  const aOnly = await makeRole({ dataScope: "CUSTOM", organizationIds: [orgA], menuIds: menus });
  scopedStaff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [aOnly.id] })).id, null, nowSeconds()))!;
});

describe("the list", () => {
  it("shows each location's quantity, reserved, available, value and average cost after entries and deliveries", async () => {
    const page = await list(a.viewer);
    expect(page.total).toEqual({ count: 3, capped: false });
    const rows = byKey(page);
    expect(rows[`A-01/${p1.code}`]).toMatchObject({ quantity: 6, reserved: 0, available: 6, value: "60.00", avgCost: "10.00", companyTotal: 6, minQty: 6, low: false });
    expect(rows[`A-01/${p2.code}`]).toMatchObject({ quantity: 3, value: "7.50", avgCost: "2.50", companyTotal: 3, minQty: 5, low: true });
    expect(rows[`A-02/${car.code}`]).toMatchObject({ quantity: 2, value: "240000.00", avgCost: "120000.00", vins: [...vins].sort() });
    expect(rows[`A-01/${p1.code}`].warehouse.id).toBe(a.wh.id);
    expect(rows[`A-01/${p1.code}`].goods).toMatchObject({ nameEn: "Brake pad", nameZh: "刹车片", kind: "PART" });
    // The emptied A-02 row of p1 is hidden by default and shown on request.
    expect(rows[`A-02/${p1.code}`]).toBeUndefined();
    const all = byKey(await list(a.viewer, { hideZero: "false" }));
    expect(all[`A-02/${p1.code}`]).toMatchObject({ quantity: 0, value: "0.00", avgCost: null });
  });

  it("reserved stock shows until the draft is posted", async () => {
    const draft = await createDelivery(a.viewer, a.ctx, {
      warehouseId: a.wh.id,
      source: "OTHER",
      remark: null,
      lines: [{ goodsId: p2.id, vehicleId: null, quantity: 1, fromLocationId: a.wh.loc["A-01"] }],
    });
    expect(byKey(await list(a.viewer))[`A-01/${p2.code}`]).toMatchObject({ quantity: 3, reserved: 1, available: 2 });
    await cancelDoc(a.viewer, a.ctx, { id: draft.id, reason: null });
    expect(byKey(await list(a.viewer))[`A-01/${p2.code}`]).toMatchObject({ reserved: 0, available: 3 });
  });

  it("filters by warehouse, location, goods, kind and low stock", async () => {
    const codes = async (p: Record<string, string>) => (await list(a.viewer, p)).rows.map((r) => `${r.location.code}/${r.goods.code}`).sort();
    expect(await codes({ low: "true" })).toEqual([`A-01/${p2.code}`]);
    expect(await codes({ kind: "VEHICLE" })).toEqual([`A-02/${car.code}`]);
    expect(await codes({ location: "a-02" })).toEqual([`A-02/${car.code}`]);
    expect(await codes({ goods: "brake" })).toEqual([`A-01/${p1.code}`]);
    expect(await codes({ goods: "刹车" })).toEqual([`A-01/${p1.code}`]);
    expect(await codes({ goods: p2.code.slice(0, 6).toLowerCase() })).toContain(`A-01/${p2.code}`);
    expect(await codes({ warehouse: String(a.wh.id) })).toHaveLength(3);
    expect(await codes({ warehouse: String(b.wh.id) })).toEqual([]);
  });

  it("pages by keyset both ways and caps the count", async () => {
    const first = await list(a.viewer, { size: "10", hideZero: "false" });
    expect(first.rows).toHaveLength(4);
    // The screen offers 10/20/50/100 per page; other sizes fall back to 20.
    expect((await list(a.viewer, { size: "2" })).rows).toHaveLength(3);
    const one = await listInventory(a.viewer, { ...parseInventoryFilters(q({ hideZero: "false" })), size: 2 });
    expect(one.rows).toHaveLength(2);
    expect(one.next).toBeTruthy();
    const two = await listInventory(a.viewer, { ...parseInventoryFilters(q({ hideZero: "false" })), size: 2, cursor: one.next! });
    expect(two.rows).toHaveLength(2);
    expect(two.next).toBeNull();
    expect(two.prev).toBeTruthy();
    expect([...one.rows, ...two.rows].map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    const back = await listInventory(a.viewer, { ...parseInventoryFilters(q({ hideZero: "false" })), size: 2, cursor: two.prev! });
    expect(back.rows.map((r) => r.id)).toEqual(one.rows.map((r) => r.id));

    // More than 1,000 rows: counted to 1,000, then "more than".
    const c = await dealer();
    const goods = await makeGoods();
    const w = await db().warehouse.create({ data: { companyId: c.companyId, code: "BIG", name: "Big", type: "PARTS" } });
    await db().warehouseLocation.createMany({ data: Array.from({ length: 1001 }, (_, i) => ({ warehouseId: w.id, code: `L${i}` })) });
    const locs = await db().warehouseLocation.findMany({ where: { warehouseId: w.id }, select: { id: true } });
    await db().stockOnHand.createMany({ data: locs.map((l) => ({ companyId: c.companyId, warehouseId: w.id, locationId: l.id, goodsId: goods.id, quantity: 1, value: "1.00" })) });
    const big = await list(c.viewer);
    expect(big.total).toEqual({ count: 1000, capped: true });
    expect(big.rows).toHaveLength(20);
  });
});

describe("the ledger", () => {
  it("lists one goods' movements newest first, with documents, balances and costs, totals and minimum", async () => {
    const l = await ledger(a.viewer, { goodsId: String(p1.id) });
    expect(l.totals).toEqual({ quantity: 6, reserved: 0, available: 6, value: "60.00", avgCost: "10.00" });
    expect(l).toMatchObject({ minQty: 6, low: false, total: { count: 4, capped: false }, company: { id: a.companyId } });
    expect(l.rows.map((r) => [r.doc.type, r.location.code, r.quantity, r.balance, r.unitCost])).toEqual([
      ["DELIVERY", "A-02", -5, 0, "13.00"],
      ["DELIVERY", "A-01", -4, 6, "10.00"],
      ["ENTRY", "A-02", 5, 5, "13.00"],
      ["ENTRY", "A-01", 10, 10, "10.00"],
    ]);
    expect(l.rows[0].doc.docNo).toMatch(/^WD/);
    expect(l.rows[0].user).toBeTruthy();
    expect(l.onHand.map((r) => [r.location.code, r.quantity])).toEqual([
      ["A-01", 6],
      ["A-02", 0],
    ]);
    const cars = await ledger(a.viewer, { goodsId: String(car.id) });
    expect(cars.rows.map((r) => r.vin).sort()).toEqual([...vins].sort());
    expect(cars.onHand[0].vins).toEqual([...vins].sort());

    // Paging: two by two.
    const one = await ledger(a.viewer, { goodsId: String(p1.id), size: "2" });
    expect(one.rows).toHaveLength(2);
    const two = await ledger(a.viewer, { goodsId: String(p1.id), size: "2", cursor: one.next! });
    expect(two.rows.map((r) => r.quantity)).toEqual([5, 10]);
    expect(two.next).toBeNull();
  });

  it("shows another dealer nothing of the first's: its own movements of the same goods only", async () => {
    const l = await ledger(b.viewer, { goodsId: String(p1.id), companyId: String(a.companyId) });
    expect(l.company.id).toBe(b.companyId);
    expect(l.rows.map((r) => [r.quantity, r.unitCost])).toEqual([[7, "11.00"]]);
    expect(l.totals.quantity).toBe(7);
    const none = await ledger(b.viewer, { goodsId: String(p2.id) });
    expect(none).toMatchObject({ rows: [], onHand: [], minQty: 1, low: true, totals: { quantity: 0, value: "0.00", avgCost: null } });
    // The list: B's own row; A's goods and warehouse give nothing.
    expect((await list(b.viewer)).rows.map((r) => r.goods.code)).toEqual([p1.code]);
    expect((await list(b.viewer, { goods: p2.code })).total.count).toBe(0);
    expect((await list(b.viewer, { warehouse: String(a.wh.id) })).total.count).toBe(0);
    // B's minimum of p2 (no stock) is low, but B has no row to flag.
    expect((await list(b.viewer, { low: "true" })).total.count).toBe(0);
  });
});

describe("staff", () => {
  it("see the dealers in their data scope with the dealer, read-only; another company's ledger is 404", async () => {
    const s = await list(staff, { company: a.code });
    expect(s.staff).toBe(true);
    expect(s.rows.map((r) => r.company.code)).toEqual([a.code, a.code, a.code]);
    expect((await list(staff, { company: b.code })).rows.map((r) => r.company.code)).toEqual([b.code]);
    expect((await list(staff, { company: a.code, low: "true" })).rows.map((r) => r.goods.code)).toEqual([p2.code]);

    const scoped = await list(scopedStaff);
    expect(new Set(scoped.rows.map((r) => r.company.id))).toEqual(new Set([a.companyId]));
    expect((await list(scopedStaff, { company: b.code })).total.count).toBe(0);
    expect((await list(scopedStaff, { low: "true" })).rows.map((r) => r.goods.code)).toEqual([p2.code]);
    expect((await ledger(scopedStaff, { goodsId: String(p1.id), companyId: String(a.companyId) })).rows).toHaveLength(4);
    await expect(ledger(scopedStaff, { goodsId: String(p1.id), companyId: String(b.companyId) })).rejects.toBeInstanceOf(NotFoundError);
    await expect(ledger(scopedStaff, { goodsId: String(p1.id) })).rejects.toBeInstanceOf(NotFoundError);
    const route = await loadInventoryRoute(scopedStaff, new URL(`http://x/customerWeb/customerWms/inventory?goodsId=${p1.id}&companyId=${b.companyId}`));
    expect(route.kind).toBe("missing");

    const data = await loadInventory(staff, q({ company: a.code }));
    expect(data.can).toEqual({ export: true, setMinimum: false });
    expect((await loadInventory(a.viewer, q())).can).toEqual({ export: true, setMinimum: true });

    await actAs({ id: staff.userId });
    const res = await setMinimumAction({ goodsId: p1.id, minQty: "3" });
    expect(res).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });
});

describe("export", () => {
  it("answers the list's rows for its filters, in the viewer's language", async () => {
    const out = await exportResource(inventoryResource, a.viewer, q({ kind: "PART" }), null);
    expect(out.status).toBe(200);
    if (!("stream" in out)) throw new Error("no stream");
    const buf = Buffer.isBuffer(out.stream) ? out.stream : Buffer.from(await new Response(out.stream).arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    expect(rows[0].slice(0, 4)).toEqual(["Dealer", "Warehouse", "Location", "Goods code"]);
    expect(
      rows
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual([p1.code, p2.code].sort());
    const lowRow = rows.find((r) => r[3] === p2.code)!;
    expect(lowRow).toContain("Low stock");
    expect(lowRow).toContain("Part");
    // B's export holds none of A's rows.
    const other = await exportResource(inventoryResource, b.viewer, q(), null);
    if (!("stream" in other)) throw new Error("no stream");
    const text = Buffer.from(await new Response(other.stream as ReadableStream).arrayBuffer());
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(text as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(2);
  });
});

describe("the minimum", () => {
  it("is a whole number ≥ 0, refused on its field by name; empty clears it", async () => {
    await actAs({ id: a.userId }, a.companyId);
    const neg = await setMinimumAction({ goodsId: p2.id, minQty: "-1" });
    expect(neg).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { minQty: "Minimum must be at least 0" } });
    const frac = await setMinimumAction({ goodsId: p2.id, minQty: "1.5" });
    expect(frac).toMatchObject({ ok: false, fieldErrors: { minQty: "Minimum must be a whole number" } });
    const text = await setMinimumAction({ goodsId: p2.id, minQty: "many" });
    expect(text).toMatchObject({ ok: false, fieldErrors: { minQty: "Minimum must be a number" } });
    setTestLocale("zh-CN");
    const zh = await setMinimumAction({ goodsId: p2.id, minQty: "-1" });
    expect(zh.ok ? "" : zh.fieldErrors?.minQty).toContain("最低库存");
    setTestLocale("en-US");
    expect(await setMinimumAction({ goodsId: 2_000_000_000, minQty: "1" })).toMatchObject({ ok: false, code: "NOT_FOUND" });

    expect(await setMinimumAction({ goodsId: p2.id, minQty: "2" })).toEqual({ ok: true, data: { goodsId: p2.id, minQty: 2 } });
    expect(byKey(await list(a.viewer))[`A-01/${p2.code}`]).toMatchObject({ minQty: 2, low: false });
    expect(await setMinimumAction({ goodsId: p2.id, minQty: "" })).toEqual({ ok: true, data: { goodsId: p2.id, minQty: null } });
    expect(await db().stockMinimum.findUnique({ where: { companyId_goodsId: { companyId: a.companyId, goodsId: p2.id } } })).toBeNull();
    const audit = await db().auditLog.findFirst({ where: { entity: "StockMinimum", entityId: `${a.companyId}:${p2.id}` }, orderBy: { id: "desc" } });
    expect(audit?.action).toBe("clear");
    // B's own minimum of p2 is untouched.
    expect((await db().stockMinimum.findUnique({ where: { companyId_goodsId: { companyId: b.companyId, goodsId: p2.id } } }))?.minQty).toBe(1);
  });
});
