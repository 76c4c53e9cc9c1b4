import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

// What the document forms offer, for the signed-in dealer's company only: its warehouses and
// their locations, goods to put in (by code or name), and stock to take out of a warehouse
// (on-hand rows with free stock, oldest first: first in, first out), 20 at a time.

export type WarehouseOption = { id: number; code: string; name: string; locations: { id: number; code: string }[] };

export async function warehouseOptions(companyId: number): Promise<WarehouseOption[]> {
  const rows = await db().warehouse.findMany({
    where: { companyId, enabled: true },
    orderBy: [{ isDefault: "desc" }, { code: "asc" }],
    take: 200,
    select: { id: true, code: true, name: true, locations: { where: { enabled: true }, orderBy: { code: "asc" }, select: { id: true, code: true }, take: 500 } },
  });
  return rows;
}

/** The companies a transfer may go to: the signed-in one and the rest of the user's dealer group, with their warehouses. */
export async function transferTargets(viewer: Viewer): Promise<{ id: number; code: string; name: string; warehouses: WarehouseOption[] }[]> {
  const ids = viewer.companies.map((c) => c.id);
  const active = await db().company.findMany({ where: { id: { in: ids }, status: "ACTIVE" }, select: { id: true, code: true, nameEn: true, nameZh: true } });
  return Promise.all(active.map(async (c) => ({ id: c.id, code: c.code, name: `${c.nameEn} / ${c.nameZh}`, warehouses: await warehouseOptions(c.id) })));
}

export type GoodsOption = { id: number; code: string; nameEn: string; nameZh: string; price: string };

/** Parts and derivatives by code prefix or part of a name (vehicles enter from their orders). */
export async function searchGoods(q: string): Promise<GoodsOption[]> {
  const s = q.trim();
  const where: Prisma.GoodsWhereInput = {
    kind: { in: ["PART", "DERIVATIVE"] },
    ...(s ? { OR: [{ code: { startsWith: s, mode: "insensitive" } }, { nameEn: { contains: s, mode: "insensitive" } }, { nameZh: { contains: s } }] } : {}),
  };
  const rows = await db().goods.findMany({ where, orderBy: [{ code: "asc" }], take: 20, select: { id: true, code: true, nameEn: true, nameZh: true, price: true } });
  return rows.map((g) => ({ ...g, price: g.price.toFixed(2) }));
}

/** The goods of an exact scanned code that an entry may put in (parts and derivatives); a
 * vehicle's code and an unknown one are refused by name (the scan input shows the message). */
export async function goodsByCode(code: string): Promise<GoodsOption> {
  const g = await db().goods.findUnique({ where: { code }, select: { id: true, code: true, nameEn: true, nameZh: true, price: true, kind: true } });
  if (!g) throw new DomainError("Scan.unknown", { code }, "code", 404);
  if (g.kind !== "PART" && g.kind !== "DERIVATIVE") throw new DomainError("Scan.vehicle", { code: g.code }, "code");
  return { id: g.id, code: g.code, nameEn: g.nameEn, nameZh: g.nameZh, price: g.price.toFixed(2) };
}

export type StockOption = {
  goodsId: number;
  code: string;
  nameEn: string;
  nameZh: string;
  kind: string;
  locationId: number;
  location: string;
  available: number;
  vehicles: { id: number; vin: string }[];
};

/** Free stock of a company's warehouse matching `q`, first in first out. */
export async function searchStock(companyId: number, warehouseId: number, q: string): Promise<StockOption[]> {
  const s = q.trim();
  const rows = await db().stockOnHand.findMany({
    where: {
      companyId,
      warehouseId,
      quantity: { gt: 0 },
      ...(s ? { goods: { OR: [{ code: { startsWith: s, mode: "insensitive" } }, { nameEn: { contains: s, mode: "insensitive" } }, { nameZh: { contains: s } }] } } : {}),
    },
    orderBy: [{ firstInAt: "asc" }, { id: "asc" }],
    take: 20,
    select: {
      goodsId: true,
      locationId: true,
      quantity: true,
      reserved: true,
      goods: { select: { code: true, nameEn: true, nameZh: true, kind: true } },
      location: { select: { code: true, vehicles: { where: { status: "IN_STOCK", companyId }, select: { id: true, vin: true, goodsId: true }, take: 50 } } },
    },
  });
  return rows
    .map((r) => ({
      goodsId: r.goodsId,
      code: r.goods.code,
      nameEn: r.goods.nameEn,
      nameZh: r.goods.nameZh,
      kind: r.goods.kind,
      locationId: r.locationId,
      location: r.location.code,
      available: r.quantity - r.reserved,
      vehicles: r.location.vehicles.filter((v) => v.goodsId === r.goodsId).map((v) => ({ id: v.id, vin: v.vin.trim() })),
    }))
    .filter((r) => r.available > 0);
}
