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
  const filters = parseInventoryFilters(toSearchParams(query));
  // The screen offers 10/20/50/100 per page; the API takes any size up to 100.
  return listInventory(viewer, query.size ? { ...filters, size: query.size } : filters);
});
