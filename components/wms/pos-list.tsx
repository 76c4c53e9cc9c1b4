import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { EmptyState, ListHeader } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import { itemLabel } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { loose } from "@/lib/i18n/loose";
import { TODAY_CAP, type PosRoute } from "@/lib/wms/pos/queries";
import type { OutletKind } from "@/lib/wms/pos/schemas";
import { OutletCreateButton, OutletEditButton } from "./pos-actions";
import rows from "@/components/ui/row-actions.module.css";

// customerWms/pointOfSale — the outlets as server-rendered HTML (a company has a handful: one
// bounded query, no paging), each with today's count and total of counter sales (Asia/Shanghai
// day), and today's sales linking to their receipts. The outlet drawer loads on the first click
// (./pos-actions.tsx); the counter sale is its own view (?sell, ./pos-sale.tsx). Staff read the
// outlets of their scope with a company column, and change nothing.

const ROUTE = "/customerWms/pointOfSale";

export async function PosList({ data, locale }: { data: Extract<PosRoute, { kind: "list" }>; locale: Locale }) {
  const [t, tw, ta, format] = await Promise.all([getTranslations("WmsPos"), getTranslations("Wms"), getTranslations("Admin"), getFormatter()]);
  const kinds = loose(tw);
  const time = (iso: string) => format.dateTime(new Date(iso), { timeStyle: "short", timeZone: "Asia/Shanghai" });
  const canSellSomewhere = data.can.sell && data.outlets.some((o) => o.enabled);
  return (
    <div className={styles.screen} data-testid="pos-screen">
      <ListHeader title={t("title")} intro={t("description")}>
        <div className={styles.buttons}>
          {canSellSomewhere && (
            <Link href={`${ROUTE}?sell`} className={styles.buttonPrimary} data-testid="pos-sell">
              {t("sell")}
            </Link>
          )}
          {data.can.manage && <OutletCreateButton warehouses={data.warehouses} />}
        </div>
      </ListHeader>
      <section className={styles.card}>
        {data.outlets.length === 0 ? (
          <EmptyState id="pos">{t("empty")}</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="pos-table">
              <thead>
                <tr>
                  <th>{t("fields.code")}</th>
                  <th>{t("fields.name")}</th>
                  <th className="dp-wide">{t("fields.kind")}</th>
                  <th className="dp-wide">{t("fields.warehouseId")}</th>
                  <th className="dp-wide">{t("fields.contact")}</th>
                  <th className="dp-wide">{t("fields.phone")}</th>
                  {!data.dealer && <th className="dp-wide">{t("fields.company")}</th>}
                  <th className="dp-wide">{t("fields.enabled")}</th>
                  <th className={styles.num}>{t("fields.todayCount")}</th>
                  <th className={styles.num}>{t("fields.todayAmount")}</th>
                  {(data.can.manage || data.can.sell) && <th>{ta("actions")}</th>}
                </tr>
              </thead>
              <tbody>
                {data.outlets.map((o) => (
                  <tr key={o.id} data-row-key={o.id} data-testid="pos-row">
                    <td className={styles.nowrap}>{o.code}</td>
                    <td>{o.name}</td>
                    <td className="dp-wide">{kinds(`outletKinds.${o.kind}`)}</td>
                    <td className="dp-wide">{o.warehouse}</td>
                    <td className="dp-wide">{o.contact ?? "—"}</td>
                    <td className={`dp-wide ${styles.nowrap}`}>{o.phone ?? "—"}</td>
                    {!data.dealer && <td className="dp-wide">{o.company}</td>}
                    <td className="dp-wide">
                      <span className={styles.tag} data-color={o.enabled ? "green" : undefined}>
                        {o.enabled ? t("enabled") : t("disabled")}
                      </span>
                    </td>
                    <td className={styles.num} data-testid="pos-today-count">
                      {o.today.count}
                    </td>
                    <td className={`${styles.num} ${styles.nowrap}`} data-testid="pos-today-amount">
                      {formatMoney(o.today.amount, locale)}
                    </td>
                    {(data.can.manage || data.can.sell) && (
                      <td>
                        <div className={rows.actions}>
                          {data.can.sell && o.enabled && (
                            <Link href={`${ROUTE}?sell=${o.id}`} className={rows.act} data-testid="pos-sell-here">
                              {t("sellHere")}
                            </Link>
                          )}
                          {data.can.manage && (
                            <OutletEditButton
                              warehouses={data.warehouses}
                              row={{
                                id: o.id,
                                code: o.code,
                                name: o.name,
                                kind: o.kind as OutletKind,
                                warehouseId: o.warehouseId,
                                address: o.address,
                                contact: o.contact,
                                phone: o.phone,
                                enabled: o.enabled,
                              }}
                            />
                          )}
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className={styles.card} data-testid="pos-today">
        <h2 className={styles.sectionTitle}>{t("today.title")}</h2>
        {data.sales.rows.length === 0 ? (
          <EmptyState id="pos-today">{t("today.empty")}</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="pos-today-table">
              <thead>
                <tr>
                  <th>{t("today.docNo")}</th>
                  <th>{t("today.time")}</th>
                  <th className="dp-wide">{t("today.outlet")}</th>
                  <th className="dp-wide">{t("fields.paymentMethod")}</th>
                  <th className="dp-wide">{t("fields.customerName")}</th>
                  <th className={styles.num}>{t("today.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {data.sales.rows.map((s) => (
                  <tr key={s.id} data-row-key={s.id}>
                    <td className={styles.nowrap}>
                      <Link href={`${ROUTE}?receipt=${s.id}`} className={styles.link} data-testid="pos-receipt-link">
                        {s.docNo}
                      </Link>
                    </td>
                    <td className={styles.nowrap}>{time(s.createdAt)}</td>
                    <td className="dp-wide">{s.outlet}</td>
                    <td className="dp-wide">{s.paymentMethod ? itemLabel(data.payments, s.paymentMethod, locale) : "—"}</td>
                    <td className="dp-wide">{s.customerName ?? "—"}</td>
                    <td className={`${styles.num} ${styles.nowrap}`}>{formatMoney(s.amount, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data.sales.capped && (
          <p className={styles.muted} data-testid="pos-today-capped">
            {t("today.capped", { count: TODAY_CAP })}
          </p>
        )}
      </section>
    </div>
  );
}
