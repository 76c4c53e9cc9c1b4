import "server-only";
import { assertScreen, readKeysetList } from "@/lib/admin/resource";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { GoodsKind, WmsDocType } from "@/lib/generated/prisma/enums";
import { cursorParam, sizeParam, type Total } from "@/lib/list/keyset";
import { readKeysetPage } from "@/lib/list/prisma";
import { parseVehicleListFilters, type VehicleListFilters } from "@/lib/vehicles/list-params";
import { wmsCompanyWhere } from "../access";
import { INVENTORY_FILTERS } from "./options";
import { avgCost, inventoryResource, type InventoryRow } from "./resource";

// customerWms/inventory on the record-list kit: the on-hand rows newest first, keyset paging on
// StockOnHand (createdAt desc, id desc) over its (companyId, createdAt, id) index, a capped
// count; the rows are the export's (./resource.ts). The drill-in (?goodsId=, staff add
// &companyId=) is one goods' ledger in one company, keyset-paged on StockLedger (createdAt desc,
// id desc) over its (companyId, goodsId, createdAt, id) index, with the goods' on-hand rows,
// totals and minimum. Another company's movements never show: the company is in the `where`.

export const INVENTORY_ROUTE = "customerWms/inventory" as const;
export { MAX_INVENTORY_PAGE } from "./resource";
export const LEDGER_SIZE = 20;

export type InventoryFilters = VehicleListFilters;
export type WarehouseOption = { id: number; code: string; name: string; companyCode: string };

export type InventoryPage = { rows: InventoryRow[]; filters: InventoryFilters; next: string | null; prev: string | null; total: Total; staff: boolean };
export type InventoryData = InventoryPage & { warehouses: WarehouseOption[]; can: { export: boolean; setMinimum: boolean } };

export const parseInventoryFilters = (p: URLSearchParams): InventoryFilters => parseVehicleListFilters(p, INVENTORY_FILTERS);

/** One page of the viewer's on-hand rows and its capped count. */
export async function listInventory(viewer: Viewer, filters: InventoryFilters): Promise<InventoryPage> {
  const page = await readKeysetList(inventoryResource, viewer, filters);
  return { ...page, filters, staff: viewer.userType !== "DEALER" };
}

/** The warehouses the filter offers: the dealer's, or (staff) those of the companies in scope, first 200 by code. */
async function warehouseOptions(viewer: Viewer): Promise<WarehouseOption[]> {
  const where: Prisma.WarehouseWhereInput = viewer.userType === "DEALER" ? { companyId: viewer.company?.id ?? -1 } : { company: await wmsCompanyWhere(viewer) };
  const rows = await db().warehouse.findMany({
    where,
    orderBy: [{ code: "asc" }, { id: "asc" }],
    take: 200,
    select: { id: true, code: true, name: true, company: { select: { code: true } } },
  });
  return rows.map(({ company, ...w }) => ({ ...w, companyCode: company.code }));
}

