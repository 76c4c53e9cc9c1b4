// GET  /customerWeb/api/v1/pre-orders?status=&from=&to=&preOrderNo=&cursor=&size= — a page of
//      pre-orders (the dealer's company or staff's scope).
// POST /customerWeb/api/v1/pre-orders — a dealer reserves a vehicle goods (ZCreatePreOrder).
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { PRE_ORDER_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { toSearchParams, ZPreOrderListQuery } from "@/lib/api/schemas";
import { listPreOrders, parsePreOrderFilters } from "@/lib/mall/pre-orders/queries";
import { ZCreatePreOrder } from "@/lib/mall/pre-orders/schemas";
import { createPreOrder } from "@/lib/mall/pre-orders/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZPreOrderListQuery, labels: "Api.fields" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, PRE_ORDER_ROUTE);
  return listPreOrders(viewer, parsePreOrderFilters(toSearchParams(query)));
});

export const POST = apiRoute({ permission: "preOrder:create", body: ZCreatePreOrder, labels: "PreOrders.fields" }, async ({ viewer, body, audit }) => {
  const out = await createPreOrder(viewer, audit, body);
  return new ApiAnswer(out, 201, { Location: `/customerWeb/api/v1/pre-orders/${out.id}` });
});
