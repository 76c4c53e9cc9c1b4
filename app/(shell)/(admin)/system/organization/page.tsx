import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OrganizationAdmin } from "@/components/system/organization-admin";
import { requireScreen } from "@/lib/shell/guard";
import { loadOrganizationAdmin } from "@/lib/system/admin-queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("System.organization"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/organization");
  return <OrganizationAdmin data={await loadOrganizationAdmin(viewer)} />;
}
