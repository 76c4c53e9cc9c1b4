import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VehicleSalesScreen } from "@/components/vehicles/sales/vehicle-sales-screen";
import { searchUrl } from "@/lib/core/search-url";
import { loadList } from "@/lib/admin/resource";
import { hasPermission } from "@/lib/auth/viewer";
import { dicts } from "@/lib/dict/dict";
import { requireScreen } from "@/lib/shell/guard";
import { vehicleSaleResource } from "@/lib/vehicles/sales/lists";

const ROUTE = "car/vehicleSales";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VehicleSales"))("title") };
}

/** car/vehicleSales — record a retail sale by VIN; the company's sales below. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const [data, d] = await Promise.all([loadList(vehicleSaleResource, viewer, searchUrl(ROUTE, await searchParams)), dicts(["id_type", "sex"] as const)]);
  // Only a dealer acting for its company sells (the service refuses anyone else).
  const canSell = viewer.userType === "DEALER" && !!viewer.company && hasPermission(viewer, "vehicle:sell");
  return <VehicleSalesScreen data={data} canSell={canSell} idTypes={d.id_type} sexes={d.sex} />;
}
