import { z } from "zod";
import { zPhone } from "@/lib/mall/addresses/schemas";
import { zDay } from "@/lib/mall/orders/schemas";
import { blankToNull, zId, zOptionalId, zOptionalText, zText } from "@/lib/core/zod";
import { zVin } from "@/lib/vehicles/schemas";

// The parts return forms (afterSale/salesReturn, afterSale/salesReturnLogs): checked in the
// browser, parsed again by the server actions and the REST API, and turned into the OpenAPI
// document. Client-safe. Field labels live in the "SalesReturns.fields" messages namespace.
// Rules across fields (a part is named, fault quantity within the quantity, dates not in the
// future, the order holds the part) and those that need the database (dictionaries, the
// configured image count) are checked by lib/after-sales/returns/service.ts with field errors.

export const SALES_RETURN_STATUSES = ["SUBMITTED", "APPROVED", "REJECTED", "SHIPPED", "RECEIVED", "COMPLETED"] as const;
export const RETURN_BATCH_STATUSES = ["SHIPPED", "RECEIVED", "COMPLETED"] as const;

export const MAX_RETURN_QUANTITY = 9999;
/** The most returns one delivery batch carries. */
export const MAX_BATCH_RETURNS = 100;
/** A sanity cap on the ids a form may send; the configured image count is enforced on save. */
const MAX_IMAGE_IDS = 50;

const ATTACHMENT_ID = /^[a-f0-9]{32}$/;
/** The upload field's value ({ id, … } per file) or bare ids from REST clients → the ids. */
export const zPartImages = z
  .array(z.union([z.string().regex(ATTACHMENT_ID), z.object({ id: z.string().regex(ATTACHMENT_ID) })]))
  .max(MAX_IMAGE_IDS)
  .transform((list) => list.map((v) => (typeof v === "string" ? v : v.id)));

const zOptionalVin = z.preprocess(blankToNull, zVin.nullable());
const zOptionalDay = z.preprocess(blankToNull, zDay.nullable());

export const ZFileReturn = z.object({
  /** return_type dictionary code. */
  returnType: zText(32),
  /** A PART goods of the parts catalogue (its code and name are copied); or else materialName. */
  goodsId: zOptionalId.optional(),
  materialName: zOptionalText(120).optional(),
  materialCode: zOptionalText(40).optional(),
  /** The dealer's own PARTS order holding goodsId, when chosen from the orders. */
  orderId: zOptionalId.optional(),
  /** num: how many are returned. */
  quantity: z.number().int().min(1).max(MAX_RETURN_QUANTITY),
  /** How many of them are faulty (at most quantity). */
  faultQuantity: z.number().int().min(0).max(MAX_RETURN_QUANTITY),
  /** deal_type dictionary code: what the dealer asks for. */
  dealType: zText(20),
  /** The car the part was fitted to. */
  vin: zOptionalVin.optional(),
  buyer: zOptionalText(50).optional(),
  buyDate: zOptionalDay.optional(),
  saleDate: zOptionalDay.optional(),
  description: zText(1000),
  /** Pending IMAGE uploads of this user. */
  partImg: zPartImages.default([]),
});
export type TFileReturn = z.infer<typeof ZFileReturn>;

export const ZReturnId = z.object({ id: zId });
export const ZRejectReturn = z.object({ id: zId, reason: zText(500) });

/** The delivery form over the approved returns picked for one batch. */
export const ZShipReturns = z.object({
  returnIds: z.array(zId).min(1).max(MAX_BATCH_RETURNS),
  shippingAddress: zText(300),
  /** delivery_way dictionary code. */
  deliveryWay: zText(32),
  carNo: zOptionalText(20).optional(),
  contactPhone: zPhone,
  /** Required when the delivery way is LOGISTICS or EXPRESS (checked by the service). */
  logisticsCompany: zOptionalText(100).optional(),
  logisticsNo: zOptionalText(50).optional(),
});
export type TShipReturns = z.infer<typeof ZShipReturns>;

/** Staff receive the batch's shipped items: the listed ones, or all when none are listed. */
export const ZReceiveReturns = z.object({ batchId: zId, returnIds: z.array(zId).max(MAX_BATCH_RETURNS).optional() });
/** Staff complete a received return with the deal type carried out (deal_type code). */
export const ZCompleteReturn = z.object({ id: zId, dealTypeDone: zText(20) });
