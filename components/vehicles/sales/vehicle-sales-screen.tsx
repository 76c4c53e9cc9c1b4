import { getLocale, getTranslations } from "next-intl/server";
import { ExportButton } from "@/components/list/export-button";
import { DateFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import type { DictItemView } from "@/lib/dict/items";
import { filterQuery, LIST_SIZES, listQuery, rangeValue, textValue } from "@/lib/vehicles/list-params";
import type { VehicleSalesData } from "@/lib/vehicles/sales/queries";
import own from "../vehicle-lists.module.css";
import { SaleRecorderPanel } from "./recorder-panel";

// car/vehicleSales — for a dealer, "Record a sale" (with the permission, loaded on first use)
// above the company's sales; for staff, the sales of every dealer in their data scope with the
// dealer's column and filter. Server-rendered: a GET form of native inputs, a plain table with
// the owner's phone and ID number masked, keyset "newer / older" links, and the export.

const ROUTE = "car/vehicleSales";

export async function VehicleSalesScreen({ data, idTypes, sexes }: { data: VehicleSalesData; idTypes: DictItemView[]; sexes: DictItemView[] }) {
  const [t, locale] = await Promise.all([getTranslations("VehicleSales"), getLocale()]);
  const zh = locale === "zh-CN";
  const f = data.filters;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${listQuery(f, extra)}`;
  const id = (name: string) => `sales-${name}`;
  const sold = rangeValue(f, "soldAt");

  return (
    <div className={styles.screen} data-testid="vehicle-sales">
      <ListHeader title={t("title")} intro={t(data.network ? "descriptionNetwork" : "description")}>
        {data.canExport && <ExportButton href={`/api/v1/admin/vehicleSales/export${filterQuery(f)}`} label={t("export")} />}
      </ListHeader>

      {data.canSell && <SaleRecorderPanel idTypes={idTypes} sexes={sexes} />}

      <FilterForm action={`/${ROUTE}`} id="sales" t={t} formKey={listQuery(f)}>
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
        <TextFilter id={id("owner")} label={t("fields.ownerName")} name="ownerName" value={textValue(f, "ownerName")} maxLength={50} />
        <DateFilter id={id("from")} label={t("filters.soldFrom")} name="soldAtFrom" value={sold.from} />
        <DateFilter id={id("to")} label={t("filters.soldTo")} name="soldAtTo" value={sold.to} />
        <SelectFilter
          id={id("returned")}
          label={t("fields.status")}
          name="returned"
          value={textValue(f, "returned")}
          any={t("filters.any")}
          options={[
            { value: "false", label: t("status.sold") },
            { value: "true", label: t("status.returned") },
          ]}
        />
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={LIST_SIZES} />
      </FilterForm>

      <ListResults
        id="sales"
        t={t}
        page={data}
        href={href}
        head={
          <>
            {data.network && <th>{t("fields.dealer")}</th>}
            <th>{t("fields.vin")}</th>
            <th className="dp-wide">{t("fields.carType")}</th>
            <th className="dp-wide">{t("fields.soldAt")}</th>
            <th>{t("fields.ownerName")}</th>
            <th className="dp-wide">{t("fields.phone")}</th>
            <th className="dp-wide">{t("fields.sex")}</th>
            <th className={`${styles.num} dp-wide`}>{t("fields.age")}</th>
            <th className="dp-wide">{t("fields.idType")}</th>
            <th className="dp-wide">{t("fields.idNumber")}</th>
            <th className="dp-wide">{t("fields.warrantyStart")}</th>
            <th className="dp-wide">{t("fields.warrantyEnd")}</th>
            <th className="dp-wide">{t("fields.createdBy")}</th>
            <th>{t("fields.status")}</th>
            <th className="dp-wide">{t("fields.returnedAt")}</th>
          </>
        }
      >
        {data.rows.map((r) => (
          <tr key={r.id} data-testid="sale-row" data-vin={r.vin} data-returned={r.returned}>
            {data.network && (
              <td className={styles.nowrap} data-testid="sale-row-dealer" title={zh ? r.dealer.nameZh : r.dealer.nameEn}>
                {r.dealer.code} {zh ? r.dealer.nameZh : r.dealer.nameEn}
              </td>
            )}
            <td className={`${styles.nowrap} ${own.mono}`} data-testid="sale-row-vin">
              {r.vin}
            </td>
            <td className={`${own.wide} dp-wide`}>{[zh ? r.modelZh : r.modelEn, r.config].filter(Boolean).join(" · ")}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.soldAt}</td>
            <td className={styles.nowrap}>{r.ownerName}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.phone}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.sex ? (zh ? r.sex.zh : r.sex.en) : "—"}</td>
            <td className={`${styles.num} dp-wide`}>{r.age ?? "—"}</td>
            <td className={`${styles.nowrap} dp-wide`}>{zh ? r.idType.zh : r.idType.en}</td>
            <td className={`${styles.nowrap} ${own.mono} dp-wide`} data-testid="sale-row-id">
              {r.idNumber}
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{r.warrantyStart}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.warrantyEnd}</td>
            <td className={`${styles.nowrap} dp-wide`}>{r.createdBy}</td>
            <td>
              <span className={styles.tag} data-color={r.returned ? "orange" : "green"} data-testid="sale-row-status">
                {r.returned ? t("status.returned") : t("status.sold")}
              </span>
            </td>
            <td className={`${styles.nowrap} dp-wide`}>{r.returnedAt ?? "—"}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
