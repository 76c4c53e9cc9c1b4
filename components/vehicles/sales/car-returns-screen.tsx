import { getLocale, getTranslations } from "next-intl/server";
import { ExportButton } from "@/components/list/export-button";
import { DateFilter, FilterForm, ListHeader, ListResults, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import { filterQuery, LIST_SIZES, listQuery, rangeValue, textValue } from "@/lib/vehicles/list-params";
import type { CarReturnsData } from "@/lib/vehicles/sales/queries";
import own from "../vehicle-lists.module.css";
import { ReturnRecorderPanel } from "./recorder-panel";

// car/carReturn — for a dealer, "Record a return" (with the permission, loaded on first use)
// above the company's returns; for staff, every dealer's in their data scope with the dealer's
// column and filter. Server-rendered: a GET form of native inputs, a plain table, keyset
// "newer / older" links, and the export.

const ROUTE = "car/carReturn";

export async function CarReturnsScreen({ data }: { data: CarReturnsData }) {
  const [t, locale] = await Promise.all([getTranslations("CarReturns"), getLocale()]);
  const zh = locale === "zh-CN";
  const f = data.filters;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${listQuery(f, extra)}`;
  const id = (name: string) => `returns-${name}`;
  const returned = rangeValue(f, "returnedAt");

  return (
    <div className={styles.screen} data-testid="car-returns">
      <ListHeader title={t("title")} intro={t(data.network ? "descriptionNetwork" : "description")}>
        {data.canExport && <ExportButton href={`/api/v1/admin/carReturns/export${filterQuery(f)}`} label={t("export")} />}
      </ListHeader>

      {data.canReturn && <ReturnRecorderPanel />}

      <FilterForm action={`/${ROUTE}`} id="returns" t={t} formKey={listQuery(f)}>
        <TextFilter id={id("vin")} label={t("fields.vin")} name="vin" value={textValue(f, "vin")} maxLength={17} placeholder={t("filters.vinPlaceholder")} spellCheck={false} />
        {data.network && (
          <TextFilter
            id={id("company")}
            testId={id("company")}
            label={t("fields.dealer")}
            name="company"
            value={textValue(f, "company")}
            maxLength={50}
            placeholder={t("filters.dealerPlaceholder")}
          />
        )}
        <DateFilter id={id("from")} label={t("filters.returnedFrom")} name="returnedAtFrom" value={returned.from} />
        <DateFilter id={id("to")} label={t("filters.returnedTo")} name="returnedAtTo" value={returned.to} />
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={LIST_SIZES} />
      </FilterForm>

      <ListResults
        id="returns"
        t={t}
        page={data}
        href={href}
        head={
          <>
            {data.network && <th>{t("fields.dealer")}</th>}
            <th>{t("fields.vin")}</th>
            <th className="dp-wide">{t("fields.carType")}</th>
            <th className="dp-wide">{t("fields.soldAt")}</th>
            <th>{t("fields.returnedAt")}</th>
            <th>{t("fields.reason")}</th>
            <th className="dp-wide">{t("fields.returnedBy")}</th>
            <th className="dp-wide">{t("fields.recordedAt")}</th>
          </>
        }
      >
        {data.rows.map((r) => (
          <tr key={r.id} data-testid="return-row" data-vin={r.vin}>
            {data.network && (
              <td className={styles.nowrap} data-testid="return-row-dealer" title={zh ? r.dealer.nameZh : r.dealer.nameEn}>
                {r.dealer.code} {zh ? r.dealer.nameZh : r.dealer.nameEn}
              </td>
            )}
            <td className={`${styles.nowrap} ${own.mono}`} data-testid="return-row-vin">
              {r.vin}
            </td>
            <td className={`${own.wide} dp-wide`}>{[zh ? r.modelZh : r.modelEn, r.config].filter(Boolean).join(" · ")}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.soldAt}</td>
            <td className={styles.nowrap}>{r.returnedAt}</td>
            <td className={own.reason}>{r.reason}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.returnedBy || "—"}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.recordedAt ?? "—"}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
