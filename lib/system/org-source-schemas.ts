import { z } from "zod";
import { zCode, zId, zOptionalText, zSort, zText } from "@/lib/core/zod";

// system/orgSource: what a save and an import row carry.
export const ZOrgSourceSave = z.object({
  id: zId.optional(),
  code: zCode(32),
  nameEn: zText(100),
  nameZh: zText(100),
  sort: zSort,
  enabled: z.boolean(),
  remark: zOptionalText(300),
});
export type TOrgSourceSave = z.infer<typeof ZOrgSourceSave>;
export const ZOrgSourceImport = ZOrgSourceSave.omit({ id: true });
