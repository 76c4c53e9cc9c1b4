import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { NewsCover } from "@/components/news/public/news-cover";
import styles from "@/components/ui/record-screen.module.css";
import type { Locale } from "@/lib/i18n/config";
import { summaryOf, titleOf, type NewsListPage } from "@/lib/news/public";
import own from "./reader.module.css";

// The news list inside the shell (market/news): server-rendered cards; an article opens on the
// same route (?id=) in the tab bar, pages by links (?page=).
const ROUTE = "/market/news";

export async function NewsReaderList({ list, locale }: { list: NewsListPage; locale: Locale }) {
  const [t, format] = await Promise.all([getTranslations("News"), getFormatter()]);
  const day = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit" });
  const page = (n: number) => (n > 1 ? `${ROUTE}?page=${n}` : ROUTE);
  return (
    <div className={styles.screen} data-testid="news-reader">
      <section className={styles.card}>
        <h1 className={styles.title} data-testid="page-title">
          {t("title")}
        </h1>
        <p className={styles.intro}>{t("intro")}</p>
      </section>
      <section className={styles.card}>
        {list.rows.length === 0 ? (
          <p className={styles.empty} data-testid="news-reader-empty">
            {t("empty")}
          </p>
        ) : (
          <ul className={own.grid}>
            {list.rows.map((n) => (
              <li key={n.id}>
                <article className={own.card} data-testid="news-reader-card" data-news-id={n.id}>
                  <NewsCover coverId={n.coverId} className={own.cover} emptyClassName={own.noCover} list />
                  <div className={own.body}>
                    <div className={own.meta}>
                      <time dateTime={n.publishAt}>{day(n.publishAt)}</time>
                      <span>{t("views", { count: n.views })}</span>
                    </div>
                    <h2 className={own.cardTitle}>
                      <Link href={`${ROUTE}?id=${n.id}`} prefetch={false}>
                        {titleOf(n, locale)}
                      </Link>
                    </h2>
                    <p className={own.summary}>{summaryOf(n, locale)}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {list.pages > 1 && (
          <nav className={styles.pager} aria-label={t("pagination")}>
            <span className={own.pageInfo}>{t("pageOf", { page: list.page, pages: list.pages })}</span>
            {list.page > 1 ? (
              <Link className={styles.button} href={page(list.page - 1)} data-testid="news-reader-prev">
                {t("previous")}
              </Link>
            ) : (
              <span className={`${styles.button} ${styles.off}`} aria-disabled="true">
                {t("previous")}
              </span>
            )}
            {list.page < list.pages ? (
              <Link className={styles.button} href={page(list.page + 1)} data-testid="news-reader-next">
                {t("next")}
              </Link>
            ) : (
              <span className={`${styles.button} ${styles.off}`} aria-disabled="true">
                {t("next")}
              </span>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}
