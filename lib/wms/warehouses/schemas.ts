import { z } from "zod";
import { zCode, zId, zOptionalText, zText } from "@/lib/core/zod";
import { WAREHOUSE_TYPES } from "./options";

// The warehouse screen's inputs (customerWms/warehouse): the drawers check them in the browser,
// the actions and services parse them again. Client-safe. Issue messages are Validation keys.

export { WAREHOUSE_TYPES };

/** A phone of a keeper: digits with the usual separators (a landline with extension is fine). */
export const KEEPER_PHONE_RE = /^[0-9+\-() ]{3,20}$/;

export const ZWarehouseSave = z.object({
  id: zId.optional(),
  code: zCode(32),
  name: zText(100),
  type: z.enum(WAREHOUSE_TYPES),
  address: zOptionalText(200),
  keeper: zOptionalText(50),
  phone: zOptionalText(20).refine((v) => v === null || KEEPER_PHONE_RE.test(v), { message: "pattern" }),
});
export type TWarehouseSave = z.infer<typeof ZWarehouseSave>;

export const ZLocationSave = z.object({
  id: zId.optional(),
  warehouseId: zId,
  code: zCode(32),
  name: zOptionalText(100),
});
export type TLocationSave = z.infer<typeof ZLocationSave>;

export const ZWarehouseId = z.object({ id: zId });
export const ZSetEnabled = z.object({ id: zId, enabled: z.boolean() });
export type TSetEnabled = z.infer<typeof ZSetEnabled>;
