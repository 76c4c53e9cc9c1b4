"use server";

import { z } from "zod";
import { action } from "@/lib/actions/action";
import { preOrderFormOptions } from "./form-data";
import { ZCancelPreOrder, ZConfirmPreOrder, ZCreatePreOrder, ZPreOrderId, ZRejectPreOrder } from "./schemas";
import { cancelPreOrder, confirmPreOrder, convertPreOrder, createPreOrder, rejectPreOrder } from "./service";

// The pre-order screens' actions: parse the shared schema, check the permission, run the
// service in its transaction, refresh the screens it touches. Labels: "PreOrders.fields".

const labels = "PreOrders.fields";
const on = { labels, revalidate: ["/onlineMall/car/preOrder", "/onlineMall/car/order", "/onlineMall/car/goods"] } as const;

export const createPreOrderAction = action({ ...on, schema: ZCreatePreOrder, permission: "preOrder:create" }, (i, { viewer, audit }) => createPreOrder(viewer, audit, i));
export const confirmPreOrderAction = action({ ...on, schema: ZConfirmPreOrder, permission: "preOrder:confirm" }, (i, { viewer, audit }) =>
  confirmPreOrder(viewer, audit, i.id, i.expectedDate),
);
export const rejectPreOrderAction = action({ ...on, schema: ZRejectPreOrder, permission: "preOrder:reject" }, (i, { viewer, audit }) =>
  rejectPreOrder(viewer, audit, i.id, i.reason),
);
export const cancelPreOrderAction = action({ ...on, schema: ZCancelPreOrder, permission: "preOrder:cancel" }, (i, { viewer, audit }) =>
  cancelPreOrder(viewer, audit, i.id, i.reason),
);
export const convertPreOrderAction = action({ ...on, schema: ZPreOrderId, permission: "preOrder:convert" }, (i, { viewer, audit }) => convertPreOrder(viewer, audit, i.id));

/** The create form's choices (addresses, delivery ways, carrier types), read when it opens. */
export const preOrderFormOptionsAction = action({ schema: z.object({}), permission: "preOrder:create", labels }, (_i, { viewer }) => preOrderFormOptions(viewer));
