import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import {
  makeComplaint,
  makeDealer,
  makeDownloadItem,
  makeGoods,
  makeOrder,
  makePreOrder,
  makeReturn,
  makeReturnBatch,
  makeRole,
  makeStaff,
  makeVehicles,
  nowSeconds,
  type TestDealer,
  type TestGoods,
} from "@/lib/test/factories";
import { recordVisible } from "./record-guards";

// The shell's record guards (record-guards.ts) branch by branch, with rows made for this file
// only: a record of the viewer's company (or scope) is visible, another tenant's answers not
// found exactly like a missing id, the permission that widens a list (goods, news, downloads)
// widens the guard, and a malformed id is not found while a malformed VIN is left to the page.
// The news guard's own visibility (drafts, schedules, the cache) is lib/news/public.int.test.ts's
// subject: here isVisibleNews answers for one known id.

const VISIBLE_NEWS = 2_000_000_001;
vi.mock("@/lib/news/public", () => ({ isVisibleNews: async (id: number) => id === VISIBLE_NEWS }));

type Who = TestDealer & { viewer: Viewer };
let a: Who;
let b: Who;
let staff: Viewer; // SALES_OPS: scope ALL, manages goods, news and downloads
let regional: Viewer; // company A's organization only, no permissions
let nobody: Viewer; // staff whose scope holds no company
let vehicleGoods: TestGoods;
let partGoods: TestGoods;
let offSale: TestGoods;
let missingId: number;

const view = async (userId: number, companyId: number | null) => (await loadViewer(userId, companyId, nowSeconds()))!;
const dealer = async (): Promise<Who> => {
  const d = await makeDealer();
  return { ...d, viewer: await view(d.userId, d.companyId) };
};
const visible = (v: Viewer, route: string, id: number | string) => recordVisible(v, route, `?id=${id}`);

beforeAll(async () => {
  a = await dealer();
  b = await dealer();
  staff = await view((await makeStaff()).id, null);
  const orgA = (await db().company.findUniqueOrThrow({ where: { id: a.companyId }, select: { organizationId: true } })).organizationId!;
  regional = await view((await makeStaff({ roleIds: [(await makeRole({ dataScope: "CUSTOM", organizationIds: [orgA] })).id] })).id, null);
  nobody = await view((await makeStaff({ roleIds: [(await makeRole({ dataScope: "SELF" })).id] })).id, null);
  vehicleGoods = await makeGoods({ kind: "VEHICLE", price: "150000.00" });
  partGoods = await makeGoods({ kind: "PART" });
  offSale = await makeGoods({ kind: "PART", onSale: false });
  missingId = (await db().goods.aggregate({ _max: { id: true } }))._max.id! + 1_000_000;
});

describe("any route", () => {
  it("passes a route without a guard, and a guarded route without an id", async () => {
    expect(await recordVisible(a.viewer, "system/workbench/home", "?id=1")).toBe(true);
    expect(await recordVisible(a.viewer, "onlineMall/car/order", "")).toBe(true);
    expect(await recordVisible(a.viewer, "onlineMall/car/order", "?page=2")).toBe(true);
  });

  it("answers not found for an id that is not a positive 32-bit integer", async () => {
    for (const id of ["", "0", "-1", "01", "1.5", "1e3", "abc", "2147483648", "99999999999", "%201"])
      expect(await visible(staff, "onlineMall/mountings/goods", id), JSON.stringify(id)).toBe(false);
    expect(await visible(staff, "onlineMall/mountings/goods", partGoods.id)).toBe(true);
  });
});

describe("goods", () => {
  it("shows goods on sale to everyone, under their own kind's route only", async () => {
    expect(await visible(a.viewer, "onlineMall/car/goods", vehicleGoods.id)).toBe(true);
    expect(await visible(a.viewer, "onlineMall/mountings/goods", partGoods.id)).toBe(true);
    expect(await visible(a.viewer, "onlineMall/mountings/goods", vehicleGoods.id)).toBe(false);
    expect(await visible(a.viewer, "onlineMall/car/goods", partGoods.id)).toBe(false);
    expect(await visible(a.viewer, "onlineMall/mountings/derivativeGoods", partGoods.id)).toBe(false);
    const cap = await makeGoods({ kind: "DERIVATIVE" });
    expect(await visible(b.viewer, "onlineMall/mountings/derivativeGoods", cap.id)).toBe(true);
    expect(await visible(a.viewer, "onlineMall/car/goods", missingId)).toBe(false);
  });

  it("shows goods off sale only to those who manage goods", async () => {
    expect(await visible(a.viewer, "onlineMall/mountings/goods", offSale.id)).toBe(false);
    expect(await visible(regional, "onlineMall/mountings/goods", offSale.id)).toBe(false);
    expect(await visible(staff, "onlineMall/mountings/goods", offSale.id)).toBe(true);
  });
});

