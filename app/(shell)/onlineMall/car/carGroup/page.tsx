import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CarGroupAdmin } from "@/components/mall/catalog/car-group-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadList } from "@/lib/admin/resource";
import { carGroupResource } from "@/lib/mall/catalog/service";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "onlineMall/car/carGroup";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("CarGroupAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  return <CarGroupAdmin data={await loadList(carGroupResource, viewer, searchUrl(ROUTE, await searchParams))} />;
}
