import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { JobAdmin } from "@/components/system/job-admin";
import { requireScreen } from "@/lib/shell/guard";
import { loadJobAdmin } from "@/lib/system/admin-queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("JobAdmin"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/job");
  return <JobAdmin data={await loadJobAdmin(viewer)} />;
}
