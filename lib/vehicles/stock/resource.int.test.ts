import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { exportResource, importResource, importTemplate } from "@/lib/admin/resource";
import { db } from "@/lib/db";
import type { VehicleStatus } from "@/lib/generated/prisma/enums";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeRole, makeUser, makeVehicleModel, nowSeconds, uid } from "@/lib/test/factories";
import { addVehicleAction, vehicleGoodsOptionsAction } from "./actions";
import { loadVehicleInfoRoute } from "./info-loader";
import { listVehicleStock, loadVehicleStock } from "./queries";
import { vehicleStockResource } from "./resource";
import { withCheckDigit } from "../vin";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// car/stock against PostgreSQL: a dealer sees only its own vehicles in stock or sold, staff
// see their data scope (factory stock included), the filters and export, and the staff import
// (row-numbered errors and nothing saved, or every row saved with its history and the goods'
// stock) and form. Every test makes its own goods (a unique configuration keeps its rows apart).

type Dealer = { company: number; user: number; viewer: Viewer };
let dealerRole: number;
let salesOps: Viewer;
let scopedStaff: Viewer;
let a: Dealer;
let b: Dealer;
let modelId: number;

const CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
/** A fresh valid VIN (random stem, ISO 3779 check digit). */
function newVin(): string {
  let s = "LTS";
  for (let i = 0; i < 14; i++) s += CHARS[Math.floor(Math.random() * CHARS.length)];
  return withCheckDigit(s);
}

async function makeDealer(): Promise<Dealer> {
  const company = (await makeCompany()).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  return { company, user, viewer: (await loadViewer(user, company, nowSeconds()))! };
}

async function makeGoods(stock = 0) {
  const code = uid("GS").toUpperCase();
  return db().goods.create({
    data: {
      kind: "VEHICLE",
      code,
      nameEn: `Stock car ${code}`,
      nameZh: `库存车${code}`,
      config: `CFG-${code}`,
      price: "150000.00",
      stock,
      minOrderQty: 1,
      onSale: true,
      vehicleModelId: modelId,
    },
  });
}

async function makeVehicle(goodsId: number, status: VehicleStatus, companyId: number | null, entryAt = new Date()) {
  return db().vehicle.create({ data: { vin: newVin(), goodsId, vehicleModelId: modelId, status, companyId, entryAt, colour: "White" } });
}

const params = (p: Record<string, string>) => new URLSearchParams(p);

async function workbook(rows: (string | number | Date | null)[][]): Promise<File> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("s");
  for (const r of rows) ws.addRow(r);
  return new File([await wb.xlsx.writeBuffer()], "vehicles.xlsx");
}

async function readBack(stream: ReadableStream<Uint8Array> | Buffer): Promise<string[][]> {
  const buf = Buffer.isBuffer(stream) ? stream : Buffer.from(await new Response(stream).arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? "")))));
  return out;
}

beforeAll(async () => {
  setTestLocale("en-US");
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  const ops = await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true, menus: { select: { menuId: true } } } });
  modelId = (await makeVehicleModel()).id;
  salesOps = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [ops.id] })).id, null, nowSeconds()))!;
  a = await makeDealer();
  b = await makeDealer();
  // A staff member whose scope is dealer A's organization only (same screens and buttons).
  const orgA = (await db().company.findUniqueOrThrow({ where: { id: a.company }, select: { organizationId: true } })).organizationId;
  const scoped = await makeRole({ dataScope: "CUSTOM", organizationIds: [orgA], menuIds: ops.menus.map((m) => m.menuId) });
  scopedStaff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [scoped.id] })).id, null, nowSeconds()))!;
});

