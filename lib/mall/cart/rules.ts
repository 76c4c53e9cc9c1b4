// The carts' rules without zod (client islands import this file, so zod stays out of the budgeted
// pages' first load): cart types, limits, the quantity rules the browser shows before the
// server answers (the service applies the same ones), and decimal sums for the totals.

export const CART_TYPES = ["VEHICLE", "PARTS"] as const;
export type CartType = (typeof CART_TYPES)[number];
export type GoodsKindName = "VEHICLE" | "PART" | "DERIVATIVE";

/** More lines than this is no longer a cart but a catalogue: one cart keeps at most 100. */
export const MAX_CART_LINES = 100;
/** The same bound as zQuantity (lib/mall/orders/schemas.ts); a unit test keeps them equal. */
export const MAX_LINE_QUANTITY = 99_999;

/** The cart screens by type (route paths under the base path). */
export const CART_ROUTES: Record<CartType, string> = { VEHICLE: "/onlineMall/car/cart", PARTS: "/onlineMall/mountings/cart" };
/** Where a submitted order of that type is shown (?id=<order id>). */
export const ORDER_ROUTES: Record<CartType, string> = { VEHICLE: "/onlineMall/car/order", PARTS: "/onlineMall/mountings/order" };

/** The cart a goods goes into: vehicles into the vehicle cart, parts and derivative goods into
 * the parts cart. */
export const cartTypeOf = (kind: GoodsKindName): CartType => (kind === "VEHICLE" ? "VEHICLE" : "PARTS");
export const kindsOf = (type: CartType): GoodsKindName[] => (type === "VEHICLE" ? ["VEHICLE"] : ["PART", "DERIVATIVE"]);

/** What the goods allow, as the browser knows it. */
export type QuantityRules = { minOrderQty: number; stock: number; onSale: boolean };
/** Why a quantity cannot be ordered: a message key of "Cart.errors" and its values. */
export type QuantityProblem = { key: "offSale" | "outOfStock" | "invalidQuantity" | "belowMinimum" | "aboveStock"; values: Record<string, number> };

/** The first reason this quantity of the goods cannot go into the cart, or null. The service
 * applies the same rules (and the order submission again, under lock). */
export function quantityProblem(quantity: number, g: QuantityRules): QuantityProblem | null {
  if (!g.onSale) return { key: "offSale", values: {} };
  if (g.stock <= 0) return { key: "outOfStock", values: {} };
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return { key: "invalidQuantity", values: { max: MAX_LINE_QUANTITY } };
  if (quantity < g.minOrderQty) return { key: "belowMinimum", values: { min: g.minOrderQty } };
  if (quantity > g.stock) return { key: "aboveStock", values: { stock: g.stock } };
  return null;
}

/** Reads what a person typed into a quantity box: digits only, else NaN. */
export function parseQuantity(text: string): number {
  const t = text.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

/** Sums decimal strings with two places ("0.10" + "0.20" = "0.30") in whole cents, never floats. */
export function sumMoney(values: readonly string[]): string {
  let cents = BigInt(0);
  for (const v of values) cents += toCents(v);
  const neg = cents < BigInt(0);
  const abs = (neg ? -cents : cents).toString().padStart(3, "0");
  return `${neg ? "-" : ""}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

function toCents(v: string): bigint {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) throw new Error(`not a money value: ${v}`);
  const c = BigInt(m[2] + (m[3] ?? "").padEnd(2, "0"));
  return m[1] ? -c : c;
}
