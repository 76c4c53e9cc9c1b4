import "server-only";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import type { DictItemView } from "@/lib/dict/items";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { dayRangeWhere } from "@/lib/list/prisma";
import { todayInShanghai } from "@/lib/mall/orders/payments";
import { companyRowWhere, dealerCompany, docWhere } from "@/lib/wms/access";
import type { TSaleLookup } from "./schemas";

// The points of sale screen's reads (customerWms/pointOfSale): the outlets with today's counter
// sales, today's sales, a receipt, and the goods and locations a counter line takes (first in,
// first out). Dealers read their signed-in company, staff their data scope (lib/wms/access.ts);
// another company's outlet or receipt answers 404 like a missing one.

export const POS_ROUTE = "customerWms/pointOfSale";
/** A company has a handful of outlets: the list is one bounded query, no paging. */
export const MAX_OUTLETS = 200;
/** Today's sales shown under the outlets; the day's totals per outlet count them all. */
export const TODAY_CAP = 100;

export type OutletRow = {
  id: number;
  code: string;
  name: string;
  kind: string;
  address: string | null;
  contact: string | null;
  phone: string | null;
  warehouseId: number;
  warehouse: string;
  enabled: boolean;
  company: string;
  today: { count: number; amount: string };
};
export type SaleRow = { id: number; docNo: string; createdAt: string; outlet: string; amount: string; paymentMethod: string | null; customerName: string | null };
export type WarehouseOption = { id: number; code: string; name: string };

const OUTLET = {
  id: true,
  code: true,
  name: true,
  kind: true,
  address: true,
  contact: true,
  phone: true,
  warehouseId: true,
  enabled: true,
  warehouse: { select: { code: true, name: true } },
  company: { select: { code: true } },
} as const;

/** Today's instants in Asia/Shanghai. */
export function todayRange(now = new Date()): { gte: Date; lt: Date } {
  const day = todayInShanghai(now);
  return dayRangeWhere(day, day) as { gte: Date; lt: Date };
}

/** The viewer's outlets (staff: with the company), with today's count and total of counter sales per outlet. */
export async function listOutlets(viewer: Viewer, now = new Date()): Promise<OutletRow[]> {
  const rows = await db().pointOfSale.findMany({ where: await companyRowWhere(viewer), orderBy: [{ companyId: "asc" }, { code: "asc" }], take: MAX_OUTLETS, select: OUTLET });
  const stats = rows.length
    ? await db().wmsDocument.groupBy({
        by: ["posId"],
        where: { posId: { in: rows.map((r) => r.id) }, createdAt: todayRange(now), source: "COUNTER", status: "POSTED" },
        _count: { _all: true },
        _sum: { amount: true },
      })
    : [];
  const byPos = new Map(stats.map((s) => [s.posId, { count: s._count._all, amount: (s._sum.amount ?? new Prisma.Decimal(0)).toFixed(2) }]));
  return rows.map(({ warehouse, company, ...r }) => ({
    ...r,
    warehouse: `${warehouse.code} ${warehouse.name}`,
    company: company.code,
    today: byPos.get(r.id) ?? { count: 0, amount: "0.00" },
  }));
}

