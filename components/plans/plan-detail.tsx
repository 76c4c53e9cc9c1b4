import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { PLAN_ROUTE, parsePlanFilters, planQuery, type PlanView } from "@/lib/plans/queries";
import { Facts, History, type Fact } from "@/components/ui/facts";
import styles from "@/components/ui/record-screen.module.css";
import local from "./plans.module.css";
import { PlanActions } from "./plan-actions";
import { PlanStatus } from "./plan-status";

// A purchase plan at ?id=: the facts, the lines (requested vs planned, and who adjusted a line
// when), the status history: server HTML. The one island is the action bar, whose forms load on
// the first click.

export async function PlanDetail({ plan, locale, params }: { plan: PlanView; locale: Locale; params: URLSearchParams }) {
  const [t, format] = await Promise.all([getTranslations("Plans"), getFormatter()]);
  const zh = locale === "zh-CN";
  const when = (iso: string) => format.dateTime(new Date(iso), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const back = `/${PLAN_ROUTE}${planQuery(parsePlanFilters(params), params.get("cursor") ? { cursor: params.get("cursor")! } : {})}`;
  const item = (l: PlanView["lines"][number]) =>
    l.goods ? (
      <>
        {l.goods.code} <span className={styles.sub}>{`${zh ? l.goods.nameZh : l.goods.nameEn}${l.goods.config ? ` · ${l.goods.config}` : ""}`}</span>
      </>
    ) : (
      (l.categoryLabel ?? l.partsCategory)
    );
  const facts: Fact[] = [
    [t("detail.status"), <PlanStatus key="s" status={plan.status} label={t(`statuses.${plan.status}`)} testId="plan-detail-status" />],
    [t("detail.month"), plan.month, "month"],
    [t("detail.company"), `${zh ? plan.company.nameZh : plan.company.nameEn} (${plan.company.code})`],
    [t("detail.deadline"), `${plan.deadline}${plan.beforeDeadline ? "" : ` (${t("detail.deadlinePassed")})`}`, "deadline"],
    [t("detail.creator"), plan.creator],
    [t("detail.createdAt"), when(plan.createdAt)],
    ...(plan.submittedAt ? [[t("detail.submittedAt"), when(plan.submittedAt)] as Fact] : []),
    ...(plan.reviewer ? [[t("detail.reviewer"), plan.reviewer, "reviewer"] as Fact] : []),
    ...(plan.reviewedAt ? [[t("detail.reviewedAt"), when(plan.reviewedAt)] as Fact] : []),
    ...(plan.reviewComment ? [[t("detail.reviewComment"), plan.reviewComment, "review-comment"] as Fact] : []),
    ...(plan.remark ? [[t("detail.remark"), plan.remark, "remark"] as Fact] : []),
  ];
  const requested = plan.lines.reduce((s, l) => s + l.requestedQty, 0);

  return (
    <div className={styles.screen} data-testid="plan-detail" data-plan-no={plan.planNo} data-status={plan.status}>
      <section className={styles.card}>
        <p style={{ margin: "0 0 8px" }}>
          <Link href={back} className={styles.link} data-testid="plan-back">
            {t("detail.back")}
          </Link>
        </p>
        <div className={styles.head}>
          <h1 className={styles.title} data-testid="page-title">
            {t("detail.title", { planNo: plan.planNo })}
          </h1>
        </div>
        <Facts list={facts} testIdPrefix="plan-detail-" />
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("detail.lines")}</h2>
        {plan.lines.length === 0 ? (
          <p className={styles.muted}>{t("detail.noLines")}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t("detail.lines")}>
            <table className={styles.table} data-testid="plan-lines-table">
              <thead>
                <tr>
                  <th className="dp-wide">{t("detail.kind")}</th>
                  <th>{t("detail.item")}</th>
                  <th className={styles.num}>{t("detail.requested")}</th>
                  <th className={styles.num}>{t("detail.planned")}</th>
                  <th>{t("detail.adjusted")}</th>
                </tr>
              </thead>
              <tbody>
                {plan.lines.map((l) => (
                  <tr key={l.id} data-testid="plan-line-row" data-item={l.goods?.code ?? l.partsCategory ?? ""} data-adjusted={l.adjustedBy ? "true" : "false"}>
                    <td className="dp-wide">{t(`kinds.${l.kind}`)}</td>
                    <td>
                      {item(l)}
                      {l.remark && <div className={styles.sub}>{l.remark}</div>}
                    </td>
                    <td className={styles.num} data-testid="plan-line-requested">
                      {l.requestedQty}
                    </td>
                    <td className={l.quantity !== l.requestedQty ? `${styles.num} ${local.adjusted}` : styles.num} data-testid="plan-line-quantity">
                      {l.quantity}
                    </td>
                    <td className={styles.sub} data-testid="plan-line-adjusted">
                      {l.adjustedBy && l.adjustedAt ? t("detail.adjustedBy", { name: l.adjustedBy, at: when(l.adjustedAt) }) : "—"}
                    </td>
                  </tr>
                ))}
                <tr>
                  <td className="dp-wide" />
                  <td>
                    <strong>{t("detail.total")}</strong>
                  </td>
                  <td className={styles.num}>{requested}</td>
                  <td className={styles.num} data-testid="plan-total-quantity">
                    {plan.totalQty}
                  </td>
                  <td />
                </tr>
              </tbody>
            </table>
          </div>
        )}
        <PlanActions
          plan={{ id: plan.id, planNo: plan.planNo, moves: plan.moves }}
          lines={plan.lines.map((l) => ({
            id: l.id,
            label: l.goods ? `${l.goods.code} ${zh ? l.goods.nameZh : l.goods.nameEn}${l.goods.config ? ` · ${l.goods.config}` : ""}` : (l.categoryLabel ?? l.partsCategory ?? ""),
            requestedQty: l.requestedQty,
            quantity: l.quantity,
          }))}
        />
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t("detail.history")}</h2>
        <History
          events={plan.history}
          badge={(status) => <strong>{t(`statuses.${status as "DRAFT"}`)}</strong>}
          by={(user) => `· ${user}`}
          when={when}
          empty={t("detail.noHistory")}
          testId="plan-history"
          transitions={false}
          note={(n) => (n === "revised" ? t("detail.revised") : n === "adjusted" ? t("detail.adjustedNote") : n)}
        />
      </section>
    </div>
  );
}