export async function loadInventory(viewer: Viewer, url: URL | URLSearchParams): Promise<InventoryData> {
  await assertScreen(viewer, INVENTORY_ROUTE);
  const p = url instanceof URL ? url.searchParams : url;
  const [list, warehouses] = await Promise.all([listInventory(viewer, parseInventoryFilters(p)), warehouseOptions(viewer)]);
  return {
    ...list,
    warehouses,
    can: {
      export: hasPermission(viewer, inventoryResource.permissions.export!),
      setMinimum: viewer.userType === "DEALER" && hasPermission(viewer, "inventory:setMinimum"),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The drill-in: one goods' ledger

export type LedgerFilters = { goodsId: number; warehouseId: number | null; companyId: number | null; cursor: string; size: number };

const idParam = (p: URLSearchParams, key: string): number | null => {
  const v = p.get(key);
  return v && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null;
};

/** The drill-in's parameters, or null when ?goodsId= is not an id (the list is shown). */
export function parseLedgerFilters(p: URLSearchParams): LedgerFilters | null {
  const goodsId = idParam(p, "goodsId");
  if (!goodsId) return null;
  return { goodsId, warehouseId: idParam(p, "warehouseId"), companyId: idParam(p, "companyId"), cursor: cursorParam(p), size: sizeParam(p, { fallback: LEDGER_SIZE, max: 100 }) };
}

export type LedgerRow = {
  id: number;
  at: string;
  doc: { id: number; docNo: string; type: WmsDocType };
  warehouse: { id: number; code: string };
  location: { id: number; code: string };
  vin: string | null;
  quantity: number;
  unitCost: string;
  amount: string;
  balance: number;
  user: string | null;
};

export type OnHandLine = {
  warehouse: { id: number; code: string; name: string };
  location: { id: number; code: string };
  quantity: number;
  reserved: number;
  value: string;
  vins: string[];
};

export type LedgerData = {
  filters: LedgerFilters;
  company: { id: number; code: string; nameEn: string; nameZh: string };
  goods: { id: number; code: string; kind: GoodsKind; nameEn: string; nameZh: string };
  totals: { quantity: number; reserved: number; available: number; value: string; avgCost: string | null };
  minQty: number | null;
  low: boolean;
  onHand: OnHandLine[];
  rows: LedgerRow[];
  next: string | null;
  prev: string | null;
  total: Total;
  staff: boolean;
  can: { setMinimum: boolean };
};

/** The company whose ledger is read: the dealer's own; staff name one in their data scope (else 404). */
async function ledgerCompany(viewer: Viewer, companyId: number | null) {
  const select = { id: true, code: true, nameEn: true, nameZh: true } as const;
  if (viewer.userType === "DEALER") {
    if (!viewer.company) throw new NotFoundError();
    return db().company.findUniqueOrThrow({ where: { id: viewer.company.id }, select });
  }
  if (!companyId) throw new NotFoundError();
  const company = await db().company.findFirst({ where: { AND: [{ id: companyId }, await wmsCompanyWhere(viewer)] }, select });
  if (!company) throw new NotFoundError();
  return company;
}

/** One goods' movements in the viewer's company (newest first), its on-hand rows, totals and minimum. */
export async function loadLedger(viewer: Viewer, f: LedgerFilters): Promise<LedgerData> {
  const company = await ledgerCompany(viewer, f.companyId);
  const goods = await db().goods.findUnique({ where: { id: f.goodsId }, select: { id: true, code: true, kind: true, nameEn: true, nameZh: true } });
  if (!goods) throw new NotFoundError();
  const where: Prisma.StockLedgerWhereInput = { companyId: company.id, goodsId: goods.id, ...(f.warehouseId ? { warehouseId: f.warehouseId } : {}) };
  const [page, onHand, minimum, vehicles] = await Promise.all([
    readKeysetPage(
      f,
      "createdAt",
      where,
      (q) =>
        db().stockLedger.findMany({
          ...q,
          select: {
            id: true,
            createdAt: true,
            warehouseId: true,
            locationId: true,
            quantity: true,
            unitCost: true,
            amount: true,
            balance: true,
            userId: true,
            vehicle: { select: { vin: true } },
            document: { select: { id: true, docNo: true, type: true } },
          },
        }),
      (q) => db().stockLedger.count(q),
      { maxSize: 100 },
    ),
    // One row per location holding the goods: bounded by the company's locations.
    db().stockOnHand.findMany({
      where: { companyId: company.id, goodsId: goods.id },
      orderBy: [{ warehouse: { code: "asc" } }, { location: { code: "asc" } }],
      select: { quantity: true, reserved: true, value: true, warehouse: { select: { id: true, code: true, name: true } }, location: { select: { id: true, code: true } } },
    }),
    db().stockMinimum.findUnique({ where: { companyId_goodsId: { companyId: company.id, goodsId: goods.id } }, select: { minQty: true } }),
    goods.kind === "VEHICLE"
      ? db().vehicle.findMany({
          where: { companyId: company.id, goodsId: goods.id, locationId: { not: null } },
          orderBy: { vin: "asc" },
          take: 500,
          select: { vin: true, locationId: true },
        })
      : Promise.resolve([]),
  ]);
  const locationIds = [...new Set(page.rows.map((r) => r.locationId))];
  const userIds = [...new Set(page.rows.map((r) => r.userId).filter((u): u is number => u !== null))];
  const [locations, users] = await Promise.all([
    locationIds.length
      ? db().warehouseLocation.findMany({ where: { id: { in: locationIds } }, select: { id: true, code: true, warehouse: { select: { id: true, code: true } } } })
      : Promise.resolve([]),
    userIds.length ? db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : Promise.resolve([]),
  ]);
  const loc = new Map(locations.map((l) => [l.id, l]));
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const quantity = onHand.reduce((n, r) => n + r.quantity, 0);
  const reserved = onHand.reduce((n, r) => n + r.reserved, 0);
  const value = onHand.reduce((n, r) => n.add(r.value), new Prisma.Decimal(0));
  const minQty = minimum?.minQty ?? null;
  return {
    filters: f,
    company,
    goods,
    totals: { quantity, reserved, available: quantity - reserved, value: value.toFixed(2), avgCost: avgCost(value, quantity) },
    minQty,
    low: minQty !== null && quantity < minQty,
    onHand: onHand.map((r) => ({
      warehouse: r.warehouse,
      location: r.location,
      quantity: r.quantity,
      reserved: r.reserved,
      value: r.value.toFixed(2),
      vins: vehicles.filter((v) => v.locationId === r.location.id).map((v) => v.vin),
    })),
    rows: page.rows.map((r) => {
      const l = loc.get(r.locationId);
      return {
        id: r.id,
        at: r.createdAt.toISOString(),
        doc: r.document,
        warehouse: l ? l.warehouse : { id: r.warehouseId, code: "" },
        location: { id: r.locationId, code: l?.code ?? "" },
        vin: r.vehicle?.vin ?? null,
        quantity: r.quantity,
        unitCost: r.unitCost.toFixed(2),
        amount: r.amount.toFixed(2),
        balance: r.balance,
        user: r.userId ? (userName.get(r.userId) ?? null) : null,
      };
    }),
    next: page.next,
    prev: page.prev,
    total: page.total,
    staff: viewer.userType !== "DEALER",
    can: { setMinimum: viewer.userType === "DEALER" && hasPermission(viewer, "inventory:setMinimum") },
  };
}

export type InventoryRoute = ({ kind: "list" } & InventoryData) | ({ kind: "ledger" } & LedgerData) | { kind: "missing" };

/** customerWms/inventory: the list, or one goods' ledger at ?goodsId= (another company's: nothing of theirs). */
export async function loadInventoryRoute(viewer: Viewer, url: URL): Promise<InventoryRoute> {
  const ledger = parseLedgerFilters(url.searchParams);
  if (!ledger) return { kind: "list", ...(await loadInventory(viewer, url)) };
  await assertScreen(viewer, INVENTORY_ROUTE);
  try {
    return { kind: "ledger", ...(await loadLedger(viewer, ledger)) };
  } catch (err) {
    // A goods that does not exist, or (staff) a company outside the scope: the page answers 404.
    if (err instanceof NotFoundError) return { kind: "missing" };
    throw err;
  }
}
