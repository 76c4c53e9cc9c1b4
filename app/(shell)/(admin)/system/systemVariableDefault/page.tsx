import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VariableDefaultAdmin } from "@/components/system/variable-default-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadList } from "@/lib/admin/resource";
import { variableDefaultResource } from "@/lib/config/variable-admin";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VariableDefaultAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/systemVariableDefault");
  return <VariableDefaultAdmin data={await loadList(variableDefaultResource, viewer, searchUrl("system/systemVariableDefault", await searchParams))} />;
}
