"use server";

import type { z } from "zod";
import { action, type ActionCtx } from "@/lib/actions/action";
import { addToCart, clearCart, removeCartLines, updateCartLine } from "./service";
import { CART_ROUTES, CART_TYPES, ZAddToCart, ZCartLineIds, ZClearCart, ZUpdateCartLine, type CartType } from "./schemas";

// Writes of the carts, one line each; the services check the permission and the dealer again.
// (addToCart's run is typed: its answer names the cart to revalidate, so it is inferred first.)
const carts = (type?: CartType) => (type ? [type] : CART_TYPES).map((t) => CART_ROUTES[t]);

const labels = "Cart.fields";

export const addToCartAction = action(
  { schema: ZAddToCart, permission: "cart:add", labels, revalidate: (out) => carts(out.type) },
  (v: z.output<typeof ZAddToCart>, { viewer }: ActionCtx) => addToCart(viewer, v),
);
export const updateCartLineAction = action({ schema: ZUpdateCartLine, permission: "cart:update", labels, revalidate: () => carts() }, (v, { viewer }) => updateCartLine(viewer, v));
export const removeCartLinesAction = action({ schema: ZCartLineIds, permission: "cart:update", labels, revalidate: () => carts() }, (v, { viewer }) =>
  removeCartLines(viewer, v.ids),
);
export const clearCartAction = action({ schema: ZClearCart, permission: "cart:update", labels, revalidate: (_out, v) => carts(v.type) }, (v, { viewer }) =>
  clearCart(viewer, v.type),
);
