import { beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { makeDealer, makeGoods, makeOrder, makeUser, nowSeconds, roleId, type TestDealer, type TestGoods } from "@/lib/test/factories";
import { analyze, captureQueries, nodesOf, planOf, type PlanNode, type Statement } from "@/lib/test/plans";
import { achievementNetwork, achievementSeries, companyAchievement } from "./achievement";

// Issue 24: plan achievement reads its figures on keys, never an order, line, sale or counter
// document: a company's month its line groups (AchievementGroup) and the facts of the vehicles it
// shows (AchievementFact: the planned ones by key, the largest unplanned ones on the rank index,
// at most the cap per measure), each of those goods by id, so neither the month's facts nor the
// catalogue is read whole; the chart's 12 months and the network AchievementMonth. Shapes, not
// timings: the statements each call sends, planned and run with sequential and bitmap scans off
// (lib/test/plans.ts).

const MONTH = "2023-07";
/** The tables the figures come from: read by the triggers that keep AchievementFact, not per request. */
const SOURCES = ['"Order"', '"OrderLine"', '"VehicleSale"', '"Vehicle"', '"WmsDocument"', '"WmsDocumentLine"'];

let dealer: TestDealer & { viewer: Viewer };
let staff: Viewer;
let vehicle: TestGoods;
let part: TestGoods;

/** An order of `goods` created in the middle of MONTH (Shanghai), in `status`. */
async function order(goods: TestGoods, quantity: number, status: "SUBMITTED" | "CANCELLED" = "SUBMITTED") {
  const o = await makeOrder({ companyId: dealer.companyId, userId: dealer.userId, goods, quantity });
  await db().order.update({ where: { id: o.id }, data: { createdAt: new Date(`${MONTH}-15T10:00:00+08:00`), status } });
}

beforeAll(async () => {
  const d = await makeDealer();
  dealer = { ...d, viewer: (await loadViewer(d.userId, d.companyId, nowSeconds()))! };
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [await roleId("SALES_OPS")] })).id, null, nowSeconds()))!;
  vehicle = await makeGoods({ kind: "VEHICLE" });
  part = await makeGoods({ kind: "PART" });
  // More goods than the month has figures for: a plan that reads the catalogue reads these too.
  for (let i = 0; i < 4; i++) await makeGoods({ kind: "PART" });
  await order(vehicle, 2);
  await order(vehicle, 3);
  await order(part, 7);
  await order(part, 100, "CANCELLED");
  await analyze("AchievementFact", "AchievementMonth", "Goods");
});

/** The statement of `statements` that reads `table` (there is exactly one), after checking that
 * none reads a source table. */
function factStatement(statements: Statement[], table = "AchievementFact"): Statement {
  for (const s of statements) for (const t of SOURCES) expect(s.sql, s.sql).not.toContain(`FROM ${t}`);
  const reads = statements.filter((s) => s.sql.includes(`"${table}"`));
  expect(reads).toHaveLength(1);
  return reads[0];
}

const onRelation = (plan: PlanNode, relation: string) => nodesOf(plan).filter((n) => n["Relation Name"] === relation);

/** Every read of `table` in the plan is a range of its primary key (or of one of `also`). */
function expectFactsByKey(plan: PlanNode, table = "AchievementFact", also: string[] = []) {
  const facts = onRelation(plan, table);
  expect(facts.length).toBeGreaterThan(0);
  for (const n of facts) expect([`${table}_pkey`, ...also].map((i) => ["Index Scan", i])).toContainEqual([n["Node Type"].replace("Only ", ""), n["Index Name"]]);
}

/** A dealer with `n` unplanned vehicles ordered in MONTH, the i-th (from 0) in quantity i + 1. */
async function dealerWithVehicles(n: number) {
  const d = await makeDealer();
  const viewer = (await loadViewer(d.userId, d.companyId, nowSeconds()))!;
  const goods: TestGoods[] = [];
  const orders: number[] = [];
  for (let i = 0; i < n; i++) {
    const g = await makeGoods({ kind: "VEHICLE" });
    goods.push(g);
    const o = await makeOrder({ companyId: d.companyId, userId: d.userId, goods: g, quantity: i + 1 });
    await db().order.update({ where: { id: o.id }, data: { createdAt: new Date(`${MONTH}-10T10:00:00+08:00`) } });
    orders.push(o.id);
  }
  return { viewer, goods, orders };
}

