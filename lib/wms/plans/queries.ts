import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { hasPermission } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { StocktakeCycle } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/i18n/config";
import { companyRowWhere, dealerCompany } from "../access";
import { dateOf, dayOf, isOverdue, shanghaiDay } from "./cycle";

// Reads of stocktake plans, scoped by the viewer (lib/wms/access.ts): a dealer sees the
// company chosen at sign-in, staff the companies of their data scope (with a company column).
// A company keeps at most MAX_PLANS (./schemas.ts), so the list pages simply (offset pages, an
// exact count) instead of by keyset.

export const PLAN_PAGE_SIZE = 20;

export type PlanRow = {
  id: number;
  name: string;
  company: { nameEn: string; nameZh: string };
  warehouse: { id: number; code: string; name: string };
  locationIds: number[];
  goodsIds: number[];
  cycle: StocktakeCycle;
  nextDate: string;
  assignee: { id: number; name: string } | null;
  lastRunAt: string | null;
  enabled: boolean;
  overdue: boolean;
};

export type PlanPage = { rows: PlanRow[]; page: number; pages: number; total: number; today: string; canManage: boolean; dealer: boolean };

/** A page of the viewer's plans, newest first. */
export async function listPlans(viewer: Viewer, page = 1, now = new Date()): Promise<PlanPage> {
  const where = await companyRowWhere(viewer);
  const today = shanghaiDay(now);
  const total = await db().stocktakePlan.count({ where });
  const pages = Math.max(1, Math.ceil(total / PLAN_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await db().stocktakePlan.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * PLAN_PAGE_SIZE,
    take: PLAN_PAGE_SIZE,
    select: {
      id: true,
      name: true,
      company: { select: { nameEn: true, nameZh: true } },
      warehouse: { select: { id: true, code: true, name: true } },
      scopeLocationIds: true,
      scopeGoodsIds: true,
      cycle: true,
      nextDate: true,
      assignee: { select: { id: true, name: true } },
      lastRunAt: true,
      enabled: true,
    },
  });
  return {
    rows: rows.map((r) => {
      const nextDate = dayOf(r.nextDate);
      return {
        id: r.id,
        name: r.name,
        company: r.company,
        warehouse: r.warehouse,
        locationIds: r.scopeLocationIds,
        goodsIds: r.scopeGoodsIds,
        cycle: r.cycle,
        nextDate,
        assignee: r.assignee,
        lastRunAt: r.lastRunAt?.toISOString() ?? null,
        enabled: r.enabled,
        overdue: isOverdue({ enabled: r.enabled, nextDate, lastRunAt: r.lastRunAt }, today),
      };
    }),
    page: current,
    pages,
    total,
    today,
    canManage: viewer.userType === "DEALER" && hasPermission(viewer, "stocktakePlan:manage"),
    dealer: viewer.userType === "DEALER",
  };
}

/** The route's data (page and server loader): ?page= */
export function loadPlanRoute(viewer: Viewer, url: URL, now = new Date()): Promise<PlanPage> {
  return listPlans(viewer, Number(url.searchParams.get("page") ?? 1), now);
}

export type PlanOption = { value: number; label: string };
export type PlanOptions = {
  warehouses: PlanOption[];
  locations: (PlanOption & { warehouseId: number })[];
  users: PlanOption[];
  /** The goods the edited plan already names (others are searched: searchPlanGoods). */
  goods: PlanOption[];
};

/** What the drawer offers: the company's enabled warehouses and their enabled locations, its
 * users, and the labels of the edited plan's goods. Loaded when the drawer opens. */
export async function planOptions(viewer: Viewer, planId: number | undefined, locale: Locale): Promise<PlanOptions> {
  const companyId = dealerCompany(viewer, "stocktakePlan:manage");
  const plan = planId ? await db().stocktakePlan.findFirst({ where: { id: planId, companyId }, select: { scopeGoodsIds: true } }) : null;
  if (planId && !plan) throw new NotFoundError();
  const zh = locale === "zh-CN";
  const [warehouses, locations, users, goods] = await Promise.all([
    db().warehouse.findMany({ where: { companyId, enabled: true }, orderBy: { code: "asc" }, take: 200, select: { id: true, code: true, name: true } }),
    db().warehouseLocation.findMany({
      where: { enabled: true, warehouse: { companyId, enabled: true } },
      orderBy: [{ warehouseId: "asc" }, { code: "asc" }],
      take: 2000,
      select: { id: true, code: true, warehouseId: true },
    }),
    db().user.findMany({ where: { companies: { some: { companyId } }, service: false }, orderBy: { name: "asc" }, take: 500, select: { id: true, name: true, account: true } }),
    plan?.scopeGoodsIds.length ? db().goods.findMany({ where: { id: { in: plan.scopeGoodsIds } }, select: { id: true, code: true, nameEn: true, nameZh: true } }) : [],
  ]);
  return {
    warehouses: warehouses.map((w) => ({ value: w.id, label: `${w.code} ${w.name}` })),
    locations: locations.map((l) => ({ value: l.id, label: l.code, warehouseId: l.warehouseId })),
    users: users.map((u) => ({ value: u.id, label: `${u.name} (${u.account})` })),
    goods: goods.map((g) => ({ value: g.id, label: `${g.code} ${zh ? g.nameZh : g.nameEn}` })),
  };
}

/** Parts and derivatives whose code or name holds `q` (at most 20), for the drawer's goods field. */
export async function searchPlanGoods(viewer: Viewer, q: string, locale: Locale): Promise<PlanOption[]> {
  dealerCompany(viewer, "stocktakePlan:manage");
  const zh = locale === "zh-CN";
  const rows = await db().goods.findMany({
    where: {
      kind: { not: "VEHICLE" },
      ...(q ? { OR: [{ code: { contains: q, mode: "insensitive" } }, { nameEn: { contains: q, mode: "insensitive" } }, { nameZh: { contains: q } }] } : {}),
    },
    orderBy: { code: "asc" },
    take: 20,
    select: { id: true, code: true, nameEn: true, nameZh: true },
  });
  return rows.map((g) => ({ value: g.id, label: `${g.code} ${zh ? g.nameZh : g.nameEn}` }));
}

/** The company's overdue plans (the workbench's notice): one count on StocktakePlan(enabled, nextDate). */
export function overduePlanCount(companyId: number, now = new Date()): Promise<number> {
  return db().stocktakePlan.count({ where: { companyId, enabled: true, nextDate: { lt: dateOf(shanghaiDay(now)) } } });
}
