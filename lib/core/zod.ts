import { z } from "zod";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "@/lib/validation/text";

// The zod building blocks every area's schemas are made of (client-safe: forms build and
// validate with them; the server actions parse with them again).

export const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null));
/** Free text refuses control characters (NUL above all, which PostgreSQL refuses; lib/validation/text.ts). */
export const zText = (max: number) => z.string().trim().min(1).max(max).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE });
export const zOptionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE }).nullable());
export const zCode = (max = 32) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);
export const zSort = z.number().int().min(0).max(99999);
export const zId = z.number().int().positive();
export const zOptionalId = z.preprocess((v) => (v === "" || v === undefined ? null : v), zId.nullable());

/** Bulk delete: the selected ids (a page at most). */
export const ZIds = z.object({ ids: z.array(zId).min(1).max(500) });
export type TIds = z.infer<typeof ZIds>;
