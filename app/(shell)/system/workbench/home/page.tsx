import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HomeView } from "@/components/home/home-view";
import { requireScreen } from "@/lib/shell/guard";
import { loadHome } from "@/lib/home/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Home"))("title") };
}

export default async function HomePage() {
  const viewer = await requireScreen("system/workbench/home");
  return <HomeView data={await loadHome(viewer)} />;
}
