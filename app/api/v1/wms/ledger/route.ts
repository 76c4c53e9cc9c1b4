// GET /customerWeb/api/v1/wms/ledger?goodsId=&warehouseId=&companyId=&cursor=&size=
//     — one goods' movements in the dealer's company (staff: companyId in their data scope, else
//     404), newest first, with its on-hand rows, totals and minimum.
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi } from "@/lib/api/routes";
import { toSearchParams } from "@/lib/api/schemas";
import { NotFoundError } from "@/lib/errors";
import { INVENTORY_ROUTE, loadLedger, parseLedgerFilters } from "@/lib/wms/inventory/queries";
import { ZLedgerQuery } from "@/lib/wms/inventory/schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZLedgerQuery, labels: "WmsInventory.fields" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, INVENTORY_ROUTE);
  const filters = parseLedgerFilters(toSearchParams(query));
  if (!filters) throw new NotFoundError();
  return loadLedger(viewer, filters);
});
