import "server-only";
import { dayEnd, dayStart } from "@/lib/core/list-params";
import { openableRoutes } from "@/lib/access/menus";
import { companyWhereFor, resolveScope } from "@/lib/access/scope";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OrderType } from "@/lib/generated/prisma/enums";
import { companyFilter } from "@/lib/list/prisma";
import {
  afterCursor,
  compareKeys,
  decodeCursor,
  encodeCursor,
  parseRecordFilters,
  RECORD_KINDS,
  SOURCE_RANK,
  type Cursor,
  type RecordFilters,
  type RecordKind,
} from "./records-params";

// Records (system/workbench/records): one timeline of a dealer's activity — vehicle and parts
// orders (when placed, with their status now), retail vehicle sales and car returns, parts
// returns and complaints — newest first. Each kind is read from its own table by keyset on its
// (company, time, id) index, at most one page plus one row each, and the pages are merged here;
// so any page costs the same seven queries (one per kind, and one for the lines of the page's
// orders; staff add the two reads of their data scope, and every viewer one for the screens the
// rows may link to), whatever the page size or depth.

export type Names = { en: string; zh: string };
export type CompanyName = { code: string; nameEn: string; nameZh: string };

/** What a row says about its record, by the kind's shape (the page words it in the reader's language). */
export type RecordDetail =
  | { type: "order"; first: Names | null; lines: number; quantity: number; amount: string }
  | { type: "vehicle"; model: Names; colour: string | null }
  | { type: "vehicleReturn"; model: Names; reason: string | null }
  | { type: "part"; part: Names; quantity: number }
  | { type: "text"; text: string };

export type RecordRow = {
  kind: RecordKind;
  id: number;
  /** When it happened: ordered, sold, returned, filed (ISO). */
  at: string;
  /** The record's number (order, return, complaint) or the vehicle's VIN. */
  number: string;
  detail: RecordDetail;
  /** Its status now: a value of order_status, sales_return_status, complaint_status, or SOLD / RETURNED. */
  status: string;
  /** The record's screen, when the viewer may open it. */
  href: string | null;
  company: CompanyName;
};

export type RecordsPage = {
  rows: RecordRow[];
  filters: RecordFilters;
  /** Cursor of the next (older) page; null on the last page. */
  next: string | null;
  staff: boolean;
};

/** The screen each kind's row opens. */
export const RECORD_ROUTES: Record<RecordKind, string> = {
  vehicleOrder: "onlineMall/car/order",
  partsOrder: "onlineMall/mountings/order",
  vehicleSale: "car/vehicleInformation",
  vehicleReturn: "car/vehicleInformation",
  partsReturn: "afterSale/salesReturn",
  complaint: "afterSale/complaint",
};

/** A complaint's row shows the start of its question. */
export const SUMMARY_CHARS = 60;

type Keyed = RecordRow & { key: Cursor };
type Ctx = {
  /** Scope + staff's company filter, as a where over Company; null for a dealer (by column). */
  company: Prisma.CompanyWhereInput | null;
  companyId: number | null;
  from: Date | null;
  to: Date | null;
  cursor: Cursor | null;
  take: number;
};

const COMPANY = { select: { code: true, nameEn: true, nameZh: true } } as const;

/** The where shared by every source: the tenant, the date range and the keyset, on the source's time column. */
function common(ctx: Ctx, rank: number, column: string): Record<string, unknown>[] {
  const and: Record<string, unknown>[] = [ctx.companyId !== null ? { companyId: ctx.companyId } : ctx.company ? { company: ctx.company } : {}];
  if (ctx.from || ctx.to) and.push({ [column]: { ...(ctx.from ? { gte: ctx.from } : {}), ...(ctx.to ? { lt: ctx.to } : {}) } });
  if (ctx.cursor) and.push(afterCursor(ctx.cursor, rank, column));
  return and;
}

function summaryOf(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  return chars.length <= SUMMARY_CHARS ? chars.join("") : `${chars.slice(0, SUMMARY_CHARS - 1).join("")}…`;
}

/**
 * The page's orders' line counts and first lines, in one grouped statement on OrderLine(orderId, goodsId, quantity)
 * restricted to the ids of the orders the page shows (both kinds, not the extra row each kind
 * reads to find the next page): a relation count (`_count`) made PostgreSQL group every order
 * line of the table on each request.
 */
