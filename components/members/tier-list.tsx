import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import type { Locale } from "@/lib/i18n/config";
import type { MemberRoute } from "@/lib/members/queries";
import { MemberHeader } from "./member-header";
import { TierCreateButton, TierRowActions } from "./tier-actions";
import own from "./members.module.css";

// system/memberSystem?tab=tiers — the tiers (a handful: one bounded read, no paging) as server
// HTML, by threshold, with their member counts. Create, edit and delete are islands whose drawer
// (antd's form, generated from ZTierSave) loads on the first click (./tier-actions.tsx).

export async function TierList({ data }: { data: Extract<MemberRoute, { kind: "tiers" }> }) {
  const [t, format, locale] = await Promise.all([getTranslations("Members"), getFormatter(), getLocale() as Promise<Locale>]);
  const zh = locale === "zh-CN";
  return (
    <div className={styles.screen} data-testid="tier-screen">
      <MemberHeader title={t("title")} intro={t("tiers.intro")} tab="tiers" can={data.can}>
        <TierCreateButton />
      </MemberHeader>
      <section className={styles.card}>
        {data.tiers.length === 0 ? (
          <EmptyState id="tier">{t("tiers.empty")}</EmptyState>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t("tabs.tiers")}>
            <table className={styles.table} data-testid="tier-table">
              <thead>
                <tr>
                  <th>{t("fields.code")}</th>
                  <th>{zh ? t("fields.nameZh") : t("fields.nameEn")}</th>
                  <th className={styles.num}>{t("fields.threshold")}</th>
                  <th className={styles.num}>{t("fields.discountPct")}</th>
                  <th className="dp-wide">{zh ? t("fields.benefitsZh") : t("fields.benefitsEn")}</th>
                  <th className={`${styles.num} dp-wide`}>{t("fields.members")}</th>
                  <th className="dp-wide">{t("fields.enabled")}</th>
                  <th>{t("tiers.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {data.tiers.map((x) => (
                  <tr key={x.id} data-row-key={x.id} data-testid="tier-row" data-code={x.code}>
                    <td className={`${styles.nowrap} ${own.mono}`}>{x.code}</td>
                    <td>{zh ? x.nameZh : x.nameEn}</td>
                    <td className={styles.num}>{format.number(x.threshold)}</td>
                    <td className={styles.num} data-testid="tier-discount">
                      {t("tiers.discount", { pct: x.discountPct })}
                    </td>
                    <td className={`dp-wide ${own.benefits}`}>{(zh ? x.benefitsZh : x.benefitsEn) ?? "—"}</td>
                    <td className={`${styles.num} dp-wide`}>{format.number(x.members)}</td>
                    <td className="dp-wide">
                      <span className={styles.tag} data-color={x.enabled ? "green" : undefined}>
                        {x.enabled ? t("tiers.enabled") : t("tiers.disabled")}
                      </span>
                    </td>
                    <td>
                      <TierRowActions
                        row={{
                          id: x.id,
                          code: x.code,
                          nameEn: x.nameEn,
                          nameZh: x.nameZh,
                          threshold: x.threshold,
                          benefitsEn: x.benefitsEn,
                          benefitsZh: x.benefitsZh,
                          discountPct: Number(x.discountPct),
                          enabled: x.enabled,
                        }}
                      />
                    </td>
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
