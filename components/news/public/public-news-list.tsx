import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { summaryOf, titleOf, type NewsListPage } from "@/lib/news/public";
import { newsArticlePath, newsListPath } from "@/lib/news/public-urls";
import { NewsCover } from "./news-cover";
import styles from "./public.module.css";

// The public list: cards linking to the articles, "previous / next" page links (plain links, so
// crawlers and browsers without JavaScript follow them).
export async function PublicNewsList({ data, locale }: { data: NewsListPage; locale: Locale }) {
  const [t, format] = await Promise.all([getTranslations("NewsPublic"), getFormatter()]);
  const day = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "long", day: "numeric" });
  return (
    <>
      <div className={styles.hero}>
        <h1 className={styles.heading} data-testid="news-heading">{t("listHeading")}</h1>
        <p className={styles.intro}>{t("listIntro")}</p>
      </div>
      {data.rows.length === 0 ? (
        <p className={styles.empty} data-testid="news-empty">{t("empty")}</p>
      ) : (
        <ul className={styles.grid} data-testid="news-list">
          {data.rows.map((n, i) => (
            <li key={n.id}>
              <article className={styles.card} data-testid="news-card" data-news-id={n.id}>
                <NewsCover coverId={n.coverId} className={styles.cover} emptyClassName={styles.noCover} list priority={i < 3 && data.page === 1} lcp={i === 0} />
                <div className={styles.cardBody}>
                  <div className={styles.meta}>
                    <time dateTime={n.publishAt}>{day(n.publishAt)}</time>
                  </div>
                  <h2 className={styles.cardTitle}>
                    <a href={newsArticlePath(n.id, n.slug)}>{titleOf(n, locale)}</a>
                  </h2>
                  <p className={styles.summary}>{summaryOf(n, locale)}</p>
                  <span className={styles.more} aria-hidden="true">{t("readMore")} →</span>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {data.pages > 1 && (
        <nav className={styles.pager} aria-label={t("pagination")} data-testid="news-pager">
          {data.page > 1 ? (
            <a className={styles.pageLink} href={newsListPath(data.page - 1)} rel="prev" data-testid="news-prev">← {t("previous")}</a>
          ) : (
            <span className={`${styles.pageLink} ${styles.pageOff}`} aria-disabled="true">← {t("previous")}</span>
          )}
          <span className={styles.pageInfo}>{t("pageOf", { page: data.page, pages: data.pages })}</span>
          {data.page < data.pages ? (
            <a className={styles.pageLink} href={newsListPath(data.page + 1)} rel="next" data-testid="news-next">{t("next")} →</a>
          ) : (
            <span className={`${styles.pageLink} ${styles.pageOff}`} aria-disabled="true">{t("next")} →</span>
          )}
        </nav>
      )}
    </>
  );
}