async function linesOf(ids: number[]): Promise<Map<number, { lines: number; first: Names | null }>> {
  if (!ids.length) return new Map();
  const rows = await db().$queryRaw<{ orderId: number; count: number; en: string | null; zh: string | null }[]>(Prisma.sql`
    SELECT l."orderId", COUNT(*)::int AS "count",
           (ARRAY_AGG(l."nameEn" ORDER BY l."id"))[1] AS "en", (ARRAY_AGG(l."nameZh" ORDER BY l."id"))[1] AS "zh"
    FROM "OrderLine" l WHERE l."orderId" = ANY(${ids}::int[]) GROUP BY l."orderId"`);
  return new Map(rows.map((r) => [r.orderId, { lines: r.count, first: r.en !== null && r.zh !== null ? { en: r.en, zh: r.zh } : null }]));
}

async function orders(ctx: Ctx, type: OrderType): Promise<Keyed[]> {
  const kind: RecordKind = type === "VEHICLE" ? "vehicleOrder" : "partsOrder";
  const rank = SOURCE_RANK[kind];
  // A dealer does not see orders it deleted (the order lists' rule); staff see them all.
  const and = [...common(ctx, rank, "createdAt"), { type }, ...(ctx.companyId !== null ? [{ dealerDeleted: false }] : [])] as Prisma.OrderWhereInput[];
  const rows = await db().order.findMany({
    where: { AND: and },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ctx.take,
    select: {
      id: true,
      orderNo: true,
      status: true,
      quantity: true,
      amount: true,
      createdAt: true,
      company: COMPANY,
    },
  });
  return rows.map((r) => ({
    kind,
    id: r.id,
    at: r.createdAt.toISOString(),
    number: r.orderNo,
    status: r.status,
    href: null,
    company: r.company,
    key: { at: r.createdAt, rank, id: r.id },
    detail: {
      type: "order",
      // Filled in for the page's orders once the kinds are merged (linesOf).
      first: null,
      lines: 0,
      quantity: r.quantity,
      amount: r.amount.toFixed(2),
    },
  }));
}

const VEHICLE = { select: { vin: true, colour: true, vehicleModel: { select: { nameEn: true, nameZh: true } } } } as const;

async function vehicleSales(ctx: Ctx): Promise<Keyed[]> {
  const rank = SOURCE_RANK.vehicleSale;
  const rows = await db().vehicleSale.findMany({
    where: { AND: common(ctx, rank, "soldAt") as Prisma.VehicleSaleWhereInput[] },
    orderBy: [{ soldAt: "desc" }, { id: "desc" }],
    take: ctx.take,
    select: { id: true, soldAt: true, returnedAt: true, company: COMPANY, vehicle: VEHICLE },
  });
  return rows.map((r) => ({
    kind: "vehicleSale",
    id: r.id,
    at: r.soldAt.toISOString(),
    number: r.vehicle.vin,
    status: r.returnedAt ? "RETURNED" : "SOLD",
    href: null,
    company: r.company,
    key: { at: r.soldAt, rank, id: r.id },
    detail: { type: "vehicle", model: { en: r.vehicle.vehicleModel.nameEn, zh: r.vehicle.vehicleModel.nameZh }, colour: r.vehicle.colour },
  }));
}

async function vehicleReturns(ctx: Ctx): Promise<Keyed[]> {
  const rank = SOURCE_RANK.vehicleReturn;
  const rows = await db().vehicleSale.findMany({
    where: { AND: [{ returnedAt: { not: null } }, ...(common(ctx, rank, "returnedAt") as Prisma.VehicleSaleWhereInput[])] },
    orderBy: [{ returnedAt: "desc" }, { id: "desc" }],
    take: ctx.take,
    select: { id: true, returnedAt: true, returnReason: true, company: COMPANY, vehicle: VEHICLE },
  });
  return rows.map((r) => ({
    kind: "vehicleReturn",
    id: r.id,
    at: r.returnedAt!.toISOString(),
    number: r.vehicle.vin,
    status: "RETURNED",
    href: null,
    company: r.company,
    key: { at: r.returnedAt!, rank, id: r.id },
    detail: { type: "vehicleReturn", model: { en: r.vehicle.vehicleModel.nameEn, zh: r.vehicle.vehicleModel.nameZh }, reason: r.returnReason ? summaryOf(r.returnReason) : null },
  }));
}

