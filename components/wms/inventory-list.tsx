import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ExportButton } from "@/components/list/export-button";
import { FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import { formatMoney } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/config";
import { filterQuery, LIST_SIZES, listQuery, textValue } from "@/lib/vehicles/list-params";
import { INVENTORY_KINDS } from "@/lib/wms/inventory/options";
import type { InventoryData } from "@/lib/wms/inventory/queries";
import own from "./inventory.module.css";

// customerWms/inventory — the on-hand rows of the dealer's warehouses (staff: of the dealers in
// their data scope, with the dealer), server-rendered: a GET form of native inputs, a plain
// table, keyset "newer / older" links. The only client code is the export button. A row's goods
// opens its ledger (the drill-in on the same route); vehicles show their VINs under the row.

const ROUTE = "customerWms/inventory";

export async function InventoryList({ data }: { data: InventoryData }) {
  const [t, locale] = await Promise.all([getTranslations("WmsInventory"), getLocale() as Promise<Locale>]);
  const zh = locale === "zh-CN";
  const named = (n: { nameEn: string; nameZh: string }) => (zh ? n.nameZh : n.nameEn);
  const money = (v: string | null) => (v === null ? "—" : formatMoney(v, locale));
  const f = data.filters;
  const staff = data.staff;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${listQuery(f, extra)}`;
  const id = (name: string) => `inventory-${name}`;
  const ledger = (r: InventoryData["rows"][number]) => `/${ROUTE}?goodsId=${r.goods.id}${staff ? `&companyId=${r.company.id}` : ""}`;

  return (
    <div className={styles.screen} data-testid="wms-inventory">
      <ListHeader title={t("title")} intro={staff ? t("staffIntro") : t("intro")}>
        <div className={own.tools}>
          {data.can.export && <ExportButton href={`/api/v1/admin/wmsInventory/export${filterQuery(f)}`} label={t("export")} testId="inventory-export" />}
        </div>
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="inventory" t={t} formKey={listQuery(f)}>
        <SelectFilter
          id={id("warehouse")}
          label={t("fields.warehouse")}
          name="warehouse"
          value={textValue(f, "warehouse")}
          any={t("filters.any")}
          options={data.warehouses.map((w) => ({ value: String(w.id), label: staff ? `${w.companyCode} · ${w.name} (${w.code})` : `${w.name} (${w.code})` }))}
          testId="inventory-filter-warehouse"
        />
        <TextFilter
          id={id("location")}
          label={t("fields.location")}
          name="location"
          value={textValue(f, "location")}
          maxLength={32}
          placeholder={t("filters.locationPlaceholder")}
          spellCheck={false}
        />
        <TextFilter
          id={id("goods")}
          label={t("fields.goods")}
          name="goods"
          value={textValue(f, "goods")}
          maxLength={60}
          placeholder={t("filters.goodsPlaceholder")}
          testId="inventory-filter-goods"
        />
        <SelectFilter
          id={id("kind")}
          label={t("fields.kind")}
          name="kind"
          value={textValue(f, "kind")}
          any={t("filters.any")}
          options={INVENTORY_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        {staff && (
          <TextFilter id={id("company")} label={t("fields.company")} name="company" value={textValue(f, "company")} maxLength={50} placeholder={t("filters.companyPlaceholder")} />
        )}
        <label className={own.check} htmlFor={id("low")}>
          <input id={id("low")} type="checkbox" name="low" value="true" defaultChecked={f.values.low === true} data-testid="inventory-filter-low" />
          {t("filters.lowOnly")}
        </label>
        <label className={own.check} htmlFor={id("hideZero")}>
          {/* Checked by default; unchecked, the hidden "false" after it is what the form sends (lib/wms/inventory/options.ts). */}
          <input id={id("hideZero")} type="checkbox" name="hideZero" value="true" defaultChecked={f.values.hideZero !== false} data-testid="inventory-filter-hide-zero" />
          <input type="hidden" name="hideZero" value="false" />
          {t("filters.hideZero")}
        </label>
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={LIST_SIZES} />
      </FilterForm>

      <ListResults
        id="inventory"
        t={t}
        page={data}
        href={href}
        head={
          <>
            {staff && <th className="dp-wide">{t("fields.company")}</th>}
            <th className="dp-wide">{t("fields.warehouse")}</th>
            <th>{t("fields.location")}</th>
            <th>{t("fields.goods")}</th>
            <th className="dp-wide">{t("fields.kind")}</th>
            <th className={styles.num}>{t("fields.quantity")}</th>
            <th className={`${styles.num} dp-wide`}>{t("fields.reserved")}</th>
            <th className={`${styles.num} dp-wide`}>{t("fields.available")}</th>
            <th className={`${styles.num} dp-wide`}>{t("fields.value")}</th>
            <th className={`${styles.num} dp-wide`}>{t("fields.avgCost")}</th>
            <th className="dp-wide">{t("fields.low")}</th>
          </>
        }
      >
        {data.rows.map((r) => (
          <tr key={r.id} data-testid="inventory-row" data-goods={r.goods.code} data-location={r.location.code} data-low={r.low ? "1" : undefined}>
            {staff && (
              <td className="dp-wide">
                {named(r.company)}
                <span className={styles.sub}>{r.company.code}</span>
              </td>
            )}
            <td className="dp-wide">
              {r.warehouse.name}
              <span className={styles.sub}>{r.warehouse.code}</span>
            </td>
            <td className={`${styles.nowrap} ${own.mono}`}>{r.location.code}</td>
            <td>
              <Link className={styles.link} href={ledger(r)} prefetch={false} data-testid="inventory-goods">
                {named(r.goods)}
              </Link>
              <span className={styles.sub}>{r.goods.code}</span>
              {r.vins.length > 0 && (
                <span className={own.vins} data-testid="inventory-vins">
                  {r.vins.map((vin) => (
                    <Link key={vin} className={`${styles.link} ${own.mono}`} href={`/car/vehicleInformation?vin=${vin}`} prefetch={false}>
                      {vin}
                    </Link>
                  ))}
                </span>
              )}
            </td>
            <td className="dp-wide">{t(`kinds.${r.goods.kind}`)}</td>
            <td className={styles.num} data-testid="inventory-quantity">
              {r.quantity}
            </td>
            <td className={`${styles.num} dp-wide`}>{r.reserved}</td>
            <td className={`${styles.num} dp-wide`}>{r.available}</td>
            <td className={`${styles.num} dp-wide`}>{money(r.value)}</td>
            <td className={`${styles.num} dp-wide`}>{money(r.avgCost)}</td>
            <td className="dp-wide">
              {r.low && r.minQty !== null ? (
                <span className={styles.tag} data-color="red" title={t("lowHint", { total: r.companyTotal, min: r.minQty })} data-testid="inventory-low">
                  {t("lowStock")}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
