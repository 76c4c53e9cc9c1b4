import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CodeRuleAdmin } from "@/components/system/code-rule-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadList } from "@/lib/admin/resource";
import { requireScreen } from "@/lib/shell/guard";
import { codeRuleResource } from "@/lib/system/code-rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("CodeRuleAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/codeRule");
  return <CodeRuleAdmin data={await loadList(codeRuleResource, viewer, searchUrl("system/codeRule", await searchParams))} />;
}
