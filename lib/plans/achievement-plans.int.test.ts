import { beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { makeDealer, makeGoods, makeOrder, makeUser, nowSeconds, roleId, type TestDealer, type TestGoods } from "@/lib/test/factories";
import { analyze, captureQueries, nodesOf, planOf, type PlanNode, type Statement } from "@/lib/test/plans";
import { achievementNetwork, achievementSeries, companyAchievement } from "./achievement";

// Issue 24, bench outliers: plan achievement reads order lines index-only on
// OrderLine(orderId, goodsId, quantity) (the month, the chart's 12 months and the network), and a
// company's month sums its facts by goods before reading each goods by id, so the catalogue is
// never read whole. Shapes, not timings: the statements each call sends, planned and run with
// sequential and bitmap scans off (lib/test/plans.ts).

const MONTH = "2023-07";
const LINE_INDEX = "OrderLine_orderId_goodsId_quantity_idx";

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
  await analyze("Order", "OrderLine", "Goods");
});

/** The statement of `statements` that reads order lines (there is exactly one). */
function lineStatement(statements: Statement[]): Statement {
  const reads = statements.filter((s) => s.sql.includes('"OrderLine"'));
  expect(reads).toHaveLength(1);
  return reads[0];
}

const onRelation = (plan: PlanNode, relation: string) => nodesOf(plan).filter((n) => n["Relation Name"] === relation);

/** Every read of OrderLine in the plan is an index-only scan of the covering index. */
function expectLinesIndexOnly(plan: PlanNode) {
  const lines = onRelation(plan, "OrderLine");
  expect(lines.length).toBeGreaterThan(0);
  for (const n of lines) expect([n["Node Type"], n["Index Name"]]).toEqual(["Index Only Scan", LINE_INDEX]);
}

describe("plan achievement: order lines index-only, goods by id", () => {
  it("a company's month: lines index-only, each goods read by its key after the facts are summed", async () => {
    let result: Awaited<ReturnType<typeof companyAchievement>> | null = null;
    const statements = await captureQueries(async () => {
      result = await companyAchievement(dealer.viewer, null, MONTH);
    });
    // The figures are those of the lines (the cancelled order is not counted).
    expect(result!.lines.map((l) => [l.key, l.ordered])).toEqual([
      [`V${vehicle.id}`, 5],
      [expect.stringMatching(/^P/), 7],
    ]);

    const facts = lineStatement(statements);
    const plan = await planOf(facts.sql, facts.params, { analyze: true });
    expectLinesIndexOnly(plan);
    // Goods are looked up one row per summed goods on the primary key: never a scan of the
    // catalogue (which, with sequential scans off, would be a full Goods_pkey scan of many rows).
    const goods = onRelation(plan, "Goods");
    expect(goods.length).toBeGreaterThan(0);
    for (const n of goods) {
      expect(n["Index Name"]).toBe("Goods_pkey");
      expect(n["Actual Rows"]).toBeLessThanOrEqual(1);
    }
  });

  it("the chart's 12 months read the lines index-only", async () => {
    let series: Awaited<ReturnType<typeof achievementSeries>> = [];
    const statements = await captureQueries(async () => {
      series = await achievementSeries(dealer.viewer, null, MONTH);
    });
    expect(series.find((p) => p.month === MONTH)?.ordered).toBe(12);
    const facts = lineStatement(statements);
    expectLinesIndexOnly(await planOf(facts.sql, facts.params));
  });

  it("the network reads the lines index-only", async () => {
    let network: Awaited<ReturnType<typeof achievementNetwork>> | null = null;
    const statements = await captureQueries(async () => {
      network = await achievementNetwork(staff, MONTH);
    });
    expect(network!.rows.find((r) => r.company.id === dealer.companyId)?.ordered).toBe(12);
    const facts = lineStatement(statements);
    expectLinesIndexOnly(await planOf(facts.sql, facts.params));
  });
});
