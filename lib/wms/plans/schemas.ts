import { z } from "zod";
import { zId, zOptionalId, zText } from "@/lib/core/zod";
import { zDay } from "@/lib/mall/orders/schemas";
import { STOCKTAKE_CYCLES } from "../states";

// Stocktake plans' inputs (customerWms/storeCheckPlan), shared by the drawer, the actions and
// the REST API. Client-safe. Labels: "WmsPlans.fields".

export { STOCKTAKE_CYCLES };

/** Plans a company may keep: the list pages simply (lib/wms/plans/queries.ts). */
export const MAX_PLANS = 200;

export const ZSavePlan = z.object({
  id: zId.optional(),
  name: zText(100),
  warehouseId: zId,
  /** Locations of the warehouse counted; empty: all. */
  locationIds: z.array(zId).max(500).default([]),
  /** Parts and derivatives counted; empty: all. */
  goodsIds: z.array(zId).max(500).default([]),
  cycle: z.enum(STOCKTAKE_CYCLES),
  /** The next calendar day (Asia/Shanghai) it runs: YYYY-MM-DD. */
  nextDate: zDay,
  assigneeId: zOptionalId,
  enabled: z.boolean().default(true),
});
export type TSavePlan = z.infer<typeof ZSavePlan>;
export type TSavePlanInput = z.input<typeof ZSavePlan>;

export const ZPlanEnabled = z.object({ id: zId, enabled: z.boolean() });
export type TPlanEnabled = z.infer<typeof ZPlanEnabled>;

export const ZPlanOptions = z.object({ id: zId.optional() });
export const ZPlanGoodsSearch = z.object({ q: z.string().trim().max(50).default("") });

/** GET /api/v1/wms/stocktake-plans?page= */
export const ZPlanListQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).optional() });
