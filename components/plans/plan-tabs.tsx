import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PLAN_ROUTE, PLAN_TABS, type PlanTab } from "@/lib/plans/queries";
import styles from "./plans.module.css";

/** The screen's views as links (?tab=plans | achievement): server HTML, no script. */
export async function PlanTabs({ active }: { active: PlanTab }) {
  const t = await getTranslations("Plans.tabs");
  return (
    <nav className={styles.tabs} aria-label={t("label")} data-testid="plan-tabs">
      {PLAN_TABS.map((tab) => (
        <Link
          key={tab}
          href={`/${PLAN_ROUTE}?tab=${tab}`}
          className={tab === active ? `${styles.tab} ${styles.active}` : styles.tab}
          aria-current={tab === active ? "page" : undefined}
          data-testid={`plan-tab-${tab}`}
          prefetch={false}
        >
          {t(tab)}
        </Link>
      ))}
    </nav>
  );
}
