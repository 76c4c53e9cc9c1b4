import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { openSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { residentIdCheck } from "@/lib/people/resident-id";
import type { AuditCtx } from "@/lib/core/audit";
import { setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, makeVehicleModel, nowSeconds, uid } from "@/lib/test/factories";
import { addFactoryVehicles, addVehicle } from "../factory";
import { vehicleInformation } from "../information";
import { ID_CONTEXT, returnVehicle, sellVehicle, vehicleForReturn, vehicleForSale } from "./service";
import { dateToMinute, ZSellVehicle } from "../schemas";
import { withCheckDigit } from "../vin";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));

// Retail sales and car returns against PostgreSQL: the transitions with
// their history and audit, every refusal changing nothing, the concurrent double sale, the
// return window, tenancy (another dealer's VIN is not found), and factory stock entry.

type Dealer = { company: number; user: number; viewer: Viewer };
let dealerRole: number;
let staff: Viewer;
let a: Dealer;
let b: Dealer;
let modelId: number;
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });

async function makeDealer(): Promise<Dealer> {
  const company = (await makeCompany()).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  return { company, user, viewer: (await loadViewer(user, company, nowSeconds()))! };
}

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
/** A valid VIN nobody else uses: WMI "LTE", random characters, the check digit at 9. */
function newVin(): string {
  let stem = "LTE";
  while (stem.length < 17) stem += VIN_CHARS[Math.floor(Math.random() * VIN_CHARS.length)];
  return withCheckDigit(stem);
}

async function makeGoods(months: number | null = 24) {
  const code = uid("GV");
  const model = await makeVehicleModel({ warrantyMonths: months });
  modelId = model.id;
  return db().goods.create({
    data: { kind: "VEHICLE", code, nameEn: `Aurora ${code}`, nameZh: `极光${code}`, config: "2.0T AWD", price: "199999.99", stock: 0, onSale: true, vehicleModelId: model.id },
  });
}

/** A vehicle in a dealer's stock, entered `daysAgo` days ago. */
async function inStock(d: Dealer, opts: { months?: number | null; daysAgo?: number } = {}) {
  const goods = await makeGoods(opts.months === undefined ? 24 : opts.months);
  return db().vehicle.create({
    data: {
      vin: newVin(),
      goodsId: goods.id,
      vehicleModelId: goods.vehicleModelId!,
      status: "IN_STOCK",
      companyId: d.company,
      entryAt: new Date(Date.now() - (opts.daysAgo ?? 30) * 86_400_000),
    },
  });
}

/** A valid PRC resident ID for a birthday and sex. */
function residentId(birthday: string, female = false): string {
  const first17 = `310115${birthday.replaceAll("-", "")}01${female ? 2 : 1}`;
  return first17 + residentIdCheck(first17);
}

const minutesAgo = (m: number) => dateToMinute(new Date(Date.now() - m * 60_000));
const saleForm = (vin: string, over: Record<string, unknown> = {}) =>
  ZSellVehicle.parse({ vin, soldAt: minutesAgo(60), ownerName: "Li Lei", phone: "13812345678", idType: "PRC_ID", idNumber: residentId("1990-05-17"), ...over });
const vehicle = (id: number) => db().vehicle.findUniqueOrThrow({ where: { id } });
const history = (id: number) => db().vehicleEvent.findMany({ where: { vehicleId: id }, orderBy: { id: "asc" } });
const audits = (id: number) => db().auditLog.findMany({ where: { entity: "Vehicle", entityId: String(id) }, orderBy: { id: "asc" } });

async function expectDomain(p: Promise<unknown>, key: string, status?: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
}

/** A refused change leaves the vehicle, its sales, history and audit as they were. */
async function unchanged(id: number, attempt: () => Promise<unknown>, key: string, status?: number) {
  const snap = async () => [
    await vehicle(id),
    await db().vehicleSale.findMany({ where: { vehicleId: id }, orderBy: { id: "asc" } }),
    (await history(id)).length,
    (await audits(id)).length,
  ];
  const before = await snap();
  await expectDomain(attempt(), key, status);
  expect(await snap()).toEqual(before);
}

beforeAll(async () => {
  setTestLocale("en-US");
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  const salesOps = (await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } })).id;
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [salesOps] })).id, null, nowSeconds()))!;
  a = await makeDealer();
  b = await makeDealer();
});

