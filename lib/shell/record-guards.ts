import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { GoodsKind } from "@/lib/generated/prisma/enums";
import { visibleGoods } from "@/lib/mall/goods/queries";
import { orderScope } from "@/lib/mall/orders/service";
import { preOrderScope } from "@/lib/mall/pre-orders/service";
import { vehicleScope } from "@/lib/vehicles/sales/service";
import { returnBatchScope, returnScope } from "@/lib/after-sales/returns/service";
import { complaintScope } from "@/lib/after-sales/complaints/service";
import { isVisibleNews } from "@/lib/news/public";
import { managesNews } from "@/lib/news/shell-loader";
import { canSeeDownload } from "@/lib/downloads/queries";
import { normalizeVin, vinProblem } from "@/lib/vehicles/vin";
import { companyRowWhere } from "@/lib/wms/access";

// Screens that show one record at `?id=`: the shell layout asks here before the page starts
// streaming, so a record the viewer may not see (another company's, or missing) answers HTTP
// 404 on a first load, exactly like a missing one. Client-side navigation renders the page's
// own not-found state. One indexed query, scoped the way the page's loader scopes it.

type Guard = (viewer: Viewer, id: number) => Promise<boolean>;

const goods =
  (kinds: GoodsKind[]): Guard =>
  async (viewer, id) =>
    (await db().goods.count({ where: { id, ...visibleGoods(viewer, kinds) } })) > 0;
const order =
  (type: "VEHICLE" | "PARTS"): Guard =>
  async (viewer, id) =>
    (await db().order.count({ where: { AND: [{ id, type }, await orderScope(viewer)] } })) > 0;

const GUARDS: Record<string, Guard> = {
  "onlineMall/car/goods": goods(["VEHICLE"]),
  "onlineMall/mountings/goods": goods(["PART"]),
  "onlineMall/mountings/derivativeGoods": goods(["DERIVATIVE"]),
  "onlineMall/car/order": order("VEHICLE"),
  "onlineMall/mountings/order": order("PARTS"),
  "onlineMall/car/preOrder": async (viewer, id) => (await db().preOrder.count({ where: { AND: [{ id }, await preOrderScope(viewer)] } })) > 0,
  "afterSale/salesReturn": async (viewer, id) => (await db().salesReturn.count({ where: { AND: [{ id }, await returnScope(viewer)] } })) > 0,
  "afterSale/salesReturnLogs": async (viewer, id) => (await db().returnBatch.count({ where: { AND: [{ id }, await returnBatchScope(viewer)] } })) > 0,
  "afterSale/complaint": async (viewer, id) => (await db().complaint.count({ where: { AND: [{ id }, await complaintScope(viewer)] } })) > 0,
  "market/news": async (viewer, id) => managesNews(viewer) || isVisibleNews(id),
  "download/downloadCenters": canSeeDownload,
  "customerWms/warehouse": async (viewer, id) => (await db().warehouse.count({ where: { AND: [{ id }, await companyRowWhere(viewer)] } })) > 0,
};

// Screens that show one vehicle at `?vin=`: a VIN the viewer may not see is a 404 too. A VIN
// that is not well formed is left to the page (it shows the form's validation message).
const VIN_GUARDS: Record<string, (viewer: Viewer, vin: string) => Promise<boolean>> = {
  "car/vehicleInformation": async (viewer, vin) => (await db().vehicle.count({ where: { AND: [{ vin }, await vehicleScope(viewer)] } })) > 0,
};

/** False when `route?id=…` names a record the viewer may not see; true otherwise (no guard,
 * no id, or visible). An id that is not a positive integer is not found. */
export async function recordVisible(viewer: Viewer, route: string, search: string): Promise<boolean> {
  const params = new URLSearchParams(search);
  const vinGuard = VIN_GUARDS[route];
  const vin = params.get("vin");
  if (vinGuard && vin !== null) {
    const v = normalizeVin(vin);
    if (!vinProblem(v) && !(await vinGuard(viewer, v))) return false;
  }
  const guard = GUARDS[route];
  const raw = params.get("id");
  if (!guard || raw === null) return true;
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return false;
  return guard(viewer, id);
}