describe("the stock list", () => {
  it("shows a dealer only its own vehicles in stock or sold, with model, picture, configuration and holder", async () => {
    const g = await makeGoods();
    const old = await makeVehicle(g.id, "IN_STOCK", a.company, new Date("2026-01-10T02:00:00Z"));
    const sold = await makeVehicle(g.id, "SOLD", a.company, new Date("2026-02-10T02:00:00Z"));
    await makeVehicle(g.id, "IN_STOCK", b.company);
    await makeVehicle(g.id, "FACTORY_STOCK", null);
    await makeVehicle(g.id, "IN_TRANSIT", null);

    const list = await loadVehicleStock(a.viewer, params({ config: g.config! }));
    expect(list.rows.map((r) => r.vin)).toEqual([sold.vin, old.vin]);
    expect(list.total).toEqual({ count: 2, capped: false });
    expect(list.rows[0]).toMatchObject({ status: "SOLD", colour: "White", goods: { code: g.code, config: g.config, thumbUrl: null }, holder: { id: a.company } });
    expect(list.can).toMatchObject({ export: true, import: false, create: false });
    expect(list.filters).toMatchObject({ values: { config: g.config }, cursor: "", size: 20 });

    // Filters: part of a VIN (any case), status, entry date range (Beijing days).
    expect((await loadVehicleStock(a.viewer, params({ config: g.config!, vin: old.vin.slice(5, 12).toLowerCase() }))).rows.map((r) => r.vin)).toEqual([old.vin]);
    expect((await loadVehicleStock(a.viewer, params({ config: g.config!, status: "SOLD" }))).rows.map((r) => r.vin)).toEqual([sold.vin]);
    expect((await loadVehicleStock(a.viewer, params({ config: g.config!, status: "FACTORY_STOCK" }))).total.count).toBe(0);
    expect((await loadVehicleStock(a.viewer, params({ config: g.config!, entryAtFrom: "2026-01-01", entryAtTo: "2026-01-31" }))).rows.map((r) => r.vin)).toEqual([old.vin]);
    // Keyset pages, newest entry first: one row a page, older then back to newer.
    const first = await listVehicleStock(a.viewer, { values: { config: g.config! }, cursor: "", size: 1 });
    expect(first.rows.map((r) => r.vin)).toEqual([sold.vin]);
    expect(first).toMatchObject({ prev: null, total: { count: 2, capped: false } });
    const second = await listVehicleStock(a.viewer, { values: { config: g.config! }, cursor: first.next!, size: 1 });
    expect(second.rows.map((r) => r.vin)).toEqual([old.vin]);
    expect(second.next).toBeNull();
    expect((await listVehicleStock(a.viewer, { values: { config: g.config! }, cursor: second.prev!, size: 1 })).rows.map((r) => r.vin)).toEqual([sold.vin]);
    // Another dealer following A's cursor sees none of A's older rows (its own vehicle is newer).
    expect((await loadVehicleStock(b.viewer, params({ config: g.config!, cursor: first.next! }))).rows).toEqual([]);
    // A dealer cannot widen its view with the staff's holder filter.
    expect((await loadVehicleStock(a.viewer, params({ config: g.config!, holder: String(b.company) }))).total.count).toBe(2);
    expect((await loadVehicleStock(b.viewer, params({ config: g.config! }))).total.count).toBe(1);

    const screen = await loadVehicleStock(a.viewer, params({ config: g.config! }));
    expect(screen).toMatchObject({ staff: false, statuses: ["IN_STOCK", "SOLD"], holders: [] });
    expect(screen.statusItems.map((s) => s.value)).toContain("SOLD");
  });

  it("shows staff their scope: factory stock and the dealers of their organizations", async () => {
    const g = await makeGoods();
    const factory = await makeVehicle(g.id, "FACTORY_STOCK", null);
    const transit = await makeVehicle(g.id, "IN_TRANSIT", null);
    const ofA = await makeVehicle(g.id, "IN_STOCK", a.company);
    const ofB = await makeVehicle(g.id, "SOLD", b.company);
    const vins = async (v: Viewer, p: Record<string, string> = {}) => (await loadVehicleStock(v, params({ config: g.config!, ...p }))).rows.map((r) => r.vin).sort();

    expect(await vins(salesOps)).toEqual([factory.vin, transit.vin, ofA.vin, ofB.vin].sort());
    expect(await vins(scopedStaff)).toEqual([factory.vin, transit.vin, ofA.vin].sort());
    expect(await vins(salesOps, { holder: "factory" })).toEqual([factory.vin, transit.vin].sort());
    expect(await vins(salesOps, { holder: String(b.company) })).toEqual([ofB.vin]);
    expect(await vins(scopedStaff, { holder: String(b.company) })).toEqual([]);
    expect(await vins(salesOps, { model: String(modelId), status: "IN_TRANSIT" })).toEqual([transit.vin]);

    const screen = await loadVehicleStock(scopedStaff, params({ config: g.config! }));
    expect(screen.staff).toBe(true);
    expect(screen.can).toMatchObject({ export: true, import: true, create: true });
    expect(screen.holders.map((h) => h.id)).toEqual([a.company]);
  });

  it("exports the filtered rows with translated headers and labels", async () => {
    const g = await makeGoods();
    const v = await makeVehicle(g.id, "SOLD", a.company, new Date("2026-03-01T04:05:00Z"));
    await makeVehicle(g.id, "IN_STOCK", b.company);
    const out = await exportResource(vehicleStockResource, a.viewer, params({ config: g.config! }), null);
    if (!("stream" in out)) throw new Error(`status ${out.status}`);
    const rows = await readBack(out.stream);
    expect(rows[0]).toEqual(["Vehicle model", "Vehicle goods", "Goods code", "Configuration", "VIN", "Warehouse entry time", "Status", "Colour", "Holder", "Send order no."]);
    expect(rows).toHaveLength(2);
    // The Beijing wall-clock time, as Excel shows it.
    expect(rows[1].slice(2, 9)).toEqual([g.code, g.config, v.vin, "2026-03-01T12:05:00.000Z", "Sold", "White", expect.stringContaining("Company")]);
    const staffOut = await exportResource(vehicleStockResource, salesOps, params({ config: g.config!, holder: "factory" }), null);
    if (!("stream" in staffOut)) throw new Error(`status ${staffOut.status}`);
    expect(await readBack(staffOut.stream)).toHaveLength(1);
  });
});

