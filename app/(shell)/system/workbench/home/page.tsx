import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HomeView } from "@/components/home/home-view";
import { requireScreen } from "@/lib/shell/guard";
import { loadHome } from "@/lib/home/queries";
import { runPlanRemindersSoon } from "@/lib/plans/job";
import { runPointExpirySoon } from "@/lib/members/job";
import { runPlansSoon } from "@/lib/wms/plans/job";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Home"))("title") };
}

/** system/workbench/home — the tiles with live figures, staff work queues, the latest news. */
export default async function HomePage() {
  const viewer = await requireScreen("system/workbench/home");
  const now = new Date();
  // Due stocktake plans run in the background (at most every ten minutes per process).
  if (viewer.userType === "DEALER") runPlansSoon(now.getTime());
  // Purchase plan deadline reminders, the same way (lib/plans/job.ts), whoever signs in.
  runPlanRemindersSoon(now.getTime());
  // So does the points expiry (issue 21), for every signed-in home.
  runPointExpirySoon(now.getTime());
  return <HomeView data={await loadHome(viewer, now)} now={now} />;
}
