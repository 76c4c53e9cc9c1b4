import { beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { makeDealer, makeGoods, makeOrder, makeUser, nowSeconds, roleId, type TestDealer, type TestGoods } from "@/lib/test/factories";
import { analyze, captureQueries, nodesOf, planOf, type PlanNode, type Statement } from "@/lib/test/plans";
import { achievementNetwork, achievementSeries, companyAchievement } from "./achievement";

// Issue 24: plan achievement reads its figures on a primary key, AchievementFact's for the month,
// AchievementMonth's for the chart's 12 months and the network, never an order, line, sale or
// counter document,
// and a company's month sums its facts by goods before reading each goods by id, so the
// catalogue is never read whole. Shapes, not timings: the statements each call sends, planned
// and run with sequential and bitmap scans off (lib/test/plans.ts).

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

/** Every read of `table` in the plan is a range of its primary key. */
function expectFactsByKey(plan: PlanNode, table = "AchievementFact") {
  const facts = onRelation(plan, table);
  expect(facts.length).toBeGreaterThan(0);
  for (const n of facts) expect([n["Node Type"].replace("Only ", ""), n["Index Name"]]).toEqual(["Index Scan", `${table}_pkey`]);
}

describe("plan achievement: facts by key, goods by id", () => {
  it("a company's month: its facts by key, each goods read by its key after the facts are summed", async () => {
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
    expectFactsByKey(plan);
    // Goods are looked up one row per summed goods on the primary key: never a scan of the
    // catalogue (which, with sequential scans off, would be a full Goods_pkey scan of many rows).
    const goods = onRelation(plan, "Goods");
    expect(goods.length).toBeGreaterThan(0);
    for (const n of goods) {
      expect(n["Index Name"]).toBe("Goods_pkey");
      expect(n["Actual Rows"]).toBeLessThanOrEqual(1);
    }
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
