import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlanList } from "@/components/wms/plan-list";
import { searchUrl } from "@/lib/core/search-url";
import { requireScreen } from "@/lib/shell/guard";
import { runPlansSoon } from "@/lib/wms/plans/job";
import { loadPlanRoute } from "@/lib/wms/plans/queries";

const ROUTE = "customerWms/storeCheckPlan";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("WmsPlans"))("title") };
}

/** customerWms/storeCheckPlan — the company's stocktake plans (staff: those in scope, read only). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  // Due plans are run in the background (at most every ten minutes per process: lib/wms/plans/job.ts).
  runPlansSoon();
  return <PlanList data={await loadPlanRoute(viewer, searchUrl(ROUTE, await searchParams))} />;
}
