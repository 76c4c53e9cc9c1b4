import type { Viewer } from "@/lib/auth/viewer";
import type { Locale } from "@/lib/i18n/config";
import type { PlanRouteData } from "@/lib/plans/queries";
import { getTranslations } from "next-intl/server";
import styles from "@/components/ui/record-screen.module.css";
import { PlanDetail } from "./plan-detail";
import { PlanList } from "./plan-list";
import { PlanTabs } from "./plan-tabs";

/** crm/customerPlan: the tabs, then the plan at ?id=, the list, or another tab's view (the page
 * handles "missing"). The achievement tab's view is its own module, wired in here. */
export async function PlanScreen({ data, viewer, locale, params }: { data: PlanRouteData; viewer: Viewer; locale: Locale; params: URLSearchParams }) {
  const t = await getTranslations("Plans");
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return (
    <div>
      <PlanTabs active={data.tab} />
      {data.kind === "detail" && <PlanDetail plan={data.plan} locale={locale} params={params} />}
      {data.kind === "list" && <PlanList data={data} locale={locale} company={company} />}
      {data.kind === "other" && (
        <section className={styles.card}>
          <p className={styles.muted}>{t("achievementPending")}</p>
        </section>
      )}
    </div>
  );
}