describe("the staff import", () => {
  const HEAD = ["VIN", "Goods code", "Colour", "Warehouse entry time"];

  it("offers a template and refuses dealers", async () => {
    const tpl = await importTemplate(vehicleStockResource, salesOps);
    if (!("stream" in tpl)) throw new Error("no template");
    expect((await readBack(tpl.stream))[0]).toEqual(HEAD);
    expect(await importResource(vehicleStockResource, a.viewer, await workbook([HEAD, [newVin(), "X", null, null]]), null)).toMatchObject({ status: 403 });
  });

  it("answers row-numbered errors for a bad VIN, and saves nothing", async () => {
    const g = await makeGoods(3);
    const good = newVin();
    const bad = good.slice(0, 8) + (good[8] === "1" ? "2" : "1") + good.slice(9);
    const res = await importResource(
      vehicleStockResource,
      salesOps,
      await workbook([HEAD, [good, g.code, "Red", "2026-01-05 09:30"], [bad, g.code, "Red", null], ["SHORT", g.code, null, null]]),
      null,
    );
    expect(res).toMatchObject({ status: 422, body: { code: "INVALID_ROWS", message: "2 rows have problems; nothing was imported." } });
    const errors = (res as { body: { errors: { row: number; field: string; message: string }[] } }).body.errors;
    expect(errors).toEqual([
      { row: 3, field: "VIN", message: "VIN has a wrong check digit (position 9)" },
      { row: 4, field: "VIN", message: "VIN must be 17 characters" },
    ]);
    expect(await db().vehicle.count({ where: { goodsId: g.id } })).toBe(0);
    expect((await db().goods.findUniqueOrThrow({ where: { id: g.id } })).stock).toBe(3);
  });

  it("answers a VIN twice in the file, a VIN already recorded and an unknown goods code, and saves nothing", async () => {
    const g = await makeGoods(3);
    const part = await db().goods.create({ data: { kind: "PART", code: uid("PS").toUpperCase(), nameEn: "Part", nameZh: "配件", price: "10.00" } });
    const existing = await makeVehicle(g.id, "FACTORY_STOCK", null);
    const twice = newVin();
    const res = await importResource(
      vehicleStockResource,
      salesOps,
      await workbook([
        HEAD,
        [twice, g.code, "Red", null],
        [existing.vin, g.code, null, null],
        [twice.toLowerCase(), g.code, null, null],
        [newVin(), "NO-SUCH-CODE", null, null],
        [newVin(), part.code, null, null],
      ]),
      null,
    );
    expect(res).toMatchObject({ status: 422 });
    expect((res as { body: { errors: unknown[] } }).body.errors).toEqual([
      { row: 3, field: "VIN", message: `The VIN ${existing.vin} is already in the vehicle records.` },
      { row: 4, field: "VIN", message: `The VIN ${twice} appears more than once in the file.` },
      { row: 5, field: "Goods code", message: "No vehicle goods has the code NO-SUCH-CODE." },
      { row: 6, field: "Goods code", message: `No vehicle goods has the code ${part.code}.` },
    ]);
    expect(await db().vehicle.count({ where: { goodsId: g.id } })).toBe(1);
    expect((await db().goods.findUniqueOrThrow({ where: { id: g.id } })).stock).toBe(3);
  });

  it("adds every row of a good file to factory stock with its history, audit and the goods' stock (Chinese headers too)", async () => {
    const g = await makeGoods(3);
    const g2 = await makeGoods(0);
    const [v1, v2, v3] = [newVin(), newVin(), newVin()];
    const requestId = `rq-${uid()}`;
    const res = await importResource(
      vehicleStockResource,
      salesOps,
      // A date cell holds the Beijing wall-clock time as Excel has no zones (as exports write it).
      await workbook([
        ["车架号", "商品编码", "颜色", "入库时间"],
        [v1, g.code, "Red", "2026-01-05 09:30"],
        [v2.toLowerCase(), g.code, null, new Date("2026-01-06T10:15:00Z")],
        [v3, g2.code, "Blue", null],
      ]),
      requestId,
    );
    expect(res).toMatchObject({ status: 200, body: { created: 3, updated: 0, message: "Imported: 3 created, 0 updated." } });
    const saved = await db().vehicle.findMany({ where: { vin: { in: [v1, v2, v3] } }, orderBy: { vin: "asc" }, include: { events: true } });
    expect(saved).toHaveLength(3);
    for (const v of saved) {
      expect(v).toMatchObject({ status: "FACTORY_STOCK", companyId: null, vehicleModelId: modelId });
      expect(v.events.map((e) => [e.fromStatus, e.toStatus, e.userId])).toEqual([[null, "FACTORY_STOCK", salesOps.userId]]);
    }
    const byVin = new Map(saved.map((v) => [v.vin, v]));
    expect(byVin.get(v1)!.entryAt.toISOString()).toBe("2026-01-05T01:30:00.000Z");
    expect(byVin.get(v2)!.entryAt.toISOString()).toBe("2026-01-06T02:15:00.000Z");
    expect(byVin.get(v3)).toMatchObject({ goodsId: g2.id, colour: "Blue" });
    expect(Date.now() - byVin.get(v3)!.entryAt.getTime()).toBeLessThan(60_000);
    expect((await db().goods.findUniqueOrThrow({ where: { id: g.id } })).stock).toBe(5);
    expect((await db().goods.findUniqueOrThrow({ where: { id: g2.id } })).stock).toBe(1);
    expect(await db().auditLog.count({ where: { entity: "Vehicle", action: "factoryEntry", requestId } })).toBe(3);
  });

  it("refuses an entry time in the future", async () => {
    const g = await makeGoods();
    const res = await importResource(vehicleStockResource, salesOps, await workbook([HEAD, [newVin(), g.code, null, "2099-01-01 08:00"]]), null);
    expect((res as { body: { errors: unknown[] } }).body.errors).toEqual([{ row: 2, field: "Warehouse entry time", message: "The warehouse entry time cannot be in the future." }]);
  });
});

