import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MenuTable } from "@/components/system/menu-table";
import { requireScreen } from "@/lib/shell/guard";
import { listMenus } from "@/lib/system/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("System.menu"))("title") };
}

export default async function Page() {
  const viewer = await requireScreen("system/menu");
  return <MenuTable rows={await listMenus(viewer)} />;
}
