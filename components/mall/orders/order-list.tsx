import Form from "next/form";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { itemLabel } from "@/lib/dict/items";
import { filterQuery, PAYMENT_FILTERS, STATUS_FILTERS, type OrderListPage } from "@/lib/mall/order-queries";
import { DictBadge } from "./badge";
import type { OrderDicts } from "./order-dicts";
import styles from "./orders.module.css";

// The order list as server-rendered HTML: a GET form of native inputs for the filters (next/form
// navigates without a full reload), a plain table, and keyset "newer / older" links.

const SIZES = [10, 20, 50, 100];

export async function OrderList({ page, route, locale, dicts, company }: { page: OrderListPage; route: string; locale: Locale; dicts: OrderDicts; company: string | null }) {
  const [t, format] = await Promise.all([getTranslations("OrderList"), getFormatter()]);
  const f = page.filters;
  const href = (extra: Record<string, string | number>) => `/${route}${filterQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });
  const statusLabel = (v: string) => (v === "VALID" ? t("filters.valid") : itemLabel(dicts.order_status, v, locale));
  const paymentLabel = (v: string) => (v === "OUTSTANDING" ? t("filters.outstanding") : itemLabel(dicts.payment_status, v, locale));
  const id = (name: string) => `orders-${name}`;

  return (
    <div className={styles.screen} data-testid="order-list" data-type={page.type}>
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">{t("title", { type: page.type })}</h1>
            <p className={styles.intro}>{company ? t("dealerIntro", { company }) : t("staffIntro")}</p>
          </div>
        </div>
      </section>

      <section className={styles.card}>
        {/* Keyed by the filters so a reset or a drill-down link shows the new values. */}
        <Form key={filterQuery(f)} action={`/${route}`} className={styles.filters} data-testid="order-filters">
          <label className={styles.field} htmlFor={id("orderNo")}>
            {t("filters.orderNo")}
            <input id={id("orderNo")} className={styles.input} name="orderNo" defaultValue={f.orderNo} maxLength={32} placeholder={t("filters.orderNoPlaceholder")} autoComplete="off" />
          </label>
          <label className={styles.field} htmlFor={id("status")}>
            {t("filters.status")}
            <select id={id("status")} className={styles.input} name="status" defaultValue={f.status}>
              <option value="">{t("filters.any")}</option>
              {STATUS_FILTERS.map((s) => <option key={s} value={s}>{statusLabel(s)}</option>)}
            </select>
          </label>
          <label className={styles.field} htmlFor={id("payment")}>
            {t("filters.payment")}
            <select id={id("payment")} className={styles.input} name="payment" defaultValue={f.payment}>
              <option value="">{t("filters.any")}</option>
              {PAYMENT_FILTERS.map((s) => <option key={s} value={s}>{paymentLabel(s)}</option>)}
            </select>
          </label>
          <label className={styles.field} htmlFor={id("from")}>
            {t("filters.from")}
            <input id={id("from")} className={styles.input} type="date" name="from" defaultValue={f.from} min="2000-01-01" max="2100-12-31" />
          </label>
          <label className={styles.field} htmlFor={id("to")}>
            {t("filters.to")}
            <input id={id("to")} className={styles.input} type="date" name="to" defaultValue={f.to} min="2000-01-01" max="2100-12-31" />
          </label>
          {page.staff && (
            <label className={styles.field} htmlFor={id("company")}>
              {t("filters.company")}
              <input id={id("company")} className={styles.input} name="company" defaultValue={f.company} maxLength={50} placeholder={t("filters.companyPlaceholder")} autoComplete="off" />
            </label>
          )}
          <label className={styles.field} htmlFor={id("size")}>
            {t("filters.size")}
            <select id={id("size")} className={styles.input} style={{ minWidth: 80 }} name="size" defaultValue={String(f.size)}>
              {SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
          <div className={styles.buttons}>
            <button type="submit" className={styles.buttonPrimary} data-testid="order-search">{t("filters.search")}</button>
            <Link href={`/${route}`} className={styles.button} data-testid="order-reset">{t("filters.reset")}</Link>
          </div>
        </Form>
      </section>

      <section className={styles.card}>
        <p className={styles.muted} style={{ margin: "0 0 12px" }} data-testid="order-count">
          {page.total.capped ? t("countCapped", { count: page.total.count }) : t("count", { count: page.total.count })}
        </p>
        {page.rows.length === 0 ? (
          <p className={styles.empty} data-testid="order-empty">{t("empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="order-table">
              <thead>
                <tr>
                  <th>{t("columns.orderNo")}</th>
                  <th>{t("columns.createdAt")}</th>
                  {page.staff && <th>{t("columns.company")}</th>}
                  <th className={styles.num}>{t("columns.quantity")}</th>
                  <th className={styles.num}>{t("columns.amount")}</th>
                  <th className={styles.num}>{t("columns.paid")}</th>
                  <th>{t("columns.payment")}</th>
                  <th>{t("columns.status")}</th>
                  <th>{t("columns.creator")}</th>
                  <th>{t("columns.receiver")}</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((r) => (
                  <tr key={r.id} data-testid="order-row" data-order-no={r.orderNo} data-status={r.status}>
                    <td className={styles.nowrap}>
                      <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>{r.orderNo}</Link>
                    </td>
                    <td className={styles.nowrap}>{when(r.createdAt)}</td>
                    {page.staff && <td>{locale === "zh-CN" ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span></td>}
                    <td className={styles.num}>{r.quantity}</td>
                    <td className={styles.num}>{formatMoney(r.amount, locale)}</td>
                    <td className={styles.num}>{formatMoney(r.paidAmount, locale)}</td>
                    <td><DictBadge items={dicts.payment_status} value={r.paymentState} locale={locale} /></td>
                    <td><DictBadge items={dicts.order_status} value={r.status} locale={locale} testId="order-status" /></td>
                    <td>{r.creator}</td>
                    <td>{r.receiver}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className={styles.pager} aria-label={t("pagination")}>
          <span />
          <span className={styles.pagerLinks}>
            {f.cursor ? <Link className={styles.button} href={href({})} data-testid="order-latest">{t("latest")}</Link> : null}
            {page.prev ? <Link className={styles.button} href={href({ cursor: page.prev })} data-testid="order-newer">{t("newer")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("newer")}</span>}
            {page.next ? <Link className={styles.button} href={href({ cursor: page.next })} data-testid="order-older">{t("older")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("older")}</span>}
          </span>
        </nav>
      </section>
    </div>
  );
}
