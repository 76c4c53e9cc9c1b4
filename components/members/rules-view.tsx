import { getFormatter, getTranslations } from "next-intl/server";
import { Facts, type Fact } from "@/components/ui/facts";
import styles from "@/components/ui/record-screen.module.css";
import type { MemberRoute } from "@/lib/members/queries";
import { MemberHeader } from "./member-header";
import { RulesEditButton } from "./rules-actions";

// system/memberSystem?tab=rules — the point rules (one row) as facts; the edit drawer loads on
// the first click (./rules-actions.tsx).

export async function RulesView({ data }: { data: Extract<MemberRoute, { kind: "rules" }> }) {
  const [t, format] = await Promise.all([getTranslations("Members"), getFormatter()]);
  const r = data.rules;
  const num = (v: string) => format.number(Number(v), { maximumFractionDigits: 4 });
  const facts: Fact[] = [
    [t("fields.vehicleRate"), num(r.vehicleRate), "rules-vehicleRate"],
    [t("fields.counterRate"), num(r.counterRate), "rules-counterRate"],
    [t("fields.redeemValue"), num(r.redeemValue), "rules-redeemValue"],
    [t("fields.expiryMonths"), r.expiryMonths ? t("rules.months", { count: r.expiryMonths }) : t("rules.never"), "rules-expiryMonths"],
  ];
  return (
    <div className={styles.screen} data-testid="rules-screen">
      <MemberHeader title={t("title")} intro={t("rules.intro")} tab="rules" can={data.can}>
        <RulesEditButton
          values={{ vehicleRate: Number(r.vehicleRate), counterRate: Number(r.counterRate), redeemValue: Number(r.redeemValue) || undefined, expiryMonths: r.expiryMonths }}
        />
      </MemberHeader>
      <section className={styles.card}>
        {!r.saved && (
          <p className={styles.alert} data-testid="rules-not-saved">
            {t("rules.notSaved")}
          </p>
        )}
        <Facts list={facts} testIdPrefix="" />
        {r.updatedAt && (
          <p className={styles.muted} style={{ margin: "12px 0 0" }}>
            {t("rules.updatedAt", { at: format.dateTime(new Date(r.updatedAt), { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "Asia/Shanghai" }) })}
          </p>
        )}
      </section>
    </div>
  );
}
