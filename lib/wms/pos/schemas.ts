import { z } from "zod";
import { blankToNull, zCode, zId, zOptionalText, zText } from "@/lib/core/zod";
import { zPhone } from "@/lib/mall/addresses/schemas";
import { zCost, zQuantity } from "@/lib/wms/schemas";

// The points of sale screen's inputs (customerWms/pointOfSale): the outlet form and the counter
// sale, shared by the drawer, the server actions and the REST API. Client-safe.

export const OUTLET_KINDS = ["SHOWROOM", "SERVICE"] as const;
export type OutletKind = (typeof OUTLET_KINDS)[number];

/** An optional phone: empty is none, anything else a valid mobile number. */
const zOptionalPhone = z.preprocess(blankToNull, zPhone.nullable());

export const ZOutletSave = z.object({
  id: zId.optional(),
  code: zCode(32),
  name: zText(100),
  kind: z.enum(OUTLET_KINDS),
  warehouseId: zId,
  address: zOptionalText(200),
  contact: zOptionalText(50),
  phone: zOptionalPhone,
  enabled: z.boolean(),
});
export type TOutletSave = z.infer<typeof ZOutletSave>;

export const ZSaleLine = z.object({ goodsId: zId, quantity: zQuantity, price: zCost, fromLocationId: zId });
export const ZCounterSale = z.object({
  posId: zId,
  paymentMethod: z.string().trim().min(1).max(32),
  customerName: zOptionalText(50),
  customerPhone: zOptionalPhone,
  remark: zOptionalText(500),
  lines: z.array(ZSaleLine).min(1).max(100),
  /** A member served at the counter (issue 21), by phone: the tier's discount, points redeemed and earned. */
  memberPhone: zOptionalPhone.optional(),
  /** Points the member redeems (whole, 0: none), each worth the rule's redeemValue yuan. */
  redeemPoints: z.preprocess((v) => (v === "" || v == null ? 0 : typeof v === "string" ? Number(v.trim()) : v), z.number().int().min(0).max(1_000_000_000)).optional(),
});
export type TCounterSale = z.infer<typeof ZCounterSale>;

/** The counter's member lookup: the exact phone only (no search, no partial match). */
export const ZMemberLookup = z.object({ phone: zPhone });
export type TMemberLookup = z.infer<typeof ZMemberLookup>;

/** A goods code typed or scanned at the counter of an outlet. */
export const ZSaleLookup = z.object({ posId: zId, code: z.string().trim().min(1).max(40) });
export type TSaleLookup = z.infer<typeof ZSaleLookup>;
