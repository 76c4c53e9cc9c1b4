import Link from "next/link";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { ListResults } from "@/components/list/record-list";
import { Facts, type Fact } from "@/components/ui/facts";
import styles from "@/components/ui/record-screen.module.css";
import type { Locale } from "@/lib/i18n/config";
import { queryString } from "@/lib/list/keyset";
import { LEDGER_SIZE, MEMBER_ROUTE } from "@/lib/members/options";
import type { MemberRoute } from "@/lib/members/queries";
import { AdjustForm } from "./member-adjust";
import { MemberHeader } from "./member-header";
import own from "./members.module.css";

// system/memberSystem?id=… — one member (name and phone masked), its tier and balance, and its
// points ledger newest first (keyset pages): kind, signed points, balance after, where, reason,
// expiry and the sale it came from. Holders of memberPoints:adjust get the adjustment form, the
// one island. Another tenant's member never gets here (the loader answers missing → 404).

export async function MemberDetail({ data }: { data: Extract<MemberRoute, { kind: "detail" }> }) {
  const [t, tl, format, locale] = await Promise.all([getTranslations("Members"), getTranslations("Members.detail"), getFormatter(), getLocale() as Promise<Locale>]);
  const zh = locale === "zh-CN";
  const named = (n: { nameEn: string; nameZh: string }) => (zh ? n.nameZh : n.nameEn);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "Asia/Shanghai" });
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "Asia/Shanghai" });
  const { member: m, ledger } = data;
  const td = (k: "at" | "kind" | "points" | "balanceAfter" | "dealer" | "reason" | "expiresAt" | "source" | "by") => t(`detail.${k}`);
  const href = (extra: Record<string, string | number>) =>
    `/${MEMBER_ROUTE}${queryString({ id: m.id, size: ledger.filters.size !== LEDGER_SIZE ? ledger.filters.size : undefined }, extra)}`;
  const facts: Fact[] = [
    [t("fields.name"), m.name, "member-detail-name"],
    [t("fields.phone"), m.phone, "member-detail-phone"],
    [t("fields.tier"), m.tier ? named(m.tier) : t("noTier"), "member-detail-tier"],
    [t("fields.balance"), format.number(m.balance), "member-detail-balance"],
    [t("fields.earnedTotal"), format.number(m.earnedTotal)],
    [t("fields.dealer"), `${named(m.dealer)} (${m.dealer.code})`],
    [t("fields.joinedAt"), day(m.joinedAt)],
    [t("fields.consentAt"), when(m.consentAt)],
  ];

  return (
    <div className={styles.screen} data-testid="member-detail">
      <MemberHeader
        title={t("detail.title", { memberNo: m.memberNo })}
        intro={
          <Link className={styles.link} href={`/${MEMBER_ROUTE}`} data-testid="member-back">
            ← {t("detail.back")}
          </Link>
        }
        tab="members"
        can={data.can}
      />
      <section className={styles.card}>
        <Facts list={facts} testIdPrefix="" />
      </section>

      {data.can.adjust && (
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t("adjust.title")}</h2>
          <AdjustForm memberId={m.id} />
        </section>
      )}

      <section className={styles.card} style={{ paddingBottom: 0 }}>
        <h2 className={styles.sectionTitle} style={{ margin: 0 }}>
          {t("detail.ledger")}
        </h2>
      </section>
      <ListResults
        id="ledger"
        t={tl}
        page={ledger}
        href={href}
        head={
          <>
            <th>{td("at")}</th>
            <th>{td("kind")}</th>
            <th className={styles.num}>{td("points")}</th>
            <th className={styles.num}>{td("balanceAfter")}</th>
            <th className="dp-wide">{td("dealer")}</th>
            <th className="dp-wide">{td("reason")}</th>
            <th className="dp-wide">{td("expiresAt")}</th>
            <th className="dp-wide">{td("source")}</th>
            <th className="dp-wide">{td("by")}</th>
          </>
        }
      >
        {ledger.rows.map((e) => (
          <tr key={e.id} data-row-key={e.id} data-testid="ledger-row" data-kind={e.kind}>
            <td className={styles.nowrap}>{when(e.at)}</td>
            <td data-testid="ledger-kind">{t(`kinds.${e.kind}`)}</td>
            <td className={`${styles.num} ${e.points > 0 ? own.plus : own.minus}`} data-testid="ledger-points">
              {e.points > 0 ? `+${format.number(e.points)}` : format.number(e.points)}
            </td>
            <td className={styles.num} data-testid="ledger-balance">
              {format.number(e.balanceAfter)}
            </td>
            <td className="dp-wide">{e.dealer ? named(e.dealer) : <span className={styles.muted}>{t("detail.headquarters")}</span>}</td>
            <td className="dp-wide" data-testid="ledger-reason">
              {e.reason ?? "—"}
            </td>
            <td className={`dp-wide ${styles.nowrap}`}>
              {e.points > 0 ? (
                <>
                  {e.expiresAt ? day(e.expiresAt) : t("detail.neverExpires")}
                  {e.remaining !== e.points && <span className={styles.sub}>{t("detail.left", { count: e.remaining })}</span>}
                </>
              ) : (
                "—"
              )}
            </td>
            <td className={`dp-wide ${styles.nowrap}`}>
              {e.sale?.vin ? (
                e.linkable ? (
                  <Link className={`${styles.link} ${own.mono}`} href={`/car/vehicleInformation?vin=${e.sale.vin}`} prefetch={false}>
                    {e.sale.vin}
                  </Link>
                ) : (
                  <span className={own.mono}>{e.sale.vin}</span>
                )
              ) : e.counterSale ? (
                e.linkable ? (
                  <Link className={`${styles.link} ${own.mono}`} href={`/customerWms/pointOfSale?receipt=${e.counterSale.id}`} prefetch={false}>
                    {e.counterSale.docNo}
                  </Link>
                ) : (
                  <span className={own.mono}>{e.counterSale.docNo}</span>
                )
              ) : (
                "—"
              )}
            </td>
            <td className="dp-wide">{e.by ?? "—"}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
