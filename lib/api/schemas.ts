import { z } from "zod";
import { cursorIdFits } from "@/lib/validation/ids";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "@/lib/validation/text";
import { COMPLAINT_STATUSES } from "@/lib/after-sales/complaints/schemas";
import { CART_TYPES } from "@/lib/mall/cart/rules";
import { ZUpdateCartLine } from "@/lib/mall/cart/schemas";
import { GOODS_KINDS } from "@/lib/mall/goods/schemas";
import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_STATES, ZCancelOrder, zDay, zIdempotencyKey } from "@/lib/mall/orders/schemas";
import { PRE_ORDER_STATUSES, ZCancelPreOrder } from "@/lib/mall/pre-orders/schemas";
import { SALES_RETURN_STATUSES } from "@/lib/after-sales/returns/schemas";
import { ZCancelDoc, ZCountStocktake, ZPostEntry, ZReceiveTransfer } from "@/lib/wms/schemas";
import { WMS_DOC_STATUSES, WMS_DOC_TYPES } from "@/lib/wms/states";

// The REST API's own zod pieces: path ids and query strings (text, coerced here), and the
// Idempotency-Key header. Request bodies are the screens' schemas as they are (cart-schemas,
// order-schemas, pre-order-schemas). The OpenAPI document is generated from these too.

/** A positive id in a path or query string ("12"). */
export const zPathId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZIdParams = z.object({ id: zPathId });

/** Keyset paging by id: the last id of the previous page. */
export const zCursor = z.coerce.number().int().positive().max(2_147_483_647).optional();
/** A list's `next` / `prev` ("a<ms>_<id>"); an id beyond int4 is refused like any bad cursor. */
const zListCursor = z
  .string()
  .trim()
  .max(40)
  .regex(/^[ab]\d{1,15}_\d{1,10}$/)
  .refine(cursorIdFits, { message: "pattern" })
  .optional();
const zDayFilter = zDay.optional();
const zSize = z.coerce.number().int().min(1).max(100).optional();
const zSearch = (max: number) => z.string().trim().max(max).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE }).optional();

export const ZNotificationQuery = z.object({
  cursor: zCursor,
  /** 0 answers the unread count only (the bell's poll). */
  limit: z.coerce.number().int().min(0).max(50).default(10),
});

export const ZGoodsQuery = z.object({
  kind: z.enum(GOODS_KINDS).default("VEHICLE"),
  carGroupId: zPathId.optional(),
  /** Part of the name (either language) or the code. */
  q: zSearch(50),
  /** The nextCursor of the previous page ("<sort>_<id>"). */
  cursor: z
    .string()
    .trim()
    .regex(/^\d{1,5}_\d{1,10}$/)
    .refine(cursorIdFits, { message: "pattern" })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});

export const ZCartQuery = z.object({ type: z.enum(CART_TYPES) });

export const ZOrderListQuery = z.object({
  type: z.enum(ORDER_TYPES),
  /** A status, or VALID (neither cancelled nor rejected). */
  status: z.enum([...ORDER_STATUSES, "VALID"]).optional(),
  /** A payment state, or OUTSTANDING (a valid order not fully paid). */
  payment: z.enum([...PAYMENT_STATES, "OUTSTANDING"]).optional(),
  /** Order days (Asia/Shanghai), inclusive, YYYY-MM-DD. */
  from: zDayFilter,
  to: zDayFilter,
  /** Order number prefix. */
  orderNo: zSearch(32),
  /** Staff only: dealer code prefix or part of its name. */
  company: zSearch(50),
  /** The `next` (older) or `prev` (newer) cursor of the previous answer. */
  cursor: zListCursor,
  size: zSize,
});

export const ZPreOrderListQuery = z.object({
  status: z.enum(PRE_ORDER_STATUSES).optional(),
  from: zDayFilter,
  to: zDayFilter,
  /** Pre-order number prefix. */
  preOrderNo: zSearch(32),
  company: zSearch(50),
  cursor: zListCursor,
  size: zSize,
});

export const ZComplaintListQuery = z.object({
  status: z.enum(COMPLAINT_STATUSES).optional(),
  /** complaint_category code. */
  category: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-z0-9_]*$/)
    .optional(),
  /** Created on these days (Asia/Shanghai), inclusive, YYYY-MM-DD. */
  from: zDayFilter,
  to: zDayFilter,
  /** The full VIN or part of it. */
  vin: z
    .string()
    .trim()
    .max(17)
    .regex(/^[A-Za-z0-9]*$/)
    .optional(),
  /** Complaint number prefix. */
  complaintNo: zSearch(32),
  /** Staff only: dealer code prefix or part of its name. */
  company: zSearch(50),
  /** Staff only: "1" lists the complaints the caller handles. */
  mine: z.enum(["1"]).optional(),
  cursor: zListCursor,
  size: zSize,
});

export const ZSalesReturnListQuery = z.object({
  status: z.enum(SALES_RETURN_STATUSES).optional(),
  /** return_type dictionary code. */
  returnType: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-z0-9_]*$/)
    .optional(),
  from: zDayFilter,
  to: zDayFilter,
  /** A whole VIN, or a part of one. */
  vin: z
    .string()
    .trim()
    .max(17)
    .regex(/^[A-Za-z0-9]*$/)
    .optional(),
  /** Return number prefix. */
  returnNo: zSearch(32),
  company: zSearch(50),
  cursor: zListCursor,
  size: zSize,
});

/** POST /orders: the client's retry key; the same key from the same company is the same order. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const zIdempotencyHeader = zIdempotencyKey;

/** A zod-parsed query back into the URLSearchParams the screens' parsers read. */
export function toSearchParams(q: Record<string, unknown>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== "") p.set(k, String(v));
  return p;
}

/** PATCH /cart/{id}: the line's new quantity and/or remark (the id is the path's). */
export const ZCartLinePatch = ZUpdateCartLine.omit({ id: true });
/** POST /orders/{id}/cancel. */
export const ZOrderCancelBody = ZCancelOrder.omit({ id: true });
/** POST /pre-orders/{id}/cancel. */
export const ZPreOrderCancelBody = ZCancelPreOrder.omit({ id: true });

/** GET /wms/documents: the kind (its screen's list) and the screen's filters. */
export const ZWmsDocListQuery = z.object({
  type: z.enum(WMS_DOC_TYPES),
  status: z.enum(WMS_DOC_STATUSES).optional(),
  /** A source code (Wms.sources), e.g. OPENING, REPAIR, GROUP. */
  source: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z_]*$/)
    .optional(),
  /** Document number prefix (WE…, WD…, WM…, WT…, WS…). */
  docNo: zSearch(32),
  /** Created on these days (Asia/Shanghai), inclusive, YYYY-MM-DD. */
  from: zDayFilter,
  to: zDayFilter,
  /** Staff only: dealer code prefix or part of its name. */
  company: zSearch(50),
  cursor: zListCursor,
  size: zSize,
});

/** POST /wms/documents/{id}/post: an entry's lines may name the location each goes into
 * (lines left out keep the draft's); other kinds take no body. */
export const ZPostDocBody = z.object({ lines: ZPostEntry.shape.lines.default([]) });
/** POST /wms/documents/{id}/receive. */
export const ZReceiveTransferBody = ZReceiveTransfer.omit({ id: true });
/** POST /wms/documents/{id}/counts. */
export const ZCountStocktakeBody = ZCountStocktake.omit({ id: true });
/** POST /wms/documents/{id}/cancel. */
export const ZCancelDocBody = ZCancelDoc.omit({ id: true });
