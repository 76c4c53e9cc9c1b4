import "server-only";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { variable } from "@/lib/config/variables";
import { text } from "@/lib/core/list-params";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import { itemLabel } from "@/lib/dict/items";
import type { Prisma, PurchasePlanStatus } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/config";
import { statusHistory, type EventView } from "@/lib/list/history";
import { choiceParam, COUNT_CAP, cursorParam, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { companyFilter, readKeysetPage } from "@/lib/list/prisma";
import { int4Id } from "@/lib/validation/ids";
import { planDealer, planWhere } from "./access";
import { beforeDeadline, MONTH_RE, monthDate, monthOf, planDeadline, plannableMonths } from "./deadline";
import { PLAN_STATUSES, planMovesFor, type PlanMove } from "./states";

// Reads of purchase plans (crm/customerPlan and /api/v1/plans), scoped like the services lock
// (./access.ts): a dealer its signed-in company's plans, staff the companies of their data scope;
// another tenant's plan is missing (404). The list pages by keyset on (createdAt desc, id desc)
// with a capped count; its line counts and totals are one grouped query for the page.

export { COUNT_CAP };
export const PLAN_ROUTE = "crm/customerPlan";
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The screen's tabs: the plan documents, and the achievement view (lib/plans/achievement.ts). */
export const PLAN_TABS = ["plans", "achievement"] as const;
export type PlanTab = (typeof PLAN_TABS)[number];

export type PlanFilters = { month: string; status: PurchasePlanStatus | ""; company: string; cursor: string; size: number };

export function parsePlanFilters(p: URLSearchParams): PlanFilters {
  const month = text(p, "month", 7);
  return {
    month: MONTH_RE.test(month) ? month : "",
    status: choiceParam(p, "status", PLAN_STATUSES),
    company: text(p, "company", 50),
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
  };
}

export function planQuery(f: Partial<PlanFilters>, extra: Record<string, string | number> = {}): string {
  const { month, status, company } = f;
  return queryString({ month, status, company, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

const LIST_SELECT = {
  id: true,
  planNo: true,
  month: true,
  status: true,
  createdAt: true,
  submittedAt: true,
  reviewedAt: true,
  companyId: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
} as const;

export type CompanyRef = { code: string; nameEn: string; nameZh: string };
export type PlanRow = {
  id: number;
  planNo: string;
  month: string;
  status: PurchasePlanStatus;
  company: CompanyRef;
  lineCount: number;
  totalQty: number;
  /** The last day the dealer may hand it in (Asia/Shanghai). */
  deadline: string;
  createdAt: string;
  submittedAt: string | null;
  reviewedAt: string | null;
};
export type PlanPage = { rows: PlanRow[]; filters: PlanFilters; next: string | null; prev: string | null; total: Total; staff: boolean };

export async function listPlans(viewer: Viewer, f: PlanFilters): Promise<PlanPage> {
  const staff = viewer.userType !== "DEALER";
  const and: Prisma.PurchasePlanWhereInput[] = [await planWhere(viewer)];
  if (f.month) and.push({ month: monthDate(f.month) });
  if (f.status) and.push({ status: f.status });
  if (staff && f.company) and.push({ company: companyFilter(f.company) });
  const where: Prisma.PurchasePlanWhereInput = { AND: and };
  const [{ rows, next, prev, total }, day] = await Promise.all([
    readKeysetPage(
      f,
      "createdAt",
      where,
      (q) => db().purchasePlan.findMany({ ...q, select: LIST_SELECT }),
      (q) => db().purchasePlan.count(q),
      { maxSize: MAX_PAGE_SIZE },
    ),
    variable("plan.deadlineDay"),
  ]);
  const sums = rows.length
    ? await db().purchasePlanLine.groupBy({ by: ["planId"], where: { planId: { in: rows.map((r) => r.id) } }, _count: { _all: true }, _sum: { quantity: true } })
    : [];
  const byPlan = new Map(sums.map((s) => [s.planId, { count: s._count._all, qty: s._sum.quantity ?? 0 }]));
  return {
    rows: rows.map((r) => {
      const month = monthOf(r.month);
      return {
        id: r.id,
        planNo: r.planNo,
        month,
        status: r.status,
        company: r.company,
        lineCount: byPlan.get(r.id)?.count ?? 0,
        totalQty: byPlan.get(r.id)?.qty ?? 0,
        deadline: planDeadline(month, day).day,
        createdAt: r.createdAt.toISOString(),
        submittedAt: r.submittedAt?.toISOString() ?? null,
        reviewedAt: r.reviewedAt?.toISOString() ?? null,
      };
    }),
    filters: f,
    next,
    prev,
    total,
    staff,
  };
}

export type PlanLineView = {
  id: number;
  kind: "VEHICLE" | "PARTS";
  goods: { id: number; code: string; nameEn: string; nameZh: string; config: string | null; model: { nameEn: string; nameZh: string } | null } | null;
  partsCategory: string | null;
  /** The category's label in the viewer's language. */
  categoryLabel: string | null;
  requestedQty: number;
  quantity: number;
  adjustedBy: string | null;
  adjustedAt: string | null;
  remark: string | null;
};

export type PlanView = PlanRow & {
  remark: string | null;
  reviewComment: string | null;
  reviewer: string | null;
  creator: string;
  lines: PlanLineView[];
  history: EventView[];
  /** The moves the viewer may make now (./states.ts with the deadline). */
  moves: PlanMove[];
  beforeDeadline: boolean;
};

/** One plan in the viewer's scope, or null (another tenant's: null, like a missing one). */
export async function planDetail(viewer: Viewer, id: number, locale: Locale = "en-US", now = new Date()): Promise<PlanView | null> {
  const plan = await db().purchasePlan.findFirst({
    where: { AND: [{ id }, await planWhere(viewer)] },
    select: {
      ...LIST_SELECT,
      remark: true,
      reviewComment: true,
      reviewedById: true,
      createdById: true,
      lines: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          kind: true,
          partsCategory: true,
          quantity: true,
          requestedQty: true,
          adjustedById: true,
          adjustedAt: true,
          remark: true,
          goods: { select: { id: true, code: true, nameEn: true, nameZh: true, config: true, vehicleModel: { select: { nameEn: true, nameZh: true } } } },
        },
      },
    },
  });
  if (!plan) return null;
  const userIds = [...new Set([plan.createdById, plan.reviewedById, ...plan.lines.map((l) => l.adjustedById)].filter((x): x is number => x !== null))];
  const [users, history, categories, day] = await Promise.all([
    db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }),
    statusHistory("PurchasePlan", plan.id),
    dict("parts_category", { includeDisabled: true }),
    variable("plan.deadlineDay"),
  ]);
  const name = new Map(users.map((u) => [u.id, u.name]));
  const month = monthOf(plan.month);
  const open = beforeDeadline(month, day, now);
  const actor = viewer.userType === "DEALER" ? "DEALER" : "STAFF";
  const may = actor === "DEALER" ? !!viewer.company && hasPermission(viewer, "plan:submit") : hasPermission(viewer, "plan:review");
  const totalQty = plan.lines.reduce((s, l) => s + l.quantity, 0);
  return {
    id: plan.id,
    planNo: plan.planNo,
    month,
    status: plan.status,
    company: plan.company,
    lineCount: plan.lines.length,
    totalQty,
    deadline: planDeadline(month, day).day,
    createdAt: plan.createdAt.toISOString(),
    submittedAt: plan.submittedAt?.toISOString() ?? null,
    reviewedAt: plan.reviewedAt?.toISOString() ?? null,
    remark: plan.remark,
    reviewComment: plan.reviewComment,
    reviewer: plan.reviewedById ? (name.get(plan.reviewedById) ?? null) : null,
    creator: name.get(plan.createdById) ?? "",
    lines: plan.lines.map((l) => ({
      id: l.id,
      kind: l.kind === "VEHICLE" ? "VEHICLE" : "PARTS",
      goods: l.goods ? { id: l.goods.id, code: l.goods.code, nameEn: l.goods.nameEn, nameZh: l.goods.nameZh, config: l.goods.config, model: l.goods.vehicleModel } : null,
      partsCategory: l.partsCategory,
      categoryLabel: l.partsCategory ? itemLabel(categories, l.partsCategory, locale) : null,
      requestedQty: l.requestedQty,
      quantity: l.quantity,
      adjustedBy: l.adjustedById ? (name.get(l.adjustedById) ?? null) : null,
      adjustedAt: l.adjustedAt?.toISOString() ?? null,
      remark: l.remark,
    })),
    history,
    moves: may ? planMovesFor(plan.status, actor, open) : [],
    beforeDeadline: open,
  };
}

