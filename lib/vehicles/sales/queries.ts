import "server-only";
import { assertScreen, erase, permissionsOf, readKeysetList } from "@/lib/admin/resource";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import type { Total } from "@/lib/list/keyset";
import { parseVehicleListFilters, type VehicleListFilters } from "../list-params";
import { carReturnResource, vehicleSaleResource, type CarReturnRow, type VehicleSaleRow } from "./lists";

// car/vehicleSales and car/carReturn on the record-list kit: the sales newest purchase first and
// the returns newest return first, keyset paging on (soldAt | returnedAt desc, id desc) over the
// VehicleSale indexes, a capped count. The rows are exactly the resources' (./lists.ts `where`:
// a dealer's own company's; staff's and administrators' every dealer in their data scope), the
// same the export answers.

export { MAX_SALES_PAGE } from "./lists";

type ListPage<R> = {
  rows: R[];
  filters: VehicleListFilters;
  next: string | null;
  prev: string | null;
  total: Total;
  canExport: boolean;
  /** Staff and administrators: the dealers of their data scope, with the dealer column and filter. */
  network: boolean;
};
export type VehicleSalesData = ListPage<VehicleSaleRow> & { canSell: boolean };
export type CarReturnsData = ListPage<CarReturnRow> & { canReturn: boolean };

/** Only a dealer acting for its company sells or records returns (the service refuses anyone else). */
const actsForCompany = (viewer: Viewer) => viewer.userType === "DEALER" && !!viewer.company;

export function listVehicleSales(viewer: Viewer, filters: VehicleListFilters) {
  return readKeysetList(vehicleSaleResource, viewer, filters);
}

export function listCarReturns(viewer: Viewer, filters: VehicleListFilters) {
  return readKeysetList(carReturnResource, viewer, filters);
}

const params = (url: URL | URLSearchParams) => (url instanceof URL ? url.searchParams : url);

/** car/vehicleSales: the page of sales, and whether the viewer may record one and export. */
export async function loadVehicleSales(viewer: Viewer, url: URL | URLSearchParams): Promise<VehicleSalesData> {
  await assertScreen(viewer, vehicleSaleResource.route);
  const filters = parseVehicleListFilters(params(url), vehicleSaleResource.spec);
  const list = await listVehicleSales(viewer, filters);
  return {
    ...list,
    filters,
    canExport: permissionsOf(viewer, erase(vehicleSaleResource)).export,
    network: viewer.userType !== "DEALER",
    canSell: actsForCompany(viewer) && hasPermission(viewer, "vehicle:sell"),
  };
}

/** car/carReturn: the page of returns, and whether the viewer may record one and export. */
export async function loadCarReturns(viewer: Viewer, url: URL | URLSearchParams): Promise<CarReturnsData> {
  await assertScreen(viewer, carReturnResource.route);
  const filters = parseVehicleListFilters(params(url), carReturnResource.spec);
  const list = await listCarReturns(viewer, filters);
  return {
    ...list,
    filters,
    canExport: permissionsOf(viewer, erase(carReturnResource)).export,
    network: viewer.userType !== "DEALER",
    canReturn: actsForCompany(viewer) && hasPermission(viewer, "vehicle:return"),
  };
}
