import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { DateRangeFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import type { WmsDocType } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/i18n/config";
import { DOC_ROUTE, docQuery, type DocPage } from "@/lib/wms/doc-queries";
import type { CreateSetup } from "@/lib/wms/doc-loader";
import { DELIVERY_SOURCES, ENTRY_SOURCES, WMS_DOC_STATUSES, WMS_MOVES } from "@/lib/wms/states";
import styles from "@/components/ui/record-screen.module.css";
import { DocCreateButton } from "./doc-create-button";
import { DocStatus } from "./doc-status";

// One list for the five kinds of warehouse document (entries, deliveries, moves, transfers,
// stocktakes) as server-rendered HTML: native filters, a plain table, keyset newer/older links.
// Staff see the dealer column and filter; a dealer with the kind's permission creates one.

const SIZES = [10, 20, 50, 100];
const SOURCES: Partial<Record<WmsDocType, readonly string[]>> = {
  ENTRY: ENTRY_SOURCES,
  DELIVERY: DELIVERY_SOURCES,
  TRANSFER: ["INTERNAL", "GROUP"],
  STOCKTAKE: ["MANUAL", "PLAN"],
};

type Props = { type: WmsDocType; page: DocPage; locale: Locale; company: string | null; create: CreateSetup | null };

export async function DocList({ type, page, locale, company, create }: Props) {
  const [t, tw, format] = await Promise.all([getTranslations("WmsDocs"), getTranslations("Wms"), getFormatter()]);
  const route = DOC_ROUTE[type];
  const f = page.filters;
  const zh = locale === "zh-CN";
  const href = (extra: Record<string, string | number>) => `/${route}${docQuery(f, extra)}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const id = (name: string) => `wmsdoc-${name}`;
  const statuses = WMS_DOC_STATUSES.filter((s) => s === "DRAFT" || Object.values(WMS_MOVES[type]).some((m) => m?.to === s));
  const sources = SOURCES[type];
  const companyName = (c: { nameEn: string; nameZh: string; code: string }) => `${zh ? c.nameZh : c.nameEn} (${c.code})`;

  return (
    <div className={styles.screen} data-testid="wmsdoc-list" data-type={type}>
      <ListHeader title={t(`titles.${type}`)} intro={company ? t(`intros.${type}`, { company }) : t("staffIntro")}>
        {create && <DocCreateButton type={type} setup={create} />}
      </ListHeader>

      <FilterForm action={`/${route}`} id="wmsdoc" t={t}>
        <TextFilter id={id("no")} label={t("filters.docNo")} name="docNo" value={f.docNo} maxLength={32} placeholder={t("filters.docNoPlaceholder")} />
        <SelectFilter
          id={id("status")}
          label={t("filters.status")}
          name="status"
          value={f.status}
          any={t("filters.any")}
          options={statuses.map((s) => ({ value: s, label: tw(`statuses.${s}`) }))}
        />
        {sources && (
          <SelectFilter
            id={id("source")}
            label={t("filters.source")}
            name="source"
            value={f.source}
            any={t("filters.any")}
            options={sources.map((s) => ({ value: s, label: tw(`sources.${s as "OTHER"}`) }))}
          />
        )}
        <DateRangeFilter id={id} labels={{ from: t("filters.from"), to: t("filters.to") }} from={f.from} to={f.to} />
        {page.staff && <TextFilter id={id("company")} label={t("filters.company")} name="company" value={f.company} maxLength={50} placeholder={t("filters.companyPlaceholder")} />}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={SIZES} />
      </FilterForm>

      <ListResults
        id="wmsdoc"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("columns.docNo")}</th>
            <th className="dp-wide">{t("columns.createdAt")}</th>
            {page.staff && <th className="dp-wide">{t("columns.company")}</th>}
            <th>{t("columns.warehouse")}</th>
            {type === "TRANSFER" && <th className="dp-wide">{t("columns.to")}</th>}
            <th className="dp-wide">{t("columns.source")}</th>
            <th className="dp-wide">{t("columns.lines")}</th>
            <th>{t("columns.status")}</th>
            <th className="dp-wide">{t("columns.postedAt")}</th>
            <th className="dp-wide">{t("columns.creator")}</th>
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-testid="wmsdoc-row" data-doc-no={r.docNo} data-status={r.status}>
            <td className={styles.nowrap}>
              <Link className={styles.link} href={href({ ...(f.cursor ? { cursor: f.cursor } : {}), id: r.id })} prefetch={false}>
                {r.docNo}
              </Link>
              {r.incoming && <span className={styles.sub}> · {t("incoming")}</span>}
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{when(r.createdAt)}</td>
            {page.staff && <td className="dp-wide">{companyName(r.company)}</td>}
            <td className={styles.nowrap}>
              {r.warehouse.code} <span className={styles.sub}>{r.warehouse.name}</span>
            </td>
            {type === "TRANSFER" && (
              <td className="dp-wide">
                {r.toCompany && r.toCompany.code !== r.company.code ? `${companyName(r.toCompany)} · ` : ""}
                {r.toWarehouse?.code}
              </td>
            )}
            <td className={`${styles.nowrap} dp-wide`}>
              {tw(`sources.${r.source as "OTHER"}`)}
              {r.orderNo && <span className={styles.sub}> {r.orderNo}</span>}
            </td>
            <td className={`${styles.num} dp-wide`}>{r.lineCount}</td>
            <td>
              <DocStatus status={r.status} label={tw(`statuses.${r.status}`)} testId="wmsdoc-status" />
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{r.postedAt ? when(r.postedAt) : "—"}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.creator}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
