import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import { NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PurchasePlanStatus } from "@/lib/generated/prisma/enums";
import { monthDay, monthsEnding, percent, SERIES_MONTHS } from "./achievement-month";

// Plan achievement (crm/customerPlan, ?tab=achievement): what a dealer planned for a month
// against what it ordered, what was shipped to it and what it sold at retail. Server-only.
//
// - planned: the quantity of the month's plan line. Only an APPROVED plan is the month's target:
//   a plan in any other state still shows its lines and quantities (the screen greys them and
//   says "not approved"), but no percentage is computed against it and the network counts no
//   target for it.
// - ordered: order lines of the company's orders created in the month (Shanghai calendar),
//   neither CANCELLED nor REJECTED.
// - shipped: order lines of orders shipped in the month (shippedAt in it) that are SHIPPED or
//   COMPLETED. Vehicles are counted on their order lines too (not Vehicle.sendDate), so vehicles
//   and parts follow one rule and shipped never exceeds what the orders say.
// - retail: vehicles sold in the month (VehicleSale.soldAt) and not returned, by the vehicle's
//   goods; parts sold over the counter (posted DELIVERY documents of source COUNTER created in
//   the month, the points of sale's own day rule) by the goods' parts category.
// - Vehicle lines match by goods, parts lines by Goods.partsCategory (none counts as OTHER).
//   Whatever has figures but is not on the plan is an unplanned line.
// The figures are read from AchievementFact, which triggers keep per company, Shanghai month,
// measure and goods (the migration achievement_facts), and, for the chart and the network, from
// AchievementMonth, the same summed over goods (achievement_month_totals);
// lib/plans/achievement-facts.int.test.ts holds both equal to the definitions above through every
// writer. Each read is an index range of a primary key: no order, line or sale is read per
// request, whatever the network's size. A month's facts are summed by goods before the goods are
// looked up by id, so the catalogue is never read whole (see "Issue 24 — plan achievement rollup"
// in docs/DECISIONS.md).
// Dealers see their signed-in company only; staff the companies of their data scope; any other
// company is a 404, the same as a missing one.

export const ACHIEVEMENT_ROUTE = "crm/customerPlan";
/** What a parts line without a category counts as. */
export const OTHER_CATEGORY = "OTHER";
/** The network's page size on the screen (the export and the API take every row). */
export const NETWORK_PAGE = 50;

export type LineKind = "VEHICLE" | "PARTS";
export type Percents = { ordered: number | null; shipped: number | null; retail: number | null };
export type Figures = { planned: number | null; ordered: number; shipped: number; retail: number; pct: Percents };
export type AchievementLine = Figures & {
  /** "V<goodsId>" or "P<category>". */
  key: string;
  kind: LineKind;
  goods: { id: number; code: string; nameEn: string; nameZh: string; config: string | null } | null;
  category: { code: string; labelEn: string; labelZh: string } | null;
  /** Not on the month's plan (planned is null). */
  unplanned: boolean;
};
export type PlanRef = { id: number; planNo: string; status: PurchasePlanStatus };
export type CompanyRef = { id: number; code: string; nameEn: string; nameZh: string };
export type CompanyAchievement = {
  company: CompanyRef;
  month: string;
  plan: PlanRef | null;
  /** The plan is APPROVED: its quantities are the target and percentages are computed. */
  approved: boolean;
  lines: AchievementLine[];
  subtotals: Record<LineKind, Figures>;
  totals: Figures;
};
export type SeriesPoint = { month: string; planned: number; ordered: number; retail: number };
export type NetworkRow = {
  company: CompanyRef;
  plan: { status: PurchasePlanStatus } | null;
  /** The approved plan's total; null without an approved plan. */
  planned: number | null;
  ordered: number;
  shipped: number;
  retail: number;
  /** ordered ÷ planned (%), the sort key; null without a target. */
  completion: number | null;
  pct: Percents;
};
export type Network = { month: string; rows: NetworkRow[] };

type Measure = "O" | "S" | "R";

/**
 * A company's facts of a month by measure and goods, from AchievementFact (kept by triggers: the
 * migration achievement_facts defines each measure as above). The chart and the network read
 * AchievementMonth, the same summed over goods.
 */
