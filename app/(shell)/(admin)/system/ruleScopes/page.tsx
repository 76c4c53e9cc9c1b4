import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ScopeAdmin } from "@/components/system/scope-admin";
import { requireScreen } from "@/lib/shell/guard";
import { loadScopeAdmin } from "@/lib/system/admin-queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ScopeAdmin"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/ruleScopes");
  return <ScopeAdmin data={await loadScopeAdmin(viewer)} />;
}
