import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { detailOf, summaryOf, titleOf, type NewsArticle } from "@/lib/news/public";
import { BASE_PATH } from "@/lib/client/base-path";
import { NewsCover } from "./news-cover";
import body from "./news-body.module.css";
import styles from "./public.module.css";

// One article as a public page. The detail is HTML sanitized when it was saved
// (lib/rich-text/sanitize.ts), so it is rendered as it is.
export async function PublicArticle({ article, locale, jsonLd }: { article: NewsArticle; locale: Locale; jsonLd: string }) {
  const [t, format] = await Promise.all([getTranslations("NewsPublic"), getFormatter()]);
  const title = titleOf(article, locale);
  return (
    <article className={styles.article} data-testid="news-article" data-news-id={article.id}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <a className={styles.back} href={`${BASE_PATH}/news`}>← {t("backToList")}</a>
      <h1 className={styles.title} data-testid="news-title">{title}</h1>
      <p className={styles.lead}>{summaryOf(article, locale)}</p>
      <div className={styles.meta}>
        <time dateTime={article.publishAt} data-testid="news-published">
          {t("published", { date: format.dateTime(new Date(article.publishAt), { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) })}
        </time>
        <span data-testid="news-views">{t("views", { count: article.views })}</span>
      </div>
      <NewsCover coverId={article.coverId} className={styles.articleCover} emptyClassName={styles.noCover} priority lcp />
      <div className={body.body} data-testid="news-body" dangerouslySetInnerHTML={{ __html: detailOf(article, locale) }} />
    </article>
  );
}
