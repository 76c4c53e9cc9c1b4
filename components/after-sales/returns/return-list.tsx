import Form from "next/form";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { salesReturnQuery, type SalesReturnListData } from "@/lib/after-sales/return-queries";
import { SALES_RETURN_STATUSES } from "@/lib/after-sales/return-schemas";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";
import { ReturnListActions } from "./return-list-actions";
import own from "./returns.module.css";

// The parts return list as server-rendered HTML: a GET form of native inputs for the filters, a
// plain table, keyset "newer / older" links. Staff see the dealer column and filter. Dealers'
// "File a return" and "Ship approved returns" are a small client island loading the forms.

const ROUTE = "afterSale/salesReturn";
const SIZES = [10, 20, 50, 100];

export type ReturnDicts = { return_type: DictItemView[]; deal_type: DictItemView[]; sales_return_status: DictItemView[]; return_batch_status: DictItemView[]; delivery_way: DictItemView[] };

export async function SalesReturnList({ data, locale, dicts, company }: { data: SalesReturnListData; locale: Locale; dicts: ReturnDicts; company: string | null }) {
  const [t, format] = await Promise.all([getTranslations("SalesReturns"), getFormatter()]);
  const page = data.list;
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${salesReturnQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });
  const id = (name: string) => `sales-returns-${name}`;
  const label = (items: DictItemView[], v: string) => itemLabel(items, v, locale);

  return (
    <div className={styles.screen} data-testid="sales-return-list">
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">{t("title")}</h1>
            <p className={styles.intro}>{company ? t("dealerIntro", { company }) : t("staffIntro")}</p>
          </div>
          <div className={own.headActions}>
            <ReturnListActions canCreate={data.canCreate} imageRule={data.imageRule} shippable={data.shippable} />
            <Link href="/afterSale/salesReturnLogs" className={styles.link} data-testid="to-return-logs">{t("toLogs")}</Link>
          </div>
        </div>
      </section>

      <section className={styles.card}>
        <Form action={`/${ROUTE}`} className={styles.filters} data-testid="sales-return-filters">
          <label className={styles.field} htmlFor={id("no")}>
            {t("filters.returnNo")}
            <input id={id("no")} className={styles.input} name="returnNo" defaultValue={f.returnNo} maxLength={32} placeholder={t("filters.returnNoPlaceholder")} autoComplete="off" />
          </label>
          <label className={styles.field} htmlFor={id("status")}>
            {t("filters.status")}
            <select id={id("status")} className={styles.input} name="status" defaultValue={f.status}>
              <option value="">{t("filters.any")}</option>
              {SALES_RETURN_STATUSES.map((s) => <option key={s} value={s}>{label(dicts.sales_return_status, s)}</option>)}
            </select>
          </label>
          <label className={styles.field} htmlFor={id("type")}>
            {t("filters.returnType")}
            <select id={id("type")} className={styles.input} name="returnType" defaultValue={f.returnType}>
              <option value="">{t("filters.any")}</option>
              {dicts.return_type.map((s) => <option key={s.value} value={s.value}>{label(dicts.return_type, s.value)}</option>)}
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
          <label className={styles.field} htmlFor={id("vin")}>
            {t("filters.vin")}
            <input id={id("vin")} className={styles.input} name="vin" defaultValue={f.vin} maxLength={17} placeholder={t("filters.vinPlaceholder")} autoComplete="off" />
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
            <button type="submit" className={styles.buttonPrimary} data-testid="sales-return-search">{t("filters.search")}</button>
            <Link href={`/${ROUTE}`} className={styles.button}>{t("filters.reset")}</Link>
          </div>
        </Form>
      </section>

      <section className={styles.card}>
        <p className={styles.muted} style={{ margin: "0 0 12px" }} data-testid="sales-return-count">
          {page.total.capped ? t("countCapped", { count: page.total.count }) : t("count", { count: page.total.count })}
        </p>
        {page.rows.length === 0 ? (
          <p className={styles.empty} data-testid="sales-return-empty">{t("empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="sales-return-table">
              <thead>
                <tr>
                  <th>{t("columns.returnNo")}</th>
                  <th>{t("columns.createdAt")}</th>
                  {page.staff && <th>{t("columns.company")}</th>}
                  <th>{t("columns.returnType")}</th>
                  <th>{t("columns.material")}</th>
                  <th className={styles.num}>{t("columns.quantity")}</th>
                  <th className={styles.num}>{t("columns.faultQuantity")}</th>
                  <th>{t("columns.dealType")}</th>
                  <th>{t("columns.vin")}</th>
                  <th>{t("columns.status")}</th>
                  <th>{t("columns.batchNo")}</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((r) => (
                  <tr key={r.id} data-testid="sales-return-row" data-return-no={r.returnNo} data-status={r.status}>
                    <td className={styles.nowrap}>
                      <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>{r.returnNo}</Link>
                    </td>
                    <td className={styles.nowrap}>{when(r.createdAt)}</td>
                    {page.staff && <td className={own.company}>{zh ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span></td>}
                    <td>{label(dicts.return_type, r.returnType)}</td>
                    <td className={own.wide}>{zh ? r.partName.zh : r.partName.en}{r.materialCode ? <span className={styles.sub}>{r.materialCode}</span> : null}</td>
                    <td className={styles.num}>{r.quantity}</td>
                    <td className={styles.num}>{r.faultQuantity}</td>
                    <td>{label(dicts.deal_type, r.dealType)}</td>
                    <td className={styles.nowrap}>{r.vin ?? "—"}</td>
                    <td><StatusBadge items={dicts.sales_return_status} value={r.status} locale={locale} testId="sales-return-status" /></td>
                    <td className={styles.nowrap}>{r.batch ? <Link className={styles.link} href={`/afterSale/salesReturnLogs?id=${r.batch.id}`} prefetch={false}>{r.batch.batchNo}</Link> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className={styles.pager} aria-label={t("pagination")}>
          {f.cursor ? <Link className={styles.button} href={href({})}>{t("latest")}</Link> : null}
          {page.prev ? <Link className={styles.button} href={href({ cursor: page.prev })} data-testid="sales-return-newer">{t("newer")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("newer")}</span>}
          {page.next ? <Link className={styles.button} href={href({ cursor: page.next })} data-testid="sales-return-older">{t("older")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("older")}</span>}
        </nav>
      </section>
    </div>
  );
}
