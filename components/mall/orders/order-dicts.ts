import "server-only";
import { dicts } from "@/lib/dict/dict";
import type { DictItemView } from "@/lib/dict/items";

// The dictionaries the order screens label their values with (cached per process).
export const ORDER_DICTS = ["order_status", "payment_status", "delivery_way", "carrier_type", "payment_method", "order_kind", "vehicle_status"] as const;
export type OrderDicts = Record<(typeof ORDER_DICTS)[number], DictItemView[]>;

export const loadOrderDicts = (): Promise<OrderDicts> => dicts(ORDER_DICTS, { includeDisabled: true });