describe("the add-vehicle form", () => {
  it("adds one vehicle to factory stock for staff; refuses a taken VIN, a bad VIN and dealers", async () => {
    const g = await makeGoods(1);
    const vin = newVin();
    await actAs({ id: salesOps.userId });
    const options = await vehicleGoodsOptionsAction({});
    expect(options.ok && options.data.some((o) => o.id === g.id && o.config === g.config)).toBe(true);
    expect(await addVehicleAction({ vin: ` ${vin.toLowerCase()} `, goodsId: g.id, colour: "Grey", entryAt: "2026-02-01 08:00" })).toMatchObject({ ok: true, data: { vin } });
    expect(await db().vehicle.findUniqueOrThrow({ where: { vin } })).toMatchObject({ status: "FACTORY_STOCK", colour: "Grey", entryAt: new Date("2026-02-01T00:00:00Z") });
    expect((await db().goods.findUniqueOrThrow({ where: { id: g.id } })).stock).toBe(2);
    expect(await addVehicleAction({ vin, goodsId: g.id })).toMatchObject({ ok: false, fieldErrors: { vin: `The VIN ${vin} is already in the vehicle records.` } });
    expect(await addVehicleAction({ vin: vin.slice(0, 16), goodsId: g.id })).toMatchObject({ ok: false, fieldErrors: { vin: "VIN must be 17 characters" } });
    expect(await addVehicleAction({ vin: newVin(), goodsId: g.id, entryAt: "2099-01-01 00:00" })).toMatchObject({
      ok: false,
      fieldErrors: { entryAt: "The warehouse entry time cannot be in the future." },
    });

    await actAs({ id: a.user }, a.company);
    expect(await addVehicleAction({ vin: newVin(), goodsId: g.id })).toMatchObject({ ok: false });
    expect(await vehicleGoodsOptionsAction({})).toMatchObject({ ok: false });
    expect((await db().goods.findUniqueOrThrow({ where: { id: g.id } })).stock).toBe(2);
  });
});

