import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { filterQuery, parseOrderFilters, type OrderDetail } from "@/lib/mall/orders/queries";
import { DictBadge } from "./badge";
import { OrderActionBar } from "./order-action-bar";
import type { OrderDicts } from "./order-dicts";
import styles from "./orders.module.css";

// An order's detail on its list's route (?id=): every field of the spec's Order, its lines with
// pictures, allocated VINs, payments and status history, rendered on the server; only the
// action bar is a client island.

export async function OrderDetailView(props: { order: OrderDetail; route: string; locale: Locale; dicts: OrderDicts; payMethods: DictItemView[]; params: URLSearchParams }) {
  const { order: o, route, locale, dicts, params } = props;
  const [t, format] = await Promise.all([getTranslations("OrderDetail"), getFormatter()]);
  const zh = locale === "zh-CN";
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) : "—";
  const money = (v: string) => formatMoney(v, locale);
  const back = `/${route}${filterQuery(parseOrderFilters(params), params.get("cursor") ? { cursor: params.get("cursor")! } : {})}`;
  const lineName = new Map(o.lines.map((l) => [l.goodsId, zh ? l.nameZh : l.nameEn]));
  const dash = (v: ReactNode) => (v === null || v === undefined || v === "" ? "—" : v);

  const facts: [string, ReactNode, string?][] = [
    [t("fields.orderNo"), o.orderNo, "orderNo"],
    [t("fields.type"), t("typeName", { type: o.type })],
    [t("fields.customer"), `${zh ? o.company.nameZh : o.company.nameEn} (${o.company.code})`, "customer"],
    [t("fields.phone"), o.phone],
    [t("fields.createdAt"), when(o.createdAt)],
    [t("fields.quantity"), o.quantity, "quantity"],
    [t("fields.amount"), money(o.amount), "amount"],
    [t("fields.status"), <DictBadge key="s" items={dicts.order_status} value={o.status} locale={locale} testId="detail-status" />],
    [t("fields.payment"), <DictBadge key="p" items={dicts.payment_status} value={o.paymentState} locale={locale} testId="detail-payment" />],
    [t("fields.paid"), money(o.paidAmount), "paid"],
    [t("fields.unpaid"), money(o.unpaid), "unpaid"],
    [t("fields.creator"), o.creator, "creator"],
    ...(o.preOrderNo ? [[t("fields.preOrder"), o.preOrderNo] as [string, ReactNode]] : []),
    ...(o.dealerDeleted ? [[t("fields.deleted"), t("yes")] as [string, ReactNode]] : []),
  ];
  const delivery: [string, ReactNode, string?][] = [
    [t("fields.deliveryWay"), o.deliveryWay ? itemLabel(dicts.delivery_way, o.deliveryWay, locale) : "—"],
    [t("fields.carrierType"), o.carrierType ? itemLabel(dicts.carrier_type, o.carrierType, locale) : "—"],
    [t("fields.secondaryDestination"), dash(o.secondaryDestination)],
    [t("fields.factoryName"), dash(o.factoryName), "factoryName"],
    [t("fields.logisticsCompany"), dash(o.logisticsCompany), "logisticsCompany"],
    [t("fields.logisticsNo"), dash(o.logisticsNo), "logisticsNo"],
    [t("fields.receiver"), o.receiver],
    [t("fields.receiverPhone"), o.receiverPhone],
    [t("fields.address"), o.address],
    [t("fields.remark"), dash(o.remark)],
  ];
  const factList = (list: [string, ReactNode, string?][]) => (
    <dl className={styles.facts}>
      {list.map(([label, value, key]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={key ? `detail-${key}` : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );

  return (
    <div className={styles.screen} data-testid="order-detail" data-order-no={o.orderNo} data-status={o.status}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href={back} className={styles.link} data-testid="order-back">
            {t("back")}
          </Link>
        </p>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {t("title", { orderNo: o.orderNo })}
            </h1>
            <p className={styles.intro}>
              <span className={styles.tags}>
                <DictBadge items={dicts.order_status} value={o.status} locale={locale} />
                <DictBadge items={dicts.payment_status} value={o.paymentState} locale={locale} />
              </span>
            </p>
          </div>
          <OrderActionBar
            order={{ id: o.id, orderNo: o.orderNo, type: o.type, status: o.status, unpaid: o.unpaid }}
            can={o.can}
            listHref={`/${route}`}
            payMethods={o.can.pay ? props.payMethods : []}
          />
        </div>
      </section>

      {(o.rejectReason || o.cancelReason) && (
        <p className={styles.alert} role="note" data-testid="detail-reason">
          <strong>{o.rejectReason ? t("fields.rejectReason") : t("fields.cancelReason")}: </strong>
          {o.rejectReason ?? o.cancelReason}
        </p>
      )}

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("sections.order")}</h2>
        {factList(facts)}
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("sections.delivery")}</h2>
        {factList(delivery)}
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("sections.lines")}</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="detail-lines">
            <thead>
              <tr>
                <th>{t("lines.picture")}</th>
                <th>{t("lines.goods")}</th>
                <th>{t("lines.kind")}</th>
                <th>{t("lines.specification")}</th>
                <th className={styles.num}>{t("lines.price")}</th>
                <th className={styles.num}>{t("lines.quantity")}</th>
                <th className={styles.num}>{t("lines.subtotal")}</th>
                <th>{t("lines.remark")}</th>
              </tr>
            </thead>
            <tbody>
              {o.lines.map((l) => (
                <tr key={l.id} data-testid="detail-line">
                  <td>
                    {l.thumb ? (
                      <a href={l.picture!} target="_blank" rel="noreferrer">
                        {/* eslint-disable-next-line @next/next/no-img-element -- a served thumbnail of fixed size */}
                        <img className={styles.thumb} src={l.thumb} alt={zh ? l.nameZh : l.nameEn} width={64} height={48} loading="lazy" />
                      </a>
                    ) : (
                      <span className={styles.noThumb}>{t("noPicture")}</span>
                    )}
                  </td>
                  <td>
                    {zh ? l.nameZh : l.nameEn}
                    {l.config && <span className={styles.sub}>{l.config}</span>}
                  </td>
                  <td>{itemLabel(dicts.order_kind, l.kind, locale)}</td>
                  <td>{dash(l.specification)}</td>
                  <td className={styles.num}>{money(l.price)}</td>
                  <td className={styles.num}>{l.quantity}</td>
                  <td className={styles.num}>{money(l.subtotal)}</td>
                  <td>{dash(l.remark)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={5}>{t("lines.total")}</td>
                <td className={styles.num}>{o.quantity}</td>
                <td className={styles.num}>{money(o.amount)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      {o.type === "VEHICLE" && (
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("sections.vehicles")}</h2>
          {o.vehicles.length === 0 ? (
            <p className={styles.muted} style={{ margin: 0 }}>
              {t("vehicles.none")}
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="detail-vehicles">
                <thead>
                  <tr>
                    <th>{t("vehicles.vin")}</th>
                    <th>{t("vehicles.goods")}</th>
                    <th>{t("vehicles.colour")}</th>
                    <th>{t("vehicles.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {o.vehicles.map((v) => (
                    <tr key={v.id} data-testid="detail-vin" data-vin={v.vin}>
                      <td className={styles.nowrap}>
                        <code>{v.vin}</code>
                      </td>
                      <td>{lineName.get(v.goodsId) ?? "—"}</td>
                      <td>{dash(v.colour)}</td>
                      <td>
                        <DictBadge items={dicts.vehicle_status} value={v.status} locale={locale} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}

      <div className={styles.grid2}>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("sections.payments")}</h2>
          <p style={{ margin: "0 0 12px" }} data-testid="detail-payment-summary">
            {t("payments.summary", { paid: money(o.paidAmount), amount: money(o.amount), unpaid: money(o.unpaid) })}
          </p>
          {o.payments.length === 0 ? (
            <p className={styles.muted} style={{ margin: 0 }}>
              {t("payments.none")}
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="detail-payments">
                <thead>
                  <tr>
                    <th>{t("payments.paidOn")}</th>
                    <th className={styles.num}>{t("payments.amount")}</th>
                    <th>{t("payments.method")}</th>
                    <th>{t("payments.reference")}</th>
                    <th>{t("payments.recordedBy")}</th>
                  </tr>
                </thead>
                <tbody>
                  {o.payments.map((p) => (
                    <tr key={p.id} data-testid="detail-payment-row">
                      <td className={styles.nowrap}>{p.paidOn}</td>
                      <td className={styles.num}>{money(p.amount)}</td>
                      <td>{itemLabel(dicts.payment_method, p.method, locale)}</td>
                      <td>
                        {dash(p.reference)}
                        {p.remark && <span className={styles.sub}>{p.remark}</span>}
                      </td>
                      <td>{dash(p.recordedBy)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("sections.history")}</h2>
          <ol className={styles.timeline} data-testid="detail-history">
            {o.events.map((e) => (
              <li key={e.id} className={styles.step} data-testid="history-step" data-status={e.to}>
                <div className={styles.stepHead}>
                  <DictBadge items={dicts.order_status} value={e.to} locale={locale} />
                  <span className={styles.muted}>{when(e.at)}</span>
                  {e.user && <span className={styles.muted}>{t("history.by", { user: e.user })}</span>}
                </div>
                {e.note && <p className={styles.stepNote}>{e.note}</p>}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
