import { z } from "zod";
import { zCode, zId, zOptionalText, zText } from "@/lib/core/zod";
import { cursorIdFits } from "@/lib/validation/ids";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "@/lib/validation/text";

export * from "./options";

// The member system's inputs (system/memberSystem), shared by the drawers, the server actions
// and the REST API. Client-safe; the screen's first load uses ./options.ts instead.

/** At most `places` decimals (checked on the number's shortest text: 12.5, 0.0125). */
const places = (n: number, max: number) => {
  const [, frac = ""] = String(n).split(".");
  return !/e/i.test(String(n)) && frac.length <= max;
};

export const ZTierSave = z.object({
  id: zId.optional(),
  code: zCode(32),
  nameEn: zText(50),
  nameZh: zText(50),
  /** Points balance from which a member is in the tier; unique among enabled tiers. */
  threshold: z.number().int().min(0).max(100_000_000),
  benefitsEn: zOptionalText(1000),
  benefitsZh: zOptionalText(1000),
  /** Percentage off a counter sale, 0–100 with at most two decimals. */
  discountPct: z
    .number()
    .min(0)
    .max(100)
    .refine((n) => places(n, 2), { message: "pattern" }),
  enabled: z.boolean(),
});
export type TTierSave = z.infer<typeof ZTierSave>;
/** POST /member-tiers, PUT /member-tiers/{id}: the tier without its id (the path's). */
export const ZTierBody = ZTierSave.omit({ id: true });

/** A rate: ≥ 0 with at most four decimals (the columns are DECIMAL(10,4)). */
const zRate = z
  .number()
  .min(0)
  .max(999_999)
  .refine((n) => places(n, 4), { message: "pattern" });

export const ZRuleSave = z.object({
  /** Points per yuan of a retail vehicle sale (0.01: one point per 100 yuan). */
  vehicleRate: zRate,
  /** Points per yuan paid at a counter sale. */
  counterRate: zRate,
  /** Yuan one point is worth when redeemed (more than 0). */
  redeemValue: z
    .number()
    .min(0)
    .max(999_999)
    .refine((n) => n > 0, { message: "positive" })
    .refine((n) => places(n, 4), { message: "pattern" }),
  /** Months after which earned points expire; 0: never. */
  expiryMonths: z.number().int().min(0).max(120),
});
export type TRuleSave = z.infer<typeof ZRuleSave>;

/** A manual adjustment: points added (> 0) or taken (< 0), never 0, with the reason. */
export const ZAdjust = z.object({
  id: zId,
  points: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, { message: "nonZero" }),
  reason: zText(300),
});
export type TAdjust = z.infer<typeof ZAdjust>;
export const ZAdjustBody = ZAdjust.omit({ id: true });

export const ZTierId = z.object({ id: zId });

// REST query strings (text, coerced here).
const zSearch = (max: number) => z.string().trim().max(max).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE }).optional();
const zCursor = z
  .string()
  .trim()
  .max(40)
  .regex(/^[ab]\d{1,15}_\d{1,10}$/)
  .refine(cursorIdFits, { message: "pattern" })
  .optional();
const zSize = z.coerce.number().int().min(1).max(100).optional();

/** GET /members: the register's filters (the screen's URL names) and the keyset cursor. */
export const ZMemberListQuery = z.object({
  /** A full mobile number (exact) or the start of a name. */
  q: zSearch(50),
  /** A tier id, or "none" (below every enabled tier). */
  tier: z
    .string()
    .trim()
    .regex(/^(none|[1-9]\d{0,9})$/)
    .optional(),
  /** Staff only: dealer code prefix or part of its name. */
  dealer: zSearch(50),
  cursor: zCursor,
  size: zSize,
});

/** GET /members/{id}/ledger. */
export const ZMemberLedgerQuery = z.object({ cursor: zCursor, size: zSize });
