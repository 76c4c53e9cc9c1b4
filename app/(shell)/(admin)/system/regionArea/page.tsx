import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RegionAdmin } from "@/components/system/region-admin";
import { searchUrl } from "@/lib/core/search-url";
import { requireScreen } from "@/lib/shell/guard";
import { loadRegionAdmin } from "@/lib/system/regions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("RegionAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/regionArea");
  return <RegionAdmin data={await loadRegionAdmin(viewer, searchUrl("system/regionArea", await searchParams))} />;
}
