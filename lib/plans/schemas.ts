import { z } from "zod";
import { blankToNull, zCode, zId, zOptionalId, zOptionalText, zText } from "@/lib/core/zod";
import { MAX_PLAN_LINES, MAX_PLAN_QTY, MONTH_RE, PLAN_LINE_KINDS, PLAN_STATUSES } from "./options";

// Purchase plans' inputs (crm/customerPlan), shared by the form, the review drawer, the actions
// and the REST API. Client-safe. Labels: "Plans.fields" (a line's field is named with its line
// number: lib/actions/errors.ts).

export { MAX_PLAN_LINES, MAX_PLAN_QTY, PLAN_LINE_KINDS, PLAN_STATUSES };

export const zMonth = z.string().trim().regex(MONTH_RE).describe('A calendar month, "YYYY-MM"');
export const zPlanQty = z.number().int().min(0).max(MAX_PLAN_QTY);

export const ZPlanLineInput = z.object({
  kind: z.enum(PLAN_LINE_KINDS),
  /** VEHICLE lines: the vehicle goods (model and configuration). */
  goodsId: zOptionalId.optional(),
  /** PARTS lines: a value of the dictionary parts_category. */
  partsCategory: z.preprocess(blankToNull, zCode(32).nullable()).optional(),
  quantity: zPlanQty,
  remark: zOptionalText(200).optional(),
});
export type TPlanLineInput = z.infer<typeof ZPlanLineInput>;

export const ZSavePlan = z
  .object({
    /** Absent: a new plan. */
    id: zId.optional(),
    month: zMonth,
    remark: zOptionalText(500).optional(),
    lines: z.array(ZPlanLineInput).max(MAX_PLAN_LINES),
    /** Submit in the same step (a draft or returned plan; a submitted one is revised anyway). */
    submit: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      if (l.kind === "VEHICLE" && !l.goodsId) ctx.addIssue({ code: "custom", path: ["lines", i, "goodsId"], message: "select" });
      if (l.kind === "PARTS" && !l.partsCategory) ctx.addIssue({ code: "custom", path: ["lines", i, "partsCategory"], message: "select" });
      const key = l.kind === "VEHICLE" ? `g${l.goodsId}` : `p${l.partsCategory}`;
      const field = l.kind === "VEHICLE" ? "goodsId" : "partsCategory";
      if ((l.goodsId || l.partsCategory) && seen.has(key)) ctx.addIssue({ code: "custom", path: ["lines", i, field], message: "duplicateLine" });
      seen.add(key);
    });
  });
export type TSavePlan = z.infer<typeof ZSavePlan>;
export type TSavePlanInput = z.input<typeof ZSavePlan>;

export const ZPlanId = z.object({ id: zId });
export type TPlanId = z.infer<typeof ZPlanId>;

/** Sales operations' new quantities of some lines (by line id). */
export const ZLineAdjustment = z.object({ id: zId, quantity: zPlanQty });
export const ZAdjustPlan = z.object({
  id: zId,
  lines: z.array(ZLineAdjustment).min(1).max(MAX_PLAN_LINES),
  comment: zOptionalText(500).optional(),
});
export type TAdjustPlan = z.infer<typeof ZAdjustPlan>;

/** Approve, optionally adjusting lines in the same step. */
export const ZApprovePlan = z.object({
  id: zId,
  lines: z.array(ZLineAdjustment).max(MAX_PLAN_LINES).default([]),
  comment: zOptionalText(500).optional(),
});
export type TApprovePlan = z.infer<typeof ZApprovePlan>;

/** Return to the dealer: the comment says what to change. */
export const ZReturnPlan = z.object({ id: zId, comment: zText(500) });
export type TReturnPlan = z.infer<typeof ZReturnPlan>;

/** Bodies of the REST moves (the id is in the path). */
export const ZSavePlanBody = ZSavePlan;
export const ZAdjustPlanBody = ZAdjustPlan.omit({ id: true });
export const ZApprovePlanBody = ZApprovePlan.omit({ id: true });
export const ZReturnPlanBody = ZReturnPlan.omit({ id: true });

/** GET /api/v1/plans and the list's URL. */
export const ZPlanListQuery = z.object({
  month: zMonth.optional(),
  status: z.enum(PLAN_STATUSES).optional(),
  company: z.string().trim().max(50).optional(),
  cursor: z.string().max(40).optional(),
  size: z.coerce.number().int().min(1).max(100).optional(),
});

/** The form's goods search. */
export const ZPlanGoodsSearch = z.object({ q: z.string().trim().max(50).default("") });
