import "server-only";
import { requirePermission, type Viewer } from "@/lib/auth/viewer";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { earnPoints, takePoints } from "./ledger";
import { memberScope } from "./queries";
import type { TAdjust } from "./schemas";

// A manual adjustment of a member's points (system/memberSystem, POST /members/{id}/adjust):
// holders of memberPoints:adjust, on members of their data scope (else 404), with a reason.
// The ledger (./ledger.ts) is the only code that changes points: an addition is an ADJUST row
// that expires like earned points under the rules in force; a deduction takes the oldest open
// points first and is refused (notEnoughPoints, on `points`) beyond the balance.

export type AdjustResult = { entryId: number; balance: number; tierId: number | null };

/** `months` after `at`, on the same day of the month or the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export async function adjustPoints(viewer: Viewer, ctx: AuditCtx, input: TAdjust, now = new Date()): Promise<AdjustResult> {
  requirePermission(viewer, "memberPoints:adjust");
  const scope = await memberScope(viewer);
  return db().$transaction(async (tx: Tx) => {
    const member = await tx.member.findFirst({ where: { AND: [{ id: input.id }, scope] }, select: { id: true, memberNo: true, balance: true, tierId: true } });
    if (!member) throw new NotFoundError();
    // An administrator's entry carries no dealer (MemberPointEntry.companyId: null).
    const pctx = { companyId: null, userId: viewer.userId, at: now };
    let out: AdjustResult;
    if (input.points > 0) {
      const rule = await tx.memberPointRule.findUnique({ where: { id: 1 }, select: { expiryMonths: true } });
      const months = rule?.expiryMonths ?? 0;
      out = await earnPoints(tx, pctx, { memberId: member.id, kind: "ADJUST", points: input.points, expiresAt: months > 0 ? addMonths(now, months) : null, reason: input.reason });
    } else {
      out = await takePoints(tx, pctx, { memberId: member.id, kind: "ADJUST", points: -input.points, reason: input.reason }, "points");
    }
    await audit(
      tx,
      ctx,
      "Member",
      member.id,
      "adjustPoints",
      { memberNo: member.memberNo, balance: member.balance, tierId: member.tierId },
      { points: input.points, reason: input.reason, entryId: out.entryId, balance: out.balance, tierId: out.tierId },
    );
    return out;
  });
}
