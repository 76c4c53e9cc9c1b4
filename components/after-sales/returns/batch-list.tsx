import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { returnBatchQuery, type ReturnBatchPage } from "@/lib/after-sales/returns/queries";
import { RETURN_BATCH_STATUSES } from "@/lib/after-sales/returns/schemas";
import { itemLabel } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { StatusBadge } from "@/components/ui/status-badge";
import { DateFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
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
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const id = (name: string) => `return-logs-${name}`;

  return (
    <div className={styles.screen} data-testid="return-batch-list">
      <ListHeader title={t("title")} intro={company ? t("dealerIntro", { company }) : t("staffIntro")}>
        <Link href="/afterSale/salesReturn" className={styles.link} data-testid="to-sales-returns">
          {t("toReturns")}
        </Link>
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="return-batch" t={tr}>
        <TextFilter id={id("no")} label={t("filters.batchNo")} name="batchNo" value={f.batchNo} maxLength={32} placeholder={t("filters.batchNoPlaceholder")} />
        <SelectFilter
          id={id("status")}
          label={tr("filters.status")}
          name="status"
          value={f.status}
          any={tr("filters.any")}
          options={RETURN_BATCH_STATUSES.map((s) => ({ value: s, label: itemLabel(dicts.return_batch_status, s, locale) }))}
        />
        <DateFilter id={id("from")} label={tr("filters.from")} name="from" value={f.from} />
        <DateFilter id={id("to")} label={tr("filters.to")} name="to" value={f.to} />
        {page.staff && (
          <TextFilter id={id("company")} label={tr("filters.company")} name="company" value={f.company} maxLength={50} placeholder={tr("filters.companyPlaceholder")} />
        )}
        <SizeFilter id={id("size")} label={tr("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults
        id="return-batch"
        t={t}
        page={page}
        href={href}
        pagerT={tr}
        head={
          <>
            <th>{t("columns.batchNo")}</th>
            <th className="dp-wide">{t("columns.createdAt")}</th>
            {page.staff && <th className="dp-wide">{t("columns.company")}</th>}
            <th>{t("columns.status")}</th>
            <th className="dp-wide">{t("columns.deliveryWay")}</th>
            <th className="dp-wide">{t("columns.logistics")}</th>
            <th className="dp-wide">{t("columns.carNo")}</th>
            <th className="dp-wide">{t("columns.contactPhone")}</th>
            <th className={styles.num}>{t("columns.items")}</th>
          </>
        }
      >
        {page.rows.map((b) => (
          <tr key={b.id} data-testid="return-batch-row" data-batch-no={b.batchNo} data-status={b.status}>
            <td className={styles.nowrap}>
              <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: b.id })} prefetch={false}>
                {b.batchNo}
              </Link>
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{when(b.createdAt)}</td>
            {page.staff && (
              <td className={`${own.company} dp-wide`}>
                {zh ? b.company.nameZh : b.company.nameEn} <span className={styles.sub}>{b.company.code}</span>
              </td>
            )}
            <td>
              <StatusBadge items={dicts.return_batch_status} value={b.status} locale={locale} testId="return-batch-status" />
            </td>
            <td className="dp-wide">{itemLabel(dicts.delivery_way, b.deliveryWay, locale)}</td>
            <td className="dp-wide">
              {b.logisticsCompany ?? "—"}
              {b.logisticsNo ? <span className={styles.sub}>{b.logisticsNo}</span> : null}
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{b.carNo ?? "—"}</td>
            <td className={`${styles.nowrap} dp-wide`}>{b.contactPhone}</td>
            <td className={styles.num}>{b.itemCount}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
