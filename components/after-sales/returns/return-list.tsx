import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { salesReturnQuery, type SalesReturnListData } from "@/lib/after-sales/returns/queries";
import { SALES_RETURN_STATUSES } from "@/lib/after-sales/returns/schemas";
import { itemLabel, type DictItemView } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import { StatusBadge } from "@/components/ui/status-badge";
import { DateFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import { ReturnListActions } from "./return-list-actions";
import own from "./returns.module.css";

// The parts return list as server-rendered HTML: a GET form of native inputs for the filters, a
// plain table, keyset "newer / older" links. Staff see the dealer column and filter. Dealers'
// "File a return" and "Ship approved returns" are a small client island loading the forms.

const ROUTE = "afterSale/salesReturn";
const SIZES = [10, 20, 50, 100];

export type ReturnDicts = {
  return_type: DictItemView[];
  deal_type: DictItemView[];
  sales_return_status: DictItemView[];
  return_batch_status: DictItemView[];
  delivery_way: DictItemView[];
};

export async function SalesReturnList({ data, locale, dicts, company }: { data: SalesReturnListData; locale: Locale; dicts: ReturnDicts; company: string | null }) {
  const [t, format] = await Promise.all([getTranslations("SalesReturns"), getFormatter()]);
  const page = data.list;
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${salesReturnQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const id = (name: string) => `sales-returns-${name}`;
  const label = (items: DictItemView[], v: string) => itemLabel(items, v, locale);

  return (
    <div className={styles.screen} data-testid="sales-return-list">
      <ListHeader title={t("title")} intro={company ? t("dealerIntro", { company }) : t("staffIntro")}>
        <div className={own.headActions}>
          <ReturnListActions canCreate={data.canCreate} imageRule={data.imageRule} shippable={data.shippable} />
          <Link href="/afterSale/salesReturnLogs" className={styles.link} data-testid="to-return-logs">
            {t("toLogs")}
          </Link>
        </div>
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="sales-return" t={t}>
        <TextFilter id={id("no")} label={t("filters.returnNo")} name="returnNo" value={f.returnNo} maxLength={32} placeholder={t("filters.returnNoPlaceholder")} />
        <SelectFilter
          id={id("status")}
          label={t("filters.status")}
          name="status"
          value={f.status}
          any={t("filters.any")}
          options={SALES_RETURN_STATUSES.map((s) => ({ value: s, label: label(dicts.sales_return_status, s) }))}
        />
        <SelectFilter
          id={id("type")}
          label={t("filters.returnType")}
          name="returnType"
          value={f.returnType}
          any={t("filters.any")}
          options={dicts.return_type.map((s) => ({ value: s.value, label: label(dicts.return_type, s.value) }))}
        />
        <DateFilter id={id("from")} label={t("filters.from")} name="from" value={f.from} />
        <DateFilter id={id("to")} label={t("filters.to")} name="to" value={f.to} />
        <TextFilter id={id("vin")} label={t("filters.vin")} name="vin" value={f.vin} maxLength={17} placeholder={t("filters.vinPlaceholder")} />
        {page.staff && <TextFilter id={id("company")} label={t("filters.company")} name="company" value={f.company} maxLength={50} placeholder={t("filters.companyPlaceholder")} />}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults
        id="sales-return"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("columns.returnNo")}</th>
            <th className="dp-wide">{t("columns.createdAt")}</th>
            {page.staff && <th className="dp-wide">{t("columns.company")}</th>}
            <th className="dp-wide">{t("columns.returnType")}</th>
            <th>{t("columns.material")}</th>
            <th className={`${styles.num} dp-wide`}>{t("columns.quantity")}</th>
            <th className={`${styles.num} dp-wide`}>{t("columns.faultQuantity")}</th>
            <th className="dp-wide">{t("columns.dealType")}</th>
            <th className="dp-wide">{t("columns.vin")}</th>
            <th>{t("columns.status")}</th>
            <th className="dp-wide">{t("columns.batchNo")}</th>
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-testid="sales-return-row" data-return-no={r.returnNo} data-status={r.status}>
            <td className={styles.nowrap}>
              <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>
                {r.returnNo}
              </Link>
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{when(r.createdAt)}</td>
            {page.staff && (
              <td className={`${own.company} dp-wide`}>
                {zh ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span>
              </td>
            )}
            <td className="dp-wide">{label(dicts.return_type, r.returnType)}</td>
            <td className={own.wide}>
              {zh ? r.partName.zh : r.partName.en}
              {r.materialCode ? <span className={styles.sub}>{r.materialCode}</span> : null}
            </td>
            <td className={`${styles.num} dp-wide`}>{r.quantity}</td>
            <td className={`${styles.num} dp-wide`}>{r.faultQuantity}</td>
            <td className="dp-wide">{label(dicts.deal_type, r.dealType)}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.vin ?? "—"}</td>
            <td>
              <StatusBadge items={dicts.sales_return_status} value={r.status} locale={locale} testId="sales-return-status" />
            </td>
            <td className={`${styles.nowrap} dp-wide`}>
              {r.batch ? (
                <Link className={styles.link} href={`/afterSale/salesReturnLogs?id=${r.batch.id}`} prefetch={false}>
                  {r.batch.batchNo}
                </Link>
              ) : (
                "—"
              )}
            </td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