function factsSql(companyId: number, month: string): Prisma.Sql {
  return Prisma.sql`
    SELECT f."measure" AS "m", f."goodsId", f."qty" FROM "AchievementFact" f
    WHERE f."companyId" = ${companyId} AND f."month" = ${monthDay(month)}::date AND f."qty" <> 0`;
}

/** The company when the viewer may see it; another company (or none) is a 404. */
export async function achievementCompany(viewer: Viewer, companyId: number | null): Promise<CompanyRef> {
  const select = { id: true, code: true, nameEn: true, nameZh: true } as const;
  if (viewer.userType === "DEALER") {
    const own = viewer.company;
    if (!own || (companyId !== null && companyId !== own.id)) throw new NotFoundError();
    return { id: own.id, code: own.code, nameEn: own.nameEn, nameZh: own.nameZh };
  }
  if (companyId === null) throw new NotFoundError();
  const found = await db().company.findFirst({ where: { AND: [{ id: companyId }, await companyScopeWhere(viewer)] }, select });
  if (!found) throw new NotFoundError();
  return found;
}

const emptyPct = (): Percents => ({ ordered: null, shipped: null, retail: null });
const withPct = (f: Omit<Figures, "pct">, approved: boolean): Figures => ({
  ...f,
  pct: approved ? { ordered: percent(f.ordered, f.planned), shipped: percent(f.shipped, f.planned), retail: percent(f.retail, f.planned) } : emptyPct(),
});

/** A subtotal or total: planned is the plan's sum (0 for a kind it plans nothing of), null without a plan. */
function total(lines: AchievementLine[], hasPlan: boolean, approved: boolean): Figures {
  const planned = hasPlan ? lines.reduce((n, l) => n + (l.planned ?? 0), 0) : null;
  const sum = (k: "ordered" | "shipped" | "retail") => lines.reduce((n, l) => n + l[k], 0);
  return withPct({ planned, ordered: sum("ordered"), shipped: sum("shipped"), retail: sum("retail") }, approved);
}

type FactRow = {
  m: Measure;
  goodsId: number | null;
  category: string | null;
  code: string | null;
  nameEn: string | null;
  nameZh: string | null;
  config: string | null;
  qty: number;
};

/** One company's month: its plan's lines (and unplanned ones) with planned, ordered, shipped and
 * retail figures and percentages, subtotals by kind and the total. Three statements. */
