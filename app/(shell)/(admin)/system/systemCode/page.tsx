import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DictAdmin } from "@/components/system/dict-admin";
import { loadList } from "@/lib/admin/resource";
import { searchUrl } from "@/lib/core/search-url";
import { requireScreen } from "@/lib/shell/guard";
import { dictTypeResource } from "@/lib/system/dictionaries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("DictAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/systemCode");
  return <DictAdmin data={await loadList(dictTypeResource, viewer, searchUrl("system/systemCode", await searchParams))} />;
}
