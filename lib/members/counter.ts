import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { maskPhone } from "@/lib/vehicles/sales/lists";
import { dealerCompany } from "@/lib/wms/access";
import { expireEntry } from "./ledger";
import { maskName } from "./options";
import { pointRule, tierDiscount } from "./rules";

// A member at a dealer's counter (customerWms/pointOfSale): any member of the network may be
// served by any dealer, so the lookup is by the exact phone the customer gives (no search, no
// partial match) and answers only what the counter needs: the number, the name and phone
// masked, the tier, the points that can be redeemed and what one point is worth. Nothing else
// of the member (the enrolling dealer, the ledger) leaves the member screens.

export type CounterMember = {
  memberNo: string;
  /** Masked: 张*, L* N*. */
  name: string;
  /** Masked: 138****0000. */
  phone: string;
  tier: { code: string; nameEn: string; nameZh: string; discountPct: string } | null;
  /** Points that can be redeemed now (the balance less points already due to expire). */
  balance: number;
  /** Yuan one point is worth. */
  redeemValue: string;
};

/** The counter's lookup by exact phone; an unknown phone is WmsPos.errors.memberNotFound. */
export async function memberAtCounter(viewer: Viewer, phone: string, now = new Date()): Promise<CounterMember> {
  dealerCompany(viewer, "pos:sell");
  const m = await db().member.findUnique({
    where: { phone },
    select: { id: true, memberNo: true, name: true, phone: true, balance: true, tier: { select: { code: true, nameEn: true, nameZh: true, discountPct: true, enabled: true } } },
  });
  if (!m) throw new DomainError("WmsPos.errors.memberNotFound", {}, "memberPhone", 404);
  const [due, rule] = await Promise.all([
    db().memberPointEntry.aggregate({ where: { memberId: m.id, remaining: { gt: 0 }, expiresAt: { lte: now } }, _sum: { remaining: true } }),
    pointRule(),
  ]);
  const tier = m.tier?.enabled ? m.tier : null;
  return {
    memberNo: m.memberNo,
    name: maskName(m.name),
    phone: maskPhone(m.phone),
    tier: tier ? { code: tier.code, nameEn: tier.nameEn, nameZh: tier.nameZh, discountPct: tier.discountPct.toFixed(2) } : null,
    balance: Math.max(0, m.balance - (due._sum.remaining ?? 0)),
    redeemValue: rule.redeemValue.toFixed(4),
  };
}

/** The member a counter sale serves, locked for the rest of the sale's transaction (a counter
 * sale takes the member's lock before any stock lock, always in that order, so two sales of one
 * member queue on the member and never deadlock on stock), with the points due to expire expired
 * first (what is redeemed is never points that have lapsed), and its tier's discount now. */
export async function memberForSale(tx: Tx, phone: string, at: Date): Promise<{ id: number; discountPct: Prisma.Decimal }> {
  const [m] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Member" WHERE "phone" = ${phone} FOR UPDATE`;
  if (!m) throw new DomainError("WmsPos.errors.memberNotFound", {}, "memberPhone", 404);
  const due = await tx.memberPointEntry.findMany({ where: { memberId: m.id, remaining: { gt: 0 }, expiresAt: { lte: at } }, select: { id: true }, orderBy: { id: "asc" } });
  for (const e of due) await expireEntry(tx, e.id, at);
  const now = await tx.member.findUniqueOrThrow({ where: { id: m.id }, select: { tierId: true } });
  return { id: m.id, discountPct: await tierDiscount(tx, now.tierId) };
}
