import Link from "next/link";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { ExportButton } from "@/components/list/export-button";
import { DateFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import { SelectAll, SelectionScope, SelectRow } from "@/components/list/selection";
import { PrintLabelsButton } from "@/components/qrcode/print-labels-button";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "@/components/ui/record-screen.module.css";
import { itemLabel } from "@/lib/dict/items";
import { filterQuery, LIST_SIZES, listQuery, rangeValue, textValue } from "@/lib/vehicles/list-params";
import { FACTORY } from "@/lib/vehicles/stock/resource";
import type { VehicleStockData } from "@/lib/vehicles/stock/queries";
import own from "../vehicle-lists.module.css";
import { StockTools } from "./stock-tools";

// car/stock — a dealer's own vehicles (in stock and sold), or every vehicle in a staff
// member's scope with its holder, as server-rendered HTML: a GET form of native inputs, a plain
// table, keyset "newer / older" links. Client code only for export and, for staff, adding
// vehicles to factory stock by form or Excel import (loaded on the first click), and the row
// checkboxes with "Print labels" (the selected vehicles' QR labels, labels/print). Each VIN opens
// the vehicle's information and history.

const ROUTE = "car/stock";

export async function VehicleStock({ data }: { data: VehicleStockData }) {
  const [t, tl, format, locale] = await Promise.all([getTranslations("VehicleStock"), getTranslations("QrLabels"), getFormatter(), getLocale()]);
  const zh = locale === "zh-CN";
  const named = (n: { nameEn: string; nameZh: string }) => (zh ? n.nameZh : n.nameEn);
  const f = data.filters;
  const staff = data.staff;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${listQuery(f, extra)}`;
  // As the admin list showed it ("Jan 5, 2026, 9:30 AM"), in the app's time zone.
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const id = (name: string) => `stock-${name}`;
  const entry = rangeValue(f, "entryAt");
  const tools = (staff && data.can.create) || data.can.import;

  const screen = (
    <div className={styles.screen} data-testid="vehicle-stock">
      <ListHeader title={t("title")} intro={<span data-testid="stock-intro">{staff ? t("staffIntro") : t("dealerIntro")}</span>}>
        <div className={own.tools}>
          <PrintLabelsButton purpose="VEHICLE" label={tl("button")} countLabel={tl("buttonCount", { count: "#" })} hint={tl("selectHint")} />
          {tools && <StockTools canAdd={staff && data.can.create} canImport={data.can.import} />}
          {data.can.export && <ExportButton href={`/api/v1/admin/vehicleStock/export${filterQuery(f)}`} label={t("export")} />}
        </div>
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="stock" t={t} formKey={listQuery(f)}>
        <TextFilter
          id={id("vin")}
          label={t("fields.vin")}
          name="vin"
          value={textValue(f, "vin")}
          maxLength={17}
          placeholder={t("vinPlaceholder")}
          spellCheck={false}
          testId="stock-filter-vin"
        />
        <SelectFilter
          id={id("model")}
          label={t("fields.model")}
          name="model"
          value={textValue(f, "model")}
          any={t("filters.any")}
          options={data.models.map((m) => ({ value: String(m.id), label: named(m) }))}
        />
        <TextFilter id={id("config")} label={t("fields.config")} name="config" value={textValue(f, "config")} maxLength={50} placeholder={t("configPlaceholder")} />
        <SelectFilter
          id={id("status")}
          label={t("fields.status")}
          name="status"
          value={textValue(f, "status")}
          any={t("filters.any")}
          options={data.statuses.map((s) => ({ value: s, label: itemLabel(data.statusItems, s, locale) }))}
        />
        <DateFilter id={id("from")} label={t("filters.entryFrom")} name="entryAtFrom" value={entry.from} />
        <DateFilter id={id("to")} label={t("filters.entryTo")} name="entryAtTo" value={entry.to} />
        {staff && (
          <SelectFilter
            id={id("holder")}
            label={t("fields.holder")}
            name="holder"
            value={textValue(f, "holder")}
            any={t("filters.any")}
            options={[{ value: FACTORY, label: t("factory") }, ...data.holders.map((c) => ({ value: String(c.id), label: `${named(c)} (${c.code})` }))]}
          />
        )}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={LIST_SIZES} />
      </FilterForm>

      <ListResults
        id="stock"
        t={t}
        page={data}
        href={href}
        head={
          <>
            <th className={own.checkCell}>
              <SelectAll label={tl("selectAll")} />
            </th>
            <th>{t("fields.model")}</th>
            <th className="dp-wide">{t("fields.cover")}</th>
            <th className="dp-wide">{t("fields.config")}</th>
            <th>{t("fields.vin")}</th>
            <th className="dp-wide">{t("fields.entryAt")}</th>
            <th>{t("fields.status")}</th>
            <th className="dp-wide">{t("fields.colour")}</th>
            {staff && (
              <>
                <th className="dp-wide">{t("fields.holder")}</th>
                <th className="dp-wide">{t("fields.sendOrderNo")}</th>
              </>
            )}
          </>
        }
      >
        {data.rows.map((r) => (
          <tr key={r.id} data-testid="stock-row" data-vin={r.vin} data-status={r.status}>
            <td className={own.checkCell}>
              <SelectRow id={r.id} label={tl("selectRow", { name: r.vin })} />
            </td>
            <td className={own.wide}>
              {named(r.model)}
              <span className={styles.sub}>
                {named(r.goods)} ({r.goods.code})
              </span>
            </td>
            <td className="dp-wide">
              {r.goods.thumbUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- served to signed-in viewers only; the optimizer has no session
                <img className={own.picture} src={r.goods.thumbUrl} alt={named(r.goods)} width={64} height={44} loading="lazy" data-testid="stock-picture" />
              ) : (
                "—"
              )}
            </td>
            <td className={`${own.wide} dp-wide`}>{r.goods.config ?? "—"}</td>
            <td className={styles.nowrap}>
              <Link className={`${styles.link} ${own.mono}`} href={`/car/vehicleInformation?vin=${r.vin}`} prefetch={false} data-testid="stock-vin">
                {r.vin}
              </Link>
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{when(r.entryAt)}</td>
            <td>
              <StatusBadge items={data.statusItems} value={r.status} locale={locale} testId="stock-status" />
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{r.colour ?? "—"}</td>
            {staff && (
              <>
                <td className={`${own.wide} dp-wide`}>{r.holder ? `${named(r.holder)} (${r.holder.code})` : t("factory")}</td>
                <td className={`${styles.nowrap} dp-wide`}>{r.sendOrderNo ?? "—"}</td>
              </>
            )}
          </tr>
        ))}
      </ListResults>
    </div>
  );
  return <SelectionScope ids={data.rows.map((r) => r.id)}>{screen}</SelectionScope>;
}
