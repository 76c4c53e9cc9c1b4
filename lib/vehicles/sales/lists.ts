import "server-only";
import { dayEnd, dayStart } from "@/lib/core/list-params";
import { defineResource } from "@/lib/admin/resource";
import type { FilterValue } from "@/lib/admin/list-query";
import { companyWhereFor, resolveScope } from "@/lib/access/scope";
import type { Viewer } from "@/lib/auth/viewer";
import { dicts } from "@/lib/dict/dict";
import type { DictItemView } from "@/lib/dict/items";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { companyFilter, readKeysetPage } from "@/lib/list/prisma";
import { dateToMinute } from "../schemas";
import { normalizeVin } from "../vin";

// The dealer's retail sales (car/vehicleSales) and car returns (car/carReturn) as resources:
// their filters and export (the screens' lists are ./queries.ts, over the same `where`). A
// dealer lists its own company's sales; staff and administrators every dealer's in their data
// scope (lib/access/scope.ts), with the dealer's column and a dealer filter. The owner's ID
// number is only ever its stored masked form and the phone is masked here, in the list and the
// export alike, for staff as for the dealer: the sealed ID is never opened for a list. Each page
// is two queries (rows with their vehicle, dealer and recorder joined, and the count) on the
// indexes VehicleSale(companyId, soldAt, id) and (companyId, returnedAt, id) for a dealer, and
// (soldAt, id) and (returnedAt, id) for the network; dictionaries are cached.

type Filters = Record<string, FilterValue>;
export const MAX_SALES_PAGE = 100;
/** A dictionary value with its labels, so the browser and the export need no dictionary. */
export type Labelled = { value: string; en: string; zh: string };

/** The dealer company a sale belongs to (staff lists show it; the export always does). */
export type SaleDealer = { code: string; nameEn: string; nameZh: string };

export type VehicleSaleRow = {
  id: number;
  dealer: SaleDealer;
  vin: string;
  modelEn: string;
  modelZh: string;
  config: string | null;
  /** "YYYY-MM-DD HH:mm", Beijing time. */
  soldAt: string;
  ownerName: string;
  /** Masked: 138****0000. */
  phone: string;
  sex: Labelled | null;
  age: number | null;
  idType: Labelled;
  /** Masked as stored: 110***********002X. */
  idNumber: string;
  warrantyStart: string;
  warrantyEnd: string;
  createdBy: string;
  returned: boolean;
  returnedAt: string | null;
};

export type CarReturnRow = {
  id: number;
  dealer: SaleDealer;
  vin: string;
  modelEn: string;
  modelZh: string;
  config: string | null;
  soldAt: string;
  returnedAt: string;
  reason: string;
  returnedBy: string;
  /** When the return was entered (the return date may be earlier). */
  recordedAt: string | null;
};

/** A phone number with its middle hidden: the first 3 and last 4 digits stay (138****0000). */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p.length <= 4) return "*".repeat(p.length);
  if (p.length < 8) return "*".repeat(p.length - 2) + p.slice(-2);
  return p.slice(0, 3) + "*".repeat(p.length - 7) + p.slice(-4);
}

function text(f: Filters, name: string): string | null {
  const v = f[name];
  return typeof v === "string" && v ? v : null;
}

function range(f: Filters, name: string): { gte?: Date; lt?: Date } | null {
  const v = f[name];
  if (!v || typeof v !== "object") return null;
  const gte = dayStart(v.from) ?? undefined;
  const lt = dayEnd(v.to) ?? undefined;
  return gte || lt ? { gte, lt } : null;
}

/**
 * Whose sales the viewer lists: a dealer its own company's (the dealer filter means nothing to
 * it); staff and administrators the companies of their data scope, narrowed by the dealer
 * filter (code prefix or part of a name).
 */
async function whoseSales(viewer: Viewer, f: Filters): Promise<Prisma.VehicleSaleWhereInput> {
  const scope = await resolveScope(viewer);
  if (scope.kind === "company") return { companyId: scope.companyId };
  const dealer = text(f, "company");
  const inScope = companyWhereFor(viewer, scope);
  if (scope.kind === "all") return dealer ? { company: companyFilter(dealer) } : {};
  return { company: dealer ? { AND: [inScope, companyFilter(dealer)] } : inScope };
}

