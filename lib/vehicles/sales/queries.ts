import "server-only";
import { assertScreen, erase, permissionsOf } from "@/lib/admin/resource";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { Total } from "@/lib/list/keyset";
import { readKeysetPage } from "@/lib/list/prisma";
import { parseVehicleListFilters, type VehicleListFilters } from "../list-params";
import { carReturnResource, RETURN_SELECT, SALE_SELECT, toReturnRow, toSaleRows, vehicleSaleResource, type CarReturnRow, type VehicleSaleRow } from "./lists";

// car/vehicleSales and car/carReturn on the record-list kit: the sales newest purchase first and
// the returns newest return first, keyset paging on (soldAt | returnedAt desc, id desc) over the
// VehicleSale indexes, a capped count. The rows are exactly the resources' (./lists.ts `where`:
// a dealer's own company's; staff's and administrators' every dealer in their data scope), the
// same the export answers.

export const MAX_SALES_PAGE = 100;

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

export async function listVehicleSales(viewer: Viewer, filters: VehicleListFilters) {
  const where = await vehicleSaleResource.where(viewer, filters.values);
  const page = await readKeysetPage(
    filters,
    "soldAt",
    where,
    (q) => db().vehicleSale.findMany({ ...q, select: SALE_SELECT }),
    (q) => db().vehicleSale.count(q),
    { maxSize: MAX_SALES_PAGE },
  );
  return { ...page, rows: await toSaleRows(page.rows) };
}

export async function listCarReturns(viewer: Viewer, filters: VehicleListFilters) {
  const where = await carReturnResource.where(viewer, filters.values);
  const page = await readKeysetPage(
    filters,
    "returnedAt",
    where,
    (q) => db().vehicleSale.findMany({ ...q, select: RETURN_SELECT }),
    (q) => db().vehicleSale.count(q),
    { maxSize: MAX_SALES_PAGE },
  );
  return { ...page, rows: page.rows.map(toReturnRow) };
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
