import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OrgSourceAdmin } from "@/components/system/org-source-admin";
import { loadList } from "@/lib/admin/resource";
import { searchUrl } from "@/lib/core/search-url";
import { requireScreen } from "@/lib/shell/guard";
import { orgSourceResource } from "@/lib/system/org-source";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("OrgSourceAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/orgSource");
  return <OrgSourceAdmin data={await loadList(orgSourceResource, viewer, searchUrl("system/orgSource", await searchParams))} />;
}
