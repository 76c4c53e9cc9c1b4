import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GoodsAdmin } from "@/components/mall/catalog/goods-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadGoodsAdmin } from "@/lib/mall/goods/resource";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "onlineMall/car/goods_bak";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VehicleGoodsAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  return <GoodsAdmin which="vehicle" data={await loadGoodsAdmin(viewer, "vehicle", searchUrl(ROUTE, await searchParams))} />;
}