export type PlanListData = { kind: "list"; list: PlanPage; canCreate: boolean; deadlineDay: number };
export type PlanRouteData = { tab: PlanTab } & (PlanListData | { kind: "detail"; plan: PlanView } | { kind: "missing" } | { kind: "other" });

/** The route's data: ?tab= (plans by default; achievement is loaded by its own module), the plan
 * at ?id= (outside the scope: missing), else the filtered list. */
export async function loadPlanRoute(viewer: Viewer, url: URL | URLSearchParams, locale: Locale = "en-US"): Promise<PlanRouteData> {
  const p = url instanceof URL ? url.searchParams : url;
  const tab: PlanTab = p.get("tab") === "achievement" ? "achievement" : "plans";
  if (tab !== "plans") return { tab, kind: "other" };
  const id = p.get("id");
  if (id !== null) {
    const plan = await planDetail(viewer, int4Id(id) ?? -1, locale);
    return plan ? { tab, kind: "detail", plan } : { tab, kind: "missing" };
  }
  const canCreate = viewer.userType === "DEALER" && !!viewer.company && hasPermission(viewer, "plan:submit");
  const [list, deadlineDay] = await Promise.all([listPlans(viewer, parsePlanFilters(p)), variable("plan.deadlineDay")]);
  return { tab, kind: "list", list, canCreate, deadlineDay };
}

