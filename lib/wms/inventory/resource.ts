import "server-only";
import { defineResource } from "@/lib/admin/resource";
import type { FilterValue } from "@/lib/admin/list-query";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { GoodsKind } from "@/lib/generated/prisma/enums";
import { companyFilter, readKeysetPage } from "@/lib/list/prisma";
import { wmsCompanyWhere } from "../access";
import { INVENTORY_FILTERS } from "./options";

// customerWms/inventory's rows, written once for the list (./queries.ts pages them by keyset on
// StockOnHand(companyId, createdAt, id)) and its Excel export (/api/v1/admin/wmsInventory/export,
// lib/admin/resource.ts exportResource): the same `where` from the same query string. A dealer
// sees its signed-in company's stock, staff the companies of their data scope (read-only). A
// page's low-stock flags, company totals and VINs are three more queries whatever its size.

const NAMED = { nameEn: true, nameZh: true } as const;
export const MAX_INVENTORY_PAGE = 100;
export const ON_HAND_SELECT = {
  id: true,
  companyId: true,
  createdAt: true,
  quantity: true,
  reserved: true,
  value: true,
  warehouse: { select: { id: true, code: true, name: true, company: { select: { id: true, code: true, ...NAMED } } } },
  location: { select: { id: true, code: true } },
  goods: { select: { id: true, code: true, kind: true, ...NAMED } },
} as const;
type Raw = Prisma.StockOnHandGetPayload<{ select: typeof ON_HAND_SELECT }>;

export type InventoryRow = {
  id: number;
  createdAt: string;
  company: { id: number; code: string; nameEn: string; nameZh: string };
  warehouse: { id: number; code: string; name: string };
  location: { id: number; code: string };
  goods: { id: number; code: string; kind: GoodsKind; nameEn: string; nameZh: string };
  quantity: number;
  reserved: number;
  available: number;
  /** Decimal text, two places. */
  value: string;
  /** value / quantity, two places; null when nothing is on hand. */
  avgCost: string | null;
  /** The company's quantity of this goods across all its locations. */
  companyTotal: number;
  minQty: number | null;
  low: boolean;
  /** Vehicles: the VINs kept in this location. */
  vins: string[];
};

export const avgCost = (value: Prisma.Decimal | string, quantity: number): string | null => (quantity > 0 ? new Prisma.Decimal(value).div(quantity).toFixed(2) : null);

const idOf = (v: FilterValue | undefined): number | null => (typeof v === "string" && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null);
const str = (v: FilterValue | undefined): string => (typeof v === "string" ? v : "");

/** The viewer's on-hand rows: a dealer's company, staff's data scope (a company relation via the warehouse). */
export async function onHandScope(viewer: Viewer): Promise<Prisma.StockOnHandWhereInput> {
  if (viewer.userType === "DEALER") return { companyId: viewer.company?.id ?? -1 };
  const scope = await wmsCompanyWhere(viewer);
  return Object.keys(scope).length ? { warehouse: { company: scope } } : {};
}

/** The company ids a viewer's low-stock test may look at: null for all (staff without a restriction). */
async function scopeCompanyIds(viewer: Viewer): Promise<number[] | null> {
  if (viewer.userType === "DEALER") return [viewer.company?.id ?? -1];
  const scope = await wmsCompanyWhere(viewer);
  if (!Object.keys(scope).length) return null;
  return (await db().company.findMany({ where: scope, select: { id: true } })).map((c) => c.id);
}

/** The (company, goods) pairs in scope whose total on hand is below their minimum (minimums are set by hand: few). */
export async function lowPairs(viewer: Viewer): Promise<{ companyId: number; goodsId: number }[]> {
  const ids = await scopeCompanyIds(viewer);
  if (ids && !ids.length) return [];
  const inScope = ids ? Prisma.sql`m."companyId" = ANY(${ids})` : Prisma.sql`TRUE`;
  return db().$queryRaw<{ companyId: number; goodsId: number }[]>`
    SELECT m."companyId", m."goodsId" FROM "StockMinimum" m
    WHERE ${inScope}
      AND m."minQty" > COALESCE((SELECT SUM(s."quantity") FROM "StockOnHand" s WHERE s."companyId" = m."companyId" AND s."goodsId" = m."goodsId"), 0)`;
}

export async function inventoryWhere(viewer: Viewer, f: Record<string, FilterValue>): Promise<Prisma.StockOnHandWhereInput> {
  const staff = viewer.userType !== "DEALER";
  const warehouse = idOf(f.warehouse);
  const location = str(f.location);
  const goods = str(f.goods);
  const company = staff ? str(f.company) : "";
  const low = f.low === true ? await lowPairs(viewer) : null;
  return {
    AND: [
      await onHandScope(viewer),
      warehouse ? { warehouseId: warehouse } : {},
      location ? { location: { code: { startsWith: location, mode: "insensitive" } } } : {},
      goods ? { goods: { OR: [{ code: { startsWith: goods, mode: "insensitive" } }, { nameEn: { contains: goods, mode: "insensitive" } }, { nameZh: { contains: goods } }] } } : {},
      typeof f.kind === "string" ? { goods: { kind: f.kind as GoodsKind } } : {},
      f.hideZero === false ? {} : { quantity: { gt: 0 } },
      company ? { warehouse: { company: companyFilter(company) } } : {},
      low ? (low.length ? { OR: low.map((p) => ({ companyId: p.companyId, goodsId: p.goodsId })) } : { id: { in: [] } }) : {},
    ],
  };
}

