// POST /customerWeb/api/v1/wms/documents/{id}/counts — records counts of a stocktake being
// counted, and goods found where the book has none.
import { apiRoute } from "@/lib/api/handler";
import { ZCountStocktakeBody, ZIdParams } from "@/lib/api/schemas";
import { recordCounts } from "@/lib/wms/documents";
import { DOC_PERMISSION } from "@/lib/wms/states";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: DOC_PERMISSION.STOCKTAKE, params: ZIdParams, body: ZCountStocktakeBody, labels: "Wms.fields" }, ({ viewer, params, body, audit }) =>
  recordCounts(viewer, audit, { ...body, id: params.id }),
);
