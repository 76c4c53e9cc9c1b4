import "server-only";
import { nextCode } from "@/lib/codes/next-code";
import type { Tx } from "@/lib/core/tx";
import { syncTier } from "./ledger";

// Enrolment: a vehicle owner who agreed at a retail sale becomes a member. Members are keyed by
// phone across the network (Member.phone is unique): the same phone at another dealer finds the
// member the first dealer enrolled, and Member.companyId stays that first dealer. Two sales of
// one phone at once make one member: the insert is ON CONFLICT (phone) DO NOTHING, which waits
// for the other transaction and then answers nothing, and the row is read afterwards. The
// number (code rule MB) is taken before the insert, so such a race leaves a gap in the numbers,
// never a duplicate.

export type Enrolled = { id: number; memberNo: string; created: boolean };

export const MEMBER_CODE_RULE = "MB";

export async function enrollMember(tx: Tx, m: { phone: string; name: string; companyId: number; at: Date }): Promise<Enrolled> {
  const found = await tx.member.findUnique({ where: { phone: m.phone }, select: { id: true, memberNo: true } });
  if (found) return { ...found, created: false };
  const memberNo = await nextCode(MEMBER_CODE_RULE, { tx, now: m.at });
  const [made] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Member" ("memberNo", "phone", "name", "companyId", "balance", "earnedTotal", "consentAt", "createdAt", "updatedAt")
    VALUES (${memberNo}, ${m.phone}, ${m.name}, ${m.companyId}, 0, 0, ${m.at}, ${m.at}, ${m.at})
    ON CONFLICT ("phone") DO NOTHING RETURNING "id"`;
  if (made) {
    // A new member starts in the tier a balance of 0 reaches (the seed's STANDARD).
    await syncTier(tx, made.id);
    return { id: made.id, memberNo, created: true };
  }
  const other = await tx.member.findUniqueOrThrow({ where: { phone: m.phone }, select: { id: true, memberNo: true } });
  return { ...other, created: false };
}
