import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { StatusBadge } from "@/components/ui/status-badge";
import type { DictItemView } from "@/lib/dict/items";
import { formatMoney } from "@/lib/format/money";
import type { RecordRow, RecordsPage } from "@/lib/home/records";
import { RECORD_KINDS, RECORD_PAGE_SIZES, recordsQuery, type RecordKind } from "@/lib/home/records-params";
import type { Locale } from "@/lib/i18n/config";
import { DateFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import own from "./records.module.css";

// The Records timeline as server-rendered HTML: a GET form of native inputs (kind, days, and a
// dealer for staff), rows grouped by day, and keyset "latest / older" links.

const ROUTE = "system/workbench/records";

export type RecordDicts = { order_status: DictItemView[]; sales_return_status: DictItemView[]; complaint_status: DictItemView[] };

type Props = { page: RecordsPage; locale: Locale; dicts: RecordDicts; company: string | null };

export async function RecordsList({ page, locale, dicts, company }: Props) {
  const [t, format] = await Promise.all([getTranslations("Records"), getFormatter()]);
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${recordsQuery(f, extra)}`;
  const id = (name: string) => `records-${name}`;
  const filtered = !!(f.kind || f.from || f.to || f.company || f.cursor);
  const saleStatus: DictItemView[] = [
    { value: "SOLD", labelEn: t("saleStatus.SOLD"), labelZh: t("saleStatus.SOLD"), color: "green" },
    { value: "RETURNED", labelEn: t("saleStatus.RETURNED"), labelZh: t("saleStatus.RETURNED"), color: "orange" },
  ];
  const statusItems = (kind: RecordKind) =>
    kind === "vehicleOrder" || kind === "partsOrder"
      ? dicts.order_status
      : kind === "partsReturn"
        ? dicts.sales_return_status
        : kind === "complaint"
          ? dicts.complaint_status
          : saleStatus;
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "full" });
  const time = (iso: string) => format.dateTime(new Date(iso), { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const name = (n: { en: string; zh: string }) => (zh ? n.zh : n.en);
  const describe = (r: RecordRow): string => {
    const d = r.detail;
    switch (d.type) {
      case "order": {
        const amount = formatMoney(d.amount, locale);
        if (!d.first) return t("detail.orderNoLines", { quantity: d.quantity, amount });
        return t(r.kind === "vehicleOrder" ? "detail.vehicleOrder" : "detail.order", { name: name(d.first), others: Math.max(0, d.lines - 1), quantity: d.quantity, amount });
      }
      case "vehicle":
        return d.colour ? t("detail.vehicleColour", { model: name(d.model), colour: d.colour }) : t("detail.vehicle", { model: name(d.model) });
      case "vehicleReturn":
        return d.reason ? t("detail.vehicleReturn", { model: name(d.model), reason: d.reason }) : t("detail.vehicleReturnNoReason", { model: name(d.model) });
      case "part":
        return t("detail.part", { part: name(d.part), quantity: d.quantity });
      case "text":
        return d.text;
    }
  };
  const columns = page.staff ? 6 : 5;
  const days = page.rows.map((r) => day(r.at));

  return (
    <div className={styles.screen} data-testid="records">
      <ListHeader title={t("title")} intro={company ? t("dealerIntro", { company }) : t("staffIntro")} />

      <FilterForm action={`/${ROUTE}`} id="records" t={t}>
        <SelectFilter
          id={id("kind")}
          label={t("filters.kind")}
          name="kind"
          value={f.kind}
          any={t("filters.any")}
          options={RECORD_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          testId="records-kind"
        />
        <DateFilter id={id("from")} label={t("filters.from")} name="from" value={f.from} />
        <DateFilter id={id("to")} label={t("filters.to")} name="to" value={f.to} />
        {page.staff && <TextFilter id={id("company")} label={t("filters.company")} name="company" value={f.company} maxLength={50} placeholder={t("filters.companyPlaceholder")} />}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={RECORD_PAGE_SIZES} />
      </FilterForm>

      <ListResults
        id="records"
        t={t}
        page={page}
        href={href}
        showCount={false}
        empty={filtered ? t("empty") : t("emptyAll")}
        tableClass={own.table}
        head={
          <>
            <th>{t("columns.time")}</th>
            <th>{t("columns.kind")}</th>
            <th>{t("columns.number")}</th>
            {page.staff && <th className="dp-wide">{t("columns.company")}</th>}
            <th className="dp-wide">{t("columns.description")}</th>
            <th>{t("columns.status")}</th>
          </>
        }
      >
        {page.rows.flatMap((r, i) => {
          const d = days[i];
          const head =
            i === 0 || d !== days[i - 1] ? (
              <tr key={`day-${r.kind}-${r.id}`} className={own.dayRow}>
                <th colSpan={columns} scope="colgroup">
                  {d}
                </th>
              </tr>
            ) : null;
          const row = (
            <tr key={`${r.kind}-${r.id}`} data-testid="records-row" data-kind={r.kind} data-number={r.number} data-status={r.status}>
              <td className={own.time}>
                <time dateTime={r.at}>{time(r.at)}</time>
              </td>
              <td>
                <span className={own.kind} data-kind={r.kind}>
                  {t(`kinds.${r.kind}`)}
                </span>
              </td>
              <td className={own.number}>
                {r.href ? (
                  <Link className={styles.link} href={"/" + r.href} prefetch={false} aria-label={t("open", { number: r.number })}>
                    {r.number}
                  </Link>
                ) : (
                  r.number
                )}
              </td>
              {page.staff && (
                <td className={`${own.company} dp-wide`}>
                  {zh ? r.company.nameZh : r.company.nameEn} <span className={styles.sub}>{r.company.code}</span>
                </td>
              )}
              <td className={`${own.description} dp-wide`}>{describe(r)}</td>
              <td>
                <StatusBadge items={statusItems(r.kind)} value={r.status} locale={locale} testId="records-status" />
              </td>
            </tr>
          );
          return head ? [head, row] : [row];
        })}
      </ListResults>
    </div>
  );
}
