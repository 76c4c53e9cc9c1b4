import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RoleAdmin } from "@/components/system/role-admin";
import { requireScreen } from "@/lib/shell/guard";
import { loadRoleAdmin } from "@/lib/system/admin-queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("System.role"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/role");
  return <RoleAdmin data={await loadRoleAdmin(viewer)} />;
}
