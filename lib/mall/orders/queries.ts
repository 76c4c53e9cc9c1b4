import "server-only";
import type { Permission } from "@/lib/access/permissions";
import { dayStart, text } from "@/lib/core/list-params";
import { hasPermission, ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OrderStatus, OrderType, VehicleStatus } from "@/lib/generated/prisma/enums";
import { fileUrl } from "@/lib/uploads/formats";
import { ORDER_STATUSES, PAYMENT_STATES } from "./schemas";
import { DELETABLE, movesFor, PAYABLE, paymentState, type OrderMove, type PaymentState } from "./states";
import { orderScope } from "./service";
import { int4Id } from "@/lib/validation/ids";
import { COUNT_CAP, cursorParam, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { companyFilter, dayRangeWhere, readKeysetPage } from "@/lib/list/prisma";

// The order lists and details (onlineMall/car/order, onlineMall/mountings/order), read through
// the same scope the order services lock with (orders.ts orderScope): a dealer sees the company
// chosen at sign-in and not what it deleted; staff see the companies of their data scope.
// Lists page by keyset on (createdAt desc, id desc), so page 1 and page 10,000 cost the same,
// and issue a fixed number of queries whatever the page size (relations come by select).

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** The list counts at most this many rows and then shows "1,000+". */
export { COUNT_CAP };

/** Status filter: one status, or VALID = neither cancelled nor rejected (what reconciliation sums). */
export const STATUS_FILTERS = [...ORDER_STATUSES, "VALID"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
/** Payment filter: a derived state, or OUTSTANDING = a valid order not fully paid (reconciliation's unpaid). */
export const PAYMENT_FILTERS = [...PAYMENT_STATES, "OUTSTANDING"] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
export const CLOSED_STATUSES: OrderStatus[] = ["CANCELLED", "REJECTED"];

export type OrderFilters = {
  status: StatusFilter | "";
  /** Order time, calendar days in Asia/Shanghai, inclusive. */
  from: string;
  to: string;
  /** Order number prefix. */
  orderNo: string;
  /** Staff only: company code prefix or part of its name. */
  company: string;
  payment: PaymentFilter | "";
  /** "a<ms>_<id>" (rows after) or "b<ms>_<id>" (rows before). */
  cursor: string;
  size: number;
};

/** A calendar day "YYYY-MM-DD" that exists (2026-02-30 does not), else "". */
export function validDay(raw: string | null): string {
  const v = (raw ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || !dayStart(v)) return "";
  return new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v ? v : "";
}

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | "" => (v && (list as readonly string[]).includes(v) ? (v as T) : "");

export function parseOrderFilters(p: URLSearchParams): OrderFilters {
  return {
    status: oneOf(STATUS_FILTERS, p.get("status")),
    from: validDay(p.get("from")),
    to: validDay(p.get("to")),
    // Order numbers are letters and digits (SO20261121000001): anything else cannot match.
    orderNo: text(p, "orderNo", 32)
      .toUpperCase()
      .replace(/[^A-Z0-9-]/g, ""),
    company: text(p, "company", 50),
    payment: oneOf(PAYMENT_FILTERS, p.get("payment")),
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
  };
}

/** The filters back as a query string (for links); cursor and defaults left out unless asked. */
export function filterQuery(f: Partial<OrderFilters>, extra: Record<string, string | number> = {}): string {
  const { status, from, to, orderNo, company, payment } = f;
  return queryString({ status, from, to, orderNo, company, payment, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

/** The where of the filters (without the viewer's scope). Every filter is an indexed column
 * or a comparison on the rows the index already picked. */
export function filterWhere(type: OrderType, f: OrderFilters, staff: boolean): Prisma.OrderWhereInput[] {
  const and: Prisma.OrderWhereInput[] = [{ type }];
  if (f.status === "VALID") and.push({ status: { notIn: CLOSED_STATUSES } });
  else if (f.status) and.push({ status: f.status });
  const created = dayRangeWhere(f.from, f.to);
  if (created) and.push({ createdAt: created });
  if (f.orderNo) and.push({ orderNo: { startsWith: f.orderNo } });
  if (staff && f.company) and.push({ company: companyFilter(f.company) });
  const amount = db().order.fields.amount;
  if (f.payment === "PAID") and.push({ paidAmount: { gte: amount } });
  else if (f.payment === "PARTIALLY_PAID") and.push({ paidAmount: { gt: 0, lt: amount } });
  else if (f.payment === "UNPAID") and.push({ paidAmount: { lte: 0, lt: amount } });
  else if (f.payment === "OUTSTANDING") and.push({ paidAmount: { lt: amount }, status: { notIn: CLOSED_STATUSES } });
  return and;
}

const LIST_SELECT = {
  id: true,
  orderNo: true,
  type: true,
  status: true,
  quantity: true,
  amount: true,
  paidAmount: true,
  createdAt: true,
  deliveryWay: true,
  receiver: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  creator: { select: { name: true } },
} satisfies Prisma.OrderSelect;
type ListRaw = Prisma.OrderGetPayload<{ select: typeof LIST_SELECT }>;

export type CompanyName = { code: string; nameEn: string; nameZh: string };
export type OrderListRow = {
  id: number;
  orderNo: string;
  status: OrderStatus;
  quantity: number;
  amount: string;
  paidAmount: string;
  paymentState: PaymentState;
  createdAt: string;
  deliveryWay: string;
  receiver: string;
  company: CompanyName;
  creator: string;
};
export type OrderListPage = {
  type: OrderType;
  rows: OrderListRow[];
  filters: OrderFilters;
  /** Cursors of the neighbouring pages; null at either end. */
  next: string | null;
  prev: string | null;
  /** Rows matching the filters, counted up to COUNT_CAP (capped: there are more). */
  total: Total;
  staff: boolean;
};

const toListRow = (r: ListRaw): OrderListRow => ({
  id: r.id,
  orderNo: r.orderNo,
  status: r.status,
  quantity: r.quantity,
  amount: r.amount.toFixed(2),
  paidAmount: r.paidAmount.toFixed(2),
  paymentState: paymentState(r.amount.toFixed(2), r.paidAmount.toFixed(2)),
  createdAt: r.createdAt.toISOString(),
  deliveryWay: r.deliveryWay,
  receiver: r.receiver,
  company: r.company,
  creator: r.creator.name,
});

/** One page of orders of a type for the viewer: the scope's queries (staff), the page and a
 * capped count, whatever the page size. */
export async function listOrders(viewer: Viewer, type: OrderType, filters: OrderFilters): Promise<OrderListPage> {
  const staff = viewer.userType !== "DEALER";
  const where: Prisma.OrderWhereInput = { AND: [await orderScope(viewer), ...filterWhere(type, filters, staff)] };
  const { rows, next, prev, total } = await readKeysetPage(
    filters,
    "createdAt",
    where,
    (q) => db().order.findMany({ ...q, select: LIST_SELECT }),
    (q) => db().order.count(q),
    { maxSize: MAX_PAGE_SIZE },
  );
  return { type, rows: rows.map(toListRow), filters, next, prev, total, staff };
}

const DETAIL_SELECT = {
  id: true,
  orderNo: true,
  type: true,
  status: true,
  quantity: true,
  amount: true,
  paidAmount: true,
  phone: true,
  deliveryWay: true,
  carrierType: true,
  secondaryDestination: true,
  factoryName: true,
  receiver: true,
  receiverPhone: true,
  address: true,
  remark: true,
  rejectReason: true,
  cancelReason: true,
  logisticsCompany: true,
  logisticsNo: true,
  createdAt: true,
  confirmedAt: true,
  shippedAt: true,
  completedAt: true,
  closedAt: true,
  dealerDeleted: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  creator: { select: { name: true, account: true } },
  preOrder: { select: { preOrderNo: true } },
  lines: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      goodsId: true,
      kind: true,
      nameEn: true,
      nameZh: true,
      config: true,
      specification: true,
      coverId: true,
      price: true,
      quantity: true,
      subtotal: true,
      remark: true,
    },
  },
  payments: {
    orderBy: [{ paidOn: "asc" }, { id: "asc" }],
    select: { id: true, amount: true, paidOn: true, method: true, reference: true, remark: true, recordedById: true, createdAt: true },
  },
  vehicles: { orderBy: { vin: "asc" }, select: { id: true, vin: true, goodsId: true, colour: true, status: true } },
} satisfies Prisma.OrderSelect;

export type OrderLineView = {
  id: number;
  goodsId: number;
  kind: string;
  nameEn: string;
  nameZh: string;
  config: string | null;
  specification: string | null;
  picture: string | null;
  thumb: string | null;
  price: string;
  quantity: number;
  subtotal: string;
  remark: string | null;
};
export type OrderEventView = { id: number; from: string | null; to: string; note: string | null; user: string | null; at: string };
export type PaymentView = { id: number; amount: string; paidOn: string; method: string; reference: string | null; remark: string | null; recordedBy: string | null; at: string };
export type AllocatedVehicle = { id: number; vin: string; goodsId: number; colour: string | null; status: VehicleStatus };

export type OrderDetail = {
  id: number;
  orderNo: string;
  type: OrderType;
  status: OrderStatus;
  quantity: number;
  amount: string;
  paidAmount: string;
  unpaid: string;
  paymentState: PaymentState;
  phone: string;
  deliveryWay: string;
  carrierType: string | null;
  secondaryDestination: string | null;
  factoryName: string | null;
  receiver: string;
  receiverPhone: string;
  address: string;
  remark: string | null;
  rejectReason: string | null;
  cancelReason: string | null;
  logisticsCompany: string | null;
  logisticsNo: string | null;
  createdAt: string;
  confirmedAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  closedAt: string | null;
  dealerDeleted: boolean;
  preOrderNo: string | null;
  company: CompanyName;
  creator: string;
  lines: OrderLineView[];
  events: OrderEventView[];
  payments: PaymentView[];
  vehicles: AllocatedVehicle[];
  /** What this viewer may do now (the state table in order-states.ts plus permissions). */
  can: { moves: OrderMove[]; delete: boolean; pay: boolean };
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The viewer's moves on an order in `status`: the buttons the detail shows. */
export function allowedActions(viewer: Viewer, status: OrderStatus, amount: string, paid: string): OrderDetail["can"] {
  const dealer = viewer.userType === "DEALER";
  const can = (p: Permission) => hasPermission(viewer, p);
  return {
    moves: movesFor(status, dealer ? "dealer" : "staff", can),
    delete: dealer && DELETABLE.includes(status) && can("order:delete"),
    pay: !dealer && PAYABLE.includes(status) && can("payment:create") && paymentState(amount, paid) !== "PAID",
  };
}

/** One order with everything the detail shows, or 404 (another company's, a deleted one for
 * its dealer, or outside the staff member's scope). Three queries. */
export async function orderDetail(viewer: Viewer, id: number, type?: OrderType): Promise<OrderDetail> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFoundError();
  const o = await db().order.findFirst({ where: { AND: [{ id }, ...(type ? [{ type }] : []), await orderScope(viewer)] }, select: DETAIL_SELECT });
  if (!o) throw new NotFoundError();
  const events = await db().statusEvent.findMany({
    where: { entity: "Order", entityId: o.id },
    orderBy: { id: "asc" },
    select: { id: true, fromStatus: true, toStatus: true, note: true, userId: true, createdAt: true },
  });
  const userIds = [...new Set([...events.map((e) => e.userId), ...o.payments.map((p) => p.recordedById)].filter((x): x is number => x !== null))];
  const users = userIds.length ? await db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : [];
  const nameOf = new Map(users.map((u) => [u.id, u.name]));
  const amount = o.amount.toFixed(2);
  const paid = o.paidAmount.toFixed(2);
  return {
    id: o.id,
    orderNo: o.orderNo,
    type: o.type,
    status: o.status,
    quantity: o.quantity,
    amount,
    paidAmount: paid,
    unpaid: new Prisma.Decimal(o.amount).sub(o.paidAmount).toFixed(2),
    paymentState: paymentState(amount, paid),
    phone: o.phone,
    deliveryWay: o.deliveryWay,
    carrierType: o.carrierType,
    secondaryDestination: o.secondaryDestination,
    factoryName: o.factoryName,
    receiver: o.receiver,
    receiverPhone: o.receiverPhone,
    address: o.address,
    remark: o.remark,
    rejectReason: o.rejectReason,
    cancelReason: o.cancelReason,
    logisticsCompany: o.logisticsCompany,
    logisticsNo: o.logisticsNo,
    createdAt: o.createdAt.toISOString(),
    confirmedAt: iso(o.confirmedAt),
    shippedAt: iso(o.shippedAt),
    completedAt: iso(o.completedAt),
    closedAt: iso(o.closedAt),
    dealerDeleted: o.dealerDeleted,
    preOrderNo: o.preOrder?.preOrderNo ?? null,
    company: o.company,
    creator: o.creator.name,
    lines: o.lines.map((l) => ({
      id: l.id,
      goodsId: l.goodsId,
      kind: l.kind,
      nameEn: l.nameEn,
      nameZh: l.nameZh,
      config: l.config,
      specification: l.specification,
      picture: l.coverId ? fileUrl(l.coverId) : null,
      thumb: l.coverId ? fileUrl(l.coverId, true) : null,
      price: l.price.toFixed(2),
      quantity: l.quantity,
      subtotal: l.subtotal.toFixed(2),
      remark: l.remark,
    })),
    events: events.map((e) => ({
      id: e.id,
      from: e.fromStatus,
      to: e.toStatus,
      note: e.note,
      user: e.userId ? (nameOf.get(e.userId) ?? null) : null,
      at: e.createdAt.toISOString(),
    })),
    payments: o.payments.map((p) => ({
      id: p.id,
      amount: p.amount.toFixed(2),
      paidOn: p.paidOn.toISOString().slice(0, 10),
      method: p.method,
      reference: p.reference,
      remark: p.remark,
      recordedBy: nameOf.get(p.recordedById) ?? null,
      at: p.createdAt.toISOString(),
    })),
    vehicles: o.vehicles,
    can: allowedActions(viewer, o.status, amount, paid),
  };
}

/** Factory-stock vehicles offered per line in the ship dialog (oldest entry first). */
export const SHIPPABLE_PER_LINE = 200;

export type ShippableLine = {
  lineId: number;
  goodsId: number;
  nameEn: string;
  nameZh: string;
  config: string | null;
  quantity: number;
  vehicles: { vin: string; colour: string | null; entryAt: string }[];
};

/** The ship dialog's choices: for a CONFIRMED vehicle order in the staff member's scope, each
 * line with the oldest FACTORY_STOCK vehicles of its goods (one query for all lines). */
export async function shippableVins(viewer: Viewer, orderId: number): Promise<ShippableLine[]> {
  if (viewer.userType === "DEALER" || !hasPermission(viewer, "order:ship")) throw new ForbiddenError("order:ship");
  const o = await db().order.findFirst({
    where: { AND: [{ id: orderId }, await orderScope(viewer)] },
    select: { type: true, status: true, lines: { orderBy: { id: "asc" }, select: { id: true, goodsId: true, nameEn: true, nameZh: true, config: true, quantity: true } } },
  });
  if (!o) throw new NotFoundError();
  if (o.type !== "VEHICLE" || o.status !== "CONFIRMED" || o.lines.length === 0)
    return o.lines.map((l) => ({ lineId: l.id, goodsId: l.goodsId, nameEn: l.nameEn, nameZh: l.nameZh, config: l.config, quantity: l.quantity, vehicles: [] }));
  const goodsIds = [...new Set(o.lines.map((l) => l.goodsId))];
  const rows = await db().$queryRaw<{ goodsId: number; vin: string; colour: string | null; entryAt: Date }[]>`
    SELECT "goodsId", "vin", "colour", "entryAt" FROM (
      SELECT "goodsId", "vin", "colour", "entryAt", row_number() OVER (PARTITION BY "goodsId" ORDER BY "entryAt", "id") AS n
      FROM "Vehicle" WHERE "goodsId" = ANY(${goodsIds}) AND "status" = 'FACTORY_STOCK'::"VehicleStatus"
    ) v WHERE n <= ${SHIPPABLE_PER_LINE} ORDER BY "goodsId", n`;
  return o.lines.map((l) => ({
    lineId: l.id,
    goodsId: l.goodsId,
    nameEn: l.nameEn,
    nameZh: l.nameZh,
    config: l.config,
    quantity: l.quantity,
    vehicles: rows.filter((r) => r.goodsId === l.goodsId).map((r) => ({ vin: r.vin.trim(), colour: r.colour, entryAt: r.entryAt.toISOString() })),
  }));
}

/** "2026-11-21" → the order list's filters for links from elsewhere (reconciliation drill-down). */
export function orderListHref(type: OrderType, f: Partial<OrderFilters>): string {
  return `/${type === "VEHICLE" ? "onlineMall/car/order" : "onlineMall/mountings/order"}${filterQuery(f)}`;
}

export type OrderRouteData = { kind: "list"; list: OrderListPage } | { kind: "detail"; order: OrderDetail } | { kind: "missing" };

/** The order routes' data: the detail when the URL names ?id=, else the filtered list. The
 * page and the route's server loader both answer from here. */
export async function loadOrderRoute(viewer: Viewer, type: OrderType, url: URL | URLSearchParams): Promise<OrderRouteData> {
  const p = url instanceof URL ? url.searchParams : url;
  const id = p.get("id");
  if (id !== null) {
    try {
      return { kind: "detail", order: await orderDetail(viewer, int4Id(id) ?? -1, type) };
    } catch (err) {
      // Another company's order, or none: the page answers 404 (the same for both).
      if (err instanceof NotFoundError) return { kind: "missing" };
      throw err;
    }
  }
  return { kind: "list", list: await listOrders(viewer, type, parseOrderFilters(p)) };
}
