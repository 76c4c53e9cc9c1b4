import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportRoute } from "@/app/api/v1/plans/achievement/export/route";
import { GET as networkRoute } from "@/app/api/v1/plans/achievement/network/route";
import { GET as achievementRoute } from "@/app/api/v1/plans/achievement/route";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { OrderStatus } from "@/lib/generated/prisma/enums";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeDealer, makeGoods, makeOrder, makeRole, makeUser, makeVehicles, nowSeconds, roleId, uid, type TestDealer, type TestGoods } from "@/lib/test/factories";
import { achievementNetwork, achievementSeries, companyAchievement, type CompanyAchievement } from "./achievement";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Plan achievement against PostgreSQL: two dealers' plans, orders (cancelled, rejected, shipped,
// on both sides of the month's edges in Shanghai time), vehicles sold (one returned, one next
// month) and counter sales in March 2024; every figure and percentage exact; the chart's months;
// the network sorted by completion and scoped; another dealer's achievement is a 404; the export.

const MONTH = "2024-03";
/** A Shanghai wall-clock time as the instant it is. */
const sh = (local: string) => new Date(`${local}+08:00`);

type Dealer = TestDealer & { viewer: Viewer };
let a: Dealer;
let b: Dealer;
let c: Dealer;
let d: Dealer;
let v1: TestGoods;
let v2: TestGoods;
let v3: TestGoods;
let p1: TestGoods;
let p2: TestGoods;
let p3: TestGoods;
let p4: TestGoods;
let p5: TestGoods;
let engine: string;
let filter: string;
let body: string;
let allStaff: Viewer;
let scopedStaff: Viewer;
let scopedStaffUser: { id: number };
let dealerUserA: { id: number };

async function dealer(organizationId: number): Promise<Dealer> {
  const x = await makeDealer({ organizationId });
  return { ...x, viewer: (await loadViewer(x.userId, x.companyId, nowSeconds()))! };
}

async function plan(
  companyId: number,
  userId: number,
  month: string,
  status: "DRAFT" | "SUBMITTED" | "APPROVED" | "RETURNED",
  lines: ({ goodsId: number } | { category: string })[],
  qty: number[],
) {
  return db().purchasePlan.create({
    data: {
      planNo: uid("PP").toUpperCase(),
      companyId,
      month: new Date(`${month}-01T00:00:00Z`),
      status,
      createdById: userId,
      lines: {
        create: lines.map((l, i) =>
          "goodsId" in l
            ? { kind: "VEHICLE", goodsId: l.goodsId, quantity: qty[i], requestedQty: qty[i] }
            : { kind: "PARTS", partsCategory: l.category, quantity: qty[i], requestedQty: qty[i] },
        ),
      },
    },
  });
}

/** An order of one line, then dated and moved as the test needs. */
async function order(x: Dealer, goods: TestGoods, quantity: number, createdAt: Date, status: OrderStatus, extra: { shippedAt?: Date; dealerDeleted?: boolean } = {}) {
  const o = await makeOrder({ companyId: x.companyId, userId: x.userId, goods, quantity });
  await db().order.update({ where: { id: o.id }, data: { createdAt, status, shippedAt: extra.shippedAt ?? null, dealerDeleted: extra.dealerDeleted ?? false } });
}

/** A retail sale of a new vehicle of the goods, optionally returned. */
async function sale(x: Dealer, goods: TestGoods, soldAt: Date, returnedAt: Date | null = null) {
  const [vin] = await makeVehicles(goods.id, 1, { status: returnedAt ? "IN_STOCK" : "SOLD", companyId: x.companyId });
  const v = await db().vehicle.findUniqueOrThrow({ where: { vin }, select: { id: true } });
  await db().vehicleSale.create({
    data: {
      vehicleId: v.id,
      companyId: x.companyId,
      soldAt,
      ownerName: "Zhang San",
      phone: "13800000000",
      idType: "ID_CARD",
      idNumberSealed: "sealed",
      idNumberMasked: "1101**********1234",
      warrantyStart: soldAt,
      warrantyEnd: soldAt,
      warrantyMonths: 36,
      createdById: x.userId,
      returnedAt,
    },
  });
}

