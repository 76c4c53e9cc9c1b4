import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ReconcileView } from "@/components/mall/reconcile/reconcile-view";
import { searchUrl } from "@/lib/core/search-url";
import type { Locale } from "@/lib/i18n/config";
import { parseReconcileFilters, reconcile } from "@/lib/mall/orders/reconcile";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Reconcile"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("onlineMall/car/orderReconcil");
  const url = searchUrl("onlineMall/car/orderReconcil", await searchParams);
  const [data, locale] = await Promise.all([reconcile(viewer, parseReconcileFilters(url.searchParams)), getLocale() as Promise<Locale>]);
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return <ReconcileView data={data} locale={locale} company={company} />;
}
