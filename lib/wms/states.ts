import type { Permission } from "@/lib/access/permissions";
import type { WmsDocStatus, WmsDocType } from "@/lib/generated/prisma/enums";

// The warehouse documents' state tables (client-safe): the screens show the buttons these allow,
// the services refuse everything else. Entries, deliveries and moves are DRAFT → POSTED (stock
// changes) or CANCELLED; transfers DRAFT → IN_TRANSIT (stock leaves) → RECEIVED (stock
// arrives); stocktakes DRAFT → COUNTING (the scope frozen) → POSTED (differences adjusted).

export const WMS_DOC_TYPES = ["ENTRY", "DELIVERY", "MOVE", "TRANSFER", "STOCKTAKE"] as const satisfies readonly WmsDocType[];
export const WMS_DOC_STATUSES = ["DRAFT", "COUNTING", "IN_TRANSIT", "POSTED", "RECEIVED", "CANCELLED"] as const satisfies readonly WmsDocStatus[];
export const WAREHOUSE_TYPES = ["VEHICLE", "PARTS", "MIXED"] as const;

/** The code rule (system/codeRule) that numbers each kind. */
export const DOC_RULE: Record<WmsDocType, string> = { ENTRY: "WE", DELIVERY: "WD", MOVE: "WM", TRANSFER: "WT", STOCKTAKE: "WS" };

/** The screen of each kind, where its documents open (?id=). */
export const DOC_ROUTE: Record<WmsDocType, string> = {
  ENTRY: "customerWms/entryWarehouseOrder",
  DELIVERY: "customerWms/deliveryWarehouseOrder",
  MOVE: "customerWms/moveWarehouse",
  TRANSFER: "customerWms/allotOrder",
  STOCKTAKE: "customerWms/storeCheck",
};

/** The permission that creates and moves each kind. */
export const DOC_PERMISSION: Record<WmsDocType, Permission> = {
  ENTRY: "wmsEntry:manage",
  DELIVERY: "wmsDelivery:manage",
  MOVE: "wmsMove:manage",
  TRANSFER: "wmsTransfer:manage",
  STOCKTAKE: "stocktake:manage",
};

/** Entry sources: a received order or a car return (made by the app), opening stock or other (by hand). */
export const ENTRY_SOURCES = ["ORDER", "VEHICLE_RETURN", "OPENING", "OTHER"] as const;
export const MANUAL_ENTRY_SOURCES = ["OPENING", "OTHER"] as const;
/** Delivery sources: a retail sale and a counter sale (made by the app), repair use, scrap, other. */
export const DELIVERY_SOURCES = ["SALE", "COUNTER", "REPAIR", "SCRAP", "OTHER"] as const;
export const MANUAL_DELIVERY_SOURCES = ["REPAIR", "SCRAP", "OTHER"] as const;
export const STOCKTAKE_CYCLES = ["WEEKLY", "MONTHLY", "QUARTERLY"] as const;
export const OUTLET_KINDS = ["SHOWROOM", "SERVICE"] as const;

export type WmsMove = "post" | "cancel" | "ship" | "receive" | "count";

type Move = { from: readonly WmsDocStatus[]; to: WmsDocStatus };
export const WMS_MOVES: Record<WmsDocType, Partial<Record<WmsMove, Move>>> = {
  ENTRY: { post: { from: ["DRAFT"], to: "POSTED" }, cancel: { from: ["DRAFT"], to: "CANCELLED" } },
  DELIVERY: { post: { from: ["DRAFT"], to: "POSTED" }, cancel: { from: ["DRAFT"], to: "CANCELLED" } },
  MOVE: { post: { from: ["DRAFT"], to: "POSTED" }, cancel: { from: ["DRAFT"], to: "CANCELLED" } },
  TRANSFER: {
    ship: { from: ["DRAFT"], to: "IN_TRANSIT" },
    receive: { from: ["IN_TRANSIT"], to: "RECEIVED" },
    cancel: { from: ["DRAFT"], to: "CANCELLED" },
  },
  STOCKTAKE: {
    count: { from: ["DRAFT"], to: "COUNTING" },
    post: { from: ["COUNTING"], to: "POSTED" },
    cancel: { from: ["DRAFT", "COUNTING"], to: "CANCELLED" },
  },
};

/** The move `move` of a `type` document in `status`, or null when the table has none. */
export function wmsMove(type: WmsDocType, status: WmsDocStatus, move: WmsMove): Move | null {
  const m = WMS_MOVES[type][move];
  return m && m.from.includes(status) ? m : null;
}

/** The moves a `type` document in `status` offers. A transfer is received by the receiving
 * company and shipped or cancelled by the sending one (`side`). */
export function wmsMovesFor(type: WmsDocType, status: WmsDocStatus, side: "from" | "to" | "both" = "both"): WmsMove[] {
  return (Object.keys(WMS_MOVES[type]) as WmsMove[]).filter((m) => {
    if (!wmsMove(type, status, m)) return false;
    if (type !== "TRANSFER" || side === "both") return true;
    return m === "receive" ? side === "to" : side === "from";
  });
}

/** Documents whose draft holds (reserves) the stock it will take out. */
export const RESERVES: readonly WmsDocType[] = ["DELIVERY", "MOVE", "TRANSFER"];
