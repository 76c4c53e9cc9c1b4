import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ComplaintDetailView } from "@/components/after-sales/complaints/complaint-detail";
import { ComplaintList } from "@/components/after-sales/complaints/complaint-list";
import { searchUrl } from "@/lib/core/search-url";
import { loadComplaintRoute } from "@/lib/after-sales/complaints/queries";
import { dicts } from "@/lib/dict/dict";
import type { Locale } from "@/lib/i18n/config";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "afterSale/complaint";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Complaints"))("title") };
}

/** afterSale/complaint — the list, or one complaint at ?id= (another company's: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const url = searchUrl(ROUTE, await searchParams);
  const [data, d, enabled, locale] = await Promise.all([
    loadComplaintRoute(viewer, url),
    // All items label stored values; only enabled categories are offered on the form.
    dicts(["complaint_status", "complaint_category"] as const, { includeDisabled: true }),
    dicts(["complaint_category"] as const),
    getLocale() as Promise<Locale>,
  ]);
  if (data.kind === "missing") notFound();
  if (data.kind === "detail") return <ComplaintDetailView c={data.complaint} locale={locale} dicts={d} params={url.searchParams} dealer={viewer.userType === "DEALER"} />;
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return <ComplaintList page={data.list} locale={locale} dicts={d} categories={enabled.complaint_category} company={company} rules={data.rules} />;
}
