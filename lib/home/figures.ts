import "server-only";
import { resolveScope, type ResolvedScope } from "@/lib/access/scope";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { shanghaiDay } from "@/lib/wms/plans/cycle";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ComplaintStatus, OrderStatus, OrderType, SalesReturnStatus } from "@/lib/generated/prisma/enums";

// The home's live figures. Every figure is one indexed count, all started together: a dealer's
// are scoped by the company chosen at sign-in (and the user, for the carts, which are personal);
// staff work counts by their data scope, resolved once (two small queries) and then shared by
// the counts, so the number of queries is fixed whatever the data. Statuses counted here are
// exactly the filters of the screens the figures open, so a figure equals the list behind it.

/** A dealer's figures, by name. */
export type DealerFigures = {
  vehicleCart: number;
  partsCart: number;
  vehicleAwaitingReceipt: number;
  partsAwaitingReceipt: number;
  inStock: number;
  soldThisMonth: number;
  openComplaints: number;
  repliedComplaints: number;
  /** Units on hand in the company's warehouses (customerWms/inventory). */
  warehouseStock: number;
  /** Draft entries waiting to be put away (received orders, car returns). */
  entriesToPost: number;
  /** Enabled stocktake plans whose day has passed without their stocktake. */
  overduePlans: number;
};

/** Staff work queues: what waits for the viewer's move, and the filtered list that shows it. */
export const WORK = [
  { key: "vehicleOrdersToConfirm", permission: "order:confirm", route: "onlineMall/car/order", status: "SUBMITTED", icon: "audit" },
  { key: "partsOrdersToConfirm", permission: "order:confirm", route: "onlineMall/mountings/order", status: "SUBMITTED", icon: "audit" },
  { key: "vehicleOrdersToShip", permission: "order:ship", route: "onlineMall/car/order", status: "CONFIRMED", icon: "send" },
  { key: "partsOrdersToShip", permission: "order:ship", route: "onlineMall/mountings/order", status: "CONFIRMED", icon: "send" },
  { key: "returnsToApprove", permission: "salesReturn:approve", route: "afterSale/salesReturn", status: "SUBMITTED", icon: "rollback" },
  { key: "returnsToReceive", permission: "salesReturn:receive", route: "afterSale/salesReturn", status: "SHIPPED", icon: "inbox" },
  { key: "complaintsToTake", permission: "complaint:reply", route: "afterSale/complaint", status: "SUBMITTED", icon: "customer-service" },
  { key: "complaintsToReply", permission: "complaint:reply", route: "afterSale/complaint", status: "PROCESSING", icon: "message" },
] as const;
export type WorkKey = (typeof WORK)[number]["key"];
export type WorkCounts = Partial<Record<WorkKey, number>>;

const ORDER_WORK: Partial<Record<WorkKey, [OrderType, OrderStatus]>> = {
  vehicleOrdersToConfirm: ["VEHICLE", "SUBMITTED"],
  partsOrdersToConfirm: ["PARTS", "SUBMITTED"],
  vehicleOrdersToShip: ["VEHICLE", "CONFIRMED"],
  partsOrdersToShip: ["PARTS", "CONFIRMED"],
};
const RETURN_WORK: Partial<Record<WorkKey, SalesReturnStatus>> = { returnsToApprove: "SUBMITTED", returnsToReceive: "SHIPPED" };
const COMPLAINT_WORK: Partial<Record<WorkKey, ComplaintStatus>> = { complaintsToTake: "SUBMITTED", complaintsToReply: "PROCESSING" };

/** The start of the current calendar month in Asia/Shanghai (UTC+8, no daylight saving). */
export function shanghaiMonthStart(now = new Date()): Date {
  const local = new Date(now.getTime() + 8 * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 8 * 3_600_000);
}

/** A count figure stops at this many; above it the home shows "999+" (FIGURE_CAP + 1 means "more"). */
export const FIGURE_CAP = 999;

/** A capped count: COUNT over at most cap + 1 rows of `from`, read on the filter's index. */
const capped = (from: Prisma.Sql) => Prisma.sql`(SELECT COUNT(*)::int FROM (SELECT 1 FROM ${from} LIMIT ${FIGURE_CAP + 1}) AS "c")`;

