import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { complaintQuery, type ComplaintPage, type ComplaintUploadRules } from "@/lib/after-sales/complaints/queries";
import { COMPLAINT_STATUSES } from "@/lib/after-sales/complaints/schemas";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { ComplaintFileButton } from "./complaint-file-button";
import { DateRangeFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
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
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const id = (name: string) => `complaints-${name}`;
  // A disabled category still filters the complaints filed under it.
  const filterCategories =
    f.category && !categories.some((c) => c.value === f.category) ? [...categories, { value: f.category, labelEn: f.category, labelZh: f.category, color: null }] : categories;

  return (
    <div className={styles.screen} data-testid="complaint-list">
      <ListHeader title={t("title")} intro={company ? t("dealerIntro", { company }) : t("staffIntro")}>
        {rules && <ComplaintFileButton categories={categories} rules={rules} />}
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="complaint" t={t}>
        <TextFilter id={id("no")} label={t("filters.complaintNo")} name="complaintNo" value={f.complaintNo} maxLength={32} placeholder={t("filters.complaintNoPlaceholder")} />
        <SelectFilter
          id={id("status")}
          label={t("filters.status")}
          name="status"
          value={f.status}
          any={t("filters.any")}
          options={COMPLAINT_STATUSES.map((s) => ({ value: s, label: itemLabel(dicts.complaint_status, s, locale) }))}
        />
        <SelectFilter
          id={id("category")}
          label={t("filters.category")}
          name="category"
          value={f.category}
          any={t("filters.any")}
          options={filterCategories.map((c) => ({ value: c.value, label: zh ? c.labelZh : c.labelEn }))}
        />
        <TextFilter id={id("vin")} label={t("filters.vin")} name="vin" value={f.vin} maxLength={17} placeholder={t("filters.vinPlaceholder")} spellCheck={false} />
        <DateRangeFilter id={id} labels={{ from: t("filters.from"), to: t("filters.to") }} from={f.from} to={f.to} />
        {page.staff && (
          <>
            <TextFilter id={id("company")} label={t("filters.company")} name="company" value={f.company} maxLength={50} placeholder={t("filters.companyPlaceholder")} />
            <label className={own.check} htmlFor={id("mine")}>
              <input id={id("mine")} type="checkbox" name="mine" value="1" defaultChecked={f.mine} data-testid="complaint-filter-mine" />
              {t("filters.mine")}
            </label>
          </>
        )}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults
        id="complaint"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("columns.complaintNo")}</th>
            <th className="dp-wide">{t("columns.createdAt")}</th>
            {page.staff && <th className="dp-wide">{t("columns.company")}</th>}
            <th className="dp-wide">{t("columns.vin")}</th>
            <th className="dp-wide">{t("columns.category")}</th>
            <th>{t("columns.description")}</th>
            <th>{t("columns.status")}</th>
            <th className="dp-wide">{t("columns.handler")}</th>
            <th className="dp-wide">{t("columns.updatedAt")}</th>
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-testid="complaint-row" data-complaint-no={r.complaintNo} data-status={r.status}>
            <td className={styles.nowrap}>
              <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>
                {r.complaintNo}
              </Link>
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{when(r.createdAt)}</td>
            {page.staff && (
              <td className={`${own.company} dp-wide`}>
                {zh ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span>
              </td>
            )}
            <td className={`${styles.nowrap} ${own.mono} dp-wide`}>{r.vin ?? "—"}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.category ? itemLabel(dicts.complaint_category, r.category, locale) : "—"}</td>
            <td className={own.summary}>{r.summary}</td>
            <td>
              <StatusBadge items={dicts.complaint_status} value={r.status} locale={locale} testId="complaint-status" />
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{r.handler ?? "—"}</td>
            <td className={`${styles.nowrap} dp-wide`}>{when(r.updatedAt)}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
