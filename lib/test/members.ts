// Membership test helpers (plain TypeScript over Prisma, like ./factories.ts): unique phones,
// a member made directly, the rule set to known values, and the points ledger's invariants.
import { randomInt } from "node:crypto";
import { db } from "@/lib/db";

/** A mobile number nobody else uses (Member.phone is unique across the network and test runs). */
export const newPhone = () => `19${String(randomInt(0, 1e9)).padStart(9, "0")}`;

/** Sets the point rule (row id 1) to these values; answers a function that puts back what was there. */
export async function useRule(r: { vehicleRate: string; counterRate: string; redeemValue: string; expiryMonths: number }): Promise<() => Promise<void>> {
  const before = await db().memberPointRule.findUnique({ where: { id: 1 } });
  await db().memberPointRule.upsert({ where: { id: 1 }, create: { id: 1, ...r }, update: r });
  return async () => {
    if (before) {
      const { id: _id, updatedAt: _at, ...keep } = before;
      await db().memberPointRule.update({ where: { id: 1 }, data: keep });
    } else await db().memberPointRule.delete({ where: { id: 1 } });
  };
}

/** The tier a balance reaches (highest enabled threshold at or below it), as the ledger's syncTier picks it. */
export async function tierFor(balance: number): Promise<number | null> {
  const t = await db().memberTier.findFirst({ where: { enabled: true, threshold: { lte: balance } }, orderBy: [{ threshold: "desc" }, { id: "asc" }], select: { id: true } });
  return t?.id ?? null;
}

/** Checks one member: balance = sum of its entries = sum of what is left of open rows, never
 * negative, the last entry's balanceAfter is the balance, the tier is the one the balance reaches. */
export async function ledgerProblems(memberId: number): Promise<string[]> {
  const m = await db().member.findUniqueOrThrow({ where: { id: memberId }, select: { balance: true, tierId: true, earnedTotal: true } });
  const sums = await db().memberPointEntry.aggregate({ where: { memberId }, _sum: { points: true, remaining: true } });
  const earned = await db().memberPointEntry.aggregate({ where: { memberId, kind: { in: ["EARN_SALE", "EARN_COUNTER"] } }, _sum: { points: true } });
  const negative = await db().memberPointEntry.count({ where: { memberId, OR: [{ remaining: { lt: 0 } }, { balanceAfter: { lt: 0 } }] } });
  const last = await db().memberPointEntry.findFirst({ where: { memberId }, orderBy: { id: "desc" }, select: { balanceAfter: true } });
  const problems: string[] = [];
  if (m.balance < 0) problems.push(`balance ${m.balance} < 0`);
  if ((sums._sum.points ?? 0) !== m.balance) problems.push(`sum of entries ${sums._sum.points} ≠ balance ${m.balance}`);
  if ((sums._sum.remaining ?? 0) !== m.balance) problems.push(`sum of remaining ${sums._sum.remaining} ≠ balance ${m.balance}`);
  if (negative) problems.push(`${negative} rows below zero`);
  if ((last?.balanceAfter ?? 0) !== m.balance) problems.push(`last balanceAfter ${last?.balanceAfter} ≠ balance ${m.balance}`);
  if ((earned._sum.points ?? 0) > m.earnedTotal) problems.push(`earned rows ${earned._sum.points} > earnedTotal ${m.earnedTotal}`);
  if (m.tierId !== (await tierFor(m.balance))) problems.push(`tier ${m.tierId} is not the balance's`);
  return problems;
}