async function saleWhere(viewer: Viewer, f: Filters, returnsOnly: boolean): Promise<Prisma.VehicleSaleWhereInput> {
  const whose = await whoseSales(viewer, f);
  const vin = text(f, "vin");
  const owner = text(f, "ownerName");
  const sold = range(f, "soldAt");
  const returned = range(f, "returnedAt");
  return {
    ...whose,
    ...(vin ? { vehicle: { vin: { contains: normalizeVin(vin) } } } : {}),
    ...(owner ? { ownerName: { contains: owner, mode: "insensitive" as const } } : {}),
    ...(sold ? { soldAt: sold } : {}),
    // A return list, or the sale list's "returned" filter.
    ...(returnsOnly ? { returnedAt: returned ?? { not: null } } : typeof f.returned === "boolean" ? { returnedAt: f.returned ? { not: null } : null } : {}),
  };
}

const CAR = { vin: true, goods: { select: { config: true } }, vehicleModel: { select: { nameEn: true, nameZh: true } } } as const;
const DEALER = { select: { code: true, nameEn: true, nameZh: true } } as const;
export const SALE_SELECT = {
  id: true,
  company: DEALER,
  soldAt: true,
  ownerName: true,
  phone: true,
  age: true,
  sex: true,
  idType: true,
  idNumberMasked: true,
  warrantyStart: true,
  warrantyEnd: true,
  returnedAt: true,
  vehicle: { select: CAR },
  createdBy: { select: { name: true } },
} as const;
export const RETURN_SELECT = {
  id: true,
  company: DEALER,
  soldAt: true,
  returnedAt: true,
  returnReason: true,
  returnRecordedAt: true,
  vehicle: { select: CAR },
  returnedBy: { select: { name: true } },
} as const;
type RawSale = Prisma.VehicleSaleGetPayload<{ select: typeof SALE_SELECT }>;
type RawReturn = Prisma.VehicleSaleGetPayload<{ select: typeof RETURN_SELECT }>;

const day = (d: Date) => d.toISOString().slice(0, 10);
const car = (v: RawSale["vehicle"]) => ({ vin: v.vin, modelEn: v.vehicleModel.nameEn, modelZh: v.vehicleModel.nameZh, config: v.goods.config });

function labelled(items: readonly DictItemView[], value: string): Labelled {
  const i = items.find((x) => x.value === value);
  return { value, en: i?.labelEn ?? value, zh: i?.labelZh ?? value };
}

export async function toSaleRows(rows: RawSale[]): Promise<VehicleSaleRow[]> {
  if (!rows.length) return [];
  const d = await dicts(["sex", "id_type"] as const, { includeDisabled: true });
  return rows.map((r) => ({
    id: r.id,
    dealer: r.company,
    ...car(r.vehicle),
    soldAt: dateToMinute(r.soldAt),
    ownerName: r.ownerName,
    phone: maskPhone(r.phone),
    sex: r.sex ? labelled(d.sex, r.sex) : null,
    age: r.age,
    idType: labelled(d.id_type, r.idType),
    idNumber: r.idNumberMasked,
    warrantyStart: day(r.warrantyStart),
    warrantyEnd: day(r.warrantyEnd),
    createdBy: r.createdBy.name,
    returned: r.returnedAt !== null,
    returnedAt: r.returnedAt ? dateToMinute(r.returnedAt) : null,
  }));
}

export function toReturnRow(r: RawReturn): CarReturnRow {
  return {
    id: r.id,
    dealer: r.company,
    ...car(r.vehicle),
    soldAt: dateToMinute(r.soldAt),
    returnedAt: r.returnedAt ? dateToMinute(r.returnedAt) : "",
    reason: r.returnReason ?? "",
    returnedBy: r.returnedBy?.name ?? "",
    recordedAt: r.returnRecordedAt ? dateToMinute(r.returnRecordedAt) : null,
  };
}

const dealerName = (d: SaleDealer, zh: boolean) => `${d.code} ${zh ? d.nameZh : d.nameEn}`;
const carType = (r: { modelEn: string; modelZh: string; config: string | null }, zh: boolean) => [zh ? r.modelZh : r.modelEn, r.config].filter(Boolean).join(" · ");
const after = (where: Prisma.VehicleSaleWhereInput, key: string | number | null): Prisma.VehicleSaleWhereInput =>
  key === null ? where : { AND: [where, { id: { gt: Number(key) } }] };