/** A page's rows with their company totals, minimums and VINs (three queries for the page). */
export async function toInventoryRows(raw: Raw[]): Promise<InventoryRow[]> {
  if (!raw.length) return [];
  const pairs = [...new Map(raw.map((r) => [`${r.companyId}:${r.goods.id}`, { companyId: r.companyId, goodsId: r.goods.id }])).values()];
  const cars = raw.filter((r) => r.goods.kind === "VEHICLE");
  const [totals, minimums, vehicles] = await Promise.all([
    db().stockOnHand.groupBy({ by: ["companyId", "goodsId"], where: { OR: pairs }, _sum: { quantity: true } }),
    db().stockMinimum.findMany({ where: { OR: pairs }, select: { companyId: true, goodsId: true, minQty: true } }),
    cars.length
      ? db().vehicle.findMany({
          where: { locationId: { in: cars.map((r) => r.location.id) }, goodsId: { in: cars.map((r) => r.goods.id) } },
          select: { vin: true, locationId: true, goodsId: true },
          orderBy: { vin: "asc" },
        })
      : Promise.resolve([]),
  ]);
  const key = (c: number, g: number) => `${c}:${g}`;
  const total = new Map(totals.map((t) => [key(t.companyId, t.goodsId), t._sum.quantity ?? 0]));
  const min = new Map(minimums.map((m) => [key(m.companyId, m.goodsId), m.minQty]));
  return raw.map((r) => {
    const companyTotal = total.get(key(r.companyId, r.goods.id)) ?? 0;
    const minQty = min.get(key(r.companyId, r.goods.id)) ?? null;
    const { company, ...warehouse } = r.warehouse;
    return {
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      company,
      warehouse,
      location: r.location,
      goods: r.goods,
      quantity: r.quantity,
      reserved: r.reserved,
      available: r.quantity - r.reserved,
      value: r.value.toFixed(2),
      avgCost: avgCost(r.value, r.quantity),
      companyTotal,
      minQty,
      low: minQty !== null && companyTotal < minQty,
      vins: r.goods.kind === "VEHICLE" ? vehicles.filter((v) => v.locationId === r.location.id && v.goodsId === r.goods.id).map((v) => v.vin) : [],
    };
  });
}

const money = (v: string | null) => (v === null ? null : Number(v));

export const inventoryResource = defineResource<InventoryRow, Prisma.StockOnHandWhereInput>({
  name: "wmsInventory",
  route: "customerWms/inventory",
  labels: "WmsInventory",
  spec: INVENTORY_FILTERS,
  permissions: { export: "inventory:export" },
  where: inventoryWhere,
  keyset: async (where, q) => {
    const page = await readKeysetPage(
      q,
      "createdAt",
      where,
      (a) => db().stockOnHand.findMany({ ...a, select: ON_HAND_SELECT }),
      (a) => db().stockOnHand.count(a),
      { maxSize: MAX_INVENTORY_PAGE },
    );
    return { ...page, rows: await toInventoryRows(page.rows) };
  },
  count: (where) => db().stockOnHand.count({ where }),
  batch: async (where, after, take) =>
    toInventoryRows(
      await db().stockOnHand.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: ON_HAND_SELECT }),
    ),
  key: (r) => r.id,
  exportColumns: [
    { key: "company", width: 28, value: (r, c) => `${c.zh ? r.company.nameZh : r.company.nameEn} (${r.company.code})` },
    { key: "warehouse", width: 22, value: (r) => `${r.warehouse.name} (${r.warehouse.code})` },
    { key: "location", width: 12, value: (r) => r.location.code },
    { key: "goodsCode", width: 18, value: (r) => r.goods.code },
    { key: "goods", width: 30, value: (r, c) => (c.zh ? r.goods.nameZh : r.goods.nameEn) },
    { key: "kind", width: 12, value: (r, c) => c.t(`WmsInventory.kinds.${r.goods.kind}`) },
    { key: "quantity", width: 10, value: (r) => r.quantity },
    { key: "reserved", width: 10, value: (r) => r.reserved },
    { key: "available", width: 10, value: (r) => r.available },
    { key: "value", width: 14, numFmt: "#,##0.00", value: (r) => money(r.value) },
    { key: "avgCost", width: 14, numFmt: "#,##0.00", value: (r) => money(r.avgCost) },
    { key: "minQty", width: 10, value: (r) => r.minQty },
    { key: "low", width: 10, value: (r, c) => (r.low ? c.t("WmsInventory.lowStock") : "") },
    { key: "vins", width: 40, value: (r) => r.vins.join(", ") },
  ],
});
