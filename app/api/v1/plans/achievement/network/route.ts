// GET /customerWeb/api/v1/plans/achievement/network?month= — every dealer company in the staff
// viewer's data scope for the month with its planned, ordered, shipped and retail totals and
// completion, sorted by completion (then name). Dealers: 404.
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi } from "@/lib/api/routes";
import { ACHIEVEMENT_ROUTE, achievementNetwork } from "@/lib/plans/achievement";
import { currentMonth } from "@/lib/plans/achievement-month";
import { ZNetworkQuery } from "@/lib/plans/achievement-schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZNetworkQuery, labels: "PlanAchievement.columns" }, async ({ viewer, query, locale }) => {
  await requireScreenApi(viewer, ACHIEVEMENT_ROUTE);
  return achievementNetwork(viewer, query.month ?? currentMonth(), locale);
});
