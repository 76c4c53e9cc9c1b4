import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ReturnBatchDetailView } from "@/components/after-sales/returns/batch-detail";
import { ReturnBatchList } from "@/components/after-sales/returns/batch-list";
import { searchUrl } from "@/lib/core/search-url";
import { loadReturnLogRoute } from "@/lib/after-sales/returns/queries";
import { dicts } from "@/lib/dict/dict";
import type { Locale } from "@/lib/i18n/config";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "afterSale/salesReturnLogs";
const LABELS = ["return_type", "deal_type", "sales_return_status", "return_batch_status", "delivery_way"] as const;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SalesReturns.ReturnLogs"))("title") };
}

/** afterSale/salesReturnLogs — the delivery batches, or one batch's log at ?id= (another company's: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const url = searchUrl(ROUTE, await searchParams);
  const [data, d, enabled, locale] = await Promise.all([
    loadReturnLogRoute(viewer, url),
    dicts(LABELS, { includeDisabled: true }),
    dicts(["deal_type"] as const),
    getLocale() as Promise<Locale>,
  ]);
  if (data.kind === "missing") notFound();
  if (data.kind === "detail") return <ReturnBatchDetailView b={data.batch} locale={locale} dicts={d} dealTypes={enabled.deal_type} params={url.searchParams} />;
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return <ReturnBatchList page={data.list} locale={locale} dicts={d} company={company} />;
}