/** A delivery document with lines (goods, quantity), as the counter or another source made it. */
async function delivery(x: Dealer, createdAt: Date, source: string, status: "DRAFT" | "POSTED", lines: [TestGoods, number][]) {
  const wh = await db().warehouse.create({ data: { companyId: x.companyId, code: uid("W").toUpperCase(), name: "Main", type: "MIXED" } });
  await db().wmsDocument.create({
    data: {
      docNo: uid("WD").toUpperCase(),
      type: "DELIVERY",
      status,
      companyId: x.companyId,
      warehouseId: wh.id,
      source,
      createdById: x.userId,
      createdAt,
      postedAt: status === "POSTED" ? createdAt : null,
      lines: { create: lines.map(([g, quantity]) => ({ goodsId: g.id, quantity })) },
    },
  });
}

beforeAll(async () => {
  setTestLocale("en-US");
  const org = async (name: string) => (await db().organization.create({ data: { code: uid("ORG"), nameEn: name, nameZh: name, type: "REGION" } })).id;
  const orgA = await org("Plan region A");
  const orgB = await org("Plan region B");
  a = await dealer(orgA);
  c = await dealer(orgA);
  d = await dealer(orgA);
  b = await dealer(orgB);
  [v1, v2, v3] = await Promise.all([makeGoods({ kind: "VEHICLE" }), makeGoods({ kind: "VEHICLE" }), makeGoods({ kind: "VEHICLE" })]);
  [p1, p2, p3, p4, p5] = await Promise.all([
    makeGoods({ kind: "PART" }),
    makeGoods({ kind: "DERIVATIVE" }),
    makeGoods({ kind: "PART" }),
    makeGoods({ kind: "PART" }),
    makeGoods({ kind: "PART" }),
  ]);
  engine = uid("ENG").toUpperCase();
  filter = uid("FLT").toUpperCase();
  body = uid("BDY").toUpperCase();
  await db().goods.update({ where: { id: p1.id }, data: { partsCategory: engine } });
  await db().goods.update({ where: { id: p2.id }, data: { partsCategory: engine } });
  await db().goods.update({ where: { id: p4.id }, data: { partsCategory: body } });
  await db().goods.update({ where: { id: p5.id }, data: { partsCategory: filter } });
  // p3 has no category: it counts as OTHER.

  // A: the approved March plan, and an approved February plan for the chart.
  await plan(
    a.companyId,
    a.userId,
    MONTH,
    "APPROVED",
    [{ goodsId: v1.id }, { goodsId: v2.id }, { category: engine }, { category: filter }, { category: "OTHER" }],
    [10, 5, 100, 8, 20],
  );
  await plan(a.companyId, a.userId, "2024-02", "APPROVED", [{ goodsId: v1.id }], [6]);
  // A's orders.
  await order(a, v1, 4, sh("2024-03-01T00:00:00"), "SUBMITTED"); // the first instant of March: counted
  await order(a, v1, 7, sh("2024-02-29T23:59:59"), "SUBMITTED"); // February
  await order(a, v1, 3, sh("2024-03-10T10:00:00"), "CANCELLED");
  await order(a, v1, 2, sh("2024-03-10T11:00:00"), "REJECTED", { dealerDeleted: true });
  await order(a, v1, 5, sh("2024-03-02T09:00:00"), "SHIPPED", { shippedAt: sh("2024-04-01T00:10:00") }); // ordered in March, shipped in April
  await order(a, v2, 2, sh("2024-02-20T09:00:00"), "COMPLETED", { shippedAt: sh("2024-03-05T09:00:00") }); // ordered in February, shipped in March
  await order(a, v2, 1, sh("2024-03-03T09:00:00"), "SHIPPED", { shippedAt: sh("2024-03-31T23:30:00") });
  await order(a, v3, 1, sh("2024-03-15T09:00:00"), "CONFIRMED"); // unplanned
  await order(a, p1, 30, sh("2024-03-05T09:00:00"), "SUBMITTED");
  await order(a, p2, 20, sh("2024-03-06T09:00:00"), "CONFIRMED");
  await order(a, p1, 40, sh("2024-03-06T10:00:00"), "CANCELLED");
  await order(a, p3, 10, sh("2024-03-07T09:00:00"), "SHIPPED", { shippedAt: sh("2024-03-20T09:00:00") });
  await order(a, p4, 6, sh("2024-03-08T09:00:00"), "SUBMITTED"); // unplanned category
  // A's retail: vehicles (one returned, one in April) and counter sales (a draft and a repair do not count).
  await sale(a, v1, sh("2024-03-10T12:00:00"));
  await sale(a, v1, sh("2024-03-12T12:00:00"), sh("2024-03-20T12:00:00"));
  await sale(a, v1, sh("2024-04-02T12:00:00"));
  await sale(a, v2, sh("2024-03-31T20:00:00"));
  await delivery(a, sh("2024-03-15T10:00:00"), "COUNTER", "POSTED", [
    [p1, 3],
    [p3, 2],
  ]);
  await delivery(a, sh("2024-03-16T10:00:00"), "COUNTER", "DRAFT", [[p1, 9]]);
  await delivery(a, sh("2024-03-17T10:00:00"), "REPAIR", "POSTED", [[p1, 4]]);

  // B (another region): a submitted plan, not yet the target.
  await plan(b.companyId, b.userId, MONTH, "SUBMITTED", [{ goodsId: v1.id }], [4]);
  await order(b, v1, 2, sh("2024-03-04T09:00:00"), "SUBMITTED");
  // C (A's region): over its plan. D: no plan.
  await plan(c.companyId, c.userId, MONTH, "APPROVED", [{ goodsId: v1.id }], [2]);
  await order(c, v1, 3, sh("2024-03-04T09:00:00"), "SUBMITTED");

  // Staff: the reference SALES_OPS role (scope ALL) and a role over A's region only, both with the plan screen.
  const planMenu = (await db().menu.findFirstOrThrow({ where: { path: "crm/customerPlan", type: "MENU" }, select: { id: true } })).id;
  allStaff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [await roleId("SALES_OPS")] })).id, null, nowSeconds()))!;
  const regionRole = await makeRole({ dataScope: "CUSTOM", organizationIds: [orgA], menuIds: [planMenu] });
  scopedStaffUser = await makeUser({ userType: "STAFF", roleIds: [regionRole.id] });
  scopedStaff = (await loadViewer(scopedStaffUser.id, null, nowSeconds()))!;
  // A dealer user of A whose role opens the plan screen and nothing else.
  const dealerRole = await makeRole({ menuIds: [planMenu] });
  dealerUserA = await makeUser({ userType: "DEALER", companyIds: [a.companyId], roleIds: [dealerRole.id] });
});