export const vehicleSaleResource = defineResource<VehicleSaleRow, Prisma.VehicleSaleWhereInput>({
  name: "vehicleSales",
  route: "car/vehicleSales",
  labels: "VehicleSales",
  spec: {
    filters: [
      { name: "vin", type: "text", max: 17 },
      { name: "company", type: "text", max: 50 },
      { name: "ownerName", type: "text", max: 50 },
      { name: "soldAt", type: "dateRange" },
      { name: "returned", type: "boolean" },
    ],
    sorts: ["soldAt"],
    defaultSort: { field: "soldAt", order: "desc" },
  },
  permissions: { export: "vehicle:export" },
  where: (viewer, f) => saleWhere(viewer, f, false),
  keyset: async (where, q) => {
    const page = await readKeysetPage(
      q,
      "soldAt",
      where,
      (a) => db().vehicleSale.findMany({ ...a, select: SALE_SELECT }),
      (a) => db().vehicleSale.count(a),
      { maxSize: MAX_SALES_PAGE },
    );
    return { ...page, rows: await toSaleRows(page.rows) };
  },
  count: (where) => db().vehicleSale.count({ where }),
  batch: async (where, key, take) => toSaleRows(await db().vehicleSale.findMany({ where: after(where, key), orderBy: { id: "asc" }, take, select: SALE_SELECT })),
  key: (r) => r.id,
  exportColumns: [
    { key: "dealer", width: 30, value: (r, c) => dealerName(r.dealer, c.zh) },
    { key: "vin", width: 22, value: (r) => r.vin },
    { key: "carType", width: 30, value: (r, c) => carType(r, c.zh) },
    { key: "soldAt", width: 18, value: (r) => r.soldAt },
    { key: "ownerName", width: 16, value: (r) => r.ownerName },
    { key: "phone", width: 15, value: (r) => r.phone },
    { key: "sex", width: 8, value: (r, c) => (r.sex ? (c.zh ? r.sex.zh : r.sex.en) : null) },
    { key: "age", width: 6, value: (r) => r.age },
    { key: "idType", width: 16, value: (r, c) => (c.zh ? r.idType.zh : r.idType.en) },
    { key: "idNumber", width: 22, value: (r) => r.idNumber },
    { key: "warrantyStart", width: 12, value: (r) => r.warrantyStart },
    { key: "warrantyEnd", width: 12, value: (r) => r.warrantyEnd },
    { key: "createdBy", width: 16, value: (r) => r.createdBy },
    { key: "status", width: 10, value: (r, c) => c.t(r.returned ? "VehicleSales.status.returned" : "VehicleSales.status.sold") },
    { key: "returnedAt", width: 18, value: (r) => r.returnedAt },
  ],
});

export const carReturnResource = defineResource<CarReturnRow, Prisma.VehicleSaleWhereInput>({
  name: "carReturns",
  route: "car/carReturn",
  labels: "CarReturns",
  spec: {
    filters: [
      { name: "vin", type: "text", max: 17 },
      { name: "company", type: "text", max: 50 },
      { name: "returnedAt", type: "dateRange" },
    ],
    sorts: ["returnedAt"],
    defaultSort: { field: "returnedAt", order: "desc" },
  },
  permissions: { export: "vehicle:export" },
  where: (viewer, f) => saleWhere(viewer, f, true),
  keyset: async (where, q) => {
    const page = await readKeysetPage(
      q,
      "returnedAt",
      where,
      (a) => db().vehicleSale.findMany({ ...a, select: RETURN_SELECT }),
      (a) => db().vehicleSale.count(a),
      { maxSize: MAX_SALES_PAGE },
    );
    return { ...page, rows: page.rows.map(toReturnRow) };
  },
  count: (where) => db().vehicleSale.count({ where }),
  batch: async (where, key, take) => (await db().vehicleSale.findMany({ where: after(where, key), orderBy: { id: "asc" }, take, select: RETURN_SELECT })).map(toReturnRow),
  key: (r) => r.id,
  exportColumns: [
    { key: "dealer", width: 30, value: (r, c) => dealerName(r.dealer, c.zh) },
    { key: "vin", width: 22, value: (r) => r.vin },
    { key: "carType", width: 30, value: (r, c) => carType(r, c.zh) },
    { key: "soldAt", width: 18, value: (r) => r.soldAt },
    { key: "returnedAt", width: 18, value: (r) => r.returnedAt },
    { key: "reason", width: 40, value: (r) => r.reason },
    { key: "returnedBy", width: 16, value: (r) => r.returnedBy },
    { key: "recordedAt", width: 18, value: (r) => r.recordedAt },
  ],
});
