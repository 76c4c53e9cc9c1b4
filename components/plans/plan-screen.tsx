import type { Viewer } from "@/lib/auth/viewer";
import type { Locale } from "@/lib/i18n/config";
import type { PlanRouteData } from "@/lib/plans/queries";
import { AchievementPanel } from "./achievement/achievement-panel";
import { PlanDetail } from "./plan-detail";
import { PlanList } from "./plan-list";
import { PlanTabs } from "./plan-tabs";

/** crm/customerPlan: the tabs, then the plan at ?id=, the list, or another tab's view (the page
 * handles "missing"). The achievement tab is its own module (components/plans/achievement/). */
export async function PlanScreen({ data, viewer, locale, params }: { data: PlanRouteData; viewer: Viewer; locale: Locale; params: URLSearchParams }) {
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return (
    <div>
      <PlanTabs active={data.tab} />
      {data.kind === "detail" && <PlanDetail plan={data.plan} locale={locale} params={params} />}
      {data.kind === "list" && <PlanList data={data} locale={locale} company={company} />}
      {data.kind === "other" && <AchievementPanel viewer={viewer} searchParams={Object.fromEntries(params)} locale={locale} />}
    </div>
  );
}
