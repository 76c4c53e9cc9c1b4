import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { VehicleInfoScreen } from "@/components/vehicles/info/vehicle-info";
import { searchUrl } from "@/lib/core/search-url";
import { dicts } from "@/lib/dict/dict";
import type { Locale } from "@/lib/i18n/config";
import { requireScreen } from "@/lib/shell/guard";
import { loadVehicleInfoRoute } from "@/lib/vehicles/stock/info-loader";

const ROUTE = "car/vehicleInformation";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("VehicleInfo"))("title") };
}

/** car/vehicleInformation — one vehicle by ?vin= (outside the viewer's records: not found; the
 * shell answers HTTP 404 for such a document request, lib/shell/record-guards.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const [data, d, locale] = await Promise.all([
    loadVehicleInfoRoute(viewer, searchUrl(ROUTE, await searchParams)),
    dicts(["vehicle_status", "warranty_state"] as const, { includeDisabled: true }),
    getLocale() as Promise<Locale>,
  ]);
  return <VehicleInfoScreen data={data} dicts={d} locale={locale} staff={viewer.userType !== "DEALER"} />;
}
