import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VehicleModelAdmin } from "@/components/mall/catalog/vehicle-model-admin";
import { searchUrl } from "@/lib/core/search-url";
import { loadVehicleModelAdmin } from "@/lib/mall/catalog/service";
import { requireScreen } from "@/lib/shell/guard";

const ROUTE = "onlineMall/car/vehicleModel";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VehicleModelAdmin"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  return <VehicleModelAdmin data={await loadVehicleModelAdmin(viewer, searchUrl(ROUTE, await searchParams))} />;
}