describe("plan achievement: facts by key, goods by id", () => {
  it("a company's month: its groups by key, the shown vehicles' facts by key or rank, each shown goods by its key", async () => {
    let result: Awaited<ReturnType<typeof companyAchievement>> | null = null;
    const statements = await captureQueries(async () => {
      result = await companyAchievement(dealer.viewer, null, MONTH);
    });
    // The figures are those of the lines (the cancelled order is not counted).
    expect(result!.lines.map((l) => [l.key, l.ordered])).toEqual([
      [`V${vehicle.id}`, 5],
      [expect.stringMatching(/^P/), 7],
    ]);

    const facts = factStatement(statements);
    const plan = await planOf(facts.sql, facts.params, { analyze: true });
    expectFactsByKey(plan, "AchievementFact", ["AchievementFact_vehicle_rank_idx"]);
    expectFactsByKey(plan, "AchievementGroup");
    // Goods are looked up one row per shown goods on the primary key: never a scan of the
    // catalogue (which, with sequential scans off, would be a full Goods_pkey scan of many rows).
    const goods = onRelation(plan, "Goods");
    expect(goods.length).toBeGreaterThan(0);
    for (const n of goods) {
      expect(n["Index Name"]).toBe("Goods_pkey");
      expect(n["Actual Rows"]).toBeLessThanOrEqual(1);
    }
  });

  it("a month of more unplanned vehicles than the cap: the largest by each measure, the rest one line, nothing read past the cap", async () => {
    const { viewer, goods, orders } = await dealerWithVehicles(7);
    // The smallest order shipped: the largest shipped, though the smallest ordered.
    await db().order.update({ where: { id: orders[0] }, data: { status: "SHIPPED", shippedAt: new Date(`${MONTH}-20T10:00:00+08:00`) } });
    const all = await companyAchievement(viewer, null, MONTH);
    expect(all.lines.filter((l) => l.rest)).toEqual([]);
    expect(all.lines.map((l) => l.goods?.id).sort()).toEqual(goods.map((g) => g.id).sort());

    let capped: Awaited<ReturnType<typeof companyAchievement>> | null = null;
    const statements = await captureQueries(async () => {
      capped = await companyAchievement(viewer, null, MONTH, 2);
    });
    // Ordered 7 and 6 (the two largest ordered) and the one shipped; the other four are the rest.
    const shown = capped!.lines.filter((l) => !l.rest);
    expect(shown.map((l) => [l.goods?.id, l.ordered, l.shipped]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [goods[0].id, 1, 1],
      [goods[5].id, 6, 0],
      [goods[6].id, 7, 0],
    ]);
    const rest = capped!.lines.find((l) => l.rest)!;
    expect(rest).toMatchObject({ key: "VREST", kind: "VEHICLE", goods: null, category: null, planned: null, unplanned: true, ordered: 2 + 3 + 4 + 5, shipped: 0, retail: 0 });
    expect(capped!.lines.at(-1)).toBe(rest);
    // Subtotals and totals are whole, as without the cap.
    expect(capped!.subtotals).toEqual(all.subtotals);
    expect(capped!.totals).toEqual(all.totals);

    const facts = factStatement(statements);
    const plan = await planOf(facts.sql, facts.params, { analyze: true });
    const ranked = onRelation(plan, "AchievementFact").filter((n) => n["Index Name"] === "AchievementFact_vehicle_rank_idx");
    expect(ranked.length).toBeGreaterThan(0);
    // Each measure's rank scan stops at the cap: never the month's vehicles whole.
    for (const n of ranked) expect(n["Actual Rows"]).toBeLessThanOrEqual(2);
    const goodsReads = onRelation(plan, "Goods").reduce((sum, n) => sum + (n["Actual Rows"] ?? 0) * (n["Actual Loops"] ?? 1), 0);
    expect(goodsReads).toBeLessThanOrEqual(2 * 3);
  });

  it("the chart's 12 months read their month totals by key", async () => {
    let series: Awaited<ReturnType<typeof achievementSeries>> = [];
    const statements = await captureQueries(async () => {
      series = await achievementSeries(dealer.viewer, null, MONTH);
    });
    expect(series.find((p) => p.month === MONTH)?.ordered).toBe(12);
    const facts = factStatement(statements, "AchievementMonth");
    expectFactsByKey(await planOf(facts.sql, facts.params), "AchievementMonth");
  });

  it("the network reads its month's totals by key", async () => {
    let network: Awaited<ReturnType<typeof achievementNetwork>> | null = null;
    const statements = await captureQueries(async () => {
      network = await achievementNetwork(staff, MONTH);
    });
    expect(network!.rows.find((r) => r.company.id === dealer.companyId)?.ordered).toBe(12);
    const facts = factStatement(statements, "AchievementMonth");
    expectFactsByKey(await planOf(facts.sql, facts.params), "AchievementMonth");
  });
});
