import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { InventoryView } from "@/components/vehicles/inventory/inventory-view";
import { searchUrl } from "@/lib/core/search-url";
import { dicts } from "@/lib/dict/dict";
import type { Locale } from "@/lib/i18n/config";
import { requireScreen } from "@/lib/shell/guard";
import { loadInventory } from "@/lib/vehicles/inventory/queries";

const ROUTE = "onlineMall/car/inventory";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VehicleInventory"))("title") };
}

/** onlineMall/car/inventory — vehicles by model and configuration: dealers order, staff see VINs. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const [data, d, locale] = await Promise.all([
    loadInventory(viewer, searchUrl(ROUTE, await searchParams)),
    dicts(["vehicle_status"] as const, { includeDisabled: true }),
    getLocale() as Promise<Locale>,
  ]);
  return <InventoryView data={data} statuses={d.vehicle_status} locale={locale} />;
}
