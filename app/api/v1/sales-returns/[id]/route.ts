// GET /customerWeb/api/v1/sales-returns/{id} — one parts return with its part images, batch and
// status history. Another company's return (or one outside staff's scope) answers 404.
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi, SALES_RETURN_ROUTE } from "@/lib/api/routes";
import { ZIdParams } from "@/lib/api/schemas";
import { salesReturnDetail } from "@/lib/after-sales/returns/queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: ZIdParams }, async ({ viewer, params }) => {
  await requireScreenApi(viewer, SALES_RETURN_ROUTE);
  return salesReturnDetail(viewer, params.id);
});
