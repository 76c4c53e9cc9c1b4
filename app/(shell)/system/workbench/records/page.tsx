import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { RecordsList } from "@/components/home/records-list";
import { searchUrl } from "@/lib/core/search-url";
import { dicts } from "@/lib/dict/dict";
import { loadRecordsRoute } from "@/lib/home/records";
import type { Locale } from "@/lib/i18n/config";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "system/workbench/records";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Records"))("title") };
}

/** system/workbench/records — the dealer's recent activity as one timeline. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const [data, d, locale] = await Promise.all([
    loadRecordsRoute(viewer, searchUrl(ROUTE, await searchParams)),
    // Every item, so a record keeps its label when a status was switched off since.
    dicts(["order_status", "sales_return_status", "complaint_status"] as const, { includeDisabled: true }),
    getLocale() as Promise<Locale>,
  ]);
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return <RecordsList page={data} locale={locale} dicts={d} company={company} />;
}
