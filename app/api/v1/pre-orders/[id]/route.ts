// GET /customerWeb/api/v1/pre-orders/{id} — one pre-order with its history and linked order.
// Another company's pre-order answers 404.
import { apiRoute } from "@/lib/api/handler";
import { PRE_ORDER_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { ZIdParams } from "@/lib/api/schemas";
import { preOrderDetail } from "@/lib/mall/pre-orders/queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, params: ZIdParams }, async ({ viewer, params }) => {
  await requireScreenApi(viewer, PRE_ORDER_ROUTE);
  return preOrderDetail(viewer, params.id);
});
