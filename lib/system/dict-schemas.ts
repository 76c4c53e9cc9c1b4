import { z } from "zod";
import { blankToNull, zCode, zId, zOptionalText, zSort, zText } from "@/lib/core/zod";

// Dictionaries (system/systemCode): the type and item forms (client-safe; the drawers build
// their fields from these and the server actions parse with them again).

/** antd's preset tag colours (and its status colours), the only colours an item can have. */
export const DICT_COLORS = [
  "default",
  "success",
  "processing",
  "warning",
  "error",
  "magenta",
  "red",
  "volcano",
  "orange",
  "gold",
  "lime",
  "green",
  "cyan",
  "blue",
  "geekblue",
  "purple",
] as const;

export const ZDictTypeSave = z.object({
  id: zId.optional(),
  code: zCode(64),
  nameEn: zText(100),
  nameZh: zText(100),
  remark: zOptionalText(300),
});
export type TDictTypeSave = z.infer<typeof ZDictTypeSave>;

const item = {
  value: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/),
  labelEn: zText(100),
  labelZh: zText(100),
  sort: zSort,
  enabled: z.boolean(),
  color: z.preprocess(blankToNull, z.enum(DICT_COLORS).nullable()),
};

export const ZDictItemSave = z.object({ id: zId.optional(), typeId: zId, ...item });
export type TDictItemSave = z.infer<typeof ZDictItemSave>;

/** An import row: the item under its type's code; order and enabled may be left empty. */
export const ZDictItemImport = z.object({ typeCode: zCode(64), ...item, sort: zSort.default(0), enabled: z.boolean().default(true) });
export type TDictItemImport = z.infer<typeof ZDictItemImport>;
