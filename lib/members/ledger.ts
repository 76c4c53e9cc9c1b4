import "server-only";
import type { Tx } from "@/lib/core/tx";
import { DomainError } from "@/lib/errors";
import type { PointEntryKind } from "@/lib/generated/prisma/enums";

// The one way a member's points change. Every change is a MemberPointEntry row written in the
// same transaction as the Member row's balance, so the balance always equals the ledger's sum
// and the sum of what is left of the earned rows (ledger.int.test.ts checks both).
//
// Concurrency: every change starts with one statement on the Member row, which locks it until
// commit, so two changes of one member never interleave. Taking points out is that statement's
// condition (`balance >= n`): concurrent redemptions can never take the balance below zero, and
// a CHECK constraint backs it up. Earned rows are used up oldest first (FIFO); the expiry job
// takes one earned row's remainder, under the same member lock.

export type PointsCtx = { companyId: number | null; userId: number | null; at: Date };
export type PointsResult = { entryId: number; balance: number; tierId: number | null };

type EarnKind = Extract<PointEntryKind, "EARN_SALE" | "EARN_COUNTER" | "ADJUST">;
type TakeKind = Extract<PointEntryKind, "REDEEM" | "ADJUST" | "REVERSE">;

/** Adds `points` (> 0): an earned row whose remainder expires at `expiresAt` (null: never). */
export async function earnPoints(
  tx: Tx,
  ctx: PointsCtx,
  e: { memberId: number; kind: EarnKind; points: number; expiresAt: Date | null; vehicleSaleId?: number | null; documentId?: number | null; reason?: string | null },
): Promise<PointsResult> {
  whole(e.points);
  const [m] = await tx.$queryRaw<{ balance: number }[]>`
    UPDATE "Member" SET "balance" = "balance" + ${e.points}, "earnedTotal" = "earnedTotal" + ${e.points}, "updatedAt" = ${ctx.at}
    WHERE "id" = ${e.memberId} RETURNING "balance"`;
  if (!m) throw new DomainError("Members.errors.notFound", {}, "memberId", 404);
  const entry = await tx.memberPointEntry.create({
    data: {
      memberId: e.memberId,
      companyId: ctx.companyId,
      kind: e.kind,
      points: e.points,
      balanceAfter: m.balance,
      remaining: e.points,
      expiresAt: e.expiresAt,
      vehicleSaleId: e.vehicleSaleId ?? null,
      documentId: e.documentId ?? null,
      reason: e.reason ?? null,
      createdById: ctx.userId,
      createdAt: ctx.at,
    },
    select: { id: true },
  });
  return { entryId: entry.id, balance: m.balance, tierId: await syncTier(tx, e.memberId) };
}

/**
 * Takes `points` (> 0) away, oldest earned points first. Refuses with
 * `Members.errors.notEnoughPoints` (on `field`) when the balance is short, changing nothing.
 */
export async function takePoints(
  tx: Tx,
  ctx: PointsCtx,
  e: { memberId: number; kind: TakeKind; points: number; vehicleSaleId?: number | null; documentId?: number | null; reason?: string | null },
  field = "points",
): Promise<PointsResult> {
  whole(e.points);
  const rows = await tx.$queryRaw<{ balance: number }[]>`
    UPDATE "Member" SET "balance" = "balance" - ${e.points}, "updatedAt" = ${ctx.at}
    WHERE "id" = ${e.memberId} AND "balance" >= ${e.points} RETURNING "balance"`;
  if (!rows.length) {
    const m = await tx.member.findUnique({ where: { id: e.memberId }, select: { balance: true } });
    if (!m) throw new DomainError("Members.errors.notFound", {}, "memberId", 404);
    throw new DomainError("Members.errors.notEnoughPoints", { balance: m.balance, points: e.points }, field, 409);
  }
  // The member row is locked by the update above, so the open rows cannot change under us.
  await tx.$executeRaw`
    UPDATE "MemberPointEntry" e SET "remaining" = e."remaining" - LEAST(e."remaining", ${e.points} - (o."running" - e."remaining"))
    FROM (
      SELECT "id", SUM("remaining") OVER (ORDER BY "id") AS "running"
      FROM "MemberPointEntry" WHERE "memberId" = ${e.memberId} AND "remaining" > 0
    ) o
    WHERE e."id" = o."id" AND o."running" - e."remaining" < ${e.points}`;
  const entry = await tx.memberPointEntry.create({
    data: {
      memberId: e.memberId,
      companyId: ctx.companyId,
      kind: e.kind,
      points: -e.points,
      balanceAfter: rows[0].balance,
      vehicleSaleId: e.vehicleSaleId ?? null,
      documentId: e.documentId ?? null,
      reason: e.reason ?? null,
      createdById: ctx.userId,
      createdAt: ctx.at,
    },
    select: { id: true },
  });
  return { entryId: entry.id, balance: rows[0].balance, tierId: await syncTier(tx, e.memberId) };
}

