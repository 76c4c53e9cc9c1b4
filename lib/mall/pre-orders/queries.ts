import "server-only";
import { text } from "@/lib/core/list-params";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OrderStatus, OrderType, PreOrderStatus } from "@/lib/generated/prisma/enums";
import { fileUrl } from "@/lib/uploads/formats";
import { PRE_ORDER_STATUSES } from "./schemas";
import { preOrderMovesFor, type PreOrderMove } from "./states";
import { preOrderScope } from "./service";
import { int4Id } from "@/lib/validation/ids";
import { statusHistory } from "@/lib/list/history";
import { choiceParam, codeParam, COUNT_CAP, cursorParam, dayParam, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { companyFilter, dayRangeWhere, readKeysetPage } from "@/lib/list/prisma";

// The pre-order list and detail (onlineMall/car/preOrder and GET /api/v1/pre-orders), read
// through the scope the service locks with. The list pages by keyset on (createdAt desc, id
// desc) with the (companyId | status, createdAt, id) indexes, and costs the same few queries
// whatever the page size: the scope (staff), the page, a capped count.

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export { COUNT_CAP };

export type PreOrderFilters = {
  status: PreOrderStatus | "";
  /** Created on these calendar days in Asia/Shanghai, inclusive. */
  from: string;
  to: string;
  /** Pre-order number prefix. */
  preOrderNo: string;
  /** Staff only: company code prefix or part of its name. */
  company: string;
  /** "a<ms>_<id>" (rows after) or "b<ms>_<id>" (rows before). */
  cursor: string;
  size: number;
};

export function parsePreOrderFilters(p: URLSearchParams): PreOrderFilters {
  return {
    status: choiceParam(p, "status", PRE_ORDER_STATUSES),
    from: dayParam(p, "from"),
    to: dayParam(p, "to"),
    preOrderNo: codeParam(p, "preOrderNo", 32, /[^A-Z0-9-]/g),
    company: text(p, "company", 50),
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
  };
}

/** The filters back as a query string (for links); cursor and defaults left out unless asked. */
export function preOrderQuery(f: Partial<PreOrderFilters>, extra: Record<string, string | number> = {}): string {
  const { status, from, to, preOrderNo, company } = f;
  return queryString({ status, from, to, preOrderNo, company, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

function filterWhere(f: PreOrderFilters, staff: boolean): Prisma.PreOrderWhereInput[] {
  const and: Prisma.PreOrderWhereInput[] = [];
  if (f.status) and.push({ status: f.status });
  const created = dayRangeWhere(f.from, f.to);
  if (created) and.push({ createdAt: created });
  if (f.preOrderNo) and.push({ preOrderNo: { startsWith: f.preOrderNo } });
  if (staff && f.company) and.push({ company: companyFilter(f.company) });
  return and;
}

const LIST_SELECT = {
  id: true,
  preOrderNo: true,
  status: true,
  nameEn: true,
  nameZh: true,
  config: true,
  coverId: true,
  price: true,
  quantity: true,
  amount: true,
  expectedDate: true,
  createdAt: true,
  deliveryWay: true,
  receiver: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  creator: { select: { name: true } },
  order: { select: { id: true, orderNo: true } },
} as const;
type ListRaw = Prisma.PreOrderGetPayload<{ select: typeof LIST_SELECT }>;

export type CompanyName = { code: string; nameEn: string; nameZh: string };
export type PreOrderRow = {
  id: number;
  preOrderNo: string;
  status: PreOrderStatus;
  nameEn: string;
  nameZh: string;
  config: string | null;
  thumb: string | null;
  price: string;
  quantity: number;
  amount: string;
  expectedDate: string | null;
  createdAt: string;
  deliveryWay: string;
  receiver: string;
  company: CompanyName;
  creator: string;
  order: { id: number; orderNo: string } | null;
};
export type PreOrderPage = {
  rows: PreOrderRow[];
  filters: PreOrderFilters;
  next: string | null;
  prev: string | null;
  total: Total;
  staff: boolean;
};

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const toRow = (r: ListRaw): PreOrderRow => ({
  id: r.id,
  preOrderNo: r.preOrderNo,
  status: r.status,
  nameEn: r.nameEn,
  nameZh: r.nameZh,
  config: r.config,
  thumb: r.coverId ? fileUrl(r.coverId, true) : null,
  price: r.price.toFixed(2),
  quantity: r.quantity,
  amount: r.amount.toFixed(2),
  expectedDate: day(r.expectedDate),
  createdAt: r.createdAt.toISOString(),
  deliveryWay: r.deliveryWay,
  receiver: r.receiver,
  company: r.company,
  creator: r.creator.name,
  order: r.order,
});

export async function listPreOrders(viewer: Viewer, filters: PreOrderFilters): Promise<PreOrderPage> {
  const staff = viewer.userType !== "DEALER";
  const where: Prisma.PreOrderWhereInput = { AND: [await preOrderScope(viewer), ...filterWhere(filters, staff)] };
  const { rows, next, prev, total } = await readKeysetPage(
    filters,
    "createdAt",
    where,
    (q) => db().preOrder.findMany({ ...q, select: LIST_SELECT }),
    (q) => db().preOrder.count(q),
    { maxSize: MAX_PAGE_SIZE },
  );
  return { rows: rows.map(toRow), filters, next, prev, total, staff };
}

const DETAIL_SELECT = {
  ...LIST_SELECT,
  goodsId: true,
  phone: true,
  carrierType: true,
  secondaryDestination: true,
  receiverPhone: true,
  address: true,
  remark: true,
  rejectReason: true,
  updatedAt: true,
  goods: { select: { stock: true, onSale: true, minOrderQty: true, price: true } },
  order: { select: { id: true, orderNo: true, type: true, status: true } },
} as const;

export type PreOrderEventView = { id: number; from: string | null; to: string; note: string | null; user: string | null; at: string };
export type PreOrderDetail = Omit<PreOrderRow, "order"> & {
  goodsId: number;
  picture: string | null;
  phone: string;
  carrierType: string | null;
  secondaryDestination: string | null;
  receiverPhone: string;
  address: string;
  remark: string | null;
  rejectReason: string | null;
  updatedAt: string;
  order: { id: number; orderNo: string; type: OrderType; status: OrderStatus } | null;
  /** Staff only (a conversion needs it): the goods' stock, sale flag and current price now. */
  goods: { stock: number; onSale: boolean; minOrderQty: number; price: string } | null;
  events: PreOrderEventView[];
  /** What this viewer may do now (the state table plus permissions). */
  can: { moves: PreOrderMove[] };
};

export function preOrderMoves(viewer: Viewer, status: PreOrderStatus): PreOrderMove[] {
  return preOrderMovesFor(status, viewer.userType === "DEALER" ? "dealer" : "staff", (p) => hasPermission(viewer, p));
}

/** One pre-order with its history, or 404 (another company's, or outside the staff scope). */
export async function preOrderDetail(viewer: Viewer, id: number): Promise<PreOrderDetail> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFoundError();
  const p = await db().preOrder.findFirst({ where: { AND: [{ id }, await preOrderScope(viewer)] }, select: DETAIL_SELECT });
  if (!p) throw new NotFoundError();
  const events = await statusHistory("PreOrder", p.id);
  const staff = viewer.userType !== "DEALER";
  return {
    ...toRow({ ...p, order: p.order ? { id: p.order.id, orderNo: p.order.orderNo } : null }),
    goodsId: p.goodsId,
    picture: p.coverId ? fileUrl(p.coverId) : null,
    phone: p.phone,
    carrierType: p.carrierType,
    secondaryDestination: p.secondaryDestination,
    receiverPhone: p.receiverPhone,
    address: p.address,
    remark: p.remark,
    rejectReason: p.rejectReason,
    updatedAt: p.updatedAt.toISOString(),
    order: p.order,
    goods: staff ? { stock: p.goods.stock, onSale: p.goods.onSale, minOrderQty: p.goods.minOrderQty, price: p.goods.price.toFixed(2) } : null,
    events,
    can: { moves: preOrderMoves(viewer, p.status) },
  };
}

export type PreOrderRouteData = { kind: "list"; list: PreOrderPage; canCreate: boolean } | { kind: "detail"; preOrder: PreOrderDetail } | { kind: "missing" };

/** The route's data: the detail when the URL names ?id=, else the filtered list. The page and
 * the route's server loader both answer from here. */
export async function loadPreOrderRoute(viewer: Viewer, url: URL | URLSearchParams): Promise<PreOrderRouteData> {
  const p = url instanceof URL ? url.searchParams : url;
  const id = p.get("id");
  if (id !== null) {
    try {
      return { kind: "detail", preOrder: await preOrderDetail(viewer, int4Id(id) ?? -1) };
    } catch (err) {
      if (err instanceof NotFoundError) return { kind: "missing" };
      throw err;
    }
  }
  return { kind: "list", list: await listPreOrders(viewer, parsePreOrderFilters(p)), canCreate: viewer.userType === "DEALER" && hasPermission(viewer, "preOrder:create") };
}
