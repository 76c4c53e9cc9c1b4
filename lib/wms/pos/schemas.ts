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
});
export type TCounterSale = z.infer<typeof ZCounterSale>;

/** A goods code typed or scanned at the counter of an outlet. */
export const ZSaleLookup = z.object({ posId: zId, code: z.string().trim().min(1).max(40) });
export type TSaleLookup = z.infer<typeof ZSaleLookup>;
