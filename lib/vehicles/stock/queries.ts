import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import { assertScreen, erase, permissionsOf, readKeysetList } from "@/lib/admin/resource";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import type { DictItemView } from "@/lib/dict/items";
import type { VehicleStatus } from "@/lib/generated/prisma/enums";
import type { Total } from "@/lib/list/keyset";
import { parseVehicleListFilters, type VehicleListFilters } from "../list-params";
import { ALL_STATUSES, DEALER_STATUSES, vehicleStockResource, type StockRow } from "./resource";

// car/stock on the record-list kit: newest warehouse entry first, keyset paging on
// (entryAt desc, id desc) over the Vehicle(entryAt, id) and (companyId, status, entryAt)
// indexes, a capped count. The rows are exactly the resource's (./resource.ts `where`: a
// dealer's own vehicles in stock or sold, staff's data scope), the same the export answers.

const NAMED = { nameEn: true, nameZh: true } as const;
export { MAX_STOCK_PAGE } from "./resource";

export type NamedOption = { id: number; nameEn: string; nameZh: string };
export type HolderOption = NamedOption & { code: string };

export type VehicleStockData = {
  rows: StockRow[];
  filters: VehicleListFilters;
  next: string | null;
  prev: string | null;
  total: Total;
  staff: boolean;
  can: { create: boolean; export: boolean; import: boolean };
  statuses: VehicleStatus[];
  statusItems: DictItemView[];
  models: NamedOption[];
  /** Staff: the dealer companies in their scope, for the holder filter. */
  holders: HolderOption[];
};

/** One page of the viewer's vehicles and its capped count. */
export function listVehicleStock(viewer: Viewer, filters: VehicleListFilters) {
  return readKeysetList(vehicleStockResource, viewer, filters);
}

/** car/stock: the page of rows, the filters' choices and what the viewer may do. */
export async function loadVehicleStock(viewer: Viewer, url: URL | URLSearchParams): Promise<VehicleStockData> {
  await assertScreen(viewer, vehicleStockResource.route);
  const staff = viewer.userType !== "DEALER";
  const filters = parseVehicleListFilters(url instanceof URL ? url.searchParams : url, vehicleStockResource.spec);
  const [list, statusItems, models, holders] = await Promise.all([
    listVehicleStock(viewer, filters),
    dict("vehicle_status", { includeDisabled: true }),
    db().vehicleModel.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }], select: { id: true, ...NAMED } }),
    staff ? holderOptions(viewer) : Promise.resolve([]),
  ]);
  const can = permissionsOf(viewer, erase(vehicleStockResource));
  return {
    ...list,
    filters,
    staff,
    // The form adds to factory stock: offered to staff only, as before (its action refuses dealers).
    can: { create: staff && can.create, export: can.export, import: can.import },
    statuses: staff ? [...ALL_STATUSES] : [...DEALER_STATUSES],
    statusItems,
    models,
    holders,
  };
}

async function holderOptions(viewer: Viewer): Promise<HolderOption[]> {
  return db().company.findMany({ where: await companyScopeWhere(viewer), orderBy: { code: "asc" }, select: { id: true, code: true, ...NAMED } });
}
