"use server";

import { revalidatePath } from "next/cache";
import { signedInAction } from "@/lib/actions/action";
import { addToCart, clearCart, removeCartLines, updateCartLine } from "./cart";
import { CART_ROUTES, CART_TYPES, ZAddToCart, ZCartLineIds, ZClearCart, ZUpdateCartLine, type CartType } from "./cart-schemas";

// Writes of the carts, one line each; the services check the permission and the dealer again.
const refresh = (type?: CartType) => (type ? [type] : CART_TYPES).forEach((t) => revalidatePath(CART_ROUTES[t]));

const labels = "Cart.fields";

export const addToCartAction = signedInAction({ schema: ZAddToCart, permission: "cart:add", labels, run: async (v, c) => {
  const out = await addToCart(c.viewer, v);
  refresh(out.type);
  return out;
} });

export const updateCartLineAction = signedInAction({ schema: ZUpdateCartLine, permission: "cart:update", labels, run: async (v, c) => {
  const out = await updateCartLine(c.viewer, v);
  refresh();
  return out;
} });

export const removeCartLinesAction = signedInAction({ schema: ZCartLineIds, permission: "cart:update", labels, run: async (v, c) => {
  const out = await removeCartLines(c.viewer, v.ids);
  refresh();
  return out;
} });

export const clearCartAction = signedInAction({ schema: ZClearCart, permission: "cart:update", labels, run: async (v, c) => {
  const out = await clearCart(c.viewer, v.type);
  refresh(v.type);
  return out;
} });
