import "server-only";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { companyFilter } from "@/lib/list/prisma";
import { companyRowWhere } from "@/lib/wms/access";
import type { WarehouseTypeValue } from "./options";

// The warehouse screen's reads (customerWms/warehouse) and the REST list: a dealer's own
// company's warehouses, staff's data scope (lib/wms/access.ts). A company keeps a handful of
// warehouses, so the list is a small bounded one: offset pages with an exact count, no keyset
// (docs/ARCHITECTURE.md "The record-list kit"); staff across many companies page the same way.

export const PAGE_SIZE = 20;

export type WarehouseRow = {
  id: number;
  code: string;
  name: string;
  type: WarehouseTypeValue;
  address: string | null;
  keeper: string | null;
  phone: string | null;
  enabled: boolean;
  isDefault: boolean;
  company: { code: string; nameEn: string; nameZh: string };
  locations: number;
  onHand: number;
};
export type LocationRow = { id: number; code: string; name: string | null; enabled: boolean; onHand: number };
export type WarehouseFilters = { company: string; page: number };
export type WarehouseList = { rows: WarehouseRow[]; total: number; page: number; pageSize: number; filters: WarehouseFilters };

const select = {
  id: true,
  code: true,
  name: true,
  type: true,
  address: true,
  keeper: true,
  phone: true,
  enabled: true,
  isDefault: true,
  company: { select: { code: true, nameEn: true, nameZh: true } },
  _count: { select: { locations: true } },
} satisfies Prisma.WarehouseSelect;
type Selected = Prisma.WarehouseGetPayload<{ select: typeof select }>;

/** Whether the viewer may change warehouses (what the screen's buttons follow; the services check again). */
export const canManageWarehouses = (viewer: Viewer) => viewer.userType === "DEALER" && !!viewer.company && hasPermission(viewer, "warehouse:manage");

async function sums(by: "warehouseId" | "locationId", ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const where = by === "warehouseId" ? { warehouseId: { in: ids } } : { locationId: { in: ids } };
  const rows = await db().stockOnHand.groupBy({ by: [by], where, _sum: { quantity: true } });
  return new Map(rows.map((r) => [(r as Record<typeof by, number>)[by], r._sum.quantity ?? 0]));
}

function row(w: Selected, onHand: Map<number, number>): WarehouseRow {
  const { _count, ...rest } = w;
  return { ...rest, locations: _count.locations, onHand: onHand.get(w.id) ?? 0 };
}

export function parseWarehouseFilters(params: URLSearchParams): WarehouseFilters {
  const page = Number(params.get("page"));
  return { company: (params.get("company") ?? "").trim().slice(0, 50), page: Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1 };
}

/** A page of the viewer's warehouses: the default first, then by code. */
export async function listWarehouses(viewer: Viewer, filters: WarehouseFilters): Promise<WarehouseList> {
  const scope = await companyRowWhere(viewer);
  const where: Prisma.WarehouseWhereInput = { AND: [scope, viewer.userType !== "DEALER" && filters.company ? { company: companyFilter(filters.company) } : {}] };
  const [found, total] = await Promise.all([
    db().warehouse.findMany({
      where,
      select,
      orderBy: [{ company: { code: "asc" } }, { isDefault: "desc" }, { code: "asc" }],
      skip: (filters.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    }),
    db().warehouse.count({ where }),
  ]);
  const onHand = await sums(
    "warehouseId",
    found.map((w) => w.id),
  );
  return { rows: found.map((w) => row(w, onHand)), total, page: filters.page, pageSize: PAGE_SIZE, filters };
}

/** One warehouse with its locations; another company's (or outside staff's scope) is a 404. */
export async function warehouseDetail(viewer: Viewer, id: number): Promise<{ warehouse: WarehouseRow; locations: LocationRow[] }> {
  const w = await db().warehouse.findFirst({ where: { AND: [{ id }, await companyRowWhere(viewer)] }, select });
  if (!w) throw new NotFoundError();
  const locations = await db().warehouseLocation.findMany({ where: { warehouseId: id }, select: { id: true, code: true, name: true, enabled: true }, orderBy: { code: "asc" } });
  const [byWarehouse, byLocation] = await Promise.all([
    sums("warehouseId", [id]),
    sums(
      "locationId",
      locations.map((l) => l.id),
    ),
  ]);
  return { warehouse: row(w, byWarehouse), locations: locations.map((l) => ({ ...l, onHand: byLocation.get(l.id) ?? 0 })) };
}

export type WarehouseRoute =
  | { kind: "list"; list: WarehouseList; dealer: boolean; canManage: boolean }
  | { kind: "detail"; detail: Awaited<ReturnType<typeof warehouseDetail>>; dealer: boolean; canManage: boolean }
  | { kind: "missing" };

/** The screen's loader: the list, or one warehouse at ?id= (not visible or not an id: missing). */
export async function loadWarehouseRoute(viewer: Viewer, url: URL): Promise<WarehouseRoute> {
  const dealer = viewer.userType === "DEALER";
  const canManage = canManageWarehouses(viewer);
  const raw = url.searchParams.get("id");
  if (raw !== null) {
    const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) return { kind: "missing" };
    try {
      return { kind: "detail", detail: await warehouseDetail(viewer, id), dealer, canManage };
    } catch (err) {
      if (err instanceof NotFoundError) return { kind: "missing" };
      throw err;
    }
  }
  return { kind: "list", list: await listWarehouses(viewer, parseWarehouseFilters(url.searchParams)), dealer, canManage };
}

/** Every warehouse the viewer sees with its locations and on-hand quantities (GET /api/v1/wms/warehouses). */
export async function warehousesWithLocations(viewer: Viewer) {
  const found = await db().warehouse.findMany({
    where: await companyRowWhere(viewer),
    select: { ...select, locations: { select: { id: true, code: true, name: true, enabled: true }, orderBy: { code: "asc" } } },
    orderBy: [{ company: { code: "asc" } }, { isDefault: "desc" }, { code: "asc" }],
    // A company keeps a handful; staff over a wide scope get the first 500.
    take: 500,
  });
  const [byWarehouse, byLocation] = await Promise.all([
    sums(
      "warehouseId",
      found.map((w) => w.id),
    ),
    sums(
      "locationId",
      found.flatMap((w) => w.locations.map((l) => l.id)),
    ),
  ]);
  return found.map((w) => {
    const { locations, ...rest } = w;
    return { ...row(rest, byWarehouse), locationList: locations.map((l) => ({ ...l, onHand: byLocation.get(l.id) ?? 0 })) };
  });
}
