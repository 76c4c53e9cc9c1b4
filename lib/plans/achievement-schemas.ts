import { z } from "zod";
import { MONTH_RE } from "./achievement-month";

// Plan achievement's REST inputs (GET /plans/achievement, /plans/achievement/network and its
// export). Client-safe. A month left out is the current one in Shanghai.

const zMonth = z.string().trim().regex(MONTH_RE).describe('The month, "YYYY-MM" (Asia/Shanghai calendar); the current month when left out').optional();

/** GET /plans/achievement: one company's month (dealers: their own; staff: a company in scope). */
export const ZAchievementQuery = z.object({
  companyId: z.coerce.number().int().positive().max(2_147_483_647).describe("The dealer company (dealers may leave it out: their signed-in company)").optional(),
  month: zMonth,
});
export type TAchievementQuery = z.infer<typeof ZAchievementQuery>;

/** GET /plans/achievement/network (and its export): every dealer in the staff viewer's scope. */
export const ZNetworkQuery = z.object({ month: zMonth });
export type TNetworkQuery = z.infer<typeof ZNetworkQuery>;
