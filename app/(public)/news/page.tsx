import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PublicNewsList } from "@/components/news/public/public-news-list";
import type { Locale } from "@/lib/i18n/config";
import { newsListPage, parsePage } from "@/lib/news/public";
import { canonicalFor, languageAlternates, newsListPath, publicOrigin } from "@/lib/news/public-urls";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const page = parsePage((await searchParams).page) ?? 1;
  const [t, locale, origin] = await Promise.all([getTranslations("NewsPublic"), getLocale() as Promise<Locale>, publicOrigin()]);
  const url = `${origin}${newsListPath(page)}`;
  const title = page > 1 ? t("pageTitle", { page }) : t("listTitle");
  const canonical = canonicalFor(url, locale);
  return {
    title,
    description: t("listDescription"),
    alternates: { canonical, languages: languageAlternates(url) },
    openGraph: { type: "website", title, description: t("listDescription"), url: canonical, siteName: t("brand"), locale: locale.replace("-", "_") },
  };
}

/** /customerWeb/news[?page=N] — the public news list; a page that does not exist is 404. */
export default async function NewsListPage({ searchParams }: Props) {
  const page = parsePage((await searchParams).page);
  const data = page === null ? null : await newsListPage(page);
  if (!data) notFound();
  return <PublicNewsList data={data} locale={(await getLocale()) as Locale} />;
}
