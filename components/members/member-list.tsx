import Link from "next/link";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { FilterForm, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import type { Locale } from "@/lib/i18n/config";
import { MEMBER_ROUTE, MEMBER_SIZES, NO_TIER } from "@/lib/members/options";
import { memberQuery, type MemberRoute } from "@/lib/members/queries";
import { MemberHeader } from "./member-header";
import own from "./members.module.css";

// system/memberSystem — the member register as server HTML: a GET form of native inputs (a full
// phone or the start of a name, the tier, staff's dealer filter), a plain table whose name and
// phone arrive masked, keyset "newer / older" links. No client code; a member's number opens its
// ledger (?id=). On a phone the number, name, tier and balance stay.

export async function MemberList({ data }: { data: Extract<MemberRoute, { kind: "list" }> }) {
  const [t, format, locale] = await Promise.all([getTranslations("Members"), getFormatter(), getLocale() as Promise<Locale>]);
  const zh = locale === "zh-CN";
  const named = (n: { nameEn: string; nameZh: string }) => (zh ? n.nameZh : n.nameEn);
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "Asia/Shanghai" });
  const { page } = data;
  const f = page.filters;
  const staff = page.staff;
  const href = (extra: Record<string, string | number>) => `/${MEMBER_ROUTE}${memberQuery(f, extra)}`;
  const id = (name: string) => `member-${name}`;

  return (
    <div className={styles.screen} data-testid="member-screen">
      <MemberHeader title={t("title")} intro={staff ? t("staffIntro") : t("intro")} tab="members" can={data.can} />

      <FilterForm action={`/${MEMBER_ROUTE}`} id="member" t={t} formKey={memberQuery(f)}>
        <TextFilter id={id("q")} label={t("filters.q")} name="q" value={f.q} maxLength={50} placeholder={t("filters.qPlaceholder")} type="search" testId="member-filter-q" />
        <SelectFilter
          id={id("tier")}
          label={t("filters.tier")}
          name="tier"
          value={f.tier}
          any={t("filters.anyTier")}
          options={[...data.tiers.map((x) => ({ value: String(x.id), label: `${named(x)} (${x.code})` })), { value: NO_TIER, label: t("filters.noTier") }]}
          testId="member-filter-tier"
        />
        {staff && (
          <TextFilter
            id={id("dealer")}
            label={t("filters.dealer")}
            name="dealer"
            value={f.dealer}
            maxLength={50}
            placeholder={t("filters.dealerPlaceholder")}
            testId="member-filter-dealer"
          />
        )}
        <SizeFilter id={id("size")} label={t("filters.size")} value={f.size} sizes={MEMBER_SIZES} />
      </FilterForm>

      <ListResults
        id="member"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("fields.memberNo")}</th>
            <th>{t("fields.name")}</th>
            <th className="dp-wide">{t("fields.phone")}</th>
            <th>{t("fields.tier")}</th>
            <th className={styles.num}>{t("fields.balance")}</th>
            <th className={`${styles.num} dp-wide`}>{t("fields.earnedTotal")}</th>
            {staff && <th className="dp-wide">{t("fields.dealer")}</th>}
            <th className="dp-wide">{t("fields.joinedAt")}</th>
          </>
        }
      >
        {page.rows.map((m) => (
          <tr key={m.id} data-row-key={m.id} data-testid="member-row" data-member={m.memberNo}>
            <td className={styles.nowrap}>
              <Link className={`${styles.link} ${own.mono}`} href={`/${MEMBER_ROUTE}?id=${m.id}`} prefetch={false} data-testid="member-link">
                {m.memberNo}
              </Link>
            </td>
            <td data-testid="member-name">{m.name}</td>
            <td className={`dp-wide ${styles.nowrap}`} data-testid="member-phone">
              {m.phone}
            </td>
            <td data-testid="member-tier">{m.tier ? named(m.tier) : <span className={styles.muted}>{t("noTier")}</span>}</td>
            <td className={styles.num} data-testid="member-balance">
              {format.number(m.balance)}
            </td>
            <td className={`${styles.num} dp-wide`}>{format.number(m.earnedTotal)}</td>
            {staff && (
              <td className="dp-wide">
                {named(m.dealer)}
                <span className={styles.sub}>{m.dealer.code}</span>
              </td>
            )}
            <td className={`dp-wide ${styles.nowrap}`}>{day(m.joinedAt)}</td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}
