import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VehicleSalesScreen } from "@/components/vehicles/sales/vehicle-sales-screen";
import { searchUrl } from "@/lib/core/search-url";
import { dicts } from "@/lib/dict/dict";
import { requireScreen } from "@/lib/shell/guard";
import { loadVehicleSales } from "@/lib/vehicles/sales/queries";

const ROUTE = "car/vehicleSales";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VehicleSales"))("title") };
}

/** car/vehicleSales — record a retail sale by VIN; the company's sales below. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const [data, d] = await Promise.all([loadVehicleSales(viewer, searchUrl(ROUTE, await searchParams)), dicts(["id_type", "sex"] as const)]);
  return <VehicleSalesScreen data={data} idTypes={d.id_type} sexes={d.sex} />;
}
