// POST /customerWeb/api/v1/pre-orders/{id}/cancel — the dealer cancels a SUBMITTED pre-order,
// staff a CONFIRMED one (409 in any other state).
import { apiRoute } from "@/lib/api/handler";
import { ZPreOrderCancelBody, ZIdParams } from "@/lib/api/schemas";
import { cancelPreOrder } from "@/lib/mall/pre-orders/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: "preOrder:cancel", params: ZIdParams, body: ZPreOrderCancelBody, labels: "PreOrders.fields" }, ({ viewer, params, body, audit }) =>
  cancelPreOrder(viewer, audit, params.id, body.reason),
);
