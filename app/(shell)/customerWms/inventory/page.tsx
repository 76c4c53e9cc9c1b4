import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { InventoryLedger } from "@/components/wms/inventory-ledger";
import { InventoryList } from "@/components/wms/inventory-list";
import { searchUrl } from "@/lib/core/search-url";
import { requireScreen } from "@/lib/shell/guard";
import { loadInventoryRoute } from "@/lib/wms/inventory/queries";

const ROUTE = "customerWms/inventory";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("WmsInventory"))("title") };
}

/** customerWms/inventory — stock on hand, or one goods' ledger at ?goodsId= (staff add &companyId=). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const data = await loadInventoryRoute(viewer, searchUrl(ROUTE, await searchParams));
  if (data.kind === "missing") notFound();
  return data.kind === "ledger" ? <InventoryLedger data={data} /> : <InventoryList data={data} />;
}
