import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MenuAdmin } from "@/components/system/menu-admin";
import { requireScreen } from "@/lib/shell/guard";
import { loadMenuAdmin } from "@/lib/system/admin-queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("System.menu"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/menu");
  return <MenuAdmin data={await loadMenuAdmin(viewer)} />;
}
