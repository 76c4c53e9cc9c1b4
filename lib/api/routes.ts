import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import type { GoodsKind, OrderType } from "@/lib/generated/prisma/enums";

// The screens a REST endpoint stands for: an endpoint answers only to viewers whose roles open
// the same screen (the same rule the pages apply), else 403.

export const GOODS_ROUTE: Record<GoodsKind, string> = { VEHICLE: "onlineMall/car/goods", PART: "onlineMall/mountings/goods", DERIVATIVE: "onlineMall/mountings/derivativeGoods" };
export const ORDER_ROUTE: Record<OrderType, string> = { VEHICLE: "onlineMall/car/order", PARTS: "onlineMall/mountings/order" };
export const CART_ROUTE: Record<OrderType, string> = { VEHICLE: "onlineMall/car/cart", PARTS: "onlineMall/mountings/cart" };
export const PRE_ORDER_ROUTE = "onlineMall/car/preOrder";
export const SALES_RETURN_ROUTE = "afterSale/salesReturn";
export const COMPLAINT_ROUTE = "afterSale/complaint";
export const STOCKTAKE_PLAN_ROUTE = "customerWms/storeCheckPlan";

export async function requireScreenApi(viewer: Viewer, route: string): Promise<void> {
  if (!(await canOpenRoute(viewer, route))) throw new ForbiddenError(route);
}

/** Any one of the screens opens it (e.g. an order of either type before its type is known). */
export async function canOpenAny(viewer: Viewer, routes: string[]): Promise<boolean> {
  for (const r of routes) if (await canOpenRoute(viewer, r)) return true;
  return false;
}
