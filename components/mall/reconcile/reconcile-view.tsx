import Form from "next/form";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import type { Reconciliation } from "@/lib/mall/orders/reconcile";
import styles from "@/components/mall/orders/orders.module.css";

// Order reconciliation as plain HTML: per order type the order total, paid and unpaid sums
// (decimal strings from one grouped SQL SUM), each drilling down to the order list.

const ROUTE = "onlineMall/car/orderReconcil";

export async function ReconcileView({ data, locale, company }: { data: Reconciliation; locale: Locale; company: string | null }) {
  const t = await getTranslations("Reconcile");
  const f = data.filters;
  const money = (v: string) => formatMoney(v, locale);
  return (
    <div className={styles.screen} data-testid="reconcile">
      <section className={styles.card}>
        <h1 className={styles.title} data-testid="page-title">
          {t("title")}
        </h1>
        <p className={styles.intro}>{company ? t("dealerIntro", { company }) : t("staffIntro")}</p>
      </section>

      <section className={styles.card}>
        <Form key={`${f.from}|${f.to}|${f.company}`} action={`/${ROUTE}`} className={styles.filters} data-testid="reconcile-filters">
          <label className={styles.field} htmlFor="rec-from">
            {t("filters.from")}
            <input id="rec-from" className={styles.input} type="date" name="from" defaultValue={f.from} min="2000-01-01" max="2100-12-31" />
          </label>
          <label className={styles.field} htmlFor="rec-to">
            {t("filters.to")}
            <input id="rec-to" className={styles.input} type="date" name="to" defaultValue={f.to} min="2000-01-01" max="2100-12-31" />
          </label>
          {data.staff && (
            <label className={styles.field} htmlFor="rec-company">
              {t("filters.company")}
              <input
                id="rec-company"
                className={styles.input}
                name="company"
                defaultValue={f.company}
                maxLength={50}
                placeholder={t("filters.companyPlaceholder")}
                autoComplete="off"
              />
            </label>
          )}
          <div className={styles.buttons}>
            <button type="submit" className={styles.buttonPrimary} data-testid="reconcile-search">
              {t("filters.search")}
            </button>
            <Link href={`/${ROUTE}`} className={styles.button}>
              {t("filters.reset")}
            </Link>
          </div>
        </Form>
      </section>

      <section className={styles.card}>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="reconcile-table">
            <thead>
              <tr>
                <th>{t("columns.type_name")}</th>
                <th className={styles.num}>{t("columns.orders")}</th>
                <th className={styles.num}>{t("columns.order_total_amount")}</th>
                <th className={styles.num}>{t("columns.pay_total_amount")}</th>
                <th className={styles.num}>{t("columns.unpaid_total_amount")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.type} data-testid="reconcile-row" data-type={r.type}>
                  <td>
                    <Link className={styles.link} href={r.href} title={t("showOrders")} data-testid="reconcile-drill">
                      {t("typeName", { type: r.type })}
                    </Link>
                  </td>
                  <td className={styles.num} data-testid="reconcile-orders">
                    {r.orders}
                  </td>
                  <td className={styles.num} data-testid="reconcile-total">
                    {money(r.orderTotal)}
                  </td>
                  <td className={styles.num} data-testid="reconcile-paid">
                    {money(r.paidTotal)}
                  </td>
                  <td className={styles.num}>
                    <Link className={styles.link} href={r.unpaidHref} title={t("showUnpaid")} data-testid="reconcile-unpaid">
                      {money(r.unpaidTotal)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="reconcile-sum">
                <td>{t("total")}</td>
                <td className={styles.num}>{data.total.orders}</td>
                <td className={styles.num}>{money(data.total.orderTotal)}</td>
                <td className={styles.num}>{money(data.total.paidTotal)}</td>
                <td className={styles.num}>{money(data.total.unpaidTotal)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className={styles.muted} style={{ margin: "12px 0 0" }}>
          {t("excluded")}
        </p>
      </section>
    </div>
  );
}
