import Form from "next/form";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { DictItemView } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { preOrderQuery, type PreOrderPage } from "@/lib/mall/pre-order-queries";
import { PRE_ORDER_STATUSES } from "@/lib/mall/pre-order-schemas";
import { itemLabel } from "@/lib/dict/items";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";

// The pre-order list as server-rendered HTML: a GET form of native inputs for the filters,
// a plain table, keyset "newer / older" links. Staff see the dealer column and filter.

const ROUTE = "onlineMall/car/preOrder";
const SIZES = [10, 20, 50, 100];

export async function PreOrderList({ page, locale, statuses, company, canCreate }: { page: PreOrderPage; locale: Locale; statuses: DictItemView[]; company: string | null; canCreate: boolean }) {
  const [t, format] = await Promise.all([getTranslations("PreOrders"), getFormatter()]);
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${preOrderQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });
  const id = (name: string) => `pre-orders-${name}`;

  return (
    <div className={styles.screen} data-testid="pre-order-list">
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">{t("title")}</h1>
            <p className={styles.intro}>{company ? t("dealerIntro", { company }) : t("staffIntro")}</p>
          </div>
          {canCreate && (
            <div>
              <p className={styles.muted} style={{ margin: "0 0 6px", maxWidth: 320 }}>{t("createHint")}</p>
              <Link href="/onlineMall/car/goods" className={styles.buttonPrimary} data-testid="pre-order-to-mall">{t("toMall")}</Link>
            </div>
          )}
        </div>
      </section>

      <section className={styles.card}>
        <Form action={`/${ROUTE}`} className={styles.filters} data-testid="pre-order-filters">
          <label className={styles.field} htmlFor={id("no")}>
            {t("filters.preOrderNo")}
            <input id={id("no")} className={styles.input} name="preOrderNo" defaultValue={f.preOrderNo} maxLength={32} placeholder={t("filters.preOrderNoPlaceholder")} autoComplete="off" />
          </label>
          <label className={styles.field} htmlFor={id("status")}>
            {t("filters.status")}
            <select id={id("status")} className={styles.input} name="status" defaultValue={f.status}>
              <option value="">{t("filters.any")}</option>
              {PRE_ORDER_STATUSES.map((s) => <option key={s} value={s}>{itemLabel(statuses, s, locale)}</option>)}
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
            <button type="submit" className={styles.buttonPrimary} data-testid="pre-order-search">{t("filters.search")}</button>
            <Link href={`/${ROUTE}`} className={styles.button}>{t("filters.reset")}</Link>
          </div>
        </Form>
      </section>

      <section className={styles.card}>
        <p className={styles.muted} style={{ margin: "0 0 12px" }} data-testid="pre-order-count">
          {page.total.capped ? t("countCapped", { count: page.total.count }) : t("count", { count: page.total.count })}
        </p>
        {page.rows.length === 0 ? (
          <p className={styles.empty} data-testid="pre-order-empty">{t("empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="pre-order-table">
              <thead>
                <tr>
                  <th>{t("columns.preOrderNo")}</th>
                  <th>{t("columns.createdAt")}</th>
                  {page.staff && <th>{t("columns.company")}</th>}
                  <th>{t("columns.goods")}</th>
                  <th className={styles.num}>{t("columns.quantity")}</th>
                  <th className={styles.num}>{t("columns.amount")}</th>
                  <th>{t("columns.expectedDate")}</th>
                  <th>{t("columns.status")}</th>
                  <th>{t("columns.order")}</th>
                  <th>{t("columns.creator")}</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((r) => (
                  <tr key={r.id} data-testid="pre-order-row" data-pre-order-no={r.preOrderNo} data-status={r.status}>
                    <td className={styles.nowrap}>
                      <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>{r.preOrderNo}</Link>
                    </td>
                    <td className={styles.nowrap}>{when(r.createdAt)}</td>
                    {page.staff && <td>{zh ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span></td>}
                    <td>
                      <span className={styles.goodsCell}>
                        {/* eslint-disable-next-line @next/next/no-img-element -- a served thumbnail */}
                        {r.thumb ? <img className={styles.thumb} src={r.thumb} alt="" width={56} height={40} loading="lazy" /> : null}
                        <span>{zh ? r.nameZh : r.nameEn}{r.config ? <span className={styles.sub}>{r.config}</span> : null}</span>
                      </span>
                    </td>
                    <td className={styles.num}>{r.quantity}</td>
                    <td className={styles.num}>{formatMoney(r.amount, locale)}</td>
                    <td className={styles.nowrap}>{r.expectedDate ?? "—"}</td>
                    <td><StatusBadge items={statuses} value={r.status} locale={locale} testId="pre-order-status" /></td>
                    <td className={styles.nowrap}>{r.order ? <Link className={styles.link} href={`/onlineMall/car/order?id=${r.order.id}`} prefetch={false}>{r.order.orderNo}</Link> : "—"}</td>
                    <td>{r.creator}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className={styles.pager} aria-label={t("pagination")}>
          {f.cursor ? <Link className={styles.button} href={href({})}>{t("latest")}</Link> : null}
          {page.prev ? <Link className={styles.button} href={href({ cursor: page.prev })} data-testid="pre-order-newer">{t("newer")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("newer")}</span>}
          {page.next ? <Link className={styles.button} href={href({ cursor: page.next })} data-testid="pre-order-older">{t("older")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("older")}</span>}
        </nav>
      </section>
    </div>
  );
}
