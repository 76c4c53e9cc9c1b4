import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import type { warehouseDetail } from "@/lib/wms/warehouses/queries";
import { LocationCreateButton, LocationRowActions, WarehouseRowActions } from "./warehouse-actions";
import { companyName, editable, WarehouseStatus } from "./warehouse-list";

// One warehouse at customerWms/warehouse?id=: its fields and its locations with what each holds.
// Another company's warehouse never gets here (lib/shell/record-guards.ts and the loader: 404).

export async function WarehouseDetailView({ detail, dealer, canManage }: { detail: Awaited<ReturnType<typeof warehouseDetail>>; dealer: boolean; canManage: boolean }) {
  const [t, tw, ta, locale] = await Promise.all([getTranslations("WmsWarehouses"), getTranslations("Wms.warehouseTypes"), getTranslations("Admin"), getLocale()]);
  const w = detail.warehouse;
  const facts: [string, string, string][] = [
    [t("fields.code"), w.code, "code"],
    [t("fields.name"), w.name, "name"],
    [t("fields.type"), tw(w.type), "type"],
    [t("fields.address"), w.address ?? t("none"), "address"],
    [t("fields.keeper"), w.keeper ?? t("none"), "keeper"],
    [t("fields.phone"), w.phone ?? t("none"), "phone"],
    [t("fields.onHand"), String(w.onHand), "onHand"],
    ...(dealer ? [] : [[t("fields.company"), companyName(w.company, locale === "zh-CN"), "company"] as [string, string, string]]),
  ];
  return (
    <div className={styles.screen} data-testid="warehouse-detail" data-code={w.code}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href="/customerWms/warehouse" className={styles.link} data-testid="warehouse-back">
            {t("back")}
          </Link>
        </p>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title} data-testid="page-title">
              {w.code} · {w.name}
            </h1>
            <p className={styles.intro}>
              <WarehouseStatus w={w} />
            </p>
          </div>
          {canManage && <WarehouseRowActions row={editable(w)} detail />}
        </div>
        <dl className={styles.facts}>
          {facts.map(([label, value, id]) => (
            <div key={id} className={styles.fact} data-testid={`warehouse-fact-${id}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.card}>
        <div className={styles.head}>
          <h2 className={styles.sectionTitle}>{t("locationsTitle")}</h2>
          {canManage && <LocationCreateButton warehouse={{ id: w.id, code: w.code }} />}
        </div>
        {detail.locations.length === 0 ? (
          <EmptyState id="location">{t("noLocations")}</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="location-table">
              <thead>
                <tr>
                  <th>{t("fields.code")}</th>
                  <th className="dp-wide">{t("fields.name")}</th>
                  <th className={styles.num}>{t("fields.onHand")}</th>
                  <th>{t("fields.enabled")}</th>
                  {canManage && <th>{ta("actions")}</th>}
                </tr>
              </thead>
              <tbody>
                {detail.locations.map((l) => (
                  <tr key={l.id} data-row-key={l.id} data-testid="location-row">
                    <td className={styles.nowrap}>{l.code}</td>
                    <td className="dp-wide">{l.name ?? t("none")}</td>
                    <td className={styles.num}>{l.onHand}</td>
                    <td>
                      <span className={styles.tag} data-color={l.enabled ? "green" : "red"}>
                        {t(l.enabled ? "enabled" : "disabled")}
                      </span>
                    </td>
                    {canManage && (
                      <td>
                        <LocationRowActions warehouse={{ id: w.id, code: w.code }} row={{ id: l.id, code: l.code, name: l.name, enabled: l.enabled, onHand: l.onHand }} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
