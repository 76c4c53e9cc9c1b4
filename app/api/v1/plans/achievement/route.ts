// GET /customerWeb/api/v1/plans/achievement?companyId=&month= — one dealer's plan achievement
// for a month: the plan's lines (and unplanned ones) with planned, ordered, shipped and retail
// figures and percentages, and the chart's months. Dealers: their signed-in company (another
// company is 404); staff: a company in their data scope (else 404).
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi } from "@/lib/api/routes";
import { ACHIEVEMENT_ROUTE, achievementSeries, companyAchievement } from "@/lib/plans/achievement";
import { currentMonth } from "@/lib/plans/achievement-month";
import { ZAchievementQuery } from "@/lib/plans/achievement-schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZAchievementQuery, labels: "PlanAchievement.columns" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, ACHIEVEMENT_ROUTE);
  const month = query.month ?? currentMonth();
  const achievement = await companyAchievement(viewer, query.companyId ?? null, month);
  return { ...achievement, series: await achievementSeries(viewer, achievement.company.id, month) };
});
