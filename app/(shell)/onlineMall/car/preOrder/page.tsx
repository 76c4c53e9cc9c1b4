import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PreOrderDetailView } from "@/components/mall/pre-orders/pre-order-detail";
import { PreOrderList } from "@/components/mall/pre-orders/pre-order-list";
import { searchUrl } from "@/lib/core/search-url";
import { dicts } from "@/lib/dict/dict";
import type { Locale } from "@/lib/i18n/config";
import { loadPreOrderRoute } from "@/lib/mall/pre-orders/queries";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "onlineMall/car/preOrder";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("PreOrders"))("title") };
}

/** onlineMall/car/preOrder — the list, or one pre-order at ?id= (another company's: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const url = searchUrl(ROUTE, await searchParams);
  const [data, d, locale] = await Promise.all([
    loadPreOrderRoute(viewer, url),
    dicts(["pre_order_status", "delivery_way", "carrier_type", "order_status"] as const, { includeDisabled: true }),
    getLocale() as Promise<Locale>,
  ]);
  if (data.kind === "missing") notFound();
  if (data.kind === "detail") return <PreOrderDetailView p={data.preOrder} locale={locale} dicts={d} params={url.searchParams} />;
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return <PreOrderList page={data.list} locale={locale} statuses={d.pre_order_status} company={company} canCreate={data.canCreate} />;
}