export type PlanFormOptions = {
  /** Months a new plan may be for (before their deadline), with the deadline day. */
  months: { month: string; deadline: string }[];
  /** Vehicle goods of enabled models, on sale or not (model and configuration). */
  vehicles: { id: number; code: string; label: string }[];
  categories: { value: string; label: string }[];
  /** The edited plan's lines and remark. */
  plan: {
    id: number;
    month: string;
    remark: string | null;
    lines: { kind: "VEHICLE" | "PARTS"; goodsId: number | null; partsCategory: string | null; quantity: number; remark: string | null }[];
  } | null;
};

/** What the plan form offers, loaded when it opens. Vehicle goods are a bounded catalogue (models
 * × configurations), read whole up to 500. */
export async function planFormOptions(viewer: Viewer, planId: number | undefined, locale: Locale, now = new Date()): Promise<PlanFormOptions> {
  const companyId = planDealer(viewer);
  const zh = locale === "zh-CN";
  const [day, goods, categories, plan, taken] = await Promise.all([
    variable("plan.deadlineDay"),
    db().goods.findMany({
      where: { kind: "VEHICLE", vehicleModel: { enabled: true } },
      orderBy: [{ sort: "asc" }, { id: "asc" }],
      take: 500,
      select: { id: true, code: true, nameEn: true, nameZh: true, config: true },
    }),
    dict("parts_category"),
    planId
      ? db().purchasePlan.findFirst({
          where: { id: planId, companyId },
          select: {
            id: true,
            month: true,
            remark: true,
            lines: { orderBy: { id: "asc" }, select: { kind: true, goodsId: true, partsCategory: true, quantity: true, remark: true } },
          },
        })
      : null,
    db().purchasePlan.findMany({ where: { companyId, month: { in: plannableMonths(now).map(monthDate) } }, select: { month: true } }),
  ]);
  const used = new Set(taken.map((t) => monthOf(t.month)));
  return {
    months: plannableMonths(now)
      .filter((m) => !used.has(m) && beforeDeadline(m, day, now))
      .map((month) => ({ month, deadline: planDeadline(month, day).day })),
    vehicles: goods.map((g) => ({ id: g.id, code: g.code, label: `${g.code} ${zh ? g.nameZh : g.nameEn}${g.config ? ` · ${g.config}` : ""}` })),
    categories: categories.map((c) => ({ value: c.value, label: zh ? c.labelZh : c.labelEn })),
    plan: plan
      ? {
          id: plan.id,
          month: monthOf(plan.month),
          remark: plan.remark,
          lines: plan.lines.map((l) => ({
            kind: l.kind === "VEHICLE" ? "VEHICLE" : "PARTS",
            goodsId: l.goodsId,
            partsCategory: l.partsCategory,
            quantity: l.quantity,
            remark: l.remark,
          })),
        }
      : null,
  };
}
