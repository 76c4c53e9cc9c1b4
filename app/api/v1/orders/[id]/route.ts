// GET /customerWeb/api/v1/orders/{id} — one order with lines, history, payments and vehicles.
// Another company's order (or one outside staff's scope) answers 404.
import { apiRoute } from "@/lib/api/handler";
import { canOpenAny, ORDER_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { ZIdParams } from "@/lib/api/schemas";
import { orderDetail } from "@/lib/mall/orders/queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: (v) => canOpenAny(v, Object.values(ORDER_ROUTE)), params: ZIdParams }, async ({ viewer, params }) => {
  const order = await orderDetail(viewer, params.id);
  await requireScreenApi(viewer, ORDER_ROUTE[order.type]);
  return order;
});