describe("a retail sale", () => {
  it("marks the vehicle SOLD, sets the market date, starts the model's warranty, seals the ID, and writes history and audit", async () => {
    const v = await inStock(a, { months: 24 });
    const form = saleForm(v.vin, { soldAt: "2026-02-28 10:30" });
    await db().vehicle.update({ where: { id: v.id }, data: { entryAt: new Date("2026-01-10T00:00:00Z") } });
    const out = await sellVehicle(a.viewer, ctxOf(a.viewer), form);
    expect(out).toMatchObject({ vin: v.vin, warrantyStart: "2026-02-28", warrantyEnd: "2028-02-27" });
    const after = await vehicle(v.id);
    expect(after).toMatchObject({ status: "SOLD", companyId: a.company });
    expect(after.marketDate?.toISOString()).toBe("2026-02-28T02:30:00.000Z");
    expect(after.warrantyStart?.toISOString().slice(0, 10)).toBe("2026-02-28");
    expect(after.warrantyEnd?.toISOString().slice(0, 10)).toBe("2028-02-27");
    const sale = await db().vehicleSale.findUniqueOrThrow({ where: { id: out.saleId } });
    expect(sale).toMatchObject({ companyId: a.company, ownerName: "Li Lei", sex: "MALE", age: 35, warrantyMonths: 24, createdById: a.user, returnedAt: null });
    expect(sale.birthday?.toISOString().slice(0, 10)).toBe("1990-05-17");
    expect(sale.idNumberSealed).not.toContain("310115");
    expect(openSecret(sale.idNumberSealed, ID_CONTEXT)).toBe(form.idNumber);
    expect(sale.idNumberMasked).toMatch(/^310\*{11}\d{3}[\dX]$/);
    expect((await history(v.id)).map((e) => [e.fromStatus, e.toStatus, e.userId])).toEqual([["IN_STOCK", "SOLD", a.user]]);
    expect((await audits(v.id)).map((x) => x.action)).toEqual(["sell"]);
  });

  it("takes the warranty months from the variable when the model has none (36 by default)", async () => {
    const v = await inStock(a, { months: null });
    await db().vehicle.update({ where: { id: v.id }, data: { entryAt: new Date("2026-01-10T00:00:00Z") } });
    const out = await sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { soldAt: "2026-03-31 09:00", idType: "PASSPORT", idNumber: "E12345678" }));
    expect(out.warrantyEnd).toBe("2029-03-30");
  });

  it("refuses a VIN that is another dealer's or unknown exactly alike, and changes nothing", async () => {
    const v = await inStock(a);
    await unchanged(v.id, () => sellVehicle(b.viewer, ctxOf(b.viewer), saleForm(v.vin)), "Vehicles.errors.vinNotYours", 404);
    await expectDomain(vehicleForSale(b.viewer, v.vin), "Vehicles.errors.vinNotYours", 404);
    await expectDomain(sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(newVin())), "Vehicles.errors.vinNotYours", 404);
    expect(await vehicleInformation(b.viewer, v.vin)).toBeNull();
    await expectDomain(sellVehicle(staff, ctxOf(staff), saleForm(v.vin)), "Vehicles.errors.notDealer", 403);
  });

  it("refuses a second sale, a future or pre-entry purchase date, and ID numbers that do not check or agree", async () => {
    const v = await inStock(a, { daysAgo: 3 });
    expect((await vehicleForSale(a.viewer, v.vin)).goods.config).toBe("2.0T AWD");
    await unchanged(
      v.id,
      () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { soldAt: dateToMinute(new Date(Date.now() + 3_600_000)) })),
      "Vehicles.errors.soldInFuture",
    );
    await unchanged(v.id, () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { soldAt: minutesAgo(5 * 24 * 60) })), "Vehicles.errors.soldBeforeEntry");
    const good = residentId("1990-05-17");
    const wrongCheck = good.slice(0, 17) + (good[17] === "1" ? "2" : "1");
    await unchanged(v.id, () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { idNumber: wrongCheck })), "Vehicles.errors.residentId_checkDigit");
    await unchanged(v.id, () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { idNumber: "12345" })), "Vehicles.errors.residentId_format");
    await unchanged(v.id, () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { birthday: "1991-05-17" })), "Vehicles.errors.birthdayMismatch");
    await unchanged(v.id, () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { sex: "FEMALE" })), "Vehicles.errors.sexMismatch");
    await unchanged(v.id, () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { age: 20 })), "Vehicles.errors.ageMismatch");
    await unchanged(v.id, () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { idType: "PASSPORT", idNumber: "E1 23" })), "Vehicles.errors.idNumberFormat");
    await sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin));
    await unchanged(v.id, () => sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin)), "Vehicles.errors.notInStock", 409);
    await expectDomain(vehicleForSale(a.viewer, v.vin), "Vehicles.errors.notInStock", 409);
  });

  it("of two concurrent sales of one VIN, exactly one wins; the other gets a clear refusal", async () => {
    const v = await inStock(a);
    const other = await makeUser({ userType: "DEALER", companyIds: [a.company], roleIds: [dealerRole] });
    const second = (await loadViewer(other.id, a.company, nowSeconds()))!;
    const results = await Promise.allSettled([
      sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { ownerName: "First" })),
      sellVehicle(second, ctxOf(second), saleForm(v.vin, { ownerName: "Second" })),
      sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { ownerName: "Third" })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === "rejected")) expect((r.reason as DomainError).key).toBe("Vehicles.errors.notInStock");
    expect(await db().vehicleSale.count({ where: { vehicleId: v.id } })).toBe(1);
    expect((await history(v.id)).length).toBe(1);
  });

  it("cannot leave two open sales for one vehicle even past the service (partial unique index)", async () => {
    const v = await inStock(a);
    await sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin));
    const sale = await db().vehicleSale.findFirstOrThrow({ where: { vehicleId: v.id } });
    const { id: _id, ...copy } = sale;
    await expect(db().vehicleSale.create({ data: copy })).rejects.toThrow();
  });
});