async function partsReturns(ctx: Ctx): Promise<Keyed[]> {
  const rank = SOURCE_RANK.partsReturn;
  const rows = await db().salesReturn.findMany({
    where: { AND: common(ctx, rank, "createdAt") as Prisma.SalesReturnWhereInput[] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ctx.take,
    select: { id: true, returnNo: true, status: true, materialName: true, quantity: true, createdAt: true, company: COMPANY, goods: { select: { nameEn: true, nameZh: true } } },
  });
  return rows.map((r) => ({
    kind: "partsReturn",
    id: r.id,
    at: r.createdAt.toISOString(),
    number: r.returnNo,
    status: r.status,
    href: null,
    company: r.company,
    key: { at: r.createdAt, rank, id: r.id },
    // The catalogue's names now, else the name the dealer typed (the return list's rule).
    detail: { type: "part", part: { en: r.goods?.nameEn ?? r.materialName, zh: r.goods?.nameZh ?? r.materialName }, quantity: r.quantity },
  }));
}

async function complaints(ctx: Ctx): Promise<Keyed[]> {
  const rank = SOURCE_RANK.complaint;
  const rows = await db().complaint.findMany({
    where: { AND: common(ctx, rank, "createdAt") as Prisma.ComplaintWhereInput[] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ctx.take,
    select: { id: true, complaintNo: true, status: true, description: true, createdAt: true, company: COMPANY },
  });
  return rows.map((r) => ({
    kind: "complaint",
    id: r.id,
    at: r.createdAt.toISOString(),
    number: r.complaintNo,
    status: r.status,
    href: null,
    company: r.company,
    key: { at: r.createdAt, rank, id: r.id },
    detail: { type: "text", text: summaryOf(r.description) },
  }));
}

const SOURCES: Record<RecordKind, (ctx: Ctx) => Promise<Keyed[]>> = {
  vehicleOrder: (ctx) => orders(ctx, "VEHICLE"),
  partsOrder: (ctx) => orders(ctx, "PARTS"),
  vehicleSale: vehicleSales,
  vehicleReturn: vehicleReturns,
  partsReturn: partsReturns,
  complaint: complaints,
};

function hrefOf(row: RecordRow, routes: Set<string>): string | null {
  const route = RECORD_ROUTES[row.kind];
  if (!routes.has(route)) return null;
  return row.kind === "vehicleSale" || row.kind === "vehicleReturn" ? `${route}?vin=${row.number}` : `${route}?id=${row.id}`;
}

/**
 * One page of the timeline. A dealer reads its company's records (by column, on the company
 * indexes); staff granted the screen read the companies of their data scope, optionally narrowed
 * by a company filter.
 */
export async function listRecords(viewer: Viewer, filters: RecordFilters): Promise<RecordsPage> {
  const staff = viewer.userType !== "DEALER";
  const kinds = filters.kind ? [filters.kind] : [...RECORD_KINDS];
  const [scope, routes] = await Promise.all([staff ? resolveScope(viewer) : null, openableRoutes(viewer, [...new Set(kinds.map((k) => RECORD_ROUTES[k]))])]);
  const inScope = scope ? companyWhereFor(viewer, scope) : null;
  const ctx: Ctx = {
    companyId: staff ? null : (viewer.company?.id ?? -1),
    company: staff ? (filters.company ? { AND: [inScope!, companyFilter(filters.company)] } : Object.keys(inScope!).length ? inScope : null) : null,
    from: dayStart(filters.from),
    to: dayEnd(filters.to),
    cursor: decodeCursor(filters.cursor),
    take: filters.size + 1,
  };
  const merged = (await Promise.all(kinds.map((k) => SOURCES[k](ctx)))).flat().sort((a, b) => compareKeys(a.key, b.key));
  const page = merged.slice(0, filters.size);
  const last = page[page.length - 1];
  const lines = await linesOf(page.flatMap((r) => (r.detail.type === "order" ? [r.id] : [])));
  return {
    rows: page.map(({ key: _key, ...row }) => ({ ...row, href: hrefOf(row, routes), detail: row.detail.type === "order" ? { ...row.detail, ...lines.get(row.id) } : row.detail })),
    filters,
    next: merged.length > filters.size && last ? encodeCursor(last.key) : null,
    staff,
  };
}

/** The route's data (the page and GET /__serverLoader). */
export async function loadRecordsRoute(viewer: Viewer, url: URL | URLSearchParams): Promise<RecordsPage> {
  return listRecords(viewer, parseRecordFilters(url instanceof URL ? url.searchParams : url));
}
