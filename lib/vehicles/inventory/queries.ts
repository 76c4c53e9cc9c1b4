import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { text } from "@/lib/core/list-params";
import { ForbiddenError, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { decodeCatalogCursor, idParam } from "@/lib/mall/goods/schemas";
import { cappedTotal, COUNT_CAP, decodeKeyCursor, encodeKeyCursor } from "@/lib/list/keyset";
import { afterKeyWhere } from "@/lib/list/prisma";
import { orderScope } from "@/lib/mall/orders/service";
import { fileUrl } from "@/lib/uploads/formats";
import { AVAILABLE, FACTORY_SIDE, INVENTORY_PAGE_SIZE, isFactorySide, VIN_PAGE_SIZE, type FactorySideStatus, type InventoryFilters } from "./schemas";
import { dateToMinute } from "../schemas";

// Available inventory (onlineMall/car/inventory): the vehicles dealers can order, one group per
// vehicle goods (a model + a configuration) with its picture and counts. Dealers see goods on
// sale and their "current inventory", goods.stock (the units still orderable); staff see every
// vehicle goods with its factory-side vehicles counted per status, and page through the VINs.
// Factory-side vehicles belong to no company yet (companyId is set on receipt), so every staff
// viewer may see them; an order number is shown only when the order is in the viewer's scope.
// Queries: the page by keyset on (sort, id), a capped count, the model choices, and for staff
// one grouped count over the page's goods: constant whatever the page size.

export const INVENTORY_ROUTE = "onlineMall/car/inventory";

export type Named = { id: number; code: string; nameEn: string; nameZh: string };
export type StatusCounts = Record<FactorySideStatus, number>;

export type InventoryGroup = {
  goodsId: number;
  code: string;
  nameEn: string;
  nameZh: string;
  model: Named | null;
  carGroup: Named | null;
  config: string | null;
  /** Decimal text with two places. */
  price: string;
  /** Units still orderable: a dealer's "current inventory". */
  stock: number;
  minOrderQty: number;
  onSale: boolean;
  thumbUrl: string | null;
  /** Staff only: vehicles at the factory side per status. */
  counts: StatusCounts | null;
};

export type InventoryData = {
  staff: boolean;
  filters: InventoryFilters;
  models: Omit<Named, "code">[];
  groups: InventoryGroup[];
  /** Cursor of the next page, null on the last. */
  next: string | null;
  total: { count: number; capped: boolean };
  can: { addToCart: boolean; import: boolean; vins: boolean };
};

export type InventoryVin = { vin: string; colour: string | null; status: FactorySideStatus; /** Beijing "YYYY-MM-DD HH:mm". */ entryAt: string; orderNo: string | null };
export type InventoryVinPage = { rows: InventoryVin[]; next: string | null };

const isStaff = (viewer: Viewer) => viewer.userType !== "DEALER";

export function parseInventoryFilters(p: URLSearchParams, staff: boolean): InventoryFilters {
  const status = p.get("status");
  const cursor = text(p, "cursor", 20);
  return {
    model: idParam(p.get("model")),
    config: text(p, "config", 50),
    status: staff ? (isFactorySide(status) ? status : "") : status === AVAILABLE ? AVAILABLE : "",
    cursor: decodeCatalogCursor(cursor) ? cursor : "",
  };
}

/** The vehicle goods a viewer may see here: dealers, those on sale; staff, all. */
function baseWhere(viewer: Viewer): Prisma.GoodsWhereInput {
  return isStaff(viewer) ? { kind: "VEHICLE" } : { kind: "VEHICLE", onSale: true };
}

function groupWhere(viewer: Viewer, f: InventoryFilters): Prisma.GoodsWhereInput {
  const and: Prisma.GoodsWhereInput[] = [baseWhere(viewer)];
  if (f.model) and.push({ vehicleModelId: f.model });
  if (f.config) and.push({ config: { contains: f.config, mode: "insensitive" } });
  if (isFactorySide(f.status)) and.push({ vehicles: { some: { status: f.status } } });
  if (f.status === AVAILABLE) and.push({ stock: { gt: 0 } });
  return { AND: and };
}

const NAMED = { id: true, code: true, nameEn: true, nameZh: true } as const;
const GROUP_SELECT = {
  id: true,
  code: true,
  nameEn: true,
  nameZh: true,
  config: true,
  price: true,
  stock: true,
  minOrderQty: true,
  onSale: true,
  sort: true,
  coverId: true,
  carGroup: { select: NAMED },
  vehicleModel: { select: NAMED },
} as const;

const zeroCounts = (): StatusCounts => ({ FACTORY_STOCK: 0, ALLOCATED: 0, IN_TRANSIT: 0 });

/** Factory-side vehicles of these goods per status, in one grouped query. */
export async function factoryCounts(goodsIds: number[]): Promise<Map<number, StatusCounts>> {
  const out = new Map<number, StatusCounts>(goodsIds.map((id) => [id, zeroCounts()]));
  if (!goodsIds.length) return out;
  const rows = await db().vehicle.groupBy({ by: ["goodsId", "status"], where: { goodsId: { in: goodsIds }, status: { in: [...FACTORY_SIDE] } }, _count: { _all: true } });
  for (const r of rows) if (isFactorySide(r.status)) out.get(r.goodsId)![r.status] = r._count._all;
  return out;
}

/** The screen as its URL asks (`model`, `config`, `status`, `cursor`). The caller has checked
 * the screen (requireScreen or the server loader). */
export async function loadInventory(viewer: Viewer, url: URL | URLSearchParams): Promise<InventoryData> {
  const staff = isStaff(viewer);
  const filters = parseInventoryFilters(url instanceof URL ? url.searchParams : url, staff);
  const where = groupWhere(viewer, filters);
  const after = afterKeyWhere<Prisma.GoodsWhereInput>(decodeCatalogCursor(filters.cursor), "sort");
  const pageWhere: Prisma.GoodsWhereInput = after ? { AND: [where, after] } : where;
  const [rows, count, models] = await Promise.all([
    db().goods.findMany({ where: pageWhere, orderBy: [{ sort: "asc" }, { id: "asc" }], take: INVENTORY_PAGE_SIZE + 1, select: GROUP_SELECT }),
    // In the page's order: Prisma orders a counted subquery with `take` by id otherwise, and that
    // sort reads every matching goods before the cap.
    db().goods.count({ where, take: COUNT_CAP + 1, orderBy: [{ sort: "asc" }, { id: "asc" }] }),
    db().vehicleModel.findMany({
      where: { goods: { some: baseWhere(viewer) } },
      orderBy: [{ sort: "asc" }, { id: "asc" }],
      take: 500,
      select: { id: true, nameEn: true, nameZh: true },
    }),
  ]);
  const page = rows.slice(0, INVENTORY_PAGE_SIZE);
  const counts = staff ? await factoryCounts(page.map((g) => g.id)) : null;
  const last = page[page.length - 1];
  return {
    staff,
    filters,
    models,
    groups: page.map((g) => ({
      goodsId: g.id,
      code: g.code,
      nameEn: g.nameEn,
      nameZh: g.nameZh,
      model: g.vehicleModel,
      carGroup: g.carGroup,
      config: g.config,
      price: g.price.toFixed(2),
      stock: g.stock,
      minOrderQty: g.minOrderQty,
      onSale: g.onSale,
      thumbUrl: g.coverId ? fileUrl(g.coverId, true) : null,
      counts: counts?.get(g.id) ?? null,
    })),
    next: rows.length > INVENTORY_PAGE_SIZE && last ? encodeKeyCursor(last.sort, last.id) : null,
    total: cappedTotal(count),
    can: {
      addToCart: !staff && !!viewer.company && hasPermission(viewer, "cart:add"),
      import: staff && hasPermission(viewer, "vehicle:import"),
      vins: staff,
    },
  };
}

/** "<entry ms>_<vehicle id>" of the last VIN shown (a key cursor on the entry time). */
function decodeVinCursor(raw: string | null | undefined): { key: Date; id: number } | null {
  const c = decodeKeyCursor(raw);
  const at = c && new Date(c.key);
  return c && at && !Number.isNaN(at.getTime()) ? { key: at, id: c.id } : null;
}

/** Staff only: one page of the VINs of a vehicle goods at the factory side, oldest entry first,
 * after the cursor. Each status is read in index order (goodsId, status, entryAt, id) and the
 * lists merged, so a page costs the same few queries however many vehicles wait. */
export async function inventoryVins(viewer: Viewer, goodsId: number, opts: { status?: FactorySideStatus | null; after?: string | null } = {}): Promise<InventoryVinPage> {
  if (!isStaff(viewer) || !(await canOpenRoute(viewer, INVENTORY_ROUTE))) throw new ForbiddenError(INVENTORY_ROUTE);
  const goods = await db().goods.findFirst({ where: { id: goodsId, kind: "VEHICLE" }, select: { id: true } });
  if (!goods) throw new NotFoundError();
  const keyset = afterKeyWhere<Prisma.VehicleWhereInput>(decodeVinCursor(opts.after), "entryAt") ?? {};
  const statuses = opts.status ? [opts.status] : [...FACTORY_SIDE];
  const lists = await Promise.all(
    statuses.map((status) =>
      db().vehicle.findMany({
        where: { goodsId, status, ...keyset },
        orderBy: [{ entryAt: "asc" }, { id: "asc" }],
        take: VIN_PAGE_SIZE + 1,
        select: { id: true, vin: true, colour: true, status: true, entryAt: true, orderId: true },
      }),
    ),
  );
  const merged = lists.flat().sort((a, b) => a.entryAt.getTime() - b.entryAt.getTime() || a.id - b.id);
  const page = merged.slice(0, VIN_PAGE_SIZE);
  const orderIds = [...new Set(page.map((v) => v.orderId).filter((id): id is number => id !== null))];
  const orders = orderIds.length ? await db().order.findMany({ where: { AND: [{ id: { in: orderIds } }, await orderScope(viewer)] }, select: { id: true, orderNo: true } }) : [];
  const orderNo = new Map(orders.map((o) => [o.id, o.orderNo]));
  const last = page[page.length - 1];
  return {
    rows: page.map((v) => ({
      vin: v.vin,
      colour: v.colour,
      status: v.status as FactorySideStatus,
      entryAt: dateToMinute(v.entryAt),
      orderNo: v.orderId !== null ? (orderNo.get(v.orderId) ?? null) : null,
    })),
    next: merged.length > VIN_PAGE_SIZE && last ? encodeKeyCursor(last.entryAt.getTime(), last.id) : null,
  };
}