export async function companyAchievement(viewer: Viewer, companyId: number | null, month: string): Promise<CompanyAchievement> {
  const company = await achievementCompany(viewer, companyId);
  const [plan, facts, categories] = await Promise.all([
    db().purchasePlan.findUnique({
      where: { companyId_month: { companyId: company.id, month: new Date(`${monthDay(month)}T00:00:00Z`) } },
      select: {
        id: true,
        planNo: true,
        status: true,
        lines: { select: { kind: true, quantity: true, partsCategory: true, goods: { select: { id: true, code: true, nameEn: true, nameZh: true, config: true } } } },
      },
    }),
    // Summed by goods first, then each goods read by id: OFFSET 0 keeps the lookup a per-row
    // index read (the planner, not knowing how few goods a month has, would hash the catalogue).
    db().$queryRaw<FactRow[]>`
      SELECT f."m",
             CASE WHEN g."kind" = 'VEHICLE' THEN g."id" END AS "goodsId",
             CASE WHEN g."kind" <> 'VEHICLE' THEN COALESCE(g."partsCategory", ${OTHER_CATEGORY}) END AS "category",
             CASE WHEN g."kind" = 'VEHICLE' THEN g."code" END AS "code",
             CASE WHEN g."kind" = 'VEHICLE' THEN g."nameEn" END AS "nameEn",
             CASE WHEN g."kind" = 'VEHICLE' THEN g."nameZh" END AS "nameZh",
             CASE WHEN g."kind" = 'VEHICLE' THEN g."config" END AS "config",
             SUM(f."qty")::int AS "qty"
      FROM (SELECT f."m", f."goodsId", SUM(f."qty") AS "qty" FROM (${factsSql(company.id, month)}) f GROUP BY 1, 2) f
      CROSS JOIN LATERAL (SELECT "id", "kind", "partsCategory", "code", "nameEn", "nameZh", "config" FROM "Goods" WHERE "id" = f."goodsId" OFFSET 0) g
      GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    dict("parts_category", { includeDisabled: true }),
  ]);
  const approved = plan?.status === "APPROVED";
  const label = new Map(categories.map((c) => [c.value, c]));
  const lines = new Map<string, Omit<AchievementLine, "pct">>();
  const blank = { ordered: 0, shipped: 0, retail: 0 };
  const categoryOf = (code: string) => ({ code, labelEn: label.get(code)?.labelEn ?? code, labelZh: label.get(code)?.labelZh ?? code });
  for (const l of plan?.lines ?? []) {
    if (l.kind === "VEHICLE" && l.goods)
      lines.set(`V${l.goods.id}`, { key: `V${l.goods.id}`, kind: "VEHICLE", goods: l.goods, category: null, planned: l.quantity, unplanned: false, ...blank });
    else if (l.kind === "PARTS" && l.partsCategory)
      lines.set(`P${l.partsCategory}`, {
        key: `P${l.partsCategory}`,
        kind: "PARTS",
        goods: null,
        category: categoryOf(l.partsCategory),
        planned: l.quantity,
        unplanned: false,
        ...blank,
      });
  }
  for (const f of facts) {
    const key = f.goodsId !== null ? `V${f.goodsId}` : `P${f.category}`;
    let line = lines.get(key);
    if (!line) {
      line =
        f.goodsId !== null
          ? {
              key,
              kind: "VEHICLE",
              goods: { id: f.goodsId, code: f.code!, nameEn: f.nameEn!, nameZh: f.nameZh!, config: f.config },
              category: null,
              planned: null,
              unplanned: true,
              ...blank,
            }
          : { key, kind: "PARTS", goods: null, category: categoryOf(f.category!), planned: null, unplanned: true, ...blank };
      lines.set(key, line);
    }
    if (f.m === "O") line.ordered += f.qty;
    else if (f.m === "S") line.shipped += f.qty;
    else line.retail += f.qty;
  }
  // Vehicles, then parts; planned lines first, each by code (the OTHER category last).
  const rank = (l: Omit<AchievementLine, "pct">) => `${l.kind === "VEHICLE" ? 0 : 1}${l.unplanned ? 1 : 0}${l.category?.code === OTHER_CATEGORY ? 1 : 0}`;
  const code = (l: Omit<AchievementLine, "pct">) => l.goods?.code ?? l.category?.code ?? "";
  const sorted = [...lines.values()]
    .sort((a, b) => rank(a).localeCompare(rank(b)) || code(a).localeCompare(code(b)))
    .map((l): AchievementLine => ({ ...l, pct: withPct(l, approved).pct }));
  const ofKind = (k: LineKind) =>
    total(
      sorted.filter((l) => l.kind === k),
      !!plan,
      approved,
    );
  return {
    company,
    month,
    plan: plan ? { id: plan.id, planNo: plan.planNo, status: plan.status } : null,
    approved,
    lines: sorted,
    subtotals: { VEHICLE: ofKind("VEHICLE"), PARTS: ofKind("PARTS") },
    totals: total(sorted, !!plan, approved),
  };
}

/** The chart's months (SERIES_MONTHS ending with `month`, oldest first) for one company: the
 * approved plans' totals against what was ordered and sold at retail. Two statements. */
export async function achievementSeries(viewer: Viewer, companyId: number | null, month: string, months = SERIES_MONTHS): Promise<SeriesPoint[]> {
  const company = await achievementCompany(viewer, companyId);
  const list = monthsEnding(month, months);
  const first = list[0];
  const [plans, facts] = await Promise.all([
    db().$queryRaw<{ month: string; planned: number }[]>`
      SELECT to_char(p."month", 'YYYY-MM') AS "month", COALESCE(SUM(l."quantity"), 0)::int AS "planned"
      FROM "PurchasePlan" p LEFT JOIN "PurchasePlanLine" l ON l."planId" = p."id"
      WHERE p."companyId" = ${company.id} AND p."month" >= ${monthDay(first)}::date AND p."month" <= ${monthDay(month)}::date AND p."status" = 'APPROVED'
      GROUP BY 1`,
    db().$queryRaw<{ month: string; m: Measure; qty: number }[]>`
      SELECT to_char("month", 'YYYY-MM') AS "month", "measure" AS "m", "qty"
      FROM "AchievementMonth"
      WHERE "companyId" = ${company.id} AND "month" >= ${monthDay(first)}::date AND "month" <= ${monthDay(month)}::date AND "measure" IN ('O', 'R')`,
  ]);
  const planned = new Map(plans.map((p) => [p.month, p.planned]));
  const fact = (m: string, measure: Measure) => facts.filter((f) => f.month === m && f.m === measure).reduce((n, f) => n + f.qty, 0);
  return list.map((m) => ({ month: m, planned: planned.get(m) ?? 0, ordered: fact(m, "O"), retail: fact(m, "R") }));
}

/** The companies the network shows: staff's data scope (active companies); null for dealers. */
async function networkCompanies(viewer: Viewer): Promise<CompanyRef[] | null> {
  if (viewer.userType === "DEALER") return null;
  return db().company.findMany({
    where: { AND: [await companyScopeWhere(viewer), { status: "ACTIVE" }] },
    select: { id: true, code: true, nameEn: true, nameZh: true },
    orderBy: { id: "asc" },
  });
}

/**
 * Every active dealer company in the staff viewer's data scope for the month: its plan's state,
 * the approved target and the month's ordered, shipped and retail totals, sorted by completion
 * (ordered ÷ planned; those without a target last), then by name in the viewer's language.
 * Dealers get a 404. The scope, the companies and one grouped statement: a few hundred dealers
 * are one answer; the screen pages it.
 */
export async function achievementNetwork(viewer: Viewer, month: string, locale: string = "en-US"): Promise<Network> {
  const companies = await networkCompanies(viewer);
  if (!companies) throw new NotFoundError();
  if (!companies.length) return { month, rows: [] };
  const ids = companies.map((c) => c.id);
  const [plans, facts] = await Promise.all([
    db().$queryRaw<{ companyId: number; status: PurchasePlanStatus; planned: number }[]>`
      SELECT p."companyId", p."status", COALESCE(SUM(l."quantity"), 0)::int AS "planned"
      FROM "PurchasePlan" p LEFT JOIN "PurchasePlanLine" l ON l."planId" = p."id"
      WHERE p."month" = ${monthDay(month)}::date AND p."companyId" = ANY(${ids}::int[])
      GROUP BY p."id"`,
    db().$queryRaw<{ companyId: number; m: Measure; qty: number }[]>`
      SELECT "companyId", "measure" AS "m", "qty" FROM "AchievementMonth" WHERE "companyId" = ANY(${ids}::int[]) AND "month" = ${monthDay(month)}::date`,
  ]);
  const plan = new Map(plans.map((p) => [p.companyId, p]));
  const fact = new Map(facts.map((f) => [`${f.companyId}${f.m}`, f.qty]));
  const zh = locale === "zh-CN";
  const collator = new Intl.Collator(zh ? "zh-CN" : "en-US");
  const rows = companies.map((company): NetworkRow => {
    const p = plan.get(company.id);
    const planned = p?.status === "APPROVED" ? p.planned : null;
    const ordered = fact.get(`${company.id}O`) ?? 0;
    const shipped = fact.get(`${company.id}S`) ?? 0;
    const retail = fact.get(`${company.id}R`) ?? 0;
    const pct = { ordered: percent(ordered, planned), shipped: percent(shipped, planned), retail: percent(retail, planned) };
    return { company, plan: p ? { status: p.status } : null, planned, ordered, shipped, retail, completion: pct.ordered, pct };
  });
  const name = (c: CompanyRef) => (zh ? c.nameZh : c.nameEn);
  rows.sort(
    (a, b) =>
      (a.completion === null ? 1 : 0) - (b.completion === null ? 1 : 0) ||
      (b.completion ?? 0) - (a.completion ?? 0) ||
      collator.compare(name(a.company), name(b.company)) ||
      a.company.id - b.company.id,
  );
  return { month, rows };
}
