import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CarReturnsScreen } from "@/components/vehicles/sales/car-returns-screen";
import { searchUrl } from "@/lib/core/search-url";
import { requireScreen } from "@/lib/shell/guard";
import { loadCarReturns } from "@/lib/vehicles/sales/queries";

const ROUTE = "car/carReturn";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("CarReturns"))("title") };
}

/** car/carReturn — record a car return by VIN; the company's returns below. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(ROUTE);
  return <CarReturnsScreen data={await loadCarReturns(viewer, searchUrl(ROUTE, await searchParams))} />;
}
