import { z } from "zod";
import { zId, zOptionalText } from "@/lib/core/zod";
import { CART_TYPES, MAX_CART_LINES } from "./rules";
import { zQuantity } from "../orders/schemas";

// The carts' inputs (onlineMall/car/cart, onlineMall/mountings/cart and the REST API), parsed by
// the server actions and the REST handlers. Field labels live in the "Cart.fields" messages
// namespace. The browser islands import ./cart-rules instead, which carries no zod.

export * from "./rules";

export const zCartType = z.enum(CART_TYPES);

export const ZAddToCart = z.object({
  goodsId: zId,
  quantity: zQuantity,
  remark: zOptionalText(200).optional(),
  /** The cart the caller means (REST clients); a goods of another kind is refused. */
  type: zCartType.optional(),
});
export type TAddToCart = z.infer<typeof ZAddToCart>;

export const ZUpdateCartLine = z.object({
  id: zId,
  quantity: zQuantity.optional(),
  remark: zOptionalText(200).optional(),
});
export type TUpdateCartLine = z.infer<typeof ZUpdateCartLine>;

export const ZCartLineIds = z.object({ ids: z.array(zId).min(1).max(MAX_CART_LINES) });
export type TCartLineIds = z.infer<typeof ZCartLineIds>;

export const ZClearCart = z.object({ type: zCartType });
