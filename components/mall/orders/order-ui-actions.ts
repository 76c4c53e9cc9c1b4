"use server";

import { action } from "@/lib/actions/action";
import { dict } from "@/lib/dict/dict";
import { shippableVins } from "@/lib/mall/orders/queries";
import { ZOrderId, ZOrderIds } from "@/lib/mall/orders/schemas";
import { deleteOrders } from "@/lib/mall/orders/service";

// Server actions of the order screens beside the LEAD's order-actions.ts.

/** What the ship dialog offers, read when it opens (not shipped with every detail page): each
 * line's factory-stock VINs, oldest first, and the carrier types. Staff with order:ship only;
 * an order outside their scope answers "not found". */
export const loadShipDataAction = action({ schema: ZOrderId, permission: "order:ship", labels: "Orders.fields" }, async ({ id }, { viewer }) => {
  const [lines, carriers] = await Promise.all([shippableVins(viewer, id), dict("carrier_type")]);
  return { lines, carriers };
});

/** The detail's delete: the same service as deleteOrdersAction, but without re-rendering the
 * page it was called from. That page is the deleted order's detail, which now answers 404, and
 * a 404 rendered into the open page would stay on screen after the client moves to the list
 * (the not-found boundary resets on a new path, not on a new query string). */
export const deleteOrderFromDetailAction = action({ schema: ZOrderIds, permission: "order:delete", labels: "Orders.fields" }, ({ ids }, { viewer, audit }) =>
  deleteOrders(viewer, audit, ids),
);
