import "server-only";
import { text } from "@/lib/core/list-params";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { dicts } from "@/lib/dict/dict";
import type { DictItemView } from "@/lib/dict/items";
import { NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OrderStatus, ReturnBatchStatus, SalesReturnStatus } from "@/lib/generated/prisma/enums";
import { companyAddresses } from "@/lib/mall/addresses/service";
import { attachmentsOf, attachmentsOfMany } from "@/lib/uploads/access";
import type { AttachmentValue, UploadRule } from "@/lib/uploads/formats";
import { imageRuleFor } from "@/lib/uploads/rules";
import { MAX_BATCH_RETURNS, RETURN_BATCH_STATUSES, SALES_RETURN_STATUSES } from "./schemas";
import { salesReturnMovesFor, type SalesReturnMove } from "./states";
import { PART_IMG_FIELD, RETURN_OWNER, returnBatchScope, returnScope } from "./service";
import { int4Id } from "@/lib/validation/ids";
import { type EventView, statusHistory } from "@/lib/list/history";
import { choiceParam, codeParam, COUNT_CAP, cursorParam, dayParam, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { companyFilter, dayRangeWhere, readKeysetPage } from "@/lib/list/prisma";

// The parts return screens' reads (afterSale/salesReturn, afterSale/salesReturnLogs and GET
// /api/v1/sales-returns), through the same scopes the services lock with: a dealer's own
// company, staff's data scope; anything else answers 404 like a missing record. Lists page by
// keyset on (createdAt desc, id desc) over the (companyId | status, createdAt, id) indexes and
// cost the same few queries whatever the page size (scope, page, capped count, one query for
// the page's images). Also the choices the forms offer (catalogue parts, the dealer's parts
// orders holding a part, approved returns waiting for a batch), scoped the same way.

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export { COUNT_CAP };
export type { EventView };
/** The parts search answers at most this many; the dealer types more to narrow it down. */
export const PART_CHOICES = 20;
/** The orders offered for one part: the most recent ones. */
export const ORDER_CHOICES = 50;

const CODE_RE = /^[A-Z0-9_]{1,32}$/;

const sizeOf = (p: URLSearchParams) => sizeParam(p, { fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE });
const isStaff = (viewer: Viewer) => viewer.userType !== "DEALER";
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

export type CompanyName = { code: string; nameEn: string; nameZh: string };
/** The status history of one record, with the users' names (two queries whatever its length). */
const eventsOf = (entity: "SalesReturn" | "ReturnBatch", id: number): Promise<EventView[]> => statusHistory(entity, id);

// ---------------------------------------------------------------------------------------------
// Sales returns

export type SalesReturnFilters = {
  status: SalesReturnStatus | "";
  /** return_type dictionary code. */
  returnType: string;
  /** Created on these calendar days in Asia/Shanghai, inclusive. */
  from: string;
  to: string;
  /** Upper case; 17 characters match the VIN exactly, fewer match a part of it. */
  vin: string;
  /** Return number prefix. */
  returnNo: string;
  /** Staff only: company code prefix or part of its name. */
  company: string;
  /** "a<ms>_<id>" (rows after) or "b<ms>_<id>" (rows before). */
  cursor: string;
  size: number;
};

export function parseSalesReturnFilters(p: URLSearchParams): SalesReturnFilters {
  const returnType = text(p, "returnType", 32).toUpperCase();
  return {
    status: choiceParam(p, "status", SALES_RETURN_STATUSES),
    returnType: CODE_RE.test(returnType) ? returnType : "",
    from: dayParam(p, "from"),
    to: dayParam(p, "to"),
    vin: codeParam(p, "vin", 17),
    returnNo: codeParam(p, "returnNo", 32, /[^A-Z0-9-]/g),
    company: text(p, "company", 50),
    cursor: cursorParam(p),
    size: sizeOf(p),
  };
}

/** The filters back as a query string (for links); cursor and defaults left out unless asked. */
export function salesReturnQuery(f: Partial<SalesReturnFilters>, extra: Record<string, string | number> = {}): string {
  const { status, returnType, from, to, vin, returnNo, company } = f;
  return queryString({ status, returnType, from, to, vin, returnNo, company, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

function returnFilterWhere(f: SalesReturnFilters, staff: boolean): Prisma.SalesReturnWhereInput[] {
  const and: Prisma.SalesReturnWhereInput[] = [];
  if (f.status) and.push({ status: f.status });
  if (f.returnType) and.push({ returnType: f.returnType });
  const created = dayRangeWhere(f.from, f.to);
  if (created) and.push({ createdAt: created });
  // A whole VIN uses the index; a part of one (the last digits people read off a car) scans
  // within the scope the other conditions leave.
  if (f.vin) and.push({ vin: f.vin.length === 17 ? f.vin : { contains: f.vin } });
  if (f.returnNo) and.push({ returnNo: { startsWith: f.returnNo } });
  if (staff && f.company) and.push({ company: companyFilter(f.company) });
  return and;
}

const RETURN_LIST_SELECT = {
  id: true,
  returnNo: true,
  status: true,
  returnType: true,
  goodsId: true,
  materialCode: true,
  materialName: true,
  quantity: true,
  faultQuantity: true,
  dealType: true,
  dealTypeDone: true,
  vin: true,
  createdAt: true,
  goods: { select: { nameEn: true, nameZh: true } },
  company: { select: { code: true, nameEn: true, nameZh: true } },
  batch: { select: { id: true, batchNo: true } },
} as const;
type ReturnListRaw = Prisma.SalesReturnGetPayload<{ select: typeof RETURN_LIST_SELECT }>;

export type SalesReturnRow = {
  id: number;
  returnNo: string;
  status: SalesReturnStatus;
  returnType: string;
  goodsId: number | null;
  materialCode: string | null;
  /** The part's name in each language: the catalogue's names now, else the name the dealer typed. */
  materialName: string;
  partName: { en: string; zh: string };
  quantity: number;
  faultQuantity: number;
  dealType: string;
  dealTypeDone: string | null;
  vin: string | null;
  createdAt: string;
  company: CompanyName;
  batch: { id: number; batchNo: string } | null;
};
export type SalesReturnPage = {
  rows: SalesReturnRow[];
  filters: SalesReturnFilters;
  next: string | null;
  prev: string | null;
  total: Total;
  staff: boolean;
};

const partName = (r: { materialName: string; goods: { nameEn: string; nameZh: string } | null }) => ({
  en: r.goods?.nameEn ?? r.materialName,
  zh: r.goods?.nameZh ?? r.materialName,
});
const toReturnRow = (r: ReturnListRaw): SalesReturnRow => ({
  id: r.id,
  returnNo: r.returnNo,
  status: r.status,
  returnType: r.returnType,
  goodsId: r.goodsId,
  materialCode: r.materialCode,
  materialName: r.materialName,
  partName: partName(r),
  quantity: r.quantity,
  faultQuantity: r.faultQuantity,
  dealType: r.dealType,
  dealTypeDone: r.dealTypeDone,
  vin: r.vin,
  createdAt: r.createdAt.toISOString(),
  company: r.company,
  batch: r.batch,
});

export async function listSalesReturns(viewer: Viewer, filters: SalesReturnFilters): Promise<SalesReturnPage> {
  const staff = isStaff(viewer);
  const where: Prisma.SalesReturnWhereInput = { AND: [await returnScope(viewer), ...returnFilterWhere(filters, staff)] };
  const { rows, next, prev, total } = await readKeysetPage(
    filters,
    "createdAt",
    where,
    (q) => db().salesReturn.findMany({ ...q, select: RETURN_LIST_SELECT }),
    (q) => db().salesReturn.count(q),
    { maxSize: MAX_PAGE_SIZE },
  );
  return { rows: rows.map(toReturnRow), filters, next, prev, total, staff };
}

const RETURN_DETAIL_SELECT = {
  ...RETURN_LIST_SELECT,
  companyId: true,
  orderId: true,
  buyer: true,
  buyDate: true,
  saleDate: true,
  description: true,
  rejectReason: true,
  updatedAt: true,
  creator: { select: { name: true } },
  batch: { select: { id: true, batchNo: true, status: true } },
} as const;

export type SalesReturnDetail = Omit<SalesReturnRow, "batch"> & {
  buyer: string | null;
  buyDate: string | null;
  saleDate: string | null;
  description: string;
  rejectReason: string | null;
  creator: string;
  updatedAt: string;
  order: { id: number; orderNo: string; status: OrderStatus } | null;
  batch: { id: number; batchNo: string; status: ReturnBatchStatus } | null;
  partImg: AttachmentValue[];
  events: EventView[];
  /** What this viewer may do now (the state table plus permissions). */
  can: { moves: SalesReturnMove[] };
};

export function salesReturnMoves(viewer: Viewer, status: SalesReturnStatus): SalesReturnMove[] {
  return salesReturnMovesFor(status, isStaff(viewer) ? "staff" : "dealer", (p) => hasPermission(viewer, p));
}

/** One return with its images, order, batch and history, or 404 (another company's, or outside the staff scope). */
export async function salesReturnDetail(viewer: Viewer, id: number): Promise<SalesReturnDetail> {
  if (!validId(id)) throw new NotFoundError();
  const r = await db().salesReturn.findFirst({ where: { AND: [{ id }, await returnScope(viewer)] }, select: RETURN_DETAIL_SELECT });
  if (!r) throw new NotFoundError();
  const [images, events, order] = await Promise.all([
    attachmentsOf(RETURN_OWNER, r.id),
    eventsOf("SalesReturn", r.id),
    // The order was checked to be the return's company's own when the return was filed.
    r.orderId === null ? null : db().order.findFirst({ where: { id: r.orderId, companyId: r.companyId }, select: { id: true, orderNo: true, status: true } }),
  ]);
  return {
    ...toReturnRow(r),
    buyer: r.buyer,
    buyDate: day(r.buyDate),
    saleDate: day(r.saleDate),
    description: r.description,
    rejectReason: r.rejectReason,
    creator: r.creator.name,
    updatedAt: r.updatedAt.toISOString(),
    order,
    batch: r.batch,
    partImg: images.filter((a) => a.field === PART_IMG_FIELD).map(({ field: _f, ...a }) => a),
    events,
    can: { moves: salesReturnMoves(viewer, r.status) },
  };
}

export type SalesReturnListData = {
  kind: "list";
  list: SalesReturnPage;
  /** A dealer who may file returns; the form's image limits come with it. */
  canCreate: boolean;
  imageRule: UploadRule | null;
  /** A dealer who may ship and has approved returns waiting for a batch: how many. */
  shippable: number;
};
export type SalesReturnRouteData = SalesReturnListData | { kind: "detail"; salesReturn: SalesReturnDetail } | { kind: "missing" };

/** The dealer's approved returns not yet in a batch, counted (the list's "Ship" button). */
async function countShippable(viewer: Viewer): Promise<number> {
  if (isStaff(viewer) || !viewer.company || !hasPermission(viewer, "salesReturn:ship")) return 0;
  return db().salesReturn.count({ where: { companyId: viewer.company.id, status: "APPROVED", batchId: null }, take: MAX_BATCH_RETURNS });
}

/** The route's data: the detail when the URL names ?id=, else the filtered list. The page and
 * the route's server loader both answer from here. */
export async function loadSalesReturnRoute(viewer: Viewer, url: URL | URLSearchParams): Promise<SalesReturnRouteData> {
  const p = url instanceof URL ? url.searchParams : url;
  const id = p.get("id");
  if (id !== null) {
    try {
      return { kind: "detail", salesReturn: await salesReturnDetail(viewer, int4Id(id) ?? -1) };
    } catch (err) {
      if (err instanceof NotFoundError) return { kind: "missing" };
      throw err;
    }
  }
  const canCreate = !isStaff(viewer) && !!viewer.company && hasPermission(viewer, "salesReturn:create");
  const [list, shippable, imageRule] = await Promise.all([
    listSalesReturns(viewer, parseSalesReturnFilters(p)),
    countShippable(viewer),
    canCreate ? imageRuleFor("RETURN_IMAGE") : null,
  ]);
  return { kind: "list", list, canCreate, imageRule, shippable };
}

// ---------------------------------------------------------------------------------------------
// Delivery batches (return logs)

export type ReturnBatchFilters = {
  status: ReturnBatchStatus | "";
  from: string;
  to: string;
  /** Batch number prefix. */
  batchNo: string;
  company: string;
  cursor: string;
  size: number;
};

export function parseReturnBatchFilters(p: URLSearchParams): ReturnBatchFilters {
  return {
    status: choiceParam(p, "status", RETURN_BATCH_STATUSES),
    from: dayParam(p, "from"),
    to: dayParam(p, "to"),
    batchNo: codeParam(p, "batchNo", 32, /[^A-Z0-9-]/g),
    company: text(p, "company", 50),
    cursor: cursorParam(p),
    size: sizeOf(p),
  };
}

export function returnBatchQuery(f: Partial<ReturnBatchFilters>, extra: Record<string, string | number> = {}): string {
  const { status, from, to, batchNo, company } = f;
  return queryString({ status, from, to, batchNo, company, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

function batchFilterWhere(f: ReturnBatchFilters, staff: boolean): Prisma.ReturnBatchWhereInput[] {
  const and: Prisma.ReturnBatchWhereInput[] = [];
  if (f.status) and.push({ status: f.status });
  const created = dayRangeWhere(f.from, f.to);
  if (created) and.push({ createdAt: created });
  if (f.batchNo) and.push({ batchNo: { startsWith: f.batchNo } });
  if (staff && f.company) and.push({ company: companyFilter(f.company) });
  return and;
}

const BATCH_LIST_SELECT = {
  id: true,
  batchNo: true,
  status: true,
  shippingAddress: true,
  deliveryWay: true,
  carNo: true,
  contactPhone: true,
  logisticsCompany: true,
  logisticsNo: true,
  createdAt: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  _count: { select: { returns: true } },
} as const;
type BatchListRaw = Prisma.ReturnBatchGetPayload<{ select: typeof BATCH_LIST_SELECT }>;

export type ReturnBatchRow = {
  id: number;
  batchNo: string;
  status: ReturnBatchStatus;
  shippingAddress: string;
  deliveryWay: string;
  carNo: string | null;
  contactPhone: string;
  logisticsCompany: string | null;
  logisticsNo: string | null;
  createdAt: string;
  company: CompanyName;
  itemCount: number;
};
export type ReturnBatchPage = {
  rows: ReturnBatchRow[];
  filters: ReturnBatchFilters;
  next: string | null;
  prev: string | null;
  total: Total;
  staff: boolean;
};

const toBatchRow = (b: BatchListRaw): ReturnBatchRow => ({
  id: b.id,
  batchNo: b.batchNo,
  status: b.status,
  shippingAddress: b.shippingAddress,
  deliveryWay: b.deliveryWay,
  carNo: b.carNo,
  contactPhone: b.contactPhone,
  logisticsCompany: b.logisticsCompany,
  logisticsNo: b.logisticsNo,
  createdAt: b.createdAt.toISOString(),
  company: b.company,
  itemCount: b._count.returns,
});

export async function listReturnBatches(viewer: Viewer, filters: ReturnBatchFilters): Promise<ReturnBatchPage> {
  const staff = isStaff(viewer);
  const where: Prisma.ReturnBatchWhereInput = { AND: [await returnBatchScope(viewer), ...batchFilterWhere(filters, staff)] };
  const { rows, next, prev, total } = await readKeysetPage(
    filters,
    "createdAt",
    where,
    (q) => db().returnBatch.findMany({ ...q, select: BATCH_LIST_SELECT }),
    (q) => db().returnBatch.count(q),
    { maxSize: MAX_PAGE_SIZE },
  );
  return { rows: rows.map(toBatchRow), filters, next, prev, total, staff };
}

const ITEM_SELECT = {
  id: true,
  returnNo: true,
  status: true,
  returnType: true,
  materialCode: true,
  materialName: true,
  quantity: true,
  faultQuantity: true,
  dealType: true,
  dealTypeDone: true,
  goods: { select: { nameEn: true, nameZh: true } },
} as const;

export type ReturnLogItem = {
  id: number;
  returnNo: string;
  status: SalesReturnStatus;
  returnType: string;
  materialCode: string | null;
  materialName: string;
  partName: { en: string; zh: string };
  quantity: number;
  faultQuantity: number;
  dealType: string;
  dealTypeDone: string | null;
  partImg: AttachmentValue[];
  /** Staff's moves on this item now: receive (SHIPPED) or complete (RECEIVED). */
  moves: SalesReturnMove[];
};
export type ReturnBatchDetail = ReturnBatchRow & {
  creator: string;
  updatedAt: string;
  items: ReturnLogItem[];
  events: EventView[];
  /** Staff who may receive, while some item is still on the way. */
  can: { receiveAll: boolean };
};

/** One batch with its items (each with its part images) and history, or 404 outside the scope. */
export async function returnBatchDetail(viewer: Viewer, id: number): Promise<ReturnBatchDetail> {
  if (!validId(id)) throw new NotFoundError();
  const b = await db().returnBatch.findFirst({
    where: { AND: [{ id }, await returnBatchScope(viewer)] },
    select: { ...BATCH_LIST_SELECT, updatedAt: true, creator: { select: { name: true } }, returns: { select: ITEM_SELECT, orderBy: { id: "asc" } } },
  });
  if (!b) throw new NotFoundError();
  const [images, events] = await Promise.all([
    attachmentsOfMany(
      RETURN_OWNER,
      b.returns.map((r) => r.id),
    ),
    eventsOf("ReturnBatch", b.id),
  ]);
  const items: ReturnLogItem[] = b.returns.map((r) => ({
    id: r.id,
    returnNo: r.returnNo,
    status: r.status,
    returnType: r.returnType,
    materialCode: r.materialCode,
    materialName: r.materialName,
    partName: partName(r),
    quantity: r.quantity,
    faultQuantity: r.faultQuantity,
    dealType: r.dealType,
    dealTypeDone: r.dealTypeDone,
    partImg: (images.get(String(r.id)) ?? []).filter((a) => a.field === PART_IMG_FIELD).map(({ field: _f, ...a }) => a),
    moves: salesReturnMoves(viewer, r.status),
  }));
  return {
    ...toBatchRow(b),
    creator: b.creator.name,
    updatedAt: b.updatedAt.toISOString(),
    items,
    events,
    can: { receiveAll: items.some((i) => i.moves.includes("receive")) },
  };
}

export type ReturnBatchRouteData = { kind: "list"; list: ReturnBatchPage } | { kind: "detail"; batch: ReturnBatchDetail } | { kind: "missing" };

export async function loadReturnLogRoute(viewer: Viewer, url: URL | URLSearchParams): Promise<ReturnBatchRouteData> {
  const p = url instanceof URL ? url.searchParams : url;
  const id = p.get("id");
  if (id !== null) {
    try {
      return { kind: "detail", batch: await returnBatchDetail(viewer, int4Id(id) ?? -1) };
    } catch (err) {
      if (err instanceof NotFoundError) return { kind: "missing" };
      throw err;
    }
  }
  return { kind: "list", list: await listReturnBatches(viewer, parseReturnBatchFilters(p)) };
}

// ---------------------------------------------------------------------------------------------
// The forms' choices

export type PartChoice = { id: number; code: string; nameEn: string; nameZh: string; specification: string | null };

/** Parts of the catalogue (PART goods, on sale or not: a part bought years ago may be off sale
 * now) whose code starts with, or whose name in either language contains, the text. */
export async function searchReturnParts(q: string): Promise<PartChoice[]> {
  const s = q.trim().slice(0, 50);
  if (!s) return [];
  return db().goods.findMany({
    where: { kind: "PART", OR: [{ code: { startsWith: s, mode: "insensitive" } }, { nameEn: { contains: s, mode: "insensitive" } }, { nameZh: { contains: s } }] },
    orderBy: [{ sort: "asc" }, { id: "asc" }],
    take: PART_CHOICES,
    select: { id: true, code: true, nameEn: true, nameZh: true, specification: true },
  });
}

export type OrderChoice = { id: number; orderNo: string; status: OrderStatus; createdAt: string; quantity: number };

/** The dealer's own parts orders (not cancelled or rejected, the rule fileReturn checks) that
 * hold this part, newest first, with how many of it each ordered. Nobody else's, ever. */
export async function returnPartOrders(viewer: Viewer, goodsId: number): Promise<OrderChoice[]> {
  if (isStaff(viewer) || !viewer.company || !validId(goodsId)) return [];
  const rows = await db().order.findMany({
    where: { companyId: viewer.company.id, type: "PARTS", status: { notIn: ["CANCELLED", "REJECTED"] }, lines: { some: { goodsId } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ORDER_CHOICES,
    select: { id: true, orderNo: true, status: true, createdAt: true, lines: { where: { goodsId }, select: { quantity: true } } },
  });
  return rows.map((o) => ({ id: o.id, orderNo: o.orderNo, status: o.status, createdAt: o.createdAt.toISOString(), quantity: o.lines.reduce((n, l) => n + l.quantity, 0) }));
}

export type ShippableReturn = {
  id: number;
  returnNo: string;
  returnType: string;
  partName: { en: string; zh: string };
  materialCode: string | null;
  quantity: number;
  faultQuantity: number;
  dealType: string;
  createdAt: string;
};

/** The dealer's approved returns not in a batch yet (what the ship dialog offers), oldest first. */
export async function shippableReturns(viewer: Viewer): Promise<ShippableReturn[]> {
  if (isStaff(viewer) || !viewer.company) return [];
  const rows = await db().salesReturn.findMany({
    where: { companyId: viewer.company.id, status: "APPROVED", batchId: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: MAX_BATCH_RETURNS,
    select: {
      id: true,
      returnNo: true,
      returnType: true,
      materialCode: true,
      materialName: true,
      quantity: true,
      faultQuantity: true,
      dealType: true,
      createdAt: true,
      goods: { select: { nameEn: true, nameZh: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    returnNo: r.returnNo,
    returnType: r.returnType,
    partName: partName(r),
    materialCode: r.materialCode,
    quantity: r.quantity,
    faultQuantity: r.faultQuantity,
    dealType: r.dealType,
    createdAt: r.createdAt.toISOString(),
  }));
}

export type ReturnFormOptions = { returnTypes: DictItemView[]; dealTypes: DictItemView[] };

/** The file-return form's dictionaries (enabled items only; the service accepts no others). */
export async function returnFormOptions(): Promise<ReturnFormOptions> {
  const d = await dicts(["return_type", "deal_type"] as const);
  return { returnTypes: d.return_type, dealTypes: d.deal_type };
}

export type ShipFormOptions = {
  returns: ShippableReturn[];
  deliveryWays: DictItemView[];
  /** Labels of the returns' deal types (disabled ones too: a return may hold one). */
  dealTypes: DictItemView[];
  /** The company's address book as suggestions for the shipping address (default first). */
  addresses: { id: number; receiver: string; phone: string; textEn: string; textZh: string }[];
};

/** What the ship dialog offers a dealer: its approved returns waiting for a batch, the delivery
 * ways, and its addresses. Three queries; dictionaries are cached. */
export async function shipFormOptions(viewer: Viewer): Promise<ShipFormOptions> {
  const [returns, d, labels, addresses] = await Promise.all([
    shippableReturns(viewer),
    dicts(["delivery_way"] as const),
    dicts(["deal_type"] as const, { includeDisabled: true }),
    viewer.company && !isStaff(viewer) ? companyAddresses(viewer) : Promise.resolve([]),
  ]);
  return {
    returns,
    deliveryWays: d.delivery_way,
    dealTypes: labels.deal_type,
    addresses: addresses.map((a) => ({
      id: a.id,
      receiver: a.receiver,
      phone: a.phone,
      textEn: `${a.address}, ${[...a.area]
        .reverse()
        .map((x) => x.nameEn)
        .join(", ")}`,
      textZh: `${a.area.map((x) => x.nameZh).join("")} ${a.address}`,
    })),
  };
}
