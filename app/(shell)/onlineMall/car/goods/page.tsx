import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CatalogView } from "@/components/mall/catalog/catalog-view";
import { searchUrl } from "@/lib/core/search-url";
import { loadCatalog } from "@/lib/mall/goods/queries";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "onlineMall/car/goods";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Catalog"))("title.VEHICLE") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  return <CatalogView route={ROUTE} data={await loadCatalog(viewer, "VEHICLE", searchUrl(ROUTE, await searchParams))} />;
}
