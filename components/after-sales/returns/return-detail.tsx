import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { parseSalesReturnFilters, salesReturnQuery, type SalesReturnDetail } from "@/lib/after-sales/returns/queries";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";
import { Facts, History, type Fact } from "@/components/ui/facts";
import { PartImages } from "./part-images";
import { ReturnActionBar } from "./return-action-bar";
import type { ReturnDicts } from "./return-list";
import own from "./returns.module.css";

// A return's detail on the list's route (?id=): every field, the part images, the reject reason
// or the deal type carried out, its delivery batch and the status history, rendered on the
// server; only the action bar is a client island.

export async function SalesReturnDetailView({
  r,
  locale,
  dicts,
  dealTypes,
  params,
}: {
  r: SalesReturnDetail;
  locale: Locale;
  dicts: ReturnDicts;
  dealTypes: DictItemView[];
  params: URLSearchParams;
}) {
  const [t, format] = await Promise.all([getTranslations("SalesReturns"), getFormatter()]);
  const zh = locale === "zh-CN";
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const label = (items: DictItemView[], v: string) => itemLabel(items, v, locale);
  const back = `/afterSale/salesReturn${salesReturnQuery(parseSalesReturnFilters(params), params.get("cursor") ? { cursor: params.get("cursor")! } : {})}`;
  const material = zh ? r.partName.zh : r.partName.en;
  // Completing records the deal type carried out (a code) as the event's note: show its label.
  const events = r.events.map((e) => (e.to === "COMPLETED" && e.note ? { ...e, note: label(dicts.deal_type, e.note) } : e));
  const badge = (s: string) => <StatusBadge items={dicts.sales_return_status} value={s} locale={locale} />;

  const basics: Fact[] = [
    [t("fields.returnNo"), r.returnNo, "returnNo"],
    [t("fields.status"), <StatusBadge key="s" items={dicts.sales_return_status} value={r.status} locale={locale} testId="detail-status" />],
    [t("fields.company"), `${zh ? r.company.nameZh : r.company.nameEn} (${r.company.code})`, "company"],
    [t("fields.creator"), r.creator],
    [t("fields.createdAt"), when(r.createdAt)],
    [t("fields.returnType"), label(dicts.return_type, r.returnType), "returnType"],
    [t("fields.dealType"), label(dicts.deal_type, r.dealType), "dealType"],
    ...(r.dealTypeDone ? [[t("fields.dealTypeDone"), label(dicts.deal_type, r.dealTypeDone), "dealTypeDone"] as Fact] : []),
    ...(r.rejectReason ? [[t("fields.rejectReason"), r.rejectReason, "rejectReason"] as Fact] : []),
    [
      t("fields.batchNo"),
      r.batch ? (
        <span key="b">
          <Link className={styles.link} href={`/afterSale/salesReturnLogs?id=${r.batch.id}`} data-testid="detail-batch">
            {r.batch.batchNo}
          </Link>{" "}
          <StatusBadge items={dicts.return_batch_status} value={r.batch.status} locale={locale} />
        </span>
      ) : (
        t("detail.noBatch")
      ),
    ],
  ];
  const part: Fact[] = [
    [t("fields.materialName"), material, "material"],
    [t("fields.materialCode"), r.materialCode, "materialCode"],
    [t("fields.partSource"), r.goodsId ? t("detail.catalogue") : t("detail.typed")],
    [
      t("fields.orderId"),
      r.order ? (
        <Link key="o" className={styles.link} href={`/onlineMall/mountings/order?id=${r.order.id}`} data-testid="detail-order">
          {r.order.orderNo}
        </Link>
      ) : null,
    ],
    [t("fields.quantity"), r.quantity, "quantity"],
    [t("fields.faultQuantity"), r.faultQuantity, "faultQuantity"],
  ];
  const car: Fact[] = [
    [t("fields.vin"), r.vin, "vin"],
    [t("fields.buyer"), r.buyer, "buyer"],
    [t("fields.buyDate"), r.buyDate, "buyDate"],
    [t("fields.saleDate"), r.saleDate, "saleDate"],
  ];

  return (
    <div className={styles.screen} data-testid="sales-return-detail" data-return-no={r.returnNo} data-status={r.status}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href={back} className={styles.link} data-testid="sales-return-back">
            {t("detail.back")}
          </Link>
        </p>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {t("detail.title", { returnNo: r.returnNo })}
            </h1>
            <p className={styles.intro}>
              {badge(r.status)} {material} × {r.quantity}
            </p>
          </div>
          <ReturnActionBar
            target={{ id: r.id, returnNo: r.returnNo, dealType: r.dealType }}
            moves={r.can.moves}
            material={material}
            quantity={r.quantity}
            batchId={r.batch?.id ?? null}
            dealTypes={dealTypes}
          />
        </div>
      </section>

      <div className={styles.grid2}>
        <div className={styles.screen}>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.basics")}</h2>
            <Facts list={basics} />
          </section>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.part")}</h2>
            <Facts list={part} />
            <h3 className={styles.sectionTitle} style={{ margin: "16px 0 8px", fontSize: 14 }}>
              {t("fields.description")}
            </h3>
            <p className={own.description} data-testid="detail-description">
              {r.description}
            </p>
          </section>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.images")}</h2>
            <PartImages images={r.partImg} />
          </section>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.car")}</h2>
            <Facts list={car} />
          </section>
        </div>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("detail.history")}</h2>
          <History events={events} badge={badge} by={(user) => t("detail.by", { user })} when={when} empty={t("detail.noHistory")} testId="sales-return-history" />
        </section>
      </div>
    </div>
  );
}
