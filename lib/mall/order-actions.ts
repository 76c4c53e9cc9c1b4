"use server";

import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { signedInAction } from "@/lib/actions/action";
import type { Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/system/audit";
import { ZCancelOrder, ZOrderId, ZOrderIds, ZRecordPayment, ZRejectOrder, ZShipOrder, ZSubmitOrderAction } from "./order-schemas";
import { cancelOrder, completeOrder, confirmOrder, deleteOrders, rejectOrder, shipOrder, submitOrder } from "./orders";
import { recordPayment } from "./payments";

// The order screens' actions (carts, order lists and details, reconciliation). Each parses the
// shared schema, checks the permission, runs the service in its transaction and refreshes the
// mall's screens. Field labels: the "Orders.fields" namespace.

const ROUTES = ["onlineMall/car/order", "onlineMall/mountings/order", "onlineMall/car/cart", "onlineMall/mountings/cart", "onlineMall/car/orderReconcil", "onlineMall/car/goods", "onlineMall/mountings/goods"];
const refresh = () => ROUTES.forEach((r) => revalidatePath(`/${r}`));
const auditOf = (viewer: Viewer, requestId: string | null): AuditCtx => ({ userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId });

function orderAction<S extends z.ZodType, R>(schema: S, permission: string | null, run: (viewer: Viewer, audit: AuditCtx, input: z.output<S>) => Promise<R>) {
  return signedInAction({
    schema,
    permission,
    labels: "Orders.fields",
    run: async (input, c) => {
      const out = await run(c.viewer, auditOf(c.viewer, c.requestId), input);
      refresh();
      return out;
    },
  });
}

export const submitOrderAction = orderAction(ZSubmitOrderAction, "order:submit", (v, a, { idempotencyKey, ...input }) => submitOrder(v, a, input, idempotencyKey));
export const confirmOrderAction = orderAction(ZOrderId, "order:confirm", (v, a, i) => confirmOrder(v, a, i.id));
export const rejectOrderAction = orderAction(ZRejectOrder, "order:reject", (v, a, i) => rejectOrder(v, a, i.id, i.reason));
export const cancelOrderAction = orderAction(ZCancelOrder, "order:cancel", (v, a, i) => cancelOrder(v, a, i.id, i.reason));
export const shipOrderAction = orderAction(ZShipOrder, "order:ship", (v, a, i) => shipOrder(v, a, i));
/** The dealer's "confirm receipt" (order:receive) or staff's "complete" (order:complete). */
export const completeOrderAction = orderAction(ZOrderId, null, (v, a, i) => completeOrder(v, a, i.id));
export const deleteOrdersAction = orderAction(ZOrderIds, "order:delete", (v, a, i) => deleteOrders(v, a, i.ids));
export const recordPaymentAction = orderAction(ZRecordPayment, "payment:create", (v, a, i) => recordPayment(v, a, i));