/** Today's counter sales of these outlets, newest first, at most TODAY_CAP (`capped`: there are more). */
export async function todaySales(outlets: { id: number; code: string; name: string }[], now = new Date()): Promise<{ rows: SaleRow[]; capped: boolean }> {
  if (!outlets.length) return { rows: [], capped: false };
  const names = new Map(outlets.map((o) => [o.id, `${o.code} ${o.name}`]));
  const docs = await db().wmsDocument.findMany({
    where: { posId: { in: [...names.keys()] }, createdAt: todayRange(now), source: "COUNTER", status: "POSTED" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: TODAY_CAP + 1,
    select: { id: true, docNo: true, createdAt: true, posId: true, amount: true, paymentMethod: true, customerName: true },
  });
  return {
    capped: docs.length > TODAY_CAP,
    rows: docs.slice(0, TODAY_CAP).map((d) => ({
      id: d.id,
      docNo: d.docNo,
      createdAt: d.createdAt.toISOString(),
      outlet: names.get(d.posId!) ?? "",
      amount: (d.amount ?? new Prisma.Decimal(0)).toFixed(2),
      paymentMethod: d.paymentMethod,
      customerName: d.customerName,
    })),
  };
}

/** The company's enabled warehouses an outlet may sell from (the outlet drawer). */
export async function outletWarehouses(companyId: number): Promise<WarehouseOption[]> {
  return db().warehouse.findMany({ where: { companyId, enabled: true }, orderBy: [{ code: "asc" }], take: 200, select: { id: true, code: true, name: true } });
}

export type Receipt = {
  id: number;
  docNo: string;
  at: string;
  company: { code: string; nameEn: string; nameZh: string };
  outlet: { code: string; name: string; address: string | null; phone: string | null };
  paymentMethod: string | null;
  customerName: string | null;
  customerPhone: string | null;
  amount: string;
  lines: { id: number; code: string; nameEn: string; nameZh: string; quantity: number; price: string; total: string }[];
  /** A member's sale (issue 21): the lines' total, the tier discount, the points redeemed (and
   * their value: the total less the discount and the amount paid) and earned. */
  member: { memberNo: string; subtotal: string; discount: string; pointsRedeemed: number; redeemedValue: string; pointsEarned: number } | null;
};

/** A counter sale's receipt; another company's (or not a counter sale) is a 404. */
export async function loadReceipt(viewer: Viewer, id: number): Promise<Receipt> {
  const d = await db().wmsDocument.findFirst({
    where: { AND: [{ id, type: "DELIVERY", source: "COUNTER", posId: { not: null } }, await docWhere(viewer)] },
    select: {
      id: true,
      docNo: true,
      postedAt: true,
      createdAt: true,
      paymentMethod: true,
      customerName: true,
      customerPhone: true,
      amount: true,
      discountAmount: true,
      pointsRedeemed: true,
      pointsEarned: true,
      member: { select: { memberNo: true } },
      company: { select: { code: true, nameEn: true, nameZh: true } },
      pos: { select: { code: true, name: true, address: true, phone: true } },
      lines: { orderBy: { id: "asc" }, select: { id: true, quantity: true, price: true, goods: { select: { code: true, nameEn: true, nameZh: true } } } },
    },
  });
  if (!d || !d.pos) throw new NotFoundError();
  const subtotal = d.lines.reduce((sum, l) => sum.add((l.price ?? new Prisma.Decimal(0)).mul(l.quantity)), new Prisma.Decimal(0));
  const paid = d.amount ?? new Prisma.Decimal(0);
  const discount = d.discountAmount ?? new Prisma.Decimal(0);
  return {
    id: d.id,
    docNo: d.docNo,
    at: (d.postedAt ?? d.createdAt).toISOString(),
    company: d.company,
    outlet: d.pos,
    paymentMethod: d.paymentMethod,
    customerName: d.customerName,
    customerPhone: d.customerPhone,
    amount: (d.amount ?? new Prisma.Decimal(0)).toFixed(2),
    lines: d.lines.map((l) => {
      const price = l.price ?? new Prisma.Decimal(0);
      return { id: l.id, ...l.goods, quantity: l.quantity, price: price.toFixed(2), total: price.mul(l.quantity).toFixed(2) };
    }),
    member: d.member
      ? {
          memberNo: d.member.memberNo,
          subtotal: subtotal.toFixed(2),
          discount: discount.toFixed(2),
          pointsRedeemed: d.pointsRedeemed ?? 0,
          redeemedValue: subtotal.sub(discount).sub(paid).toFixed(2),
          pointsEarned: d.pointsEarned ?? 0,
        }
      : null,
  };
}

export type SaleLookup = {
  goods: { id: number; code: string; nameEn: string; nameZh: string; price: string };
  /** Where it can be taken from, first in first out: the first is the suggestion. */
  locations: { id: number; code: string; available: number }[];
};

/** A goods code at an outlet's counter: the goods (parts or derivatives) and the locations of the
 * outlet's warehouse holding some that is not reserved, oldest stock first. */
export async function lookupSaleGoods(viewer: Viewer, input: TSaleLookup): Promise<SaleLookup> {
  const companyId = dealerCompany(viewer, "pos:sell");
  const outlet = await db().pointOfSale.findFirst({ where: { id: input.posId, companyId }, select: { warehouseId: true } });
  if (!outlet) throw new NotFoundError();
  const goods = await db().goods.findUnique({ where: { code: input.code }, select: { id: true, code: true, nameEn: true, nameZh: true, price: true, kind: true } });
  if (!goods) throw new DomainError("WmsPos.errors.goodsNotFound", { code: input.code }, "code", 404);
  if (goods.kind === "VEHICLE") throw new DomainError("Wms.errors.vehicleBySale", { code: goods.code }, "code");
  const locations = await fifoLocations(outlet.warehouseId, goods.id);
  if (!locations.length) throw new DomainError("WmsPos.errors.noStock", { code: goods.code }, "code", 409);
  return { goods: { id: goods.id, code: goods.code, nameEn: goods.nameEn, nameZh: goods.nameZh, price: goods.price.toFixed(2) }, locations };
}

/** On-hand rows of the goods in the warehouse with some free (quantity − reserved), by firstInAt. */
export async function fifoLocations(warehouseId: number, goodsId: number): Promise<SaleLookup["locations"]> {
  return db().$queryRaw<SaleLookup["locations"]>`
    SELECT l."id", l."code", (s."quantity" - s."reserved")::int AS "available"
    FROM "StockOnHand" s JOIN "WarehouseLocation" l ON l."id" = s."locationId"
    WHERE s."warehouseId" = ${warehouseId} AND s."goodsId" = ${goodsId} AND l."enabled" AND s."quantity" - s."reserved" > 0
    ORDER BY s."firstInAt" ASC NULLS LAST, s."id" ASC
    LIMIT 50`;
}

export type PosRoute =
  | { kind: "missing" }
  | { kind: "receipt"; receipt: Receipt; payments: DictItemView[] }
  | { kind: "sell"; outlets: { id: number; code: string; name: string }[]; posId: number | null; payments: DictItemView[] }
  | {
      kind: "list";
      dealer: boolean;
      can: { manage: boolean; sell: boolean };
      outlets: OutletRow[];
      sales: { rows: SaleRow[]; capped: boolean };
      warehouses: WarehouseOption[];
      payments: DictItemView[];
    };

const idParam = (v: string | null): number | null => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** What the screen shows: ?receipt=<id> a receipt, ?sell[=<outlet id>] the counter, else the outlets. */
export async function loadPosRoute(viewer: Viewer, url: URL): Promise<PosRoute> {
  const p = url.searchParams;
  const dealer = viewer.userType === "DEALER" && !!viewer.company;
  if (p.has("receipt")) {
    const id = idParam(p.get("receipt"));
    if (!id) return { kind: "missing" };
    try {
      const [receipt, payments] = await Promise.all([loadReceipt(viewer, id), dict("payment_method", { includeDisabled: true })]);
      return { kind: "receipt", receipt, payments };
    } catch (e) {
      if (e instanceof NotFoundError) return { kind: "missing" };
      throw e;
    }
  }
  const can = { manage: dealer && hasPermission(viewer, "pos:manage"), sell: dealer && hasPermission(viewer, "pos:sell") };
  if (p.has("sell") && can.sell) {
    const outlets = await db().pointOfSale.findMany({
      where: { companyId: viewer.company!.id, enabled: true, warehouse: { enabled: true } },
      orderBy: { code: "asc" },
      take: MAX_OUTLETS,
      select: { id: true, code: true, name: true },
    });
    const wanted = idParam(p.get("sell"));
    return { kind: "sell", outlets, posId: outlets.some((o) => o.id === wanted) ? wanted : (outlets[0]?.id ?? null), payments: await dict("payment_method") };
  }
  const outlets = await listOutlets(viewer);
  const [sales, warehouses, payments] = await Promise.all([
    todaySales(outlets),
    can.manage ? outletWarehouses(viewer.company!.id) : Promise.resolve([]),
    dict("payment_method", { includeDisabled: true }),
  ]);
  return { kind: "list", dealer, can, outlets, sales, warehouses, payments };
}
