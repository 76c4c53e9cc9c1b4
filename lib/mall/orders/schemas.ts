import { z } from "zod";
import { blankToNull, zId, zOptionalText, zText } from "@/lib/core/zod";
import { zPhone } from "../addresses/schemas";

// The order forms' schemas (submit, transitions, payments): checked in the browser, parsed
// again by the server actions and the REST API, and turned into the OpenAPI document.
// Client-safe. Field labels live in the "Orders" messages namespace.

/** A quantity in a cart, order or pre-order: a whole number from 1 to 99,999. The goods'
 * minimum and stock are checked by the services. */
export const MAX_QUANTITY = 99_999;
export const zQuantity = z.number().int().min(1).max(MAX_QUANTITY);

/** Money as a decimal string with at most two decimals ("1234.5"); numbers are accepted from
 * JSON clients and turned into their decimal text. Never a float in arithmetic. */
export const MONEY_RE = /^\d{1,12}(\.\d{1,2})?$/;
export const zMoney = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : v),
  z
    .string()
    .min(1)
    .refine((v) => MONEY_RE.test(v), { message: "money" })
    .refine((v) => Number(v) > 0, { message: "positive" }),
);

/** A calendar day "YYYY-MM-DD" between 2000 and 2100 that exists. */
export const zDay = z
  .string()
  .trim()
  .min(1)
  .refine(
    (v) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= "2000-01-01" && v <= "2100-12-31";
    },
    { message: "date" },
  );

export const ORDER_TYPES = ["VEHICLE", "PARTS"] as const;
export const ORDER_STATUSES = ["SUBMITTED", "CONFIRMED", "SHIPPED", "COMPLETED", "CANCELLED", "REJECTED"] as const;
export const PAYMENT_STATES = ["UNPAID", "PARTIALLY_PAID", "PAID"] as const;

/** A client's idempotency key: the same key from the same company is the same order. */
export const zIdempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const ZSubmitOrder = z.object({
  type: z.enum(ORDER_TYPES),
  /** The cart lines to order (of the cart of that type); they leave the cart. */
  cartLineIds: z.array(zId).min(1).max(100),
  phone: zPhone,
  /** delivery_way dictionary code. */
  deliveryWay: zText(32),
  /** The address book entry to ship to (copied into the order). */
  addressId: zId,
  /** carrier_type dictionary code. */
  carrierType: z.preprocess(blankToNull, z.string().trim().max(32).nullable()).optional(),
  secondaryDestination: zOptionalText(200).optional(),
  remark: zOptionalText(500).optional(),
});
export type TSubmitOrder = z.infer<typeof ZSubmitOrder>;
/** The screen's action also carries the key the form made when it opened. */
export const ZSubmitOrderAction = ZSubmitOrder.extend({ idempotencyKey: zIdempotencyKey });

export const ZOrderId = z.object({ id: zId });
export const ZOrderIds = z.object({ ids: z.array(zId).min(1).max(100) });
export const ZCancelOrder = z.object({ id: zId, reason: zOptionalText(500).optional() });
export const ZRejectOrder = z.object({ id: zId, reason: zText(500) });

export const ZShipOrder = z.object({
  id: zId,
  /** VEHICLE orders: exactly the ordered number of VINs per line, from factory stock. */
  vins: z.array(z.string().trim().toUpperCase().min(1).max(17)).max(500).optional(),
  factoryName: zText(100),
  carrierType: z.preprocess(blankToNull, z.string().trim().max(32).nullable()).optional(),
  logisticsCompany: zText(100),
  logisticsNo: zText(64),
});
export type TShipOrder = z.infer<typeof ZShipOrder>;

export const ZRecordPayment = z.object({
  orderId: zId,
  amount: zMoney,
  paidOn: zDay,
  /** payment_method dictionary code. */
  method: zText(32),
  reference: zOptionalText(100).optional(),
  remark: zOptionalText(300).optional(),
});
export type TRecordPayment = z.infer<typeof ZRecordPayment>;
