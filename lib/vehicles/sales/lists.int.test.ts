import ExcelJS from "exceljs";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { exportResource } from "@/lib/admin/resource";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { maskIdNumber, residentIdCheck } from "@/lib/people/resident-id";
import type { AuditCtx } from "@/lib/core/audit";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeRole, makeUser, makeVehicleModel, nowSeconds, uid } from "@/lib/test/factories";
import { returnQueryAction, returnVehicleAction, saleQueryAction, sellVehicleAction } from "./actions";
import { carReturnResource, maskPhone, vehicleSaleResource } from "./lists";
import { listCarReturns, listVehicleSales, loadCarReturns, loadVehicleSales } from "./queries";
import { returnVehicle, sellVehicle } from "./service";
import { dateToMinute, type TSellVehicle } from "../schemas";
import { withCheckDigit } from "../vin";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The retail-sale and car-return lists and the screens' actions against PostgreSQL: a dealer
// lists only its own company's sales (another dealer none of them), staff and the administrator
// every dealer's in their data scope (none outside it), the owner's phone and ID number are
// masked in the list and the export for all of them, the filters narrow as the
// URL says, a page costs the same number of queries whatever its size, and the actions answer
// translated messages on the form's fields.

type Dealer = { company: number; code: string; org: number; user: number; viewer: Viewer; vins: string[] };
let dealerRole: number;
let modelId: number;
let modelEn: string;
let a: Dealer;
let b: Dealer;
let staff: Viewer;
/** Staff whose data scope is dealer A's organization only (CUSTOM), with sales operations' screens. */
let scopedStaff: Viewer;
let admin: Viewer;
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });
const minutesAgo = (days: number) => dateToMinute(new Date(Date.now() - days * 86_400_000));
const beijingDay = (daysAgo = 0) => new Date(Date.now() - daysAgo * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
const q = (p: Record<string, string> = {}) => new URLSearchParams(p);
const MINUTE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** A resident ID born on `birth` (YYYYMMDD); an odd sequence is a man. */
const residentId = (birth: string, male: boolean) => {
  const first17 = `110101${birth}${String(Math.floor(Math.random() * 40) * 2 + (male ? 11 : 10)).padStart(3, "0")}`;
  return first17 + residentIdCheck(first17);
};
const PRC_A = residentId("19900307", true);
const PRC_C = residentId("19850612", false);

async function makeDealer(vehicles: number): Promise<Dealer> {
  const { id: company, code: companyCode, organizationId: org } = await makeCompany();
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  const viewer = (await loadViewer(user, company, nowSeconds()))!;
  const code = uid("GS").toUpperCase();
  const goods = await db().goods.create({
    data: {
      kind: "VEHICLE",
      code,
      nameEn: `Aurora ${code}`,
      nameZh: `极光${code}`,
      config: "2.0T AWD",
      price: "150000.00",
      stock: 0,
      minOrderQty: 1,
      onSale: true,
      vehicleModelId: modelId,
    },
  });
  const stem = `LS6${uid("").slice(0, 10).toUpperCase()}`;
  const vins = Array.from({ length: vehicles }, (_, i) => withCheckDigit(`${stem}${String(i).padStart(4, "0")}`));
  await db().vehicle.createMany({
    data: vins.map((vin) => ({
      vin,
      goodsId: goods.id,
      vehicleModelId: modelId,
      status: "IN_STOCK" as const,
      companyId: company,
      entryAt: new Date(Date.now() - 30 * 86_400_000),
    })),
  });
  return { company, code: companyCode, org, user, viewer, vins };
}

const sale = (vin: string, over: Partial<TSellVehicle>): TSellVehicle => ({
  vin,
  soldAt: minutesAgo(1),
  ownerName: "Li Lei",
  phone: "13800001111",
  idType: "PRC_ID",
  idNumber: PRC_A,
  ...over,
});

async function readBack(stream: ReadableStream<Uint8Array> | Buffer): Promise<string[][]> {
  const buf = Buffer.isBuffer(stream) ? stream : Buffer.from(await new Response(stream).arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return out;
}

/** Runs `f` with db() on an instrumented pool and answers how many SQL statements it sent. */
async function countQueries(f: () => Promise<unknown>): Promise<number> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  let n = 0;
  const query = pool.query.bind(pool) as (...x: unknown[]) => unknown;
  (pool as unknown as { query: (...x: unknown[]) => unknown }).query = (...x: unknown[]) => (n++, query(...x));
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
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  ({ id: modelId, nameEn: modelEn } = await makeVehicleModel());
  const salesOps = (await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } })).id;
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [salesOps] })).id, null, nowSeconds()))!;
  admin = (await loadViewer((await makeUser({ userType: "ADMIN" })).id, null, nowSeconds()))!;
  a = await makeDealer(5);
  b = await makeDealer(3);
  const salesOpsMenus = (await db().roleMenu.findMany({ where: { roleId: salesOps }, select: { menuId: true } })).map((m) => m.menuId);
  const aOnly = await makeRole({ dataScope: "CUSTOM", organizationIds: [a.org], menuIds: salesOpsMenus });
  scopedStaff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [aOnly.id] })).id, null, nowSeconds()))!;
  // A: an older sale, a passport holder's, and a recent one returned the day after.
  await sellVehicle(a.viewer, ctxOf(a.viewer), sale(a.vins[0], { soldAt: minutesAgo(20) }));
  await sellVehicle(
    a.viewer,
    ctxOf(a.viewer),
    sale(a.vins[1], { soldAt: minutesAgo(10), ownerName: "Han Meimei", phone: "13900002222", idType: "PASSPORT", idNumber: "E12345678", sex: "FEMALE", age: 30 }),
  );
  await sellVehicle(a.viewer, ctxOf(a.viewer), sale(a.vins[2], { soldAt: minutesAgo(2), ownerName: "li na", phone: "13700003333", idNumber: PRC_C }));
  await returnVehicle(a.viewer, ctxOf(a.viewer), { vin: a.vins[2], returnedAt: minutesAgo(1), reason: "Changed her mind" });
  await sellVehicle(b.viewer, ctxOf(b.viewer), sale(b.vins[0], { soldAt: minutesAgo(5), ownerName: "Li Bo", phone: "13600004444" }));
});

