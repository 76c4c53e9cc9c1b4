import "server-only";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { text } from "@/lib/core/list-params";
import { db } from "@/lib/db";
import type { Prisma, WmsDocStatus, WmsDocType } from "@/lib/generated/prisma/client";
import { statusHistory, type EventView } from "@/lib/list/history";
import { choiceParam, codeParam, COUNT_CAP, cursorParam, dayParam, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { companyFilter, dayRangeWhere, readKeysetPage } from "@/lib/list/prisma";
import { int4Id } from "@/lib/validation/ids";
import { docWhere } from "./access";
import { DOC_PERMISSION, WMS_DOC_STATUSES, wmsMovesFor, type WmsMove } from "./states";

export { DOC_ROUTE } from "./states";

// The warehouse documents' lists and details (customerWms entry, delivery, move, transfer and
// stocktake screens, and GET /api/v1/wms/documents), read through the scope the services lock
// with (lib/wms/access.ts). The list pages by keyset on (createdAt desc, id desc) with the
// (companyId | toCompanyId, type, createdAt, id) indexes and a capped count.

export { COUNT_CAP };
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export type DocFilters = {
  status: WmsDocStatus | "";
  source: string;
  /** Document number prefix. */
  docNo: string;
  from: string;
  to: string;
  /** Staff only: company code prefix or part of its name. */
  company: string;
  cursor: string;
  size: number;
};

export function parseDocFilters(p: URLSearchParams): DocFilters {
  return {
    status: choiceParam(p, "status", WMS_DOC_STATUSES),
    source: codeParam(p, "source", 20, /[^A-Z_]/g),
    docNo: codeParam(p, "docNo", 32, /[^A-Z0-9-]/g),
    from: dayParam(p, "from"),
    to: dayParam(p, "to"),
    company: text(p, "company", 50),
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
  };
}

export function docQuery(f: Partial<DocFilters>, extra: Record<string, string | number> = {}): string {
  const { status, source, docNo, from, to, company } = f;
  return queryString({ status, source, docNo, from, to, company, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

const LIST_SELECT = {
  id: true,
  docNo: true,
  type: true,
  status: true,
  source: true,
  createdAt: true,
  postedAt: true,
  remark: true,
  companyId: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  warehouse: { select: { code: true, name: true } },
  toCompany: { select: { code: true, nameEn: true, nameZh: true } },
  toWarehouse: { select: { code: true, name: true } },
  order: { select: { orderNo: true } },
  createdBy: { select: { name: true } },
  _count: { select: { lines: true } },
} as const;
type ListRaw = Prisma.WmsDocumentGetPayload<{ select: typeof LIST_SELECT }>;

export type CompanyRef = { code: string; nameEn: string; nameZh: string };
export type DocRow = {
  id: number;
  docNo: string;
  status: WmsDocStatus;
  source: string;
  createdAt: string;
  postedAt: string | null;
  remark: string | null;
  company: CompanyRef;
  warehouse: { code: string; name: string };
  toCompany: CompanyRef | null;
  toWarehouse: { code: string; name: string } | null;
  orderNo: string | null;
  creator: string;
  lineCount: number;
  /** A transfer the viewer's company receives (dealers). */
  incoming: boolean;
};
export type DocPage = { rows: DocRow[]; filters: DocFilters; next: string | null; prev: string | null; total: Total; staff: boolean };

const toRow = (r: ListRaw, companyId: number | null): DocRow => ({
  id: r.id,
  docNo: r.docNo,
  status: r.status,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
  postedAt: r.postedAt?.toISOString() ?? null,
  remark: r.remark,
  company: r.company,
  warehouse: r.warehouse,
  toCompany: r.toCompany,
  toWarehouse: r.toWarehouse,
  orderNo: r.order?.orderNo ?? null,
  creator: r.createdBy.name,
  lineCount: r._count.lines,
  incoming: companyId !== null && r.companyId !== companyId,
});

export async function listDocs(viewer: Viewer, type: WmsDocType, f: DocFilters): Promise<DocPage> {
  const staff = viewer.userType !== "DEALER";
  const and: Prisma.WmsDocumentWhereInput[] = [{ type }];
  // A dealer's documents of a kind other than transfers are its own: one index range.
  if (!staff && type !== "TRANSFER") and.push({ companyId: viewer.company?.id ?? -1 });
  else and.push(await docWhere(viewer));
  if (f.status) and.push({ status: f.status });
  if (f.source) and.push({ source: f.source });
  if (f.docNo) and.push({ docNo: { startsWith: f.docNo } });
  const created = dayRangeWhere(f.from, f.to);
  if (created) and.push({ createdAt: created });
  if (staff && f.company) and.push({ company: companyFilter(f.company) });
  const where: Prisma.WmsDocumentWhereInput = { AND: and };
  const { rows, next, prev, total } = await readKeysetPage(
    f,
    "createdAt",
    where,
    (q) => db().wmsDocument.findMany({ ...q, select: LIST_SELECT }),
    (q) => db().wmsDocument.count(q),
    { maxSize: MAX_PAGE_SIZE },
  );
  return { rows: rows.map((r) => toRow(r, staff ? null : (viewer.company?.id ?? null))), filters: f, next, prev, total, staff };
}

export type DocLineView = {
  id: number;
  goods: { id: number; code: string; nameEn: string; nameZh: string; kind: string };
  vin: string | null;
  vehicleId: number | null;
  quantity: number | null;
  from: string | null;
  to: string | null;
  toLocationId: number | null;
  unitCost: string;
  price: string | null;
  receivedQty: number | null;
  countedQty: number | null;
};
export type LocationOption = { id: number; code: string; name: string | null };
export type DocView = DocRow & {
  type: WmsDocType;
  lines: DocLineView[];
  history: EventView[];
  moves: WmsMove[];
  /** The locations a post or a receipt may choose (the entry's warehouse, the transfer's receiving one). */
  locations: LocationOption[];
  showBook: boolean;
  frozenAt: string | null;
  assignee: string | null;
  customer: { name: string | null; phone: string | null; payment: string | null; amount: string | null };
  /** Lines posted into the ledger (document → ledger rows). */
  ledgerRows: number;
};

/** One document of the kind in the viewer's scope, or null (another company's: null, like a missing one). */
export async function docDetail(viewer: Viewer, type: WmsDocType, id: number): Promise<DocView | null> {
  const doc = await db().wmsDocument.findFirst({
    where: { AND: [{ id, type }, await docWhere(viewer)] },
    select: {
      ...LIST_SELECT,
      toCompanyId: true,
      warehouseId: true,
      toWarehouseId: true,
      showBook: true,
      frozenAt: true,
      customerName: true,
      customerPhone: true,
      paymentMethod: true,
      amount: true,
      assignee: { select: { name: true } },
      lines: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          quantity: true,
          unitCost: true,
          price: true,
          receivedQty: true,
          countedQty: true,
          toLocationId: true,
          vehicleId: true,
          goods: { select: { id: true, code: true, nameEn: true, nameZh: true, kind: true } },
          vehicle: { select: { vin: true } },
          fromLocationId: true,
        },
      },
    },
  });
  if (!doc) return null;
  const companyId = viewer.userType === "DEALER" ? (viewer.company?.id ?? null) : null;
  const locIds = [...new Set(doc.lines.flatMap((l) => [l.fromLocationId, l.toLocationId]).filter((x): x is number => x !== null))];
  const canAct = companyId !== null && hasPermission(viewer, DOC_PERMISSION[type]);
  const side = companyId === doc.companyId && companyId === doc.toCompanyId ? "both" : companyId === doc.companyId ? "from" : "to";
  const moves = canAct ? wmsMovesFor(type, doc.status, side) : [];
  const pickFrom = moves.includes("receive") ? doc.toWarehouseId : moves.includes("post") && type === "ENTRY" ? doc.warehouseId : null;
  const [codes, history, locations, ledgerRows] = await Promise.all([
    db().warehouseLocation.findMany({ where: { id: { in: locIds } }, select: { id: true, code: true } }),
    statusHistory("WmsDocument", doc.id),
    pickFrom ? db().warehouseLocation.findMany({ where: { warehouseId: pickFrom, enabled: true }, orderBy: { code: "asc" }, select: { id: true, code: true, name: true } }) : [],
    db().stockLedger.count({ where: { documentId: doc.id } }),
  ]);
  const code = new Map(codes.map((c) => [c.id, c.code]));
  // Counters see the book quantity only when the stocktake says so (until it is posted).
  const hideBook = type === "STOCKTAKE" && !doc.showBook && doc.status === "COUNTING";
  return {
    ...toRow(doc, companyId),
    type,
    lines: doc.lines.map((l) => ({
      id: l.id,
      goods: l.goods,
      vin: l.vehicle?.vin.trim() ?? null,
      vehicleId: l.vehicleId,
      quantity: hideBook ? null : l.quantity,
      from: l.fromLocationId ? (code.get(l.fromLocationId) ?? null) : null,
      to: l.toLocationId ? (code.get(l.toLocationId) ?? null) : null,
      toLocationId: l.toLocationId,
      unitCost: l.unitCost.toFixed(2),
      price: l.price?.toFixed(2) ?? null,
      receivedQty: l.receivedQty,
      countedQty: l.countedQty,
    })),
    history,
    moves,
    locations,
    showBook: doc.showBook,
    frozenAt: doc.frozenAt?.toISOString() ?? null,
    assignee: doc.assignee?.name ?? null,
    customer: { name: doc.customerName, phone: doc.customerPhone, payment: doc.paymentMethod, amount: doc.amount?.toFixed(2) ?? null },
    ledgerRows,
  };
}

export type DocRouteData = { kind: "list"; list: DocPage; canCreate: boolean } | { kind: "detail"; doc: DocView } | { kind: "missing" };

/** The route's data: the document at ?id= (outside the scope: missing), else the filtered list. */
export async function loadDocRoute(viewer: Viewer, type: WmsDocType, url: URL | URLSearchParams): Promise<DocRouteData> {
  const p = url instanceof URL ? url.searchParams : url;
  const id = p.get("id");
  if (id !== null) {
    const doc = await docDetail(viewer, type, int4Id(id) ?? -1);
    return doc ? { kind: "detail", doc } : { kind: "missing" };
  }
  const canCreate = viewer.userType === "DEALER" && !!viewer.company && hasPermission(viewer, DOC_PERMISSION[type]);
  return { kind: "list", list: await listDocs(viewer, type, parseDocFilters(p)), canCreate };
}
