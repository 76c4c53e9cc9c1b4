import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, permanentRedirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PublicArticle } from "@/components/news/public/public-article";
import type { Locale } from "@/lib/i18n/config";
import { newsArticle, summaryOf, titleOf, type NewsArticle } from "@/lib/news/public";
import { canonicalFor, languageAlternates, mediaPath, newsArticlePath, publicOrigin } from "@/lib/news/public-urls";
import { newsIdOf, newsPath } from "@/lib/news/slug";
import { countViewAfterResponse } from "@/lib/news/views";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(params: Props["params"]): Promise<{ article: NewsArticle; segment: string } | null> {
  const { slug } = await params;
  const id = newsIdOf(slug);
  const article = id === null ? null : await newsArticle(id);
  return article ? { article, segment: slug } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(params);
  if (!found) return { title: (await getTranslations("NewsPublic"))("notFoundTitle"), robots: { index: false } };
  const { article: a } = found;
  const [t, locale, origin] = await Promise.all([getTranslations("NewsPublic"), getLocale() as Promise<Locale>, publicOrigin()]);
  const url = `${origin}${newsArticlePath(a.id, a.slug)}`;
  const canonical = canonicalFor(url, locale);
  const title = titleOf(a, locale);
  const description = summaryOf(a, locale);
  return {
    title,
    description,
    alternates: { canonical, languages: languageAlternates(url) },
    openGraph: {
      type: "article",
      title,
      description,
      url: canonical,
      siteName: t("brand"),
      locale: locale.replace("-", "_"),
      publishedTime: a.publishAt,
      modifiedTime: a.updatedAt,
      images: a.coverId ? [{ url: `${origin}${mediaPath(a.coverId)}`, alt: title }] : undefined,
    },
    twitter: { card: a.coverId ? "summary_large_image" : "summary", title, description },
  };
}

/** /customerWeb/news/<id>-<slug> — one visible article; a stale or missing slug answers 308 to
 * the canonical address; an unknown, unpublished or scheduled article is 404. */
export default async function NewsArticlePage({ params, searchParams }: Props) {
  const found = await load(params);
  if (!found) notFound();
  const { article, segment } = found;
  if (segment !== `${article.id}-${article.slug}`) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(await searchParams)) for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) query.append(k, one);
    const search = query.toString();
    permanentRedirect(`/${newsPath(article.id, article.slug)}${search ? `?${search}` : ""}`);
  }
  const [locale, origin, h] = await Promise.all([getLocale() as Promise<Locale>, publicOrigin(), headers()]);
  countViewAfterResponse(article.id, h, null);
  const url = `${origin}${newsArticlePath(article.id, article.slug)}`;
  const jsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: titleOf(article, locale),
    description: summaryOf(article, locale),
    inLanguage: locale,
    datePublished: article.publishAt,
    dateModified: article.updatedAt,
    mainEntityOfPage: url,
    ...(article.coverId ? { image: [`${origin}${mediaPath(article.coverId)}`] } : {}),
  }).replace(/</g, "\\u003c");
  return <PublicArticle article={article} locale={locale} jsonLd={jsonLd} />;
}
