import { z } from "zod";
import { zId } from "@/lib/core/zod";
import { KEY_CURSOR_RE } from "@/lib/list/keyset";

// Available inventory (onlineMall/car/inventory): the statuses of the factory side, the VIN
// page's input, and the list's query string. Client-safe: the VIN panel and the server share it.

/** A vehicle still at the factory: in stock there, allocated to an order, or on its way. */
export const FACTORY_SIDE = ["FACTORY_STOCK", "ALLOCATED", "IN_TRANSIT"] as const;
export type FactorySideStatus = (typeof FACTORY_SIDE)[number];
export const isFactorySide = (v: unknown): v is FactorySideStatus => typeof v === "string" && (FACTORY_SIDE as readonly string[]).includes(v);

/** The dealers' status filter: only goods with units left to order. */
export const AVAILABLE = "available";

export const INVENTORY_PAGE_SIZE = 20;
export const VIN_PAGE_SIZE = 50;

export const ZInventoryVins = z.object({
  goodsId: zId,
  status: z.enum(FACTORY_SIDE).nullish(),
  /** "<entry ms>_<vehicle id>" of the last VIN shown: the next page starts after it. */
  after: z.string().regex(KEY_CURSOR_RE).nullish(),
});
export type TInventoryVins = z.infer<typeof ZInventoryVins>;

export type InventoryFilters = {
  /** VehicleModel id. */
  model: number | null;
  /** Part of the configuration text. */
  config: string;
  /** Staff: a factory-side status; dealers: AVAILABLE; "" = all. */
  status: FactorySideStatus | typeof AVAILABLE | "";
  /** Keyset "<sort>_<id>" of the last group of the previous page. */
  cursor: string;
};

/** The filters back as a query string for links (`extra` overrides, e.g. the cursor). */
export function inventoryQuery(f: Partial<InventoryFilters>, extra: Record<string, string | number> = {}): string {
  const p = new URLSearchParams();
  if (f.model) p.set("model", String(f.model));
  if (f.config) p.set("config", f.config);
  if (f.status) p.set("status", f.status);
  for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
  const q = p.toString();
  return q ? `?${q}` : "";
}
