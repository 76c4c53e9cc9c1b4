import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DocScreen } from "@/components/wms/doc-screen";
import { searchUrl } from "@/lib/core/search-url";
import type { Locale } from "@/lib/i18n/config";
import { requireScreen } from "@/lib/shell/guard";
import { loadDocScreen } from "@/lib/wms/doc-loader";

const ROUTE = "customerWms/storeCheck";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("WmsDocs"))("titles.STOCKTAKE") };
}

/** customerWms/storeCheck: the warehouse's stocktakes, or one at ?id= (another company's: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const url = searchUrl(ROUTE, await searchParams);
  const [data, locale] = await Promise.all([loadDocScreen(viewer, "STOCKTAKE", url), getLocale() as Promise<Locale>]);
  if (data.kind === "missing") notFound();
  return <DocScreen type="STOCKTAKE" data={data} viewer={viewer} locale={locale} params={url.searchParams} />;
}
