import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Panel } from "@/components/ui/panel";
import { NEWS_ROUTE, type NewsItem } from "@/lib/home/queries";
import styles from "./home-view.module.css";

// The latest visible articles, opening in the shell's news reader.
export async function LatestNews({ news, zh }: { news: NewsItem[]; zh: boolean }) {
  const [t, format] = await Promise.all([getTranslations("Workbench"), getFormatter()]);
  return (
    <Panel
      title={t("news.title")}
      extra={
        <Link href={"/" + NEWS_ROUTE} className={styles.more} data-testid="news-more">
          {t("news.more")}
        </Link>
      }
    >
      {news.length === 0 ? (
        <p className={styles.muted} data-testid="news-empty">
          {t("news.empty")}
        </p>
      ) : (
        <ul className={styles.news} data-testid="home-news">
          {news.map((n) => (
            <li key={n.id} className={styles.newsItem}>
              <Link href={`/${NEWS_ROUTE}?id=${n.id}`} className={styles.newsTitle} prefetch={false} data-testid="news-item" data-id={n.id}>
                {zh ? n.titleZh : n.titleEn}
              </Link>
              <time className={styles.newsTime} dateTime={n.publishAt}>
                {format.dateTime(new Date(n.publishAt), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
