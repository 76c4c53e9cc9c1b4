import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { NewsCover } from "@/components/news/public/news-cover";
import body from "@/components/news/public/news-body.module.css";
import styles from "@/components/ui/record-screen.module.css";
import type { Locale } from "@/lib/i18n/config";
import { detailOf, summaryOf, titleOf, type NewsArticle } from "@/lib/news/public";
import { newsArticlePath } from "@/lib/news/public-urls";
import own from "./reader.module.css";

// One article inside the shell (market/news?id=). The detail is HTML sanitized on save.
export async function NewsReaderArticle({ article, locale }: { article: NewsArticle; locale: Locale }) {
  const [t, format] = await Promise.all([getTranslations("News"), getFormatter()]);
  const when = format.dateTime(new Date(article.publishAt), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return (
    <div className={styles.screen}>
      <section className={styles.card}>
        <article className={own.article} data-testid="news-reader-article" data-news-id={article.id}>
          <div className={own.articleHead}>
            <Link className={styles.link} href="/market/news">
              ← {t("backToList")}
            </Link>
            <a className={styles.button} href={newsArticlePath(article.id, article.slug)} target="_blank" rel="noopener" title={t("publicLinkHint")} data-testid="news-public-link">
              {t("publicLink")} ↗
            </a>
          </div>
          <h1 className={own.title} data-testid="page-title">
            {titleOf(article, locale)}
          </h1>
          <p className={own.lead}>{summaryOf(article, locale)}</p>
          <div className={own.meta}>
            <time dateTime={article.publishAt}>{t("published", { date: when })}</time>
            <span data-testid="news-reader-views">{t("views", { count: article.views })}</span>
          </div>
          <NewsCover coverId={article.coverId} className={own.articleCover} emptyClassName={own.noCover} priority />
          <div className={body.body} data-testid="news-reader-body" dangerouslySetInnerHTML={{ __html: detailOf(article, locale) }} />
        </article>
      </section>
    </div>
  );
}
