// GET /customerWeb/api/v1/plans/achievement/export?month= — the network view (every dealer in the
// staff viewer's data scope, sorted by completion) as a streamed .xlsx. Dealers: 404.
import { getTranslations } from "next-intl/server";
import { XLSX_MIME } from "@/lib/admin/excel";
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi } from "@/lib/api/routes";
import { ACHIEVEMENT_ROUTE } from "@/lib/plans/achievement";
import { networkXlsx } from "@/lib/plans/achievement-export";
import { currentMonth } from "@/lib/plans/achievement-month";
import { ZNetworkQuery } from "@/lib/plans/achievement-schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZNetworkQuery, labels: "PlanAchievement.columns" }, async ({ viewer, query, locale, requestId }) => {
  await requireScreenApi(viewer, ACHIEVEMENT_ROUTE);
  const month = query.month ?? currentMonth();
  const t = await getTranslations("PlanAchievement");
  const body = await networkXlsx(viewer, month, locale, (k, v) => t(k as "title", v), requestId);
  return new Response(body, {
    headers: {
      "Content-Type": XLSX_MIME,
      "Content-Disposition": `attachment; filename="plan-achievement-${month}.xlsx"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
