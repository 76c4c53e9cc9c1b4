import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { SalesReturnDetailView } from "@/components/after-sales/returns/return-detail";
import { SalesReturnList } from "@/components/after-sales/returns/return-list";
import { searchUrl } from "@/lib/core/search-url";
import { loadSalesReturnRoute } from "@/lib/after-sales/returns/queries";
import { dicts } from "@/lib/dict/dict";
import type { Locale } from "@/lib/i18n/config";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "afterSale/salesReturn";
const LABELS = ["return_type", "deal_type", "sales_return_status", "return_batch_status", "delivery_way"] as const;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("SalesReturns"))("title") };
}

/** afterSale/salesReturn — the list, or one return at ?id= (another company's: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const url = searchUrl(ROUTE, await searchParams);
  const [data, d, enabled, locale] = await Promise.all([
    loadSalesReturnRoute(viewer, url),
    dicts(LABELS, { includeDisabled: true }),
    // The complete form offers the deal types in use now; labels above include retired ones.
    dicts(["deal_type"] as const),
    getLocale() as Promise<Locale>,
  ]);
  if (data.kind === "missing") notFound();
  if (data.kind === "detail") return <SalesReturnDetailView r={data.salesReturn} locale={locale} dicts={d} dealTypes={enabled.deal_type} params={url.searchParams} />;
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return <SalesReturnList data={data} locale={locale} dicts={d} company={company} />;
}
