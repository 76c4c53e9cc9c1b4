// GET  /customerWeb/api/v1/orders?type=&status=&from=&to=&orderNo=&cursor=&size= — a page of
//      orders (keyset: `next` older, `prev` newer), the dealer's company or staff's scope.
// POST /customerWeb/api/v1/orders (header Idempotency-Key) — submits cart lines as one order:
//      201 when made, 200 with the same order when the key was used before.
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { ORDER_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { IDEMPOTENCY_HEADER, toSearchParams, zIdempotencyHeader, ZOrderListQuery } from "@/lib/api/schemas";
import { DomainError } from "@/lib/errors";
import { listOrders, parseOrderFilters } from "@/lib/mall/orders/queries";
import { ZSubmitOrder } from "@/lib/mall/orders/schemas";
import { submitOrder } from "@/lib/mall/orders/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZOrderListQuery, labels: "Api.fields" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, ORDER_ROUTE[query.type]);
  return listOrders(viewer, query.type, parseOrderFilters(toSearchParams(query)));
});

export const POST = apiRoute({ permission: "order:submit", body: ZSubmitOrder, labels: "Orders.fields" }, async ({ req, viewer, body, audit }) => {
  const key = zIdempotencyHeader.safeParse(req.headers.get(IDEMPOTENCY_HEADER) ?? "");
  if (!key.success) throw new DomainError("Api.idempotencyKey", {}, undefined, 400);
  const out = await submitOrder(viewer, audit, body, key.data);
  return new ApiAnswer(out, out.created ? 201 : 200, { Location: `/customerWeb/api/v1/orders/${out.id}` });
});
