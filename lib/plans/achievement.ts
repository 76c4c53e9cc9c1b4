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
//   Whatever has figures but is not on the plan is an unplanned line. A month shows the
//   UNPLANNED_VEHICLES largest unplanned vehicles by each measure; the others are one line (the
//   rest), so the answer is bounded however many models a dealer's month holds.
// The figures are read from rollups kept by triggers: AchievementFact per company, Shanghai
// month, measure and goods (the migration achievement_facts), with the line each goods counts for
// (achievement_line_groups); AchievementGroup, the same summed per line group (the vehicles, each
// parts category); AchievementMonth, summed over goods, for the chart and the network
// (achievement_month_totals). lib/plans/achievement-facts.int.test.ts holds all three equal to the
// definitions above through every writer. Each read is an index range: no order, line or sale is
// read per request, whatever the network's size, and only the goods shown are looked up (see
// "Issue 24 — plan achievement rollup" in docs/DECISIONS.md).
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
  /** The unplanned vehicles past the largest shown, summed (REST_KEY; no goods, no category). */
  rest: boolean;
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
const MEASURES: Measure[] = ["O", "S", "R"];

/** The unplanned vehicles a month shows: the largest this many by each measure; the rest are summed
 * into one line. Planned lines, parts categories, subtotals and totals are always whole. */
export const UNPLANNED_VEHICLES = 20;
/** The key of the line summing the unplanned vehicles not shown. */
export const REST_KEY = "VREST";

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

/** A row of a month's figures: a line group's sum (src G: the vehicles, or a parts category) or
 * one vehicle goods' fact (src F, with the goods). */
type FactRow = {
  src: "G" | "F";
  m: Measure;
  kind: "V" | "P";
  category: string;
  goodsId: number | null;
  code: string | null;
  nameEn: string | null;
  nameZh: string | null;
  config: string | null;
  qty: number;
};

/**
 * A company's month in one statement (one snapshot, so the groups and the goods agree): the sums
 * of its line groups (AchievementGroup: the vehicles, each parts category), and the facts of the
 * vehicles it shows (AchievementFact by key): those on the month's plan and the `cap` largest
 * unplanned ones by each measure (the rank index AchievementFact_vehicle_rank_idx), each goods
 * read by id (OFFSET 0 keeps each a keyed lookup per shown goods: the planner, not knowing how
 * few goods are shown, would otherwise read the whole month's facts and join them). The migration
 * achievement_line_groups keeps the groups and the facts' lines.
 */
function monthSql(companyId: number, month: string, cap: number): Prisma.Sql {
  const day = monthDay(month);
  return Prisma.sql`
    WITH planned AS (
      SELECT l."goodsId" AS "id" FROM "PurchasePlan" p JOIN "PurchasePlanLine" l ON l."planId" = p."id"
      WHERE p."companyId" = ${companyId} AND p."month" = ${day}::date AND l."kind" = 'VEHICLE' AND l."goodsId" IS NOT NULL
    ), shown AS (
      SELECT "id" FROM planned
      UNION
      SELECT t."goodsId" FROM (VALUES ('O'), ('S'), ('R')) AS m("ms")
      CROSS JOIN LATERAL (
        SELECT f."goodsId" FROM "AchievementFact" f
        WHERE f."companyId" = ${companyId} AND f."month" = ${day}::date AND f."measure" = m."ms"::char(1) AND f."kind" = 'V' AND f."qty" > 0
          AND f."goodsId" NOT IN (SELECT "id" FROM planned)
        ORDER BY f."qty" DESC, f."goodsId" LIMIT ${cap}
      ) t
    )
    SELECT 'G' AS "src", g."measure" AS "m", g."kind", g."category", NULL::int AS "goodsId",
           NULL AS "code", NULL AS "nameEn", NULL AS "nameZh", NULL AS "config", g."qty"
    FROM "AchievementGroup" g
    WHERE g."companyId" = ${companyId} AND g."month" = ${day}::date AND g."qty" <> 0
    UNION ALL
    SELECT 'F', f."measure", f."kind", f."category", f."goodsId", x."code", x."nameEn", x."nameZh", x."config", f."qty"
    FROM shown s
    CROSS JOIN LATERAL (
      SELECT f.* FROM "AchievementFact" f
      WHERE f."companyId" = ${companyId} AND f."month" = ${day}::date AND f."measure" IN ('O', 'S', 'R') AND f."goodsId" = s."id" AND f."kind" = 'V' AND f."qty" <> 0
      OFFSET 0
    ) f
    CROSS JOIN LATERAL (SELECT "code", "nameEn", "nameZh", "config" FROM "Goods" WHERE "id" = s."id" OFFSET 0) x`;
}

type Draft = Omit<AchievementLine, "pct">;

/** One company's month: its plan's lines (and unplanned ones) with planned, ordered, shipped and
 * retail figures and percentages, subtotals by kind and the total. Three statements, bounded
 * whatever the month holds: the unplanned vehicles past the `cap` largest by each measure are one
 * line (REST_KEY), the vehicle subtotal less the vehicles shown. */
export async function companyAchievement(viewer: Viewer, companyId: number | null, month: string, cap = UNPLANNED_VEHICLES): Promise<CompanyAchievement> {
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
    db().$queryRaw<FactRow[]>(monthSql(company.id, month, cap)),
    dict("parts_category", { includeDisabled: true }),
  ]);
  const approved = plan?.status === "APPROVED";
  const label = new Map(categories.map((c) => [c.value, c]));
  const lines = new Map<string, Draft>();
  const blank = { ordered: 0, shipped: 0, retail: 0, rest: false };
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
  const add = (line: Draft, m: Measure, qty: number) => {
    if (m === "O") line.ordered += qty;
    else if (m === "S") line.shipped += qty;
    else line.retail += qty;
  };
  // The vehicles' sums per measure, less each vehicle shown: what the rest line holds.
  const rest: Record<Measure, number> = { O: 0, S: 0, R: 0 };
  for (const f of facts) {
    if (f.src === "G" && f.kind === "V") {
      rest[f.m] += f.qty;
      continue;
    }
    const key = f.src === "F" ? `V${f.goodsId}` : `P${f.category}`;
    let line = lines.get(key);
    if (!line) {
      line =
        f.src === "F"
          ? {
              key,
              kind: "VEHICLE",
              goods: { id: f.goodsId!, code: f.code!, nameEn: f.nameEn!, nameZh: f.nameZh!, config: f.config },
              category: null,
              planned: null,
              unplanned: true,
              ...blank,
            }
          : { key, kind: "PARTS", goods: null, category: categoryOf(f.category), planned: null, unplanned: true, ...blank };
      lines.set(key, line);
    }
    add(line, f.m, f.qty);
    if (f.src === "F") rest[f.m] -= f.qty;
  }
  if (MEASURES.some((m) => rest[m] !== 0)) {
    const line: Draft = { key: REST_KEY, kind: "VEHICLE", goods: null, category: null, planned: null, unplanned: true, ...blank, rest: true };
    for (const m of MEASURES) add(line, m, rest[m]);
    lines.set(REST_KEY, line);
  }
  // Vehicles, then parts; planned lines first, each by code (the rest of the vehicles and the
  // OTHER category last).
  const rank = (l: Draft) => `${l.kind === "VEHICLE" ? 0 : 1}${l.unplanned ? 1 : 0}${l.rest || l.category?.code === OTHER_CATEGORY ? 1 : 0}`;
  const code = (l: Draft) => l.goods?.code ?? l.category?.code ?? "";
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
