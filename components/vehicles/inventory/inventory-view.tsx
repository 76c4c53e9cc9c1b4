import Form from "next/form";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { DictItemView } from "@/lib/dict/items";
import { itemLabel } from "@/lib/dict/items";
import type { Locale } from "@/lib/i18n/config";
import type { InventoryData } from "@/lib/vehicles/inventory/queries";
import { AVAILABLE, FACTORY_SIDE, inventoryQuery } from "@/lib/vehicles/inventory/schemas";
import { InventoryGroupView } from "./inventory-group";
import styles from "./inventory.module.css";

// Available inventory as server-rendered HTML: a GET form of native inputs for the filters
// (next/form navigates without a full reload), one row per model + configuration, keyset
// "next page" links. Client islands: add-to-cart (dealers) and the VIN panel (staff).

const ROUTE = "onlineMall/car/inventory";
const STOCK_ROUTE = "car/stock";

export async function InventoryView({ data, statuses, locale }: { data: InventoryData; statuses: DictItemView[]; locale: Locale }) {
  const t = await getTranslations("VehicleInventory");
  const f = data.filters;
  const zh = locale === "zh-CN";
  const filtered = !!(f.model || f.config || f.status);
  const href = (extra: Record<string, string | number> = {}) => `/${ROUTE}${inventoryQuery(f, extra)}`;
  const id = (name: string) => `inventory-${name}`;

  return (
    <div className={styles.screen} data-testid="inventory" data-viewer={data.staff ? "staff" : "dealer"}>
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {t("title")}
            </h1>
            <p className={styles.intro}>{data.staff ? t("description.staff") : t("description.dealer")}</p>
          </div>
          {data.can.import && (
            <Link href={`/${STOCK_ROUTE}`} className={styles.buttonPrimary} data-testid="inventory-import">
              {t("importVehicles")}
            </Link>
          )}
        </div>
      </section>

      <section className={styles.card}>
        {/* Keyed by the filters so a reset shows the new values. */}
        <Form key={inventoryQuery(f)} action={`/${ROUTE}`} className={styles.filters} aria-label={t("filters.label")} data-testid="inventory-filters">
          <label className={styles.field} htmlFor={id("model")}>
            {t("filters.model")}
            <select id={id("model")} className={styles.input} name="model" defaultValue={f.model ? String(f.model) : ""}>
              <option value="">{t("filters.anyModel")}</option>
              {data.models.map((m) => (
                <option key={m.id} value={m.id}>
                  {zh ? m.nameZh : m.nameEn}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field} htmlFor={id("config")}>
            {t("filters.config")}
            <input
              id={id("config")}
              className={styles.input}
              name="config"
              defaultValue={f.config}
              maxLength={50}
              placeholder={t("filters.configPlaceholder")}
              autoComplete="off"
            />
          </label>
          <label className={styles.field} htmlFor={id("status")}>
            {t("filters.status")}
            <select id={id("status")} className={styles.input} name="status" defaultValue={f.status}>
              <option value="">{t("filters.anyStatus")}</option>
              {data.staff ? (
                FACTORY_SIDE.map((s) => (
                  <option key={s} value={s}>
                    {itemLabel(statuses, s, locale)}
                  </option>
                ))
              ) : (
                <option value={AVAILABLE}>{t("filters.available")}</option>
              )}
            </select>
          </label>
          <div className={styles.buttons}>
            <button type="submit" className={styles.buttonPrimary} data-testid="inventory-search">
              {t("filters.search")}
            </button>
            <Link href={`/${ROUTE}`} className={styles.button} data-testid="inventory-reset">
              {t("filters.reset")}
            </Link>
          </div>
        </Form>
      </section>

      <section className={styles.card}>
        <p className={styles.muted} style={{ margin: "0 0 12px" }} data-testid="inventory-count">
          {data.total.capped ? t("countCapped", { count: data.total.count }) : t("count", { count: data.total.count })}
        </p>
        {data.groups.length === 0 ? (
          <div className={styles.empty} data-testid="inventory-empty">
            <p>{filtered ? t("empty.noMatch") : data.staff ? t("empty.staff") : t("empty.dealer")}</p>
            {filtered && (
              <Link href={`/${ROUTE}`} className={styles.button}>
                {t("empty.clearFilters")}
              </Link>
            )}
          </div>
        ) : (
          <ul className={styles.groups} data-testid="inventory-groups">
            {data.groups.map((g, i) => (
              <InventoryGroupView key={g.goodsId} g={g} data={data} statuses={statuses} locale={locale} eager={i < 4} />
            ))}
          </ul>
        )}
        {(f.cursor || data.next) && (
          <nav className={styles.pager} aria-label={t("pager.label")}>
            {f.cursor ? (
              <Link className={styles.button} href={href()} data-testid="inventory-first">
                {t("pager.first")}
              </Link>
            ) : null}
            {data.next ? (
              <Link className={styles.button} href={href({ cursor: data.next })} data-testid="inventory-next">
                {t("pager.next")}
              </Link>
            ) : (
              <span className={`${styles.button} ${styles.off}`} aria-disabled="true">
                {t("pager.next")}
              </span>
            )}
          </nav>
        )}
      </section>
    </div>
  );
}
