import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CartScreen } from "@/components/mall/cart/cart-screen";
import { loadCartPage } from "@/lib/mall/cart/service";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Cart.page"))("partsTitle") };
}

export default async function Page() {
  const viewer = await requireScreen("onlineMall/mountings/cart");
  return <CartScreen data={await loadCartPage(viewer, "PARTS")} />;
}