/** A dealer's figures: capped indexed counts in three statements, started together. */
export async function dealerFigures(companyId: number, userId: number, now = new Date()): Promise<DealerFigures> {
  const [carts, counts, stock] = await Promise.all([
    // One statement for both carts: the line's goods decide the cart (vehicle, or parts and derivatives).
    db().$queryRaw<{ vehicle: number; parts: number }[]>(Prisma.sql`
      SELECT COUNT(*) FILTER (WHERE g."kind" = 'VEHICLE')::int AS "vehicle", COUNT(*) FILTER (WHERE g."kind" <> 'VEHICLE')::int AS "parts"
      FROM "CartLine" c JOIN "Goods" g ON g."id" = c."goodsId"
      WHERE c."companyId" = ${companyId} AND c."userId" = ${userId}`),
    // The tables that grow without bound, each figure read on the index of its filter and stopped
    // past the cap: orders on their way (Order(companyId, type, dealerDeleted, status, …)),
    // complaints (Complaint(companyId, status, createdAt)), this month's sales (VehicleSale(companyId,
    // soldAt, id); a sale later returned is no longer a sale of this month) and vehicles in stock
    // (Vehicle(companyId, status, entryAt)).
    db().$queryRaw<{ vehicleShipped: number; partsShipped: number; open: number; replied: number; sold: number; vehicles: number }[]>(Prisma.sql`
      SELECT ${capped(Prisma.sql`"Order" WHERE "companyId" = ${companyId} AND "type" = 'VEHICLE' AND "dealerDeleted" = false AND "status" = 'SHIPPED'`)} AS "vehicleShipped",
             ${capped(Prisma.sql`"Order" WHERE "companyId" = ${companyId} AND "type" = 'PARTS' AND "dealerDeleted" = false AND "status" = 'SHIPPED'`)} AS "partsShipped",
             ${capped(Prisma.sql`"Complaint" WHERE "companyId" = ${companyId} AND "status" <> 'CLOSED'`)} AS "open",
             ${capped(Prisma.sql`"Complaint" WHERE "companyId" = ${companyId} AND "status" = 'REPLIED'`)} AS "replied",
             ${capped(Prisma.sql`"VehicleSale" WHERE "companyId" = ${companyId} AND "soldAt" >= ${shanghaiMonthStart(now)} AND "returnedAt" IS NULL`)} AS "sold",
             ${capped(Prisma.sql`"Vehicle" WHERE "companyId" = ${companyId} AND "status" = 'IN_STOCK'`)} AS "vehicles"`),
    // The customer warehouse's figures in one statement, each on its own index: units on hand
    // (a sum over the company's on-hand rows: one per warehouse and goods, bounded by the
    // catalogue), entries to put away and overdue stocktake plans (few: drafts and plans).
    db().$queryRaw<{ stock: number; entries: number; overdue: number }[]>(Prisma.sql`
      SELECT (SELECT COALESCE(SUM("quantity"), 0)::int FROM "StockOnHand" WHERE "companyId" = ${companyId}) AS "stock",
             (SELECT COUNT(*)::int FROM "WmsDocument" WHERE "companyId" = ${companyId} AND "type" = 'ENTRY' AND "status" = 'DRAFT') AS "entries",
             (SELECT COUNT(*)::int FROM "StocktakePlan" WHERE "companyId" = ${companyId} AND "enabled" AND "nextDate" < ${shanghaiDay(now)}::date) AS "overdue"`),
  ]);
  const c = counts[0];
  return {
    vehicleCart: carts[0]?.vehicle ?? 0,
    partsCart: carts[0]?.parts ?? 0,
    vehicleAwaitingReceipt: c?.vehicleShipped ?? 0,
    partsAwaitingReceipt: c?.partsShipped ?? 0,
    inStock: c?.vehicles ?? 0,
    soldThisMonth: c?.sold ?? 0,
    openComplaints: c?.open ?? 0,
    repliedComplaints: c?.replied ?? 0,
    warehouseStock: stock[0]?.stock ?? 0,
    entriesToPost: stock[0]?.entries ?? 0,
    overduePlans: stock[0]?.overdue ?? 0,
  };
}

/** Enabled download-centre items: what a dealer can download today. */
export function availableDownloads(): Promise<number> {
  return db().downloadItem.count({ where: { enabled: true } });
}

/** The work queues the viewer's permissions allow, counted within the data scope: the scope
 * (two small queries for staff), then one statement of capped counts, one per queue. A queue is
 * one status, which the workflow keeps short, but nothing bounds it: a backlog in a network of a
 * million orders must not be counted row by row on every home page. Raw SQL because Prisma's
 * `count` with `take` orders its subquery by id, which sorts every matching row before the limit. */
export async function staffWork(viewer: Viewer): Promise<WorkCounts> {
  const queues = WORK.filter((w) => hasPermission(viewer, w.permission));
  if (viewer.userType === "DEALER" || queues.length === 0) return {};
  const inScope = scopeSql(viewer.userId, await resolveScope(viewer));
  const queue = (key: WorkKey): Prisma.Sql => {
    const order = ORDER_WORK[key];
    if (order) return capped(Prisma.sql`"Order" t WHERE t."type" = ${order[0]}::"OrderType" AND t."status" = ${order[1]}::"OrderStatus" AND ${inScope}`);
    const ret = RETURN_WORK[key];
    if (ret) return capped(Prisma.sql`"SalesReturn" t WHERE t."status" = ${ret}::"SalesReturnStatus" AND ${inScope}`);
    return capped(Prisma.sql`"Complaint" t WHERE t."status" = ${COMPLAINT_WORK[key]!}::"ComplaintStatus" AND ${inScope}`);
  };
  const [row] = await db().$queryRaw<Record<string, number>[]>(
    Prisma.sql`SELECT ${Prisma.join(
      queues.map((w) => Prisma.sql`${queue(w.key)} AS ${Prisma.raw(`"${w.key}"`)}`),
      ", ",
    )}`,
  );
  return Object.fromEntries(queues.map((w) => [w.key, row[w.key]]));
}

/** The data scope over a table aliased `t` with a "companyId" (the lists' rule: companyWhereFor). */
function scopeSql(userId: number, scope: ResolvedScope): Prisma.Sql {
  if (scope.kind === "all") return Prisma.sql`TRUE`;
  if (scope.kind === "company") return Prisma.sql`t."companyId" = ${scope.companyId}`;
  return Prisma.sql`(EXISTS (SELECT 1 FROM "Company" c WHERE c."id" = t."companyId" AND c."organizationId" = ANY(${scope.orgIds}::int[]))
    OR (${scope.self} AND EXISTS (SELECT 1 FROM "UserCompany" uc WHERE uc."companyId" = t."companyId" AND uc."userId" = ${userId})))`;
}
