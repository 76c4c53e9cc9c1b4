import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { WarehouseDetailView } from "@/components/wms/warehouse-detail";
import { WarehouseListView } from "@/components/wms/warehouse-list";
import { searchUrl } from "@/lib/core/search-url";
import { requireScreen } from "@/lib/shell/guard";
import { loadWarehouseRoute } from "@/lib/wms/warehouses/queries";

const ROUTE = "customerWms/warehouse";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("WmsWarehouses"))("title") };
}

/** customerWms/warehouse — the list, or one warehouse at ?id= (another company's: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const data = await loadWarehouseRoute(viewer, searchUrl(ROUTE, await searchParams));
  if (data.kind === "missing") notFound();
  if (data.kind === "detail") return <WarehouseDetailView detail={data.detail} dealer={data.dealer} canManage={data.canManage} />;
  return <WarehouseListView data={data.list} dealer={data.dealer} canManage={data.canManage} />;
}
