import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ListHeader } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import { PosList } from "@/components/wms/pos-list";
import { PosReceipt } from "@/components/wms/pos-receipt";
import { PosSale } from "@/components/wms/pos-sale";
import { hasPermission } from "@/lib/auth/viewer";
import { searchUrl } from "@/lib/core/search-url";
import type { Locale } from "@/lib/i18n/config";
import { runPointExpirySoon } from "@/lib/members/job";
import { requireScreen } from "@/lib/shell/guard";
import { loadPosRoute, POS_ROUTE } from "@/lib/wms/pos/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("WmsPos"))("title") };
}

/** customerWms/pointOfSale — the outlets, the counter sale at ?sell, a receipt at ?receipt= (another company's: 404). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(POS_ROUTE);
  // Lapsed points expire in the background (at most every ten minutes per process), where they are redeemed.
  runPointExpirySoon();
  const [data, locale, t] = await Promise.all([loadPosRoute(viewer, searchUrl(POS_ROUTE, await searchParams)), getLocale() as Promise<Locale>, getTranslations("WmsPos")]);
  if (data.kind === "missing") notFound();
  if (data.kind === "receipt")
    return <PosReceipt r={data.receipt} payments={data.payments} locale={locale} canSell={viewer.userType === "DEALER" && hasPermission(viewer, "pos:sell")} />;
  if (data.kind === "sell")
    return (
      <div className={styles.screen}>
        <ListHeader title={t("counter.title")} intro={t("description")} />
        <section className={styles.card}>
          <PosSale outlets={data.outlets} posId={data.posId} payments={data.payments} />
        </section>
      </div>
    );
  return <PosList data={data} locale={locale} />;
}
