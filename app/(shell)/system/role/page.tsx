import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RoleTable } from "@/components/system/role-table";
import { requireScreen } from "@/lib/shell/guard";
import { listRoles } from "@/lib/system/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("System.role"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/role");
  return <RoleTable rows={await listRoles(viewer)} />;
}