const line = (x: CompanyAchievement, key: string) => {
  const l = x.lines.find((y) => y.key === key);
  if (!l) throw new Error(`no line ${key}`);
  const { planned, ordered, shipped, retail, pct, unplanned } = l;
  return { planned, ordered, shipped, retail, pct, unplanned };
};
const pcts = (ordered: number | null, shipped: number | null, retail: number | null) => ({ ordered, shipped, retail });

describe("a dealer's month", () => {
  it("counts every line's planned, ordered, shipped and retail with percentages, unplanned lines, subtotals and totals", async () => {
    const x = await companyAchievement(a.viewer, null, MONTH);
    expect(x.company.id).toBe(a.companyId);
    expect(x.plan?.status).toBe("APPROVED");
    expect(x.approved).toBe(true);
    expect(line(x, `V${v1.id}`)).toEqual({ planned: 10, ordered: 9, shipped: 0, retail: 1, pct: pcts(90, 0, 10), unplanned: false });
    expect(line(x, `V${v2.id}`)).toEqual({ planned: 5, ordered: 1, shipped: 3, retail: 1, pct: pcts(20, 60, 20), unplanned: false });
    expect(line(x, `V${v3.id}`)).toEqual({ planned: null, ordered: 1, shipped: 0, retail: 0, pct: pcts(null, null, null), unplanned: true });
    expect(line(x, `P${engine}`)).toEqual({ planned: 100, ordered: 50, shipped: 0, retail: 3, pct: pcts(50, 0, 3), unplanned: false });
    expect(line(x, `P${filter}`)).toEqual({ planned: 8, ordered: 0, shipped: 0, retail: 0, pct: pcts(0, 0, 0), unplanned: false });
    expect(line(x, "POTHER")).toEqual({ planned: 20, ordered: 10, shipped: 10, retail: 2, pct: pcts(50, 50, 10), unplanned: false });
    expect(line(x, `P${body}`)).toEqual({ planned: null, ordered: 6, shipped: 0, retail: 0, pct: pcts(null, null, null), unplanned: true });
    expect(x.lines).toHaveLength(7);
    // Vehicles first (planned, then unplanned), then parts (planned with OTHER last, then unplanned).
    expect(x.lines.map((l) => l.kind)).toEqual(["VEHICLE", "VEHICLE", "VEHICLE", "PARTS", "PARTS", "PARTS", "PARTS"]);
    expect(x.lines[2].key).toBe(`V${v3.id}`);
    expect(x.lines[5].key).toBe("POTHER");
    expect(x.lines[6].key).toBe(`P${body}`);
    expect(x.lines[2].goods).toMatchObject({ id: v3.id, code: v3.code, nameEn: v3.nameEn });
    expect(x.lines[5].category).toMatchObject({ code: "OTHER" });

    expect(x.subtotals.VEHICLE).toEqual({ planned: 15, ordered: 11, shipped: 3, retail: 2, pct: pcts(73.3, 20, 13.3) });
    expect(x.subtotals.PARTS).toEqual({ planned: 128, ordered: 66, shipped: 10, retail: 5, pct: pcts(51.6, 7.8, 3.9) });
    expect(x.totals).toEqual({ planned: 143, ordered: 77, shipped: 13, retail: 7, pct: pcts(53.8, 9.1, 4.9) });
  });

  it("shows a plan that is not approved with its quantities but no percentage", async () => {
    const x = await companyAchievement(b.viewer, null, MONTH);
    expect(x.plan?.status).toBe("SUBMITTED");
    expect(x.approved).toBe(false);
    expect(x.lines).toHaveLength(1);
    expect(line(x, `V${v1.id}`)).toEqual({ planned: 4, ordered: 2, shipped: 0, retail: 0, pct: pcts(null, null, null), unplanned: false });
    expect(x.totals).toEqual({ planned: 4, ordered: 2, shipped: 0, retail: 0, pct: pcts(null, null, null) });
    // The plan has no parts line: it plans 0 parts (not "no plan").
    expect(x.subtotals.PARTS).toEqual({ planned: 0, ordered: 0, shipped: 0, retail: 0, pct: pcts(null, null, null) });
  });

  it("without a plan, everything is unplanned and nothing is a percentage", async () => {
    const x = await companyAchievement(d.viewer, null, MONTH);
    expect(x.plan).toBeNull();
    expect(x.lines).toEqual([]);
    expect(x.totals).toEqual({ planned: null, ordered: 0, shipped: 0, retail: 0, pct: pcts(null, null, null) });
  });

  it("charts the approved plan against ordered and retail for the 12 months ending with the month", async () => {
    const s = await achievementSeries(a.viewer, null, MONTH);
    expect(s).toHaveLength(12);
    expect(s[0].month).toBe("2023-04");
    expect(s[11]).toEqual({ month: "2024-03", planned: 143, ordered: 77, retail: 7 });
    // February: the plan of 6, the 7 ordered on its last evening and the 2 ordered on the 20th.
    expect(s[10]).toEqual({ month: "2024-02", planned: 6, ordered: 9, retail: 0 });
    expect(s.slice(0, 10).every((p) => p.planned === 0 && p.ordered === 0 && p.retail === 0)).toBe(true);
    // April is another window: the sale of 2 April and the order shipped on 1 April count there.
    const april = await achievementSeries(a.viewer, null, "2024-04", 6);
    expect(april.map((p) => p.month)).toEqual(["2023-11", "2023-12", "2024-01", "2024-02", "2024-03", "2024-04"]);
    expect(april[5]).toEqual({ month: "2024-04", planned: 0, ordered: 0, retail: 1 });
  });

  it("a dealer asking for another dealer's achievement gets 404, and the network is not theirs", async () => {
    await expect(companyAchievement(a.viewer, b.companyId, MONTH)).rejects.toBeInstanceOf(NotFoundError);
    await expect(achievementSeries(a.viewer, b.companyId, MONTH)).rejects.toBeInstanceOf(NotFoundError);
    await expect(achievementNetwork(a.viewer, MONTH)).rejects.toBeInstanceOf(NotFoundError);
    // Naming its own company is the same as naming none.
    expect((await companyAchievement(a.viewer, a.companyId, MONTH)).totals.ordered).toBe(77);
  });
});

