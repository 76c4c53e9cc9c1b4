import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "./weixin.module.css";

export const WEIXIN_TABS = ["apps", "messages"] as const;
export type WeixinTab = (typeof WEIXIN_TABS)[number];

/** system/weixinApp's two views as links (?tab=apps | messages): server HTML, no script. */
export async function WeixinTabs({ active }: { active: WeixinTab }) {
  const t = await getTranslations("WeixinApp.tabs");
  return (
    <nav className={styles.tabs} aria-label={t("label")} data-testid="weixin-tabs">
      {WEIXIN_TABS.map((tab) => (
        <Link
          key={tab}
          href={`/system/weixinApp?tab=${tab}`}
          className={tab === active ? `${styles.tab} ${styles.active}` : styles.tab}
          aria-current={tab === active ? "page" : undefined}
          data-testid={`weixin-tab-${tab}`}
          prefetch={false}
        >
          {t(tab)}
        </Link>
      ))}
    </nav>
  );
}