describe("the vehicle information loader", () => {
  it("answers the vehicle in the viewer's records, not found outside them, and why a VIN is malformed", async () => {
    const g = await makeGoods();
    const own = await makeVehicle(g.id, "IN_STOCK", a.company);
    const other = await makeVehicle(g.id, "IN_STOCK", b.company);
    expect(await loadVehicleInfoRoute(a.viewer, params({}))).toEqual({ vin: null, problem: null, info: null });
    expect(await loadVehicleInfoRoute(a.viewer, params({ vin: "abc" }))).toEqual({ vin: "ABC", problem: "length", info: null });
    const mine = await loadVehicleInfoRoute(a.viewer, params({ vin: own.vin.toLowerCase() }));
    expect(mine).toMatchObject({ vin: own.vin, problem: null, info: { vin: own.vin, status: "IN_STOCK", warrantyState: "NOT_STARTED" } });
    expect(await loadVehicleInfoRoute(a.viewer, params({ vin: other.vin }))).toEqual({ vin: other.vin, problem: null, info: null });
    expect((await loadVehicleInfoRoute(salesOps, params({ vin: other.vin }))).info).toMatchObject({ holder: { id: b.company } });
    expect((await loadVehicleInfoRoute(scopedStaff, params({ vin: other.vin }))).info).toBeNull();
  });
});
