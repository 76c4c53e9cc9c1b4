import Form from "next/form";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { complaintQuery, type ComplaintPage, type ComplaintUploadRules } from "@/lib/after-sales/complaint-queries";
import { COMPLAINT_STATUSES } from "@/lib/after-sales/complaint-schemas";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { ComplaintFileButton } from "./complaint-file-button";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";
import own from "./complaints.module.css";

// The complaint list as server-rendered HTML: a GET form of native inputs for the filters, a
// plain table, keyset "newer / older" links. Staff see the dealer column and filter and may
// narrow the list to the complaints they handle; dealers with complaint:create file one here.

const ROUTE = "afterSale/complaint";
const SIZES = [10, 20, 50, 100];

type Props = {
  page: ComplaintPage;
  locale: Locale;
  dicts: { complaint_status: DictItemView[]; complaint_category: DictItemView[] };
  /** The enabled categories (the form's and the filter's choices). */
  categories: DictItemView[];
  company: string | null;
  rules: ComplaintUploadRules | null;
};

export async function ComplaintList({ page, locale, dicts, categories, company, rules }: Props) {
  const [t, format] = await Promise.all([getTranslations("Complaints"), getFormatter()]);
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${complaintQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });
  const id = (name: string) => `complaints-${name}`;
  // A disabled category still filters the complaints filed under it.
  const filterCategories = f.category && !categories.some((c) => c.value === f.category) ? [...categories, { value: f.category, labelEn: f.category, labelZh: f.category, color: null }] : categories;

  return (
    <div className={styles.screen} data-testid="complaint-list">
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">{t("title")}</h1>
            <p className={styles.intro}>{company ? t("dealerIntro", { company }) : t("staffIntro")}</p>
          </div>
          {rules && <ComplaintFileButton categories={categories} rules={rules} />}
        </div>
      </section>

      <section className={styles.card}>
        <Form action={`/${ROUTE}`} className={styles.filters} data-testid="complaint-filters">
          <label className={styles.field} htmlFor={id("no")}>
            {t("filters.complaintNo")}
            <input id={id("no")} className={styles.input} name="complaintNo" defaultValue={f.complaintNo} maxLength={32} placeholder={t("filters.complaintNoPlaceholder")} autoComplete="off" />
          </label>
          <label className={styles.field} htmlFor={id("status")}>
            {t("filters.status")}
            <select id={id("status")} className={styles.input} name="status" defaultValue={f.status}>
              <option value="">{t("filters.any")}</option>
              {COMPLAINT_STATUSES.map((s) => <option key={s} value={s}>{itemLabel(dicts.complaint_status, s, locale)}</option>)}
            </select>
          </label>
          <label className={styles.field} htmlFor={id("category")}>
            {t("filters.category")}
            <select id={id("category")} className={styles.input} name="category" defaultValue={f.category}>
              <option value="">{t("filters.any")}</option>
              {filterCategories.map((c) => <option key={c.value} value={c.value}>{zh ? c.labelZh : c.labelEn}</option>)}
            </select>
          </label>
          <label className={styles.field} htmlFor={id("vin")}>
            {t("filters.vin")}
            <input id={id("vin")} className={styles.input} name="vin" defaultValue={f.vin} maxLength={17} placeholder={t("filters.vinPlaceholder")} autoComplete="off" spellCheck={false} />
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
            <>
              <label className={styles.field} htmlFor={id("company")}>
                {t("filters.company")}
                <input id={id("company")} className={styles.input} name="company" defaultValue={f.company} maxLength={50} placeholder={t("filters.companyPlaceholder")} autoComplete="off" />
              </label>
              <label className={own.check} htmlFor={id("mine")}>
                <input id={id("mine")} type="checkbox" name="mine" value="1" defaultChecked={f.mine} data-testid="complaint-filter-mine" />
                {t("filters.mine")}
              </label>
            </>
          )}
          <label className={styles.field} htmlFor={id("size")}>
            {t("filters.size")}
            <select id={id("size")} className={styles.input} style={{ minWidth: 80 }} name="size" defaultValue={String(f.size)}>
              {SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
          <div className={styles.buttons}>
            <button type="submit" className={styles.buttonPrimary} data-testid="complaint-search">{t("filters.search")}</button>
            <Link href={`/${ROUTE}`} className={styles.button}>{t("filters.reset")}</Link>
          </div>
        </Form>
      </section>

      <section className={styles.card}>
        <p className={styles.muted} style={{ margin: "0 0 12px" }} data-testid="complaint-count">
          {page.total.capped ? t("countCapped", { count: page.total.count }) : t("count", { count: page.total.count })}
        </p>
        {page.rows.length === 0 ? (
          <p className={styles.empty} data-testid="complaint-empty">{t("empty")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="complaint-table">
              <thead>
                <tr>
                  <th>{t("columns.complaintNo")}</th>
                  <th>{t("columns.createdAt")}</th>
                  {page.staff && <th>{t("columns.company")}</th>}
                  <th>{t("columns.vin")}</th>
                  <th>{t("columns.category")}</th>
                  <th>{t("columns.description")}</th>
                  <th>{t("columns.status")}</th>
                  <th>{t("columns.handler")}</th>
                  <th>{t("columns.updatedAt")}</th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((r) => (
                  <tr key={r.id} data-testid="complaint-row" data-complaint-no={r.complaintNo} data-status={r.status}>
                    <td className={styles.nowrap}>
                      <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>{r.complaintNo}</Link>
                    </td>
                    <td className={styles.nowrap}>{when(r.createdAt)}</td>
                    {page.staff && <td className={own.company}>{zh ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span></td>}
                    <td className={`${styles.nowrap} ${own.mono}`}>{r.vin ?? "—"}</td>
                    <td className={styles.nowrap}>{r.category ? itemLabel(dicts.complaint_category, r.category, locale) : "—"}</td>
                    <td className={own.summary}>{r.summary}</td>
                    <td><StatusBadge items={dicts.complaint_status} value={r.status} locale={locale} testId="complaint-status" /></td>
                    <td className={styles.nowrap}>{r.handler ?? "—"}</td>
                    <td className={styles.nowrap}>{when(r.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className={styles.pager} aria-label={t("pagination")}>
          {f.cursor ? <Link className={styles.button} href={href({})}>{t("latest")}</Link> : null}
          {page.prev ? <Link className={styles.button} href={href({ cursor: page.prev })} data-testid="complaint-newer">{t("newer")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("newer")}</span>}
          {page.next ? <Link className={styles.button} href={href({ cursor: page.next })} data-testid="complaint-older">{t("older")}</Link> : <span className={`${styles.button} ${styles.off}`} aria-disabled="true">{t("older")}</span>}
        </nav>
      </section>
    </div>
  );
}
