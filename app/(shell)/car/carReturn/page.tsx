import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CarReturnsScreen } from "@/components/vehicles/sales/car-returns-screen";
import { searchUrl } from "@/lib/core/search-url";
import { loadList } from "@/lib/admin/resource";
import { hasPermission } from "@/lib/auth/viewer";
import { requireScreen } from "@/lib/shell/guard";
import { carReturnResource } from "@/lib/vehicles/sales/lists";

const ROUTE = "car/carReturn";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("CarReturns"))("title") };
}

/** car/carReturn — record a car return by VIN; the company's returns below. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  const data = await loadList(carReturnResource, viewer, searchUrl(ROUTE, await searchParams));
  // Only a dealer acting for its company records returns (the service refuses anyone else).
  const canReturn = viewer.userType === "DEALER" && !!viewer.company && hasPermission(viewer, "vehicle:return");
  return <CarReturnsScreen data={data} canReturn={canReturn} />;
}
