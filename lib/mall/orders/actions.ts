"use server";

import { action } from "@/lib/actions/action";
import { ZCancelOrder, ZOrderId, ZOrderIds, ZRecordPayment, ZRejectOrder, ZShipOrder, ZSubmitOrderAction } from "./schemas";
import { cancelOrder, completeOrder, confirmOrder, deleteOrders, rejectOrder, shipOrder, submitOrder } from "./service";
import { recordPayment } from "./payments";

// The order screens' actions (carts, order lists and details, reconciliation). Each parses the
// shared schema, checks the permission, runs the service in its transaction and refreshes the
// mall's screens. Field labels: the "Orders.fields" namespace.

const ROUTES = [
  "onlineMall/car/order",
  "onlineMall/mountings/order",
  "onlineMall/car/cart",
  "onlineMall/mountings/cart",
  "onlineMall/car/orderReconcil",
  "onlineMall/car/goods",
  "onlineMall/mountings/goods",
];
const on = { labels: "Orders.fields", revalidate: ROUTES.map((r) => `/${r}`) };

export const submitOrderAction = action({ ...on, schema: ZSubmitOrderAction, permission: "order:submit" }, ({ idempotencyKey, ...input }, { viewer, audit }) =>
  submitOrder(viewer, audit, input, idempotencyKey),
);
export const confirmOrderAction = action({ ...on, schema: ZOrderId, permission: "order:confirm" }, (i, { viewer, audit }) => confirmOrder(viewer, audit, i.id));
export const rejectOrderAction = action({ ...on, schema: ZRejectOrder, permission: "order:reject" }, (i, { viewer, audit }) => rejectOrder(viewer, audit, i.id, i.reason));
export const cancelOrderAction = action({ ...on, schema: ZCancelOrder, permission: "order:cancel" }, (i, { viewer, audit }) => cancelOrder(viewer, audit, i.id, i.reason));
export const shipOrderAction = action({ ...on, schema: ZShipOrder, permission: "order:ship" }, (i, { viewer, audit }) => shipOrder(viewer, audit, i));
/** The dealer's "confirm receipt" (order:receive) or staff's "complete" (order:complete). */
export const completeOrderAction = action({ ...on, schema: ZOrderId, permission: null }, (i, { viewer, audit }) => completeOrder(viewer, audit, i.id));
export const deleteOrdersAction = action({ ...on, schema: ZOrderIds, permission: "order:delete" }, (i, { viewer, audit }) => deleteOrders(viewer, audit, i.ids));
export const recordPaymentAction = action({ ...on, schema: ZRecordPayment, permission: "payment:create" }, (i, { viewer, audit }) => recordPayment(viewer, audit, i));
