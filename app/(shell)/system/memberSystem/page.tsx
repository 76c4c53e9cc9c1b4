import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { MemberDetail } from "@/components/members/member-detail";
import { MemberList } from "@/components/members/member-list";
import { RulesView } from "@/components/members/rules-view";
import { TierList } from "@/components/members/tier-list";
import { searchUrl } from "@/lib/core/search-url";
import { MEMBER_ROUTE } from "@/lib/members/options";
import { loadMemberRoute } from "@/lib/members/queries";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Members"))("title") };
}

/** system/memberSystem — the member register, a member's ledger at ?id= (another tenant's: 404),
 * and for their permission holders the tiers (?tab=tiers) and point rules (?tab=rules). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen(MEMBER_ROUTE);
  const data = await loadMemberRoute(viewer, searchUrl(MEMBER_ROUTE, await searchParams));
  if (data.kind === "missing") notFound();
  if (data.kind === "detail") return <MemberDetail data={data} />;
  if (data.kind === "tiers") return <TierList data={data} />;
  if (data.kind === "rules") return <RulesView data={data} />;
  return <MemberList data={data} />;
}
