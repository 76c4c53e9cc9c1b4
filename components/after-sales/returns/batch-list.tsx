import Form from "next/form";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { returnBatchQuery, type ReturnBatchPage } from "@/lib/after-sales/return-queries";
import { RETURN_BATCH_STATUSES } from "@/lib/after-sales/return-schemas";
import { itemLabel } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";
import type { ReturnDicts } from "./return-list";
import own from "./returns.module.css";

// The return logs (delivery batches) as server-rendered HTML: GET filters, a plain table,
// keyset pages. Each batch opens its log at ?id= with the returns it carried.

const ROUTE = "afterSale/salesReturnLogs";
const SIZES = [10, 20, 50, 100];

export async function ReturnBatchList({ page, locale, dicts, company }: { page: ReturnBatchPage; locale: Locale; dicts: ReturnDicts; company: string | null }) {
  const [t, tr, format] = await Promise.all([getTranslations("SalesReturns.ReturnLogs"), getTranslations("SalesReturns"), getFormatter()]);
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${returnBatchQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });
  const id = (name: string) => `return-logs-${name}`;

  return (
    <div className={styles.screen} data-testid="return-batch-list">
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">{t("title")}</h1>
            <p className={styles.intro}>{company ? t("dealerIntro", { company }) : t("staffIntro")}</p>
          </div>
          <Link href="/afterSale/salesReturn" className={styles.link} data-testid="to-sales-returns">{t("toReturns")}</Link>
        </div>
      </section>

      <section className={styles.card}>
        <Form action={`/${ROUTE}`} className={styles.filters} data-testid="return-batch-filters">
          <label className={styles.field} htmlFor={id("no")}>
            {t("filters.batchNo")}
            <input id={id("no")} className={styles.input} name="batchNo" defaultValue={f.batchNo} maxLength={32} placeholder={t("filters.batchNoPlaceholder")} autoComplete="off" />
          </label>
          <label className={styles.field} htmlFor={id("status")}>
            {tr("filters.status")}
            <select id={id("status")} className={styles.input} name="status" defaultValue={f.status}>
              <option value="">{tr("filters.any")}</option>
              {RETURN_BATCH_STATUSES.map((s) => <option key={s} value={s}>{itemLabel(dicts.return_batch_status, s, locale)}</option>)}
            </select>
          </label>
          <label className={styles.field} htmlFor={id("from")}>
            {tr("filters.from")}
            <input id={id("from")} className={styles.input} type="date" name="from" defaultValue={f.from} min="2000-01-01" max="2100-12-31" />
          </label>
          <label className={styles.field} htmlFor={id("to")}>
            {tr("filters.to")}
            <input id={id("to")} className={styles.input} type="date" name="to" defaultValue={f.to} min="2000-01-01" max="2100-12-31" />
          </label>
          {page.staff && (
            <label className={styles.field} htmlFor={id("company")}>
              {tr("filters.company")}
              <input id={id("company")} className={styles.input} name="company" defaultValue={f.company} maxLength={50} placeholder={tr("filters.companyPlaceholder")} autoComplete="off" />
            </label>
          )}
          <label className={styles.field} htmlFor={id("size")}>
            {tr("filters.size")}
            <select id={id("size")} className={styles.input} style={{ minWidth: 80 }} name="size" defaultValue={String(f.size)}>
              {SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
          <div className={styles.buttons}>
            <button type="submit" className={styles.buttonPrimary} data-testid="return-batch-search">{tr("filters.search")}</button>
            <Link href={`/${ROUTE}`} className={styles.button}>{tr("filters.reset")}</Link>
          </div>
        </Form>
      </section>

      <section className={styles.card}>
        <p className={styles.muted} style={{ margin: "0 0 12px" }} data-testid="return-batch-count">
          {page.total.capped ? t("countCapped", { count: page.total.count }) : t("count", { count: page.total.count })}
        </p>
        {page.rows.length === 0 ? (
          <p className={styles.empty} data-testid="return-batch-empty">{t("empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="return-batch-table">
              <thead>
                <tr>
                  <th>{t("columns.batchNo")}</th>
                  <th>{t("columns.createdAt")}</th>
                  {page.staff && <th>{t("columns.company")}</th>}
                  <th>{t("columns.status")}</th>
                  <th>{t("columns.deliveryWay")}</th>
                  <th>{t("columns.logistics")}</th>
                  <th>{t("columns.carNo")}</th>
                  <th>{t("columns.contactPhone")}</th>
                  <th className={styles.num}>{t("columns.items")}</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((b) => (
                  <tr key={b.id} data-testid="return-batch-row" data-batch-no={b.batchNo} data-status={b.status}>
                    <td className={styles.nowrap}>
                      <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: b.id })} prefetch={false}>{b.batchNo}</Link>
                    </td>
                    <td className={styles.nowrap}>{when(b.createdAt)}</td>
                    {page.staff && <td className={own.company}>{zh ? b.company.nameZh : b.company.nameEn} <span className={styles.sub}>{b.company.code}</span></td>}
                    <td><StatusBadge items={dicts.return_batch_status} value={b.status} locale={locale} testId="return-batch-status" /></td>
                    <td>{itemLabel(dicts.delivery_way, b.deliveryWay, locale)}</td>
                    <td>{b.logisticsCompany ?? "—"}{b.logisticsNo ? <span className={styles.sub}>{b.logisticsNo}</span> : null}</td>
                    <td className={styles.nowrap}>{b.carNo ?? "—"}</td>
                    <td className={styles.nowrap}>{b.contactPhone}</td>
                    <td className={styles.num}>{b.itemCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className={styles.pager} aria-label={tr("pagination")}>
          {f.cursor ? <Link className={styles.button} href={href({})}>{tr("latest")}</Link> : null}
          {page.prev ? <Link className={styles.button} href={href({ cursor: page.prev })} data-testid="return-batch-newer">{tr("newer")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{tr("newer")}</span>}
          {page.next ? <Link className={styles.button} href={href({ cursor: page.next })} data-testid="return-batch-older">{tr("older")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{tr("older")}</span>}
        </nav>
      </section>
    </div>
  );
}
