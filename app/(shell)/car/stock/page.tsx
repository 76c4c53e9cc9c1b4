import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VehicleStock } from "@/components/vehicles/stock/vehicle-stock";
import { searchUrl } from "@/lib/core/search-url";
import { requireScreen } from "@/lib/shell/guard";
import { loadVehicleStock } from "@/lib/vehicles/stock/queries";

const ROUTE = "car/stock";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VehicleStock"))("title") };
}

/** car/stock — the dealer's own vehicles (the home's "Inventory" tile), or staff's whole scope. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  return <VehicleStock data={await loadVehicleStock(viewer, searchUrl(ROUTE, await searchParams))} />;
}
