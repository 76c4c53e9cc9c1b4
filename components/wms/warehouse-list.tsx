import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { EmptyState, FilterForm, ListHeader, PageLinks, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import type { WarehouseList, WarehouseRow } from "@/lib/wms/warehouses/queries";
import { WarehouseCreateButton, WarehouseRowActions } from "./warehouse-actions";

// customerWms/warehouse — a company's warehouses as server-rendered HTML: a plain table with
// simple pages (a company keeps a handful: lib/wms/warehouses/queries.ts), a company column and
// filter for staff, who only read. The writes are small islands (./warehouse-actions.tsx) whose
// drawers load on the first click. A warehouse's code opens its detail (?id=).

const ROUTE = "customerWms/warehouse";

export const companyName = (c: WarehouseRow["company"], zh: boolean) => `${zh ? c.nameZh : c.nameEn} (${c.code})`;

export async function WarehouseStatus({ w }: { w: Pick<WarehouseRow, "enabled" | "isDefault"> }) {
  const t = await getTranslations("WmsWarehouses");
  return (
    <>
      <span className={styles.tag} data-color={w.enabled ? "green" : "red"} data-testid="warehouse-enabled">
        {t(w.enabled ? "enabled" : "disabled")}
      </span>{" "}
      {w.isDefault && (
        <span className={styles.tag} data-color="blue" data-testid="warehouse-default">
          {t("default")}
        </span>
      )}
    </>
  );
}

export async function WarehouseListView({ data, dealer, canManage }: { data: WarehouseList; dealer: boolean; canManage: boolean }) {
  const [t, tl, tw, ta, tt, locale] = await Promise.all([
    getTranslations("WmsWarehouses"),
    getTranslations("WmsWarehouses.list"),
    getTranslations("Wms.warehouseTypes"),
    getTranslations("Admin"),
    getTranslations("Common.table"),
    getLocale(),
  ]);
  const zh = locale === "zh-CN";
  const href = (page: number) => {
    const qs = new URLSearchParams();
    if (data.filters.company) qs.set("company", data.filters.company);
    if (page > 1) qs.set("page", String(page));
    const s = qs.toString();
    return s ? `/${ROUTE}?${s}` : `/${ROUTE}`;
  };
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div className={styles.screen} data-testid="warehouse-list">
      <ListHeader title={t("title")} intro={t("description")}>
        {canManage && <WarehouseCreateButton />}
      </ListHeader>
      {!dealer && (
        <FilterForm action={`/${ROUTE}`} id="warehouse" t={tl} formKey={data.filters.company}>
          <TextFilter
            id="warehouse-company"
            label={t("fields.company")}
            name="company"
            value={data.filters.company}
            maxLength={50}
            placeholder={tl("companyPlaceholder")}
            style={{ minWidth: 240 }}
          />
        </FilterForm>
      )}
      <section className={styles.card}>
        {data.rows.length === 0 ? (
          <EmptyState id="warehouse">{tl("empty")}</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="warehouse-table">
              <thead>
                <tr>
                  {!dealer && <th className="dp-wide">{t("fields.company")}</th>}
                  <th>{t("fields.code")}</th>
                  <th>{t("fields.name")}</th>
                  <th className="dp-wide">{t("fields.type")}</th>
                  <th className="dp-wide">{t("fields.keeper")}</th>
                  <th className={`dp-wide ${styles.num}`}>{t("fields.locations")}</th>
                  <th className={styles.num}>{t("fields.onHand")}</th>
                  <th>{t("fields.enabled")}</th>
                  {canManage && <th className="dp-wide">{ta("actions")}</th>}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((w) => (
                  <tr key={w.id} data-row-key={w.id} data-testid="warehouse-row">
                    {!dealer && <td className={`dp-wide ${styles.nowrap}`}>{companyName(w.company, zh)}</td>}
                    <td className={styles.nowrap}>
                      <Link className={styles.link} href={`/${ROUTE}?id=${w.id}`} data-testid="warehouse-link">
                        {w.code}
                      </Link>
                    </td>
                    <td>{w.name}</td>
                    <td className="dp-wide">{tw(w.type)}</td>
                    <td className="dp-wide">{w.keeper ?? t("none")}</td>
                    <td className={`dp-wide ${styles.num}`}>{w.locations}</td>
                    <td className={styles.num}>{w.onHand}</td>
                    <td className={styles.nowrap}>
                      <WarehouseStatus w={w} />
                    </td>
                    {canManage && (
                      <td className="dp-wide">
                        <WarehouseRowActions row={editable(w)} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <PageLinks id="warehouse" t={tt} href={href} page={data.page} pages={pages} total={data.total} />
      </section>
    </div>
  );
}

/** What the islands need of a warehouse (its form's values and its state). */
export const editable = (w: WarehouseRow) => ({
  id: w.id,
  code: w.code,
  name: w.name,
  type: w.type,
  address: w.address,
  keeper: w.keeper,
  phone: w.phone,
  enabled: w.enabled,
  isDefault: w.isDefault,
});
