import { z } from "zod";
import { blankToNull, zId, zOptionalText, zText } from "@/lib/core/zod";
import { zPhone } from "../addresses/schemas";
import { zDay, zQuantity } from "../orders/schemas";

// The pre-order forms' schemas (onlineMall/car/preOrder): checked in the browser, parsed again
// by the server actions and the REST API, and turned into the OpenAPI document. Client-safe.
// Field labels live in the "PreOrders.fields" messages namespace.

export const PRE_ORDER_STATUSES = ["SUBMITTED", "CONFIRMED", "CONVERTED", "CANCELLED", "REJECTED"] as const;

export const ZCreatePreOrder = z.object({
  /** A VEHICLE goods that is on sale; stock is not needed (a pre-order reserves nothing). */
  goodsId: zId,
  /** At least the goods' minimum order quantity (checked by the service). */
  quantity: zQuantity,
  phone: zPhone,
  /** delivery_way dictionary code. */
  deliveryWay: zText(32),
  /** The address book entry to ship to (copied into the pre-order). */
  addressId: zId,
  /** carrier_type dictionary code. */
  carrierType: z.preprocess(blankToNull, z.string().trim().max(32).nullable()).optional(),
  secondaryDestination: zOptionalText(200).optional(),
  remark: zOptionalText(500).optional(),
});
export type TCreatePreOrder = z.infer<typeof ZCreatePreOrder>;

export const ZPreOrderId = z.object({ id: zId });
/** Staff confirm with the expected delivery day (today in Asia/Shanghai or later). */
export const ZConfirmPreOrder = z.object({ id: zId, expectedDate: zDay });
export const ZRejectPreOrder = z.object({ id: zId, reason: zText(500) });
export const ZCancelPreOrder = z.object({ id: zId, reason: zOptionalText(500).optional() });
