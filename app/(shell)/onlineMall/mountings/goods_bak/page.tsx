import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GoodsAdmin } from "@/components/mall/catalog/goods-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadGoodsAdmin } from "@/lib/mall/goods/resource";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "onlineMall/mountings/goods_bak";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("PartsGoodsAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  return <GoodsAdmin which="parts" data={await loadGoodsAdmin(viewer, "parts", searchUrl(ROUTE, await searchParams))} />;
}
