import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { NewsAdminScreen } from "@/components/news/admin/news-admin-screen";
import { NewsReaderArticle } from "@/components/news/reader/news-reader-article";
import { NewsReaderList } from "@/components/news/reader/news-reader-list";
import { searchUrl } from "@/lib/core/search-url";
import { getViewer } from "@/lib/auth/viewer";
import type { Locale } from "@/lib/i18n/config";
import { loadNewsAdmin } from "@/lib/news/admin-queries";
import { publicNewsPathFor } from "@/lib/news/public-urls";
import { loadNewsReader, managesNews } from "@/lib/news/shell-loader";
import { countViewAfterResponse } from "@/lib/news/views";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "market/news";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("News"))("title") };
}

/** market/news — staff with news:manage manage the articles; everyone else reads them: the
 * list, or one article at ?id= (not visible: 404). Signed out: the public news pages. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const url = searchUrl(ROUTE, await searchParams);
  if (!(await getViewer())) redirect(publicNewsPathFor(`/${ROUTE}${url.search}`) ?? "/news");
  const viewer = await requireScreen(ROUTE);
  if (managesNews(viewer)) return <NewsAdminScreen data={await loadNewsAdmin(viewer, url)} />;
  const [data, locale] = await Promise.all([loadNewsReader(url), getLocale() as Promise<Locale>]);
  if (data.kind === "missing") notFound();
  if (data.kind === "list") return <NewsReaderList list={data.list} locale={locale} />;
  countViewAfterResponse(data.article.id, await headers(), viewer.userId);
  return <NewsReaderArticle article={data.article} locale={locale} />;
}