describe("staff", () => {
  it("see a dealer of their scope, and another region's dealer is a 404", async () => {
    expect((await companyAchievement(scopedStaff, a.companyId, MONTH)).totals.ordered).toBe(77);
    await expect(companyAchievement(scopedStaff, b.companyId, MONTH)).rejects.toBeInstanceOf(NotFoundError);
    await expect(companyAchievement(scopedStaff, null, MONTH)).rejects.toBeInstanceOf(NotFoundError);
    expect((await companyAchievement(allStaff, b.companyId, MONTH)).plan?.status).toBe("SUBMITTED");
  });

  it("see the network of their scope sorted by completion, then name; those without a target last", async () => {
    const { rows } = await achievementNetwork(scopedStaff, MONTH);
    expect(rows.map((r) => r.company.id)).toEqual([c.companyId, a.companyId, d.companyId]);
    expect(rows[0]).toMatchObject({ plan: { status: "APPROVED" }, planned: 2, ordered: 3, shipped: 0, retail: 0, completion: 150, pct: pcts(150, 0, 0) });
    expect(rows[1]).toMatchObject({ plan: { status: "APPROVED" }, planned: 143, ordered: 77, shipped: 13, retail: 7, completion: 53.8, pct: pcts(53.8, 9.1, 4.9) });
    expect(rows[2]).toMatchObject({ plan: null, planned: null, ordered: 0, shipped: 0, retail: 0, completion: null });
    // The whole network (scope ALL) has B, whose submitted plan is no target yet.
    const all = await achievementNetwork(allStaff, MONTH);
    const rowB = all.rows.find((r) => r.company.id === b.companyId);
    expect(rowB).toMatchObject({ plan: { status: "SUBMITTED" }, planned: null, ordered: 2, completion: null });
    const firstNull = all.rows.findIndex((r) => r.completion === null);
    expect(all.rows.slice(firstNull).every((r) => r.completion === null)).toBe(true);
    expect(all.rows.findIndex((r) => r.company.id === c.companyId)).toBeLessThan(all.rows.findIndex((r) => r.company.id === a.companyId));
  });
});

