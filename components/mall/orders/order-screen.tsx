import { notFound } from "next/navigation";
import { getLocale } from "next-intl/server";
import { searchUrl } from "@/lib/core/search-url";
import type { Viewer } from "@/lib/auth/viewer";
import { dict } from "@/lib/dict/dict";
import type { OrderType } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/i18n/config";
import { loadOrderRoute } from "@/lib/mall/orders/queries";
import { OrderDetailView } from "./order-detail";
import { loadOrderDicts } from "./order-dicts";
import { OrderList } from "./order-list";

// One order route (vehicle or parts): the list, or with ?id= one order's detail (404 when the
// viewer may not see it, exactly as when it does not exist).
export async function OrderScreen({ viewer, type, route, params }: { viewer: Viewer; type: OrderType; route: string; params: Record<string, string | string[] | undefined> }) {
  const url = searchUrl(route, params);
  const [data, dicts, locale] = await Promise.all([loadOrderRoute(viewer, type, url), loadOrderDicts(), getLocale() as Promise<Locale>]);
  if (data.kind === "missing") notFound();
  if (data.kind === "detail") {
    const payMethods = data.order.can.pay ? await dict("payment_method") : [];
    return <OrderDetailView order={data.order} route={route} locale={locale} dicts={dicts} payMethods={payMethods} params={url.searchParams} />;
  }
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return <OrderList page={data.list} route={route} locale={locale} dicts={dicts} company={company} />;
}
