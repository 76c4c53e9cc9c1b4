// GET /customerWeb/api/v1/wms/inventory?warehouse=&location=&goods=&kind=&low=&hideZero=&company=&cursor=&size=
//     — a page of stock on hand by location (the dealer's company, or staff's data scope), the
//     same rows as the customerWms/inventory screen and its export.
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi } from "@/lib/api/routes";
import { toSearchParams } from "@/lib/api/schemas";
import { INVENTORY_ROUTE, listInventory, parseInventoryFilters } from "@/lib/wms/inventory/queries";
import { ZInventoryQuery } from "@/lib/wms/inventory/schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZInventoryQuery, labels: "WmsInventory.fields" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, INVENTORY_ROUTE);
  return listInventory(viewer, parseInventoryFilters(toSearchParams(query)));
});
