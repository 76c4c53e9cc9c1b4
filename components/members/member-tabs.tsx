import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { MemberCan } from "@/lib/members/queries";
import { MEMBER_ROUTE, type MemberTab } from "@/lib/members/options";
import own from "./members.module.css";

/** The screen's sections as links (server HTML): Tiers and Rules only for their permission holders. */
export async function MemberTabs({ current, can }: { current: MemberTab; can: MemberCan }) {
  if (!can.tiers && !can.rules) return null;
  const t = await getTranslations("Members.tabs");
  const tabs: { key: MemberTab; href: string; shown: boolean }[] = [
    { key: "members", href: `/${MEMBER_ROUTE}`, shown: true },
    { key: "tiers", href: `/${MEMBER_ROUTE}?tab=tiers`, shown: can.tiers },
    { key: "rules", href: `/${MEMBER_ROUTE}?tab=rules`, shown: can.rules },
  ];
  return (
    <nav className={own.tabs} aria-label={t("label")} data-testid="member-tabs">
      {tabs
        .filter((x) => x.shown)
        .map((x) => (
          <Link key={x.key} href={x.href} className={own.tab} aria-current={x.key === current ? "page" : undefined} data-testid={`member-tab-${x.key}`}>
            {t(x.key)}
          </Link>
        ))}
    </nav>
  );
}