describe("a car return", () => {
  it("within the window puts the vehicle back in stock, clears the warranty, keeps the sale marked returned", async () => {
    const v = await inStock(a);
    const sold = await sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { soldAt: minutesAgo(3 * 24 * 60) }));
    const q = await vehicleForReturn(a.viewer, v.vin);
    expect(q.windowDays).toBe(7);
    expect(q.sale.id).toBe(sold.saleId);
    await returnVehicle(a.viewer, ctxOf(a.viewer), { vin: v.vin, returnedAt: minutesAgo(10), reason: "Paint defect on the bonnet" });
    expect(await vehicle(v.id)).toMatchObject({ status: "IN_STOCK", companyId: a.company, marketDate: null, warrantyStart: null, warrantyEnd: null });
    const sale = await db().vehicleSale.findUniqueOrThrow({ where: { id: sold.saleId } });
    expect(sale).toMatchObject({ returnReason: "Paint defect on the bonnet", returnedById: a.user });
    expect(sale.returnedAt).not.toBeNull();
    expect((await history(v.id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ["IN_STOCK", "SOLD"],
      ["SOLD", "IN_STOCK"],
    ]);
    expect((await audits(v.id)).map((x) => x.action)).toEqual(["sell", "return"]);
    const info = await vehicleInformation(a.viewer, v.vin);
    expect(info).toMatchObject({ status: "IN_STOCK", warrantyState: "NOT_STARTED", saleCreator: null, warrantyStart: null });
    expect(info?.sales[0]).toMatchObject({ id: sold.saleId, returnReason: "Paint defect on the bonnet" });
    // Returned twice: refused. Sold again after the return: a new sale.
    await unchanged(v.id, () => returnVehicle(a.viewer, ctxOf(a.viewer), { vin: v.vin, returnedAt: minutesAgo(5), reason: "again" }), "Vehicles.errors.notSold", 409);
    await sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { soldAt: minutesAgo(2) }));
    expect(await db().vehicleSale.count({ where: { vehicleId: v.id } })).toBe(2);
  });

  it("refuses after the window, before the sale, in the future, and for another dealer's vehicle", async () => {
    const v = await inStock(a, { daysAgo: 40 });
    await sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { soldAt: minutesAgo(10 * 24 * 60) }));
    await unchanged(v.id, () => returnVehicle(a.viewer, ctxOf(a.viewer), { vin: v.vin, returnedAt: minutesAgo(60), reason: "Too late" }), "Vehicles.errors.returnWindow");
    await unchanged(
      v.id,
      () => returnVehicle(a.viewer, ctxOf(a.viewer), { vin: v.vin, returnedAt: minutesAgo(11 * 24 * 60), reason: "Before" }),
      "Vehicles.errors.returnBeforeSale",
    );
    await unchanged(
      v.id,
      () => returnVehicle(a.viewer, ctxOf(a.viewer), { vin: v.vin, returnedAt: dateToMinute(new Date(Date.now() + 86_400_000)), reason: "Future" }),
      "Vehicles.errors.returnedInFuture",
    );
    await unchanged(v.id, () => returnVehicle(b.viewer, ctxOf(b.viewer), { vin: v.vin, returnedAt: minutesAgo(60), reason: "Not mine" }), "Vehicles.errors.vinNotYours", 404);
    // Exactly at the window's end is still allowed.
    const w = await inStock(a, { daysAgo: 40 });
    await sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(w.vin, { soldAt: minutesAgo(8 * 24 * 60) }));
    await returnVehicle(a.viewer, ctxOf(a.viewer), { vin: w.vin, returnedAt: minutesAgo(24 * 60), reason: "Exactly seven days" });
    expect((await vehicle(w.id)).status).toBe("IN_STOCK");
  });

  it("refuses a vehicle in stock (never sold)", async () => {
    const v = await inStock(a);
    await unchanged(v.id, () => returnVehicle(a.viewer, ctxOf(a.viewer), { vin: v.vin, returnedAt: minutesAgo(1), reason: "x" }), "Vehicles.errors.notSold", 409);
    await expectDomain(vehicleForReturn(a.viewer, v.vin), "Vehicles.errors.notSold", 409);
  });
});