describe("the REST API and the export", () => {
  const req = (path: string) => new NextRequest(`http://localhost/customerWeb/api/v1/plans/achievement${path}`);
  const none = { params: Promise.resolve({}) };

  it("answers a dealer its own month, 404 for another company and for the network", async () => {
    await actAs(null);
    expect((await achievementRoute(req(`?month=${MONTH}`), none)).status).toBe(401);
    await actAs(dealerUserA, a.companyId);
    const res = await achievementRoute(req(`?month=${MONTH}`), none);
    expect(res.status).toBe(200);
    const json = (await res.json()) as CompanyAchievement & { series: { month: string }[] };
    expect(json.totals).toMatchObject({ planned: 143, ordered: 77, shipped: 13, retail: 7 });
    expect(json.series).toHaveLength(12);
    expect((await achievementRoute(req(`?companyId=${b.companyId}&month=${MONTH}`), none)).status).toBe(404);
    expect((await achievementRoute(req(`?month=2024-13`), none)).status).toBe(422);
    expect((await networkRoute(req(`/network?month=${MONTH}`), none)).status).toBe(404);
    expect((await exportRoute(req(`/export?month=${MONTH}`), none)).status).toBe(404);
    // A dealer whose roles do not open the screen: 403.
    const roleless = await makeUser({ userType: "DEALER", companyIds: [a.companyId], roleIds: [] });
    await actAs(roleless, a.companyId);
    expect((await achievementRoute(req(`?month=${MONTH}`), none)).status).toBe(403);
  });

  it("answers staff the network of their scope", async () => {
    await actAs(scopedStaffUser);
    const res = await networkRoute(req(`/network?month=${MONTH}`), none);
    expect(res.status).toBe(200);
    const json = (await res.json()) as { rows: { company: { id: number }; completion: number | null }[] };
    expect(json.rows.map((r) => r.company.id)).toEqual([c.companyId, a.companyId, d.companyId]);
    expect((await achievementRoute(req(`?companyId=${b.companyId}&month=${MONTH}`), none)).status).toBe(404);
  });

  it("exports the network's rows as .xlsx in the same order", async () => {
    await actAs(scopedStaffUser);
    const res = await exportRoute(req(`/export?month=${MONTH}`), none);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(`plan-achievement-${MONTH}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(["Rank", "Code", "Dealer", "Plan", "Planned", "Ordered", "Shipped", "Retail sold", "Completion", "Shipped %", "Retail %"]);
    expect(rows.slice(1)).toEqual([
      [1, c.code, c.nameEn, "Approved", 2, 3, 0, 0, 150, 0, 0],
      [2, a.code, a.nameEn, "Approved", 143, 77, 13, 7, 53.8, 9.1, 4.9],
      // Empty cells (no target) are left out of the row's values.
      [3, d.code, d.nameEn, "No plan", undefined, 0, 0, 0],
    ]);
  });
});
