import { z } from "zod";
import { zCode, zId, zSort, zText } from "@/lib/core/zod";

// Car groups (onlineMall/car/carGroup) and vehicle models (onlineMall/car/vehicleModel):
// the drawers' schemas, parsed again by the server actions. Client-safe.

export const ZCarGroupSave = z.object({
  id: zId.optional(),
  code: zCode(32),
  nameEn: zText(100),
  nameZh: zText(100),
  sort: zSort,
  enabled: z.boolean(),
});
export type TCarGroupSave = z.infer<typeof ZCarGroupSave>;

export const MAX_WARRANTY_MONTHS = 240;

export const ZVehicleModelSave = z.object({
  id: zId.optional(),
  code: zCode(32),
  carGroupId: zId,
  nameEn: zText(100),
  nameZh: zText(100),
  /** Empty: the vehicle.warrantyMonths variable applies. */
  warrantyMonths: z.preprocess((v) => (v === "" || v === undefined ? null : v), z.number().int().min(1).max(MAX_WARRANTY_MONTHS).nullable()),
  sort: zSort,
  enabled: z.boolean(),
});
export type TVehicleModelSave = z.infer<typeof ZVehicleModelSave>;
