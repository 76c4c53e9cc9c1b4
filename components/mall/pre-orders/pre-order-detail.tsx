import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { parsePreOrderFilters, preOrderQuery, type PreOrderDetail } from "@/lib/mall/pre-orders/queries";
import { PreOrderActionBar } from "./pre-order-action-bar";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";

// A pre-order's detail on the list's route (?id=): every field, the goods snapshot, the linked
// order and the status history, rendered on the server; only the action bar is a client island.

type Fact = [string, ReactNode, string?];

function Facts({ list }: { list: Fact[] }) {
  return (
    <dl className={styles.facts}>
      {list.map(([label, value, key]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={key ? `detail-${key}` : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Dicts = { pre_order_status: DictItemView[]; delivery_way: DictItemView[]; carrier_type: DictItemView[]; order_status: DictItemView[] };

export async function PreOrderDetailView({ p, locale, dicts, params }: { p: PreOrderDetail; locale: Locale; dicts: Dicts; params: URLSearchParams }) {
  const [t, format] = await Promise.all([getTranslations("PreOrders"), getFormatter()]);
  const zh = locale === "zh-CN";
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const money = (v: string) => formatMoney(v, locale);
  const dash = (v: ReactNode) => (v === null || v === undefined || v === "" ? "—" : v);
  const back = `/onlineMall/car/preOrder${preOrderQuery(parsePreOrderFilters(params), params.get("cursor") ? { cursor: params.get("cursor")! } : {})}`;
  const name = zh ? p.nameZh : p.nameEn;

  const basics: Fact[] = [
    [t("fields.preOrderNo"), p.preOrderNo, "preOrderNo"],
    [t("fields.status"), <StatusBadge key="s" items={dicts.pre_order_status} value={p.status} locale={locale} testId="detail-status" />],
    [t("fields.company"), `${zh ? p.company.nameZh : p.company.nameEn} (${p.company.code})`, "company"],
    [t("fields.creator"), p.creator],
    [t("fields.createdAt"), when(p.createdAt)],
    [t("fields.phone"), p.phone],
    [t("fields.expectedDate"), dash(p.expectedDate), "expectedDate"],
    [
      t("fields.order"),
      p.order ? (
        <Link key="o" className={styles.link} href={`/onlineMall/car/order?id=${p.order.id}`} data-testid="detail-order">
          {p.order.orderNo}
        </Link>
      ) : (
        "—"
      ),
    ],
    ...(p.rejectReason ? [[t("fields.rejectReason"), p.rejectReason, "rejectReason"] as [string, ReactNode, string]] : []),
  ];
  const goods: Fact[] = [
    [t("fields.goods"), name, "goods"],
    [t("fields.config"), dash(p.config)],
    [t("fields.price"), money(p.price)],
    [t("fields.quantity"), p.quantity, "quantity"],
    [t("fields.amount"), money(p.amount), "amount"],
  ];
  const delivery: Fact[] = [
    [t("fields.deliveryWay"), itemLabel(dicts.delivery_way, p.deliveryWay, locale)],
    [t("fields.carrierType"), p.carrierType ? itemLabel(dicts.carrier_type, p.carrierType, locale) : "—"],
    [t("fields.secondaryDestination"), dash(p.secondaryDestination)],
    [t("fields.receiver"), p.receiver],
    [t("fields.receiverPhone"), p.receiverPhone],
    [t("fields.address"), p.address],
    [t("fields.remark"), dash(p.remark)],
  ];
  return (
    <div className={styles.screen} data-testid="pre-order-detail" data-pre-order-no={p.preOrderNo} data-status={p.status}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href={back} className={styles.link} data-testid="pre-order-back">
            {t("detail.back")}
          </Link>
        </p>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {t("detail.title", { preOrderNo: p.preOrderNo })}
            </h1>
            <p className={styles.intro}>
              <StatusBadge items={dicts.pre_order_status} value={p.status} locale={locale} />
            </p>
          </div>
          <PreOrderActionBar
            id={p.id}
            preOrderNo={p.preOrderNo}
            moves={p.can.moves}
            goods={name}
            quantity={p.quantity}
            company={zh ? p.company.nameZh : p.company.nameEn}
            stock={p.goods?.stock ?? null}
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
            <h2 className={styles.sectionTitle}>{t("detail.goods")}</h2>
            <div className={styles.goods}>
              {p.picture ? (
                // eslint-disable-next-line @next/next/no-img-element -- a served picture
                <img className={styles.picture} src={p.picture} alt={name} width={200} height={130} />
              ) : (
                <span className={styles.noPicture}>{t("detail.noPicture")}</span>
              )}
              <div style={{ flex: 1, minWidth: 240 }}>
                <Facts list={goods} />
                {p.goods && (
                  <p className={styles.muted} style={{ margin: "12px 0 0" }} data-testid="detail-stock">
                    {t("detail.stockNow", { stock: p.goods.stock })} · {t("detail.priceNow", { price: money(p.goods.price) })}
                    {p.goods.onSale ? "" : ` · ${t("detail.offSale")}`}
                  </p>
                )}
              </div>
            </div>
          </section>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t("detail.delivery")}</h2>
            <Facts list={delivery} />
          </section>
        </div>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("detail.history")}</h2>
          {p.events.length === 0 ? (
            <p className={styles.muted}>{t("detail.noHistory")}</p>
          ) : (
            <ol className={styles.timeline} data-testid="pre-order-history">
              {p.events.map((e) => (
                <li key={e.id} className={styles.step}>
                  <div className={styles.stepHead}>
                    <StatusBadge items={dicts.pre_order_status} value={e.to} locale={locale} />
                    <span className={styles.muted}>{when(e.at)}</span>
                    {e.user ? <span className={styles.muted}>{t("detail.by", { user: e.user })}</span> : null}
                  </div>
                  {e.note ? <p className={styles.stepNote}>{e.note}</p> : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
