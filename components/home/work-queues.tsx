import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Panel } from "@/components/ui/panel";
import { FIGURE_CAP } from "@/lib/home/figures";
import type { WorkTile } from "@/lib/home/queries";
import { HomeIcon } from "./home-icon";
import styles from "./home-view.module.css";

// Staff: what waits for their move, within their data scope; each opens the list already
// filtered to exactly the records counted.
export async function WorkQueues({ work }: { work: WorkTile[] }) {
  const t = await getTranslations("Workbench");
  const waiting = work.reduce((n, w) => n + w.count, 0);
  // Each queue's count stops past FIGURE_CAP: a capped queue makes the total a lower bound.
  const capped = work.some((w) => w.count > FIGURE_CAP);
  return (
    <Panel
      title={t("todo")}
      extra={
        <span className={styles.muted} data-testid="work-total">
          {waiting === 0 ? t("allClear") : capped ? t("waitingCapped", { cap: FIGURE_CAP }) : t("waiting", { count: waiting })}
        </span>
      }
    >
      <div className={styles.work} data-testid="home-work">
        {work.map((w) => (
          <Link key={w.key} href={"/" + w.href} className={styles.workTile} data-zero={w.count === 0} data-testid={`work-${w.key}`} data-count={w.count}>
            <span className={styles.workIcon} aria-hidden>
              <HomeIcon name={w.icon} />
            </span>
            <span className={styles.workText}>
              <strong className={styles.workCount}>{w.count > FIGURE_CAP ? t("figureCapped", { cap: FIGURE_CAP }) : w.count}</strong>
              <span className={styles.workLabel}>{t(`work.${w.key}`)}</span>
            </span>
          </Link>
        ))}
      </div>
    </Panel>
  );
}
