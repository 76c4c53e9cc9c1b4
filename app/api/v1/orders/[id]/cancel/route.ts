// POST /customerWeb/api/v1/orders/{id}/cancel — the dealer cancels a SUBMITTED order, staff a
// CONFIRMED one (409 in any other state); the stock goes back.
import { apiRoute } from "@/lib/api/handler";
import { ZOrderCancelBody, ZIdParams } from "@/lib/api/schemas";
import { cancelOrder } from "@/lib/mall/orders/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: "order:cancel", params: ZIdParams, body: ZOrderCancelBody, labels: "Orders.fields" }, ({ viewer, params, body, audit }) =>
  cancelOrder(viewer, audit, params.id, body.reason),
);