describe("vehicle information", () => {
  it("a dealer sees what it holds or sold; staff see it in scope with the holder; history hides other dealers", async () => {
    const v = await inStock(a);
    await sellVehicle(a.viewer, ctxOf(a.viewer), saleForm(v.vin, { soldAt: minutesAgo(30) }));
    const mine = await vehicleInformation(a.viewer, v.vin);
    expect(mine).toMatchObject({ vin: v.vin, status: "SOLD", warrantyState: "IN_WARRANTY", holder: { id: a.company } });
    expect(mine?.saleCreator).toBe(`User ${a.viewer.account}`);
    expect(await vehicleInformation(b.viewer, v.vin)).toBeNull();
    const seen = await vehicleInformation(staff, v.vin);
    expect(seen?.holder?.id).toBe(a.company);
  });
});

describe("factory stock entry", () => {
  it("adds FACTORY_STOCK vehicles with history and audit and raises the goods' stock; refuses a taken VIN and a dealer", async () => {
    const goods = await makeGoods();
    const vin = newVin();
    await addVehicle(staff, ctxOf(staff), { vin, goodsId: goods.id, colour: "Pearl white", entryAt: null });
    const v = await db().vehicle.findUniqueOrThrow({ where: { vin } });
    expect(v).toMatchObject({ status: "FACTORY_STOCK", companyId: null, goodsId: goods.id, vehicleModelId: modelId, colour: "Pearl white" });
    expect((await db().goods.findUniqueOrThrow({ where: { id: goods.id } })).stock).toBe(1);
    expect((await history(v.id)).map((e) => e.toStatus)).toEqual(["FACTORY_STOCK"]);
    expect((await audits(v.id)).map((x) => x.action)).toEqual(["factoryEntry"]);
    await expectDomain(addVehicle(staff, ctxOf(staff), { vin, goodsId: goods.id, colour: null, entryAt: null }), "Vehicles.errors.vinTaken", 409);
    await expectDomain(addVehicle(a.viewer, ctxOf(a.viewer), { vin: newVin(), goodsId: goods.id, colour: null, entryAt: null }), "Common.forbidden", 403);
    // Many at once, all or nothing: one taken VIN rolls the rest back.
    const fresh = [newVin(), newVin()];
    await expect(
      db().$transaction((tx) =>
        addFactoryVehicles(
          tx,
          [...fresh, vin].map((x) => ({ vin: x, goodsId: goods.id, colour: null, entryAt: null })),
          ctxOf(staff),
        ),
      ),
    ).rejects.toThrow();
    expect(await db().vehicle.count({ where: { vin: { in: fresh } } })).toBe(0);
    expect((await db().goods.findUniqueOrThrow({ where: { id: goods.id } })).stock).toBe(1);
  });
});
