import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OrganizationTable } from "@/components/system/organization-table";
import { requireScreen } from "@/lib/shell/guard";
import { listOrganizations } from "@/lib/system/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("System.organization"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/organization");
  return <OrganizationTable rows={await listOrganizations(viewer)} />;
}
