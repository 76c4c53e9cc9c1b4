import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OrderScreen } from "@/components/mall/orders/order-screen";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("OrderList"))("title", { type: "VEHICLE" }) };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("onlineMall/car/order");
  return <OrderScreen viewer={viewer} type="VEHICLE" route="onlineMall/car/order" params={await searchParams} />;
}
