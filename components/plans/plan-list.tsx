import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import type { Locale } from "@/lib/i18n/config";
import { PLAN_STATUSES } from "@/lib/plans/options";
import { PLAN_ROUTE, planQuery, type PlanListData } from "@/lib/plans/queries";
import styles from "@/components/ui/record-screen.module.css";
import { PlanCreateButton } from "./plan-create-button";
import { PlanStatus } from "./plan-status";

// The purchase plans as server-rendered HTML: native filters (month, status, and the dealer for
// staff), a plain table with keyset newer/older links. On a phone the table keeps the plan, its
// month, status and total quantity. A dealer who may hand plans in gets the New plan button.

const SIZES = [10, 20, 50, 100];

export async function PlanList({ data, locale, company }: { data: PlanListData; locale: Locale; company: string | null }) {
  const [t, format] = await Promise.all([getTranslations("Plans"), getFormatter()]);
  const page = data.list;
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${PLAN_ROUTE}${planQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const id = (name: string) => `plan-${name}`;

  return (
    <div className={styles.screen} data-testid="plan-list">
      <ListHeader title={t("title")} intro={company ? t("dealerIntro", { company, day: data.deadlineDay }) : t("staffIntro")}>
        {data.canCreate && <PlanCreateButton />}
      </ListHeader>

      <FilterForm action={`/${PLAN_ROUTE}`} id="plan" t={t}>
        <TextFilter id={id("month")} label={t("filters.month")} name="month" value={f.month} maxLength={7} placeholder={t("filters.monthPlaceholder")} testId="plan-filter-month" />
        <SelectFilter
          id={id("status")}
          label={t("filters.status")}
          name="status"
          value={f.status}
          any={t("filters.any")}
          options={PLAN_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          testId="plan-filter-status"
        />
        {page.staff && (
          <TextFilter
            id={id("company")}
            label={t("filters.company")}
            name="company"
            value={f.company}
            maxLength={50}
            placeholder={t("filters.companyPlaceholder")}
            testId="plan-filter-company"
          />
        )}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults
        id="plan"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("columns.planNo")}</th>
            <th>{t("columns.month")}</th>
            {page.staff && <th className="dp-wide">{t("columns.company")}</th>}
            <th>{t("columns.status")}</th>
            <th className={`${styles.num} dp-wide`}>{t("columns.lines")}</th>
            <th className={styles.num}>{t("columns.totalQty")}</th>
            <th className="dp-wide">{t("columns.deadline")}</th>
            <th className="dp-wide">{t("columns.submittedAt")}</th>
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-testid="plan-row" data-plan-no={r.planNo} data-month={r.month} data-status={r.status}>
            <td className={styles.nowrap}>
              <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>
                {r.planNo}
              </Link>
            </td>
            <td className={styles.nowrap}>{r.month}</td>
            {page.staff && (
              <td className="dp-wide">
                {zh ? r.company.nameZh : r.company.nameEn} ({r.company.code})
              </td>
            )}
            <td>
              <PlanStatus status={r.status} label={t(`statuses.${r.status}`)} testId="plan-status" />
            </td>
            <td className={`${styles.num} dp-wide`}>{r.lineCount}</td>
            <td className={styles.num} data-testid="plan-total">
              {r.totalQty}
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{r.deadline}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.submittedAt ? when(r.submittedAt) : "—"}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
