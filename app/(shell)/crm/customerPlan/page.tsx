import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PlanScreen } from "@/components/plans/plan-screen";
import { searchUrl } from "@/lib/core/search-url";
import type { Locale } from "@/lib/i18n/config";
import { runPlanRemindersSoon } from "@/lib/plans/job";
import { loadPlanRoute } from "@/lib/plans/queries";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "crm/customerPlan";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Plans"))("title") };
}

/** crm/customerPlan — purchase plans (?tab=plans, the default) and their achievement
 * (?tab=achievement); a plan at ?id= (another company's or outside the scope: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  // Deadline reminders run in the background (at most every ten minutes per process: lib/plans/job.ts).
  runPlanRemindersSoon();
  const url = searchUrl(ROUTE, await searchParams);
  const locale = (await getLocale()) as Locale;
  const data = await loadPlanRoute(viewer, url, locale);
  if (data.kind === "missing") notFound();
  return <PlanScreen data={data} viewer={viewer} locale={locale} params={url.searchParams} />;
}
