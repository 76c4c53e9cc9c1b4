import "server-only";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { addMonths } from "@/lib/vehicles/warranty";

// The point rules (MemberPointRule, one row, id 1) and a tier's counter-sale discount, as the
// sale hooks read them. The rule is read in the transaction that uses it (one row by primary
// key): no per-process cache to invalidate when an administrator changes it, and a sale never
// mixes an old rate with a new one. A database without the row (seeded before issue 21, or a
// row deleted by hand) uses DEFAULT_RULE, the seed's values.

export type PointRule = { vehicleRate: number; counterRate: number; redeemValue: Prisma.Decimal; expiryMonths: number };

/** prisma/seed/members.ts writes the same values. */
export const DEFAULT_RULE = { vehicleRate: "0.01", counterRate: "1", redeemValue: "0.01", expiryMonths: 24 } as const;

/** The point rule now (inside `client`'s transaction when given). */
export async function pointRule(client: Tx = db()): Promise<PointRule> {
  const r = await client.memberPointRule.findUnique({ where: { id: 1 }, select: { vehicleRate: true, counterRate: true, redeemValue: true, expiryMonths: true } });
  const v = r ?? { ...DEFAULT_RULE, vehicleRate: new Prisma.Decimal(DEFAULT_RULE.vehicleRate), counterRate: new Prisma.Decimal(DEFAULT_RULE.counterRate) };
  return {
    vehicleRate: Number(v.vehicleRate),
    counterRate: Number(v.counterRate),
    redeemValue: new Prisma.Decimal(v.redeemValue),
    expiryMonths: v.expiryMonths,
  };
}

/** The counter-sale discount percentage of a member's tier (0 without a tier or when it is disabled). */
export async function tierDiscount(client: Tx, tierId: number | null): Promise<Prisma.Decimal> {
  if (!tierId) return new Prisma.Decimal(0);
  const t = await client.memberTier.findUnique({ where: { id: tierId }, select: { discountPct: true, enabled: true } });
  return t?.enabled ? t.discountPct : new Prisma.Decimal(0);
}

/** When points earned at `at` expire: `months` calendar months later on the Beijing clock (the
 * same wall-clock time, a day the month lacks becoming its last), or never when `months` is 0. */
export function expiryFor(at: Date, months: number): Date | null {
  if (!(months > 0)) return null;
  const shifted = new Date(at.getTime() + 8 * 3_600_000);
  const day = addMonths(shifted.toISOString().slice(0, 10), months);
  return new Date(`${day}T${shifted.toISOString().slice(11, 23)}+08:00`);
}

/** The discount a tier takes off `amount`, rounded half up to the cent. */
export function discountOf(amount: Prisma.Decimal, pct: Prisma.Decimal): Prisma.Decimal {
  return amount.mul(pct).div(100).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
}

/** What `points` are worth at a counter, rounded half up to the cent. */
export function redeemValueOf(points: number, redeemValue: Prisma.Decimal): Prisma.Decimal {
  return redeemValue.mul(points).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
}
