import { z } from "zod";
import { zId } from "@/lib/core/zod";
import { GOODS_KINDS } from "@/lib/mall/goods/schemas";
import { cursorIdFits } from "@/lib/validation/ids";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "@/lib/validation/text";
import { INVENTORY_FILTERS } from "./options";

// customerWms/inventory's inputs, shared by the minimum's form, its action and the REST API.
// Client-safe. The list's filter names are ./options.ts (zod-free, for the screen).

export { INVENTORY_FILTERS };

/** A minimum: a whole number ≥ 0; empty (or null) clears it. The form sends the box's text. */
export const zMinQty = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : /^\s*-?\d+(\.\d*)?\s*$/.test(v) ? Number(v) : v) : v),
  z.number().min(0).max(9_999_999).refine(Number.isInteger, { message: "integer" }).nullable(),
);
export const ZSetMinimum = z.object({ goodsId: zId, minQty: zMinQty });
export type TSetMinimum = z.infer<typeof ZSetMinimum>;

const zSearch = (max: number) => z.string().trim().max(max).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE }).optional();
const zCursor = z
  .string()
  .trim()
  .max(40)
  .regex(/^[ab]\d{1,15}_\d{1,10}$/)
  .refine(cursorIdFits, { message: "pattern" })
  .optional();
const zSize = z.coerce.number().int().min(1).max(100).optional();
const zQueryId = z.coerce.number().int().positive().max(2_147_483_647);
const zFlag = z.enum(["true", "false"]).optional();

/** GET /wms/inventory: the screen's filters (the same names as its URL) and the keyset cursor. */
export const ZInventoryQuery = z.object({
  /** A warehouse id. */
  warehouse: zQueryId.optional(),
  /** Location code prefix. */
  location: zSearch(32),
  /** Goods code prefix or part of its English or Chinese name. */
  goods: zSearch(60),
  kind: z.enum(GOODS_KINDS).optional(),
  /** "true": only goods whose company total is below its minimum. */
  low: zFlag,
  /** Rows with nothing on hand are left out unless "false". */
  hideZero: zFlag,
  /** Staff only: dealer code prefix or part of its name. */
  company: zSearch(50),
  cursor: zCursor,
  size: zSize,
});

/** GET /wms/ledger: one goods' movements in one company (staff name the company). */
export const ZLedgerQuery = z.object({
  goodsId: zQueryId,
  warehouseId: zQueryId.optional(),
  /** Staff only: the company (in their data scope); a dealer's is the signed-in one. */
  companyId: zQueryId.optional(),
  cursor: zCursor,
  size: zSize,
});
