import { z } from "zod";
import { zId, zOptionalId, zOptionalText } from "@/lib/core/zod";
import { MONEY_RE, zQuantity } from "@/lib/mall/orders/schemas";
import { MANUAL_DELIVERY_SOURCES, MANUAL_ENTRY_SOURCES } from "./states";

// The warehouse documents' inputs, shared by the forms, the actions and the REST API. Client-safe.
// Custom issue messages are keys of the Validation namespace.

export { zQuantity };

/** A cost or price: a decimal string with at most two decimals, zero allowed. */
export const zCost = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : v),
  z
    .string()
    .min(1)
    .refine((v) => MONEY_RE.test(v), { message: "money" }),
);

const zLines = <T extends z.ZodTypeAny>(line: T) => z.array(line).min(1, { message: "linesRequired" }).max(200);

export const ZEntryLine = z.object({ goodsId: zId, quantity: zQuantity, unitCost: zCost, toLocationId: zOptionalId.optional() });
export const ZCreateEntry = z.object({
  warehouseId: zId,
  source: z.enum(MANUAL_ENTRY_SOURCES),
  remark: zOptionalText(500),
  lines: zLines(ZEntryLine),
});
export type TCreateEntry = z.infer<typeof ZCreateEntry>;

/** Posting an entry: the location each line goes into. */
export const ZPostEntry = z.object({ id: zId, lines: z.array(z.object({ id: zId, toLocationId: zId })).max(500) });
export type TPostEntry = z.infer<typeof ZPostEntry>;

export const ZOutLine = z.object({ goodsId: zId, vehicleId: zOptionalId.optional(), quantity: zQuantity, fromLocationId: zId });
export const ZCreateDelivery = z.object({
  warehouseId: zId,
  source: z.enum(MANUAL_DELIVERY_SOURCES),
  remark: zOptionalText(500),
  lines: zLines(ZOutLine),
});
export type TCreateDelivery = z.infer<typeof ZCreateDelivery>;

export const ZCreateMove = z.object({
  warehouseId: zId,
  remark: zOptionalText(500),
  lines: zLines(ZOutLine.extend({ toLocationId: zId })),
});
export type TCreateMove = z.infer<typeof ZCreateMove>;

export const ZCreateTransfer = z.object({
  warehouseId: zId,
  toCompanyId: zId,
  toWarehouseId: zId,
  remark: zOptionalText(500),
  lines: zLines(ZOutLine),
});
export type TCreateTransfer = z.infer<typeof ZCreateTransfer>;

/** Receiving a transfer: what arrived of each line and where it goes. */
export const ZReceiveTransfer = z.object({
  id: zId,
  lines: z
    .array(z.object({ id: zId, receivedQty: z.number().int().min(0).max(99_999), toLocationId: zId }))
    .min(1)
    .max(500),
});
export type TReceiveTransfer = z.infer<typeof ZReceiveTransfer>;

export const ZCreateStocktake = z.object({
  warehouseId: zId,
  locationIds: z.array(zId).max(500).default([]),
  goodsIds: z.array(zId).max(500).default([]),
  showBook: z.boolean().default(false),
  assigneeId: zOptionalId,
  remark: zOptionalText(500),
});
export type TCreateStocktake = z.infer<typeof ZCreateStocktake>;

/** Counts entered during counting; a line may be added for goods found where the book has none. */
export const ZCountStocktake = z.object({
  id: zId,
  counts: z.array(z.object({ id: zId, countedQty: z.number().int().min(0).max(9_999_999) })).max(2000),
  found: z
    .array(z.object({ goodsId: zId, locationId: zId, countedQty: z.number().int().min(0).max(9_999_999) }))
    .max(200)
    .default([]),
});
export type TCountStocktake = z.infer<typeof ZCountStocktake>;

export const ZDocId = z.object({ id: zId });
export const ZCancelDoc = z.object({ id: zId, reason: zOptionalText(500) });
export type TCancelDoc = z.infer<typeof ZCancelDoc>;