/**
 * Expires what is left of one earned row if it is due at `at`. Answers null when there is
 * nothing to do (already used up, already expired by another run, or not due), so two
 * instances running the job at once expire each row once.
 */
export async function expireEntry(tx: Tx, entryId: number, at: Date): Promise<PointsResult | null> {
  const [open] = await tx.$queryRaw<{ memberId: number }[]>`SELECT "memberId" FROM "MemberPointEntry" WHERE "id" = ${entryId}`;
  if (!open) return null;
  // The member lock first, as every other change takes it, then the row read under it.
  await tx.$queryRaw`SELECT 1 FROM "Member" WHERE "id" = ${open.memberId} FOR UPDATE`;
  const [due] = await tx.$queryRaw<{ remaining: number }[]>`
    WITH o AS (SELECT "id", "remaining" FROM "MemberPointEntry" WHERE "id" = ${entryId} AND "remaining" > 0 AND "expiresAt" <= ${at})
    UPDATE "MemberPointEntry" e SET "remaining" = 0 FROM o WHERE e."id" = o."id"
    RETURNING o."remaining"`;
  if (!due) return null;
  const [m] = await tx.$queryRaw<{ balance: number }[]>`
    UPDATE "Member" SET "balance" = "balance" - ${due.remaining}, "updatedAt" = ${at} WHERE "id" = ${open.memberId} RETURNING "balance"`;
  const entry = await tx.memberPointEntry.create({
    data: { memberId: open.memberId, companyId: null, kind: "EXPIRE", points: -due.remaining, balanceAfter: m.balance, createdAt: at, reason: `#${entryId}` },
    select: { id: true },
  });
  return { entryId: entry.id, balance: m.balance, tierId: await syncTier(tx, open.memberId) };
}

/** Puts a member in the highest enabled tier its balance reaches (none below every threshold). */
export async function syncTier(tx: Tx, memberId: number): Promise<number | null> {
  const [m] = await tx.$queryRaw<{ tierId: number | null }[]>`
    UPDATE "Member" m SET "tierId" = (
      SELECT t."id" FROM "MemberTier" t WHERE t."enabled" AND t."threshold" <= m."balance" ORDER BY t."threshold" DESC, t."id" LIMIT 1
    ) WHERE m."id" = ${memberId} RETURNING m."tierId"`;
  return m?.tierId ?? null;
}

/** After tiers change: every member whose tier no longer matches its balance moves, in one statement. */
export async function syncAllTiers(tx: Tx): Promise<number> {
  return tx.$executeRaw`
    UPDATE "Member" m SET "tierId" = t."tierId"
    FROM (
      SELECT m2."id", (
        SELECT t."id" FROM "MemberTier" t WHERE t."enabled" AND t."threshold" <= m2."balance" ORDER BY t."threshold" DESC, t."id" LIMIT 1
      ) AS "tierId" FROM "Member" m2
    ) t
    WHERE m."id" = t."id" AND m."tierId" IS DISTINCT FROM t."tierId"`;
}

/** Points earned on `amount` yuan at `rate` points per yuan, rounded down. */
export function pointsFor(amount: number, rate: number): number {
  if (!(amount > 0) || !(rate > 0)) return 0;
  return Math.floor(Math.round(amount * rate * 10000) / 10000);
}

function whole(points: number): void {
  if (!Number.isSafeInteger(points) || points <= 0) throw new DomainError("Members.errors.pointsPositive", {}, "points");
}
