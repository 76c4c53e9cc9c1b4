import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VariableAdmin } from "@/components/system/variable-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadVariableAdmin } from "@/lib/config/variable-admin";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VariableAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/systemVariable");
  return <VariableAdmin data={await loadVariableAdmin(viewer, searchUrl("system/systemVariable", await searchParams))} />;
}
