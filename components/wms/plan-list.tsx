import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { EmptyState, ListHeader, PageLinks } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import type { PlanPage } from "@/lib/wms/plans/queries";
import { PlanCreateButton, PlanRowActions } from "./plan-actions";

// customerWms/storeCheckPlan — the company's stocktake plans as server-rendered HTML: a plain
// table with simple pages (a company keeps at most MAX_PLANS: lib/wms/plans/schemas.ts). What a
// person does is small islands (./plan-actions.tsx): the drawer loads on the first click. Staff
// in scope read the plans with a company column and no actions.

const ROUTE = "customerWms/storeCheckPlan";

export async function PlanList({ data }: { data: PlanPage }) {
  const [t, tw, tt, format, locale] = await Promise.all([getTranslations("WmsPlans"), getTranslations("Wms"), getTranslations("Common.table"), getFormatter(), getLocale()]);
  const zh = locale === "zh-CN";
  const overdue = data.rows.filter((r) => r.overdue).length;
  return (
    <div className={styles.screen} data-testid="plan-list">
      <ListHeader title={t("title")} intro={data.dealer ? t("dealerIntro") : t("staffIntro")}>
        {data.canManage && <PlanCreateButton />}
      </ListHeader>
      <section className={styles.card}>
        {overdue > 0 && (
          <p role="status" data-testid="plan-overdue-notice">
            <span className={styles.tag} data-color="red">
              {t("overdueNotice", { count: overdue })}
            </span>
          </p>
        )}
        {data.rows.length === 0 ? (
          <EmptyState id="plan">{t("empty")}</EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="plan-table">
              <thead>
                <tr>
                  <th>{t("columns.name")}</th>
                  {!data.dealer && <th className="dp-wide">{t("columns.company")}</th>}
                  <th className="dp-wide">{t("columns.warehouse")}</th>
                  <th className="dp-wide">{t("columns.scope")}</th>
                  <th className="dp-wide">{t("columns.cycle")}</th>
                  <th>{t("columns.nextDate")}</th>
                  <th className="dp-wide">{t("columns.assignee")}</th>
                  <th className="dp-wide">{t("columns.lastRunAt")}</th>
                  <th>{t("columns.status")}</th>
                  {data.canManage && <th>{t("columns.actions")}</th>}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.id} data-row-key={r.id} data-testid="plan-row">
                    <td>{r.name}</td>
                    {!data.dealer && <td className="dp-wide">{zh ? r.company.nameZh : r.company.nameEn}</td>}
                    <td className={`dp-wide ${styles.nowrap}`}>{`${r.warehouse.code} ${r.warehouse.name}`}</td>
                    <td className="dp-wide">
                      {r.locationIds.length || r.goodsIds.length ? t("scope.some", { locations: r.locationIds.length, goods: r.goodsIds.length }) : t("scope.all")}
                    </td>
                    <td className="dp-wide">{tw(`cycles.${r.cycle}`)}</td>
                    <td className={styles.nowrap}>
                      {r.nextDate}{" "}
                      {r.overdue && (
                        <span className={styles.tag} data-color="red" data-testid="plan-overdue">
                          {t("overdue")}
                        </span>
                      )}
                    </td>
                    <td className="dp-wide">{r.assignee?.name ?? "—"}</td>
                    <td className={`dp-wide ${styles.nowrap}`}>{r.lastRunAt ? format.dateTime(new Date(r.lastRunAt), { dateStyle: "medium", timeStyle: "short" }) : t("never")}</td>
                    <td>
                      <span className={styles.tag} data-color={r.enabled ? "green" : undefined}>
                        {r.enabled ? t("enabled") : t("disabled")}
                      </span>
                    </td>
                    {data.canManage && (
                      <td>
                        <PlanRowActions
                          row={{
                            id: r.id,
                            name: r.name,
                            warehouseId: r.warehouse.id,
                            locationIds: r.locationIds,
                            goodsIds: r.goodsIds,
                            cycle: r.cycle,
                            nextDate: r.nextDate,
                            assigneeId: r.assignee?.id ?? null,
                            enabled: r.enabled,
                          }}
                        />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <PageLinks id="plan" t={tt} href={(page) => (page > 1 ? `/${ROUTE}?page=${page}` : `/${ROUTE}`)} page={data.page} pages={data.pages} total={data.total} />
      </section>
    </div>
  );
}
