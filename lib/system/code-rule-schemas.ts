import { z } from "zod";
import { zCode, zId, zText } from "@/lib/core/zod";
import { CODE_RESETS, DATE_PATTERNS, type CodeResetPolicy, type DatePattern } from "./code-rule-options";

export * from "./code-rule-options";

// Numbering rules (system/codeRule): the drawer's schema and the rules the platform's documents
// rely on (client-safe).

/** Rules the documents allocate from (orders, pre-orders, complaints, returns, warehouse
 * documents): they can be edited, not deleted. The schema has no flag, so the list is here. */
export const SYSTEM_CODE_RULES: readonly string[] = ["SO", "PO", "CP", "SR", "RB", "WE", "WD", "WM", "WT", "WS", "PP", "MB"];

export const ZCodeRuleSave = z.object({
  id: zId.optional(),
  code: zCode(64),
  nameEn: zText(100),
  nameZh: zText(100),
  prefix: z
    .string()
    .trim()
    .max(10)
    .regex(/^[A-Za-z0-9_-]*$/),
  datePattern: z.enum(DATE_PATTERNS),
  seqLength: z.number().int().min(1).max(9),
  reset: z.enum(CODE_RESETS),
  enabled: z.boolean(),
});
export type TCodeRuleSave = z.infer<typeof ZCodeRuleSave>;

/** The date part must name the reset period, or the numbers of two periods would repeat. */
export function patternCoversReset(pattern: DatePattern | string, reset: CodeResetPolicy): boolean {
  return reset === "NEVER" || pattern === "yyyyMMdd" || (reset === "MONTHLY" && pattern === "yyyyMM");
}
