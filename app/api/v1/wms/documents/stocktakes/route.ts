// POST /customerWeb/api/v1/wms/documents/stocktakes — a draft stocktake of a warehouse (some locations or goods, or all) (ZCreateStocktake); 201 with
// its id and number. The dealer's signed-in company only; staff are read-only (403).
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { createStocktake } from "@/lib/wms/documents";
import { ZCreateStocktake } from "@/lib/wms/schemas";
import { DOC_PERMISSION } from "@/lib/wms/states";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: DOC_PERMISSION.STOCKTAKE, body: ZCreateStocktake, labels: "Wms.fields" }, async ({ viewer, body, audit }) => {
  const { id, docNo } = await createStocktake(viewer, audit, body);
  return new ApiAnswer({ id, docNo }, 201, { Location: `/customerWeb/api/v1/wms/documents/${id}` });
});