describe("orders", () => {
  it("shows a company's order to its dealer and to staff with the company in scope, of its own type only", async () => {
    const car = await makeOrder({ companyId: a.companyId, userId: a.userId, goods: vehicleGoods });
    const parts = await makeOrder({ companyId: a.companyId, userId: a.userId, goods: partGoods });
    expect(await visible(a.viewer, "onlineMall/car/order", car.id)).toBe(true);
    expect(await visible(a.viewer, "onlineMall/mountings/order", parts.id)).toBe(true);
    expect(await visible(a.viewer, "onlineMall/mountings/order", car.id)).toBe(false);
    expect(await visible(a.viewer, "onlineMall/car/order", parts.id)).toBe(false);
    expect(await visible(staff, "onlineMall/car/order", car.id)).toBe(true);
    expect(await visible(regional, "onlineMall/car/order", car.id)).toBe(true);
  });

  it("answers another tenant's order, one out of scope, a deleted one and a missing id as not found", async () => {
    const car = await makeOrder({ companyId: a.companyId, userId: a.userId, goods: vehicleGoods });
    expect(await visible(b.viewer, "onlineMall/car/order", car.id)).toBe(false);
    expect(await visible(nobody, "onlineMall/car/order", car.id)).toBe(false);
    const theirs = await makeOrder({ companyId: b.companyId, userId: b.userId, goods: vehicleGoods });
    expect(await visible(regional, "onlineMall/car/order", theirs.id)).toBe(false);
    const hidden = await makeOrder({ companyId: a.companyId, userId: a.userId, goods: vehicleGoods, status: "CANCELLED" });
    await db().order.update({ where: { id: hidden.id }, data: { dealerDeleted: true } });
    expect(await visible(a.viewer, "onlineMall/car/order", hidden.id)).toBe(false);
    expect(await visible(staff, "onlineMall/car/order", hidden.id)).toBe(true);
    expect(await visible(a.viewer, "onlineMall/car/order", missingId)).toBe(false);
  });
});

describe("pre-orders, returns, return logs and complaints", () => {
  const cases: { route: string; make: (d: Who) => Promise<{ id: number }> }[] = [
    { route: "onlineMall/car/preOrder", make: (d) => makePreOrder({ companyId: d.companyId, userId: d.userId, goods: vehicleGoods }) },
    { route: "afterSale/salesReturn", make: (d) => makeReturn({ companyId: d.companyId, userId: d.userId }) },
    { route: "afterSale/salesReturnLogs", make: (d) => makeReturnBatch({ companyId: d.companyId, userId: d.userId }) },
    { route: "afterSale/complaint", make: (d) => makeComplaint({ companyId: d.companyId, userId: d.userId }) },
  ];
  for (const { route, make } of cases)
    it(`${route}: its company and staff in scope see it; another tenant, staff out of scope and a missing id get not found`, async () => {
      const row = await make(a);
      expect(await visible(a.viewer, route, row.id)).toBe(true);
      expect(await visible(staff, route, row.id)).toBe(true);
      expect(await visible(regional, route, row.id)).toBe(true);
      expect(await visible(b.viewer, route, row.id)).toBe(false);
      expect(await visible(nobody, route, row.id)).toBe(false);
      expect(await visible(regional, route, (await make(b)).id)).toBe(false);
      expect(await visible(a.viewer, route, missingId)).toBe(false);
    });
});

describe("news", () => {
  it("lets news managers open any id (the editor answers for it) and others only a visible article", async () => {
    expect(await visible(staff, "market/news", missingId)).toBe(true);
    expect(await visible(a.viewer, "market/news", VISIBLE_NEWS)).toBe(true);
    expect(await visible(a.viewer, "market/news", missingId)).toBe(false);
    expect(await visible(regional, "market/news", missingId)).toBe(false);
  });
});

describe("downloads", () => {
  it("shows enabled items to everyone and disabled ones only to those who manage downloads", async () => {
    const on = await makeDownloadItem({ creatorId: staff.userId });
    const off = await makeDownloadItem({ creatorId: staff.userId, enabled: false });
    expect(await visible(a.viewer, "download/downloadCenters", on.id)).toBe(true);
    expect(await visible(a.viewer, "download/downloadCenters", off.id)).toBe(false);
    expect(await visible(regional, "download/downloadCenters", off.id)).toBe(false);
    expect(await visible(staff, "download/downloadCenters", off.id)).toBe(true);
    expect(await visible(staff, "download/downloadCenters", missingId)).toBe(false);
  });
});

describe("vehicles by VIN", () => {
  const byVin = (v: Viewer, vin: string) => recordVisible(v, "car/vehicleInformation", `?vin=${encodeURIComponent(vin)}`);

  it("shows a company's vehicle to its dealer and staff in scope; another tenant and an unknown VIN get not found", async () => {
    const [mine, factory] = await makeVehicles(vehicleGoods.id, 2, { status: "IN_STOCK", companyId: a.companyId });
    await db().vehicle.update({ where: { vin: factory }, data: { status: "FACTORY_STOCK", companyId: null } });
    expect(await byVin(a.viewer, mine)).toBe(true);
    expect(await byVin(a.viewer, ` ${mine.toLowerCase()} `)).toBe(true);
    expect(await byVin(staff, mine)).toBe(true);
    expect(await byVin(regional, mine)).toBe(true);
    expect(await byVin(b.viewer, mine)).toBe(false);
    expect(await byVin(nobody, mine)).toBe(false);
    expect(await byVin(a.viewer, factory)).toBe(false);
    const [unknown] = (await makeVehicles(vehicleGoods.id, 1)).map((v) => v);
    await db().vehicle.delete({ where: { vin: unknown } });
    expect(await byVin(a.viewer, unknown)).toBe(false);
  });

  it("leaves a malformed VIN to the page, and checks ?id= on a route that guards only VINs not at all", async () => {
    expect(await byVin(b.viewer, "NOT-A-VIN")).toBe(true);
    expect(await byVin(b.viewer, "")).toBe(true);
    expect(await recordVisible(b.viewer, "car/vehicleInformation", "?id=1")).toBe(true);
  });
});