describe("scoping", () => {
  it("a dealer lists only its own company's sales and returns, whatever the dealer filter says", async () => {
    const la = await loadVehicleSales(a.viewer, q());
    expect(la.total).toEqual({ count: 3, capped: false });
    expect(la).toMatchObject({ canExport: true, canSell: true, network: false });
    expect(la.rows.map((r) => r.vin)).toEqual([a.vins[2], a.vins[1], a.vins[0]]);
    expect(la.rows[0].dealer).toMatchObject({ code: a.code });
    const lb = await loadVehicleSales(b.viewer, q());
    expect(lb.rows.map((r) => r.vin)).toEqual([b.vins[0]]);
    expect((await loadVehicleSales(b.viewer, q({ vin: a.vins[0] }))).total.count).toBe(0);
    // The dealer filter is staff's: a dealer naming another dealer still sees its own rows only.
    expect((await loadVehicleSales(b.viewer, q({ company: a.code }))).rows.map((r) => r.vin)).toEqual([b.vins[0]]);

    const ra = await loadCarReturns(a.viewer, q());
    expect(ra).toMatchObject({ network: false, canReturn: true });
    expect(ra.rows).toMatchObject([{ vin: a.vins[2], reason: "Changed her mind", returnedBy: expect.stringContaining("User"), dealer: { code: a.code } }]);
    expect((await loadCarReturns(b.viewer, q())).total.count).toBe(0);
  });

  it("staff and the administrator list every dealer's sales in their data scope, with the dealer, and record none", async () => {
    // Sales operations see all regions: the dealer filter (code or name) picks one dealer.
    const sa = await loadVehicleSales(staff, q({ company: a.code }));
    expect(sa).toMatchObject({ network: true, canSell: false, canExport: true, total: { count: 3, capped: false } });
    expect(sa.rows.map((r) => [r.vin, r.dealer.code])).toEqual([
      [a.vins[2], a.code],
      [a.vins[1], a.code],
      [a.vins[0], a.code],
    ]);
    // Masked for staff exactly as for the dealer.
    expect(sa.rows[2]).toMatchObject({ phone: "138****1111", idNumber: maskIdNumber(PRC_A) });
    expect(JSON.stringify(sa.rows)).not.toContain("13800001111");
    const byName = await loadVehicleSales(staff, q({ company: `Company ${b.code}`.toLowerCase() }));
    expect(byName.rows.map((r) => r.vin)).toEqual([b.vins[0]]);
    expect((await loadVehicleSales(admin, q({ company: b.code }))).rows.map((r) => r.vin)).toEqual([b.vins[0]]);
    const returns = await loadCarReturns(staff, q({ company: a.code }));
    expect(returns).toMatchObject({ network: true, canReturn: false });
    expect(returns.rows.map((r) => [r.vin, r.dealer.code])).toEqual([[a.vins[2], a.code]]);

    // Staff whose scope is dealer A's organization: A's rows only, B's invisible even by name.
    const scoped = await loadVehicleSales(scopedStaff, q());
    expect(scoped.rows.map((r) => r.vin)).toEqual([a.vins[2], a.vins[1], a.vins[0]]);
    expect((await loadVehicleSales(scopedStaff, q({ company: b.code }))).total.count).toBe(0);
    expect((await loadVehicleSales(scopedStaff, q({ vin: b.vins[0] }))).total.count).toBe(0);
    expect((await loadCarReturns(scopedStaff, q())).rows.map((r) => r.vin)).toEqual([a.vins[2]]);
  });

  it("the export holds the rows the viewer may see, with the dealer first, and needs the screen", async () => {
    const out = await exportResource(vehicleSaleResource, b.viewer, q(), null);
    const rows = await readBack((out as { stream: ReadableStream<Uint8Array> }).stream);
    expect(rows[0].slice(0, 2)).toEqual(["Dealer", "VIN"]);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([[`${b.code} Company ${b.code}`, b.vins[0]]]);
    const ret = await exportResource(carReturnResource, a.viewer, q(), null);
    const back = await readBack((ret as { stream: ReadableStream<Uint8Array> }).stream);
    expect(back[0]).toEqual(["Dealer", "VIN", "Car type", "Purchase date", "Return date", "Return reason", "Recorded by", "Recorded at"]);
    expect(back.slice(1).map((r) => [r[1], r[5]])).toEqual([[a.vins[2], "Changed her mind"]]);
    // Staff in A's organization export A's sales, masked, and nothing of B's.
    const scoped = await exportResource(vehicleSaleResource, scopedStaff, q(), null);
    const srows = await readBack((scoped as { stream: ReadableStream<Uint8Array> }).stream);
    // (The export runs in record order.)
    expect(srows.slice(1).map((r) => r[1])).toEqual([a.vins[0], a.vins[1], a.vins[2]]);
    expect(srows.flat().join(" ")).not.toContain("13800001111");
    // A dealer user without the screen (no role) is refused.
    const bare = (await loadViewer((await makeUser({ userType: "DEALER", companyIds: [a.company] })).id, a.company, nowSeconds()))!;
    expect(await exportResource(vehicleSaleResource, bare, q(), null)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
  });
});

describe("personal data", () => {
  it("shows the phone and the ID number masked in the list and the export, never the sealed number", async () => {
    // Newest purchase first: oldest last.
    const la = { rows: [...(await loadVehicleSales(a.viewer, q())).rows].reverse() };
    expect(la.rows[0]).toMatchObject({
      vin: a.vins[0],
      ownerName: "Li Lei",
      phone: "138****1111",
      idNumber: maskIdNumber(PRC_A),
      idType: { value: "PRC_ID", en: "PRC resident ID" },
      sex: { value: "MALE", en: "Male", zh: "男" },
      returned: false,
      warrantyStart: beijingDay(20),
    });
    expect(la.rows[1]).toMatchObject({ phone: "139****2222", idNumber: maskIdNumber("E12345678"), idType: { value: "PASSPORT" }, sex: { value: "FEMALE" }, age: 30 });
    expect(la.rows[2]).toMatchObject({ returned: true, returnedAt: expect.stringMatching(MINUTE) });
    const listed = JSON.stringify(la.rows);
    for (const secret of [PRC_A, PRC_C, "E12345678", "13800001111", "13900002222", "13700003333"]) expect(listed).not.toContain(secret);

    const out = await exportResource(vehicleSaleResource, a.viewer, q(), null);
    expect(out.status).toBe(200);
    const rows = await readBack((out as { stream: ReadableStream<Uint8Array> }).stream);
    expect(rows[0]).toEqual([
      "Dealer",
      "VIN",
      "Car type",
      "Purchase date",
      "Owner name",
      "Phone",
      "Sex",
      "Age",
      "ID type",
      "ID number",
      "Warranty start",
      "Warranty end",
      "Recorded by",
      "Status",
      "Return date",
    ]);
    const byVin = new Map(rows.slice(1).map((r) => [r[1], r.slice(1)]));
    expect(byVin.get(a.vins[0])).toEqual(expect.arrayContaining(["138****1111", maskIdNumber(PRC_A), "Male", "PRC resident ID", "Sold"]));
    expect(byVin.get(a.vins[2])).toEqual(expect.arrayContaining(["137****3333", "Returned"]));
    const exported = JSON.stringify(rows);
    for (const secret of [PRC_A, PRC_C, "E12345678", "13800001111", "13700003333"]) expect(exported).not.toContain(secret);
    // The stored number is sealed, not plain.
    const stored = await db().vehicleSale.findFirstOrThrow({ where: { vehicle: { vin: a.vins[0] } }, select: { idNumberSealed: true } });
    expect(stored.idNumberSealed).not.toContain(PRC_A);
  });

  it("masks phones of any length", () => {
    expect(maskPhone("13812340000")).toBe("138****0000");
    expect(maskPhone("021-5555-1234")).toBe("021******1234");
    expect(maskPhone("5551234")).toBe("*****34");
    expect(maskPhone("123")).toBe("***");
  });
});

describe("filters", () => {
  const vins = async (viewer: Viewer, p: Record<string, string>) => (await loadVehicleSales(viewer, q(p))).rows.map((r) => r.vin);

  it("narrow the sales by VIN, owner, purchase date and returned, and page by purchase date", async () => {
    expect(await vins(a.viewer, { vin: a.vins[1].slice(5, 14).toLowerCase() })).toEqual([a.vins[1]]);
    expect(await vins(a.viewer, { ownerName: "LEI" })).toEqual([a.vins[0]]);
    expect(await vins(a.viewer, { ownerName: "li" })).toEqual([a.vins[2], a.vins[0]]);
    expect(await vins(a.viewer, { soldAtFrom: beijingDay(12), soldAtTo: beijingDay(8) })).toEqual([a.vins[1]]);
    expect(await vins(a.viewer, { soldAtFrom: beijingDay(3) })).toEqual([a.vins[2]]);
    expect(await vins(a.viewer, { soldAtTo: beijingDay(15) })).toEqual([a.vins[0]]);
    expect(await vins(a.viewer, { returned: "true" })).toEqual([a.vins[2]]);
    expect(await vins(a.viewer, { returned: "false" })).toEqual([a.vins[1], a.vins[0]]);
    // Keyset pages, newest purchase first, one row a page and back.
    const p1 = await listVehicleSales(a.viewer, { values: {}, cursor: "", size: 1 });
    expect(p1).toMatchObject({ prev: null, total: { count: 3, capped: false } });
    const p2 = await listVehicleSales(a.viewer, { values: {}, cursor: p1.next!, size: 1 });
    const p3 = await listVehicleSales(a.viewer, { values: {}, cursor: p2.next!, size: 1 });
    expect([p1, p2, p3].map((p) => p.rows.map((r) => r.vin))).toEqual([[a.vins[2]], [a.vins[1]], [a.vins[0]]]);
    expect(p3.next).toBeNull();
    expect((await listVehicleSales(a.viewer, { values: {}, cursor: p3.prev!, size: 1 })).rows.map((r) => r.vin)).toEqual([a.vins[1]]);
    // Another dealer following A's cursor still sees only its own sales.
    expect(await vins(b.viewer, { cursor: p1.next! })).toEqual([b.vins[0]]);
    // Filters another dealer's data cannot widen.
    expect(await vins(b.viewer, { ownerName: "li", returned: "false" })).toEqual([b.vins[0]]);
  });

  it("narrow the returns by VIN and return date", async () => {
    const ret = async (p: Record<string, string>) => (await loadCarReturns(a.viewer, q(p))).rows.map((r) => r.vin);
    expect(await ret({ vin: a.vins[2].slice(-6) })).toEqual([a.vins[2]]);
    expect(await ret({ vin: a.vins[0] })).toEqual([]);
    expect(await ret({ returnedAtFrom: beijingDay(2), returnedAtTo: beijingDay(0) })).toEqual([a.vins[2]]);
    expect(await ret({ returnedAtTo: beijingDay(5) })).toEqual([]);
    expect(await listCarReturns(a.viewer, { values: {}, cursor: "", size: 1 })).toMatchObject({
      rows: [{ vin: a.vins[2] }],
      next: null,
      prev: null,
      total: { count: 1, capped: false },
    });
  });

  it("page in the same number of queries whatever the page holds", async () => {
    await loadVehicleSales(a.viewer, q()); // dictionaries cached
    const one = await countQueries(() => loadVehicleSales(b.viewer, q()));
    const three = await countQueries(() => loadVehicleSales(a.viewer, q()));
    expect(three).toBe(one);
    const r1 = await countQueries(() => loadCarReturns(a.viewer, q()));
    const r0 = await countQueries(() => loadCarReturns(b.viewer, q()));
    expect(r1).toBe(r0);
  });
});

describe("actions", () => {
  it("query, sell, query for return and return, with translated messages on the fields", async () => {
    await actAs({ id: a.user }, a.company);
    const vin = a.vins[3];
    const wrong = vin.slice(0, 8) + (vin[8] === "1" ? "2" : "1") + vin.slice(9);
    expect(await saleQueryAction({ vin: wrong })).toMatchObject({ ok: false, fieldErrors: { vin: "VIN has a wrong check digit (position 9)" } });
    expect(await saleQueryAction({ vin: b.vins[1] })).toMatchObject({ ok: false, fieldErrors: { vin: `No vehicle with VIN ${b.vins[1]} was found in your company's records.` } });
    expect(await saleQueryAction({ vin: a.vins[0] })).toMatchObject({ ok: false, fieldErrors: { vin: expect.stringContaining("not in your stock") } });
    const found = await saleQueryAction({ vin: ` ${vin.toLowerCase()} ` });
    expect(found).toMatchObject({ ok: true, data: { car: { vin, modelEn, config: "2.0T AWD", cover: null, entryAt: expect.stringMatching(MINUTE) } } });

    const input = {
      vin,
      soldAt: minutesAgo(0),
      ownerName: "Zhang Wei",
      phone: "13512345678",
      idType: "PRC_ID",
      idNumber: PRC_A.slice(0, 17) + (PRC_A[17] === "1" ? "2" : "1"),
      sex: null,
      birthday: null,
      age: null,
    };
    expect(await sellVehicleAction(input)).toMatchObject({ ok: false, fieldErrors: { idNumber: "The ID number's check character is wrong." } });
    expect(await sellVehicleAction({ ...input, idNumber: PRC_A, ownerName: "" })).toMatchObject({ ok: false, fieldErrors: { ownerName: "Please enter Owner name" } });
    expect(await db().vehicle.findUniqueOrThrow({ where: { vin }, select: { status: true } })).toEqual({ status: "IN_STOCK" });
    const sold = await sellVehicleAction({ ...input, idNumber: PRC_A.toLowerCase() });
    expect(sold).toMatchObject({ ok: true, data: { vin, warrantyStart: beijingDay(0) } });
    expect((await loadVehicleSales(a.viewer, q({ vin }))).rows).toMatchObject([
      { ownerName: "Zhang Wei", phone: "135****5678", idNumber: maskIdNumber(PRC_A), sex: { value: "MALE" } },
    ]);

    // Another dealer cannot see it for a return; the seller can, with its window.
    await actAs({ id: b.user }, b.company);
    expect(await returnQueryAction({ vin })).toMatchObject({ ok: false, fieldErrors: { vin: `No vehicle with VIN ${vin} was found in your company's records.` } });
    await actAs({ id: a.user }, a.company);
    const forReturn = await returnQueryAction({ vin });
    expect(forReturn).toMatchObject({ ok: true, data: { car: { vin }, soldAt: input.soldAt, ownerName: "Zhang Wei", windowDays: 7, open: true } });
    expect(await returnVehicleAction({ vin, returnedAt: minutesAgo(0), reason: " " })).toMatchObject({ ok: false, fieldErrors: { reason: "Please enter Return reason" } });
    expect(await returnVehicleAction({ vin, returnedAt: minutesAgo(1), reason: "Too early" })).toMatchObject({
      ok: false,
      fieldErrors: { returnedAt: "The return date cannot be before the purchase date." },
    });
    expect(await returnVehicleAction({ vin, returnedAt: minutesAgo(0), reason: "Wrong colour" })).toMatchObject({ ok: true, data: { vin } });
    expect(await db().vehicle.findUniqueOrThrow({ where: { vin }, select: { status: true, warrantyEnd: true } })).toEqual({ status: "IN_STOCK", warrantyEnd: null });
    expect(await returnQueryAction({ vin })).toMatchObject({ ok: false, fieldErrors: { vin: `The vehicle ${vin} has no sale to return.` } });
  });

  it("refuses viewers without the button permission before anything else", async () => {
    await actAs({ id: staff.userId });
    for (const res of [await saleQueryAction({ vin: a.vins[4] }), await returnQueryAction({ vin: a.vins[4] })]) {
      expect(res).toMatchObject({ ok: false, message: "You do not have permission to do this." });
    }
    // The administrator holds every permission but no dealer company: the service refuses.
    await actAs({ id: admin.userId });
    expect(await saleQueryAction({ vin: a.vins[4] })).toMatchObject({ ok: false, message: "Only a dealer's account can do this." });
    expect(await db().vehicle.findUniqueOrThrow({ where: { vin: a.vins[4] }, select: { status: true } })).toEqual({ status: "IN_STOCK" });
  });
});
