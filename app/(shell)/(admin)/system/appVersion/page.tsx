import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AppReleaseAdmin } from "@/components/system/app-release-admin";
import { loadAppReleaseScreen } from "@/lib/app-releases/loader";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("AppReleases"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/appVersion");
  const url = new URL("http://local/system/appVersion");
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === "string") url.searchParams.set(k, v);
  const { data, rule } = await loadAppReleaseScreen(viewer, url);
  return <AppReleaseAdmin data={data} rule={rule} />;
}
