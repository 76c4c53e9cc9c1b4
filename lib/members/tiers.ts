import "server-only";
import { hasPermission, ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { syncAllTiers } from "./ledger";
import type { TRuleSave, TTierSave } from "./schemas";

// Tiers and point rules (system/memberSystem, tabs Tiers and Rules): small tables read whole
// and written one transaction each with an audit row. A change of a threshold or of whether a
// tier is enabled moves the members whose tier no longer fits their balance in the same
// transaction (ledger.ts syncAllTiers), so a member's tier always follows the tiers in force.

export type TierRow = {
  id: number;
  code: string;
  nameEn: string;
  nameZh: string;
  threshold: number;
  benefitsEn: string | null;
  benefitsZh: string | null;
  /** Decimal text with two places ("5.00"). */
  discountPct: string;
  enabled: boolean;
  members: number;
  updatedAt: string;
};

export type RuleView = {
  /** Decimal text with four places; null until the rules are first saved. */
  vehicleRate: string;
  counterRate: string;
  redeemValue: string;
  expiryMonths: number;
  saved: boolean;
  updatedAt: string | null;
};

/** A tier list of more than this many is not a tier list: the read is bounded all the same. */
export const MAX_TIERS = 100;

const TIER_SELECT = {
  id: true,
  code: true,
  nameEn: true,
  nameZh: true,
  threshold: true,
  benefitsEn: true,
  benefitsZh: true,
  discountPct: true,
  enabled: true,
  updatedAt: true,
  _count: { select: { members: true } },
} as const;

/** Holders of the permission only (tiers and rules are no dealer's business: 403). */
export function requireMemberAdmin(viewer: Viewer, permission: "memberTier:manage" | "memberRule:manage"): void {
  if (!hasPermission(viewer, permission)) throw new ForbiddenError(permission);
}

/** Every tier by threshold (enabled first at equal thresholds), with its member count. */
export async function listTiers(): Promise<TierRow[]> {
  const rows = await db().memberTier.findMany({ orderBy: [{ threshold: "asc" }, { enabled: "desc" }, { id: "asc" }], take: MAX_TIERS, select: TIER_SELECT });
  return rows.map(({ _count, discountPct, updatedAt, ...t }) => ({ ...t, discountPct: discountPct.toFixed(2), members: _count.members, updatedAt: updatedAt.toISOString() }));
}

const WRITE = { id: true, code: true, nameEn: true, nameZh: true, threshold: true, benefitsEn: true, benefitsZh: true, discountPct: true, enabled: true } as const;
type TierWrite = Awaited<ReturnType<typeof readTier>>;
const readTier = (tx: Tx, id: number) => tx.memberTier.findUnique({ where: { id }, select: WRITE });
const plain = (t: NonNullable<TierWrite>) => ({ ...t, discountPct: t.discountPct.toFixed(2) });

/** Tier writers take turns: the code and the enabled thresholds are checked against what is committed. */
const lockTiers = (tx: Tx) => tx.$executeRaw`LOCK TABLE "MemberTier" IN SHARE ROW EXCLUSIVE MODE`;

/** Creates or updates a tier; the code is unique (any case) and an enabled tier's threshold is
 * unique among enabled tiers. Members move when the threshold or the enabled flag changed. */
export async function saveTier(ctx: AuditCtx, input: TTierSave): Promise<TierRow> {
  const row = await db().$transaction(async (tx: Tx) => {
    await lockTiers(tx);
    const { id, ...data } = input;
    const clash = await tx.memberTier.findFirst({ where: { code: { equals: data.code, mode: "insensitive" }, ...(id ? { NOT: { id } } : {}) }, select: { id: true } });
    if (clash) throw new DomainError("Members.errors.codeTaken", { code: data.code }, "code");
    if (data.enabled) {
      const same = await tx.memberTier.findFirst({ where: { enabled: true, threshold: data.threshold, ...(id ? { NOT: { id } } : {}) }, select: { code: true } });
      if (same) throw new DomainError("Members.errors.thresholdTaken", { code: same.code, threshold: data.threshold }, "threshold");
    }
    const values = { ...data, discountPct: data.discountPct.toFixed(2) };
    if (!id) {
      const created = await tx.memberTier.create({ data: values, select: WRITE });
      await audit(tx, ctx, "MemberTier", created.id, "create", null, plain(created));
      if (created.enabled) await syncAllTiers(tx);
      return created;
    }
    const before = await readTier(tx, id);
    if (!before) throw new NotFoundError();
    const updated = await tx.memberTier.update({ where: { id }, data: values, select: WRITE });
    await audit(tx, ctx, "MemberTier", id, "update", plain(before), plain(updated));
    if (before.threshold !== updated.threshold || before.enabled !== updated.enabled) await syncAllTiers(tx);
    return updated;
  });
  return (await listTiers()).find((t) => t.id === row.id)!;
}

/**
 * Deletes a tier no member is in. A tier with members is refused (disable it instead: its
 * members then move to the tier their balance reaches, and the history keeps its name).
 */
export async function deleteTier(ctx: AuditCtx, id: number): Promise<{ id: number }> {
  return db().$transaction(async (tx: Tx) => {
    await lockTiers(tx);
    const before = await readTier(tx, id);
    if (!before) throw new NotFoundError();
    const members = await tx.member.count({ where: { tierId: id } });
    if (members) throw new DomainError("Members.errors.tierInUse", { code: before.code, count: members }, undefined, 409);
    await tx.memberTier.delete({ where: { id } });
    await audit(tx, ctx, "MemberTier", id, "delete", plain(before), null);
    return { id };
  });
}

const DEFAULT_RULES = { vehicleRate: "0.0000", counterRate: "0.0000", redeemValue: "0.0000", expiryMonths: 0 };

/** The point rules (the one row, id 1); zeros and `saved: false` before anyone saved them. */
export async function getRules(): Promise<RuleView> {
  const r = await db().memberPointRule.findUnique({ where: { id: 1 } });
  if (!r) return { ...DEFAULT_RULES, saved: false, updatedAt: null };
  return {
    vehicleRate: r.vehicleRate.toFixed(4),
    counterRate: r.counterRate.toFixed(4),
    redeemValue: r.redeemValue.toFixed(4),
    expiryMonths: r.expiryMonths,
    saved: true,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Saves the rules (creating the row the first time). Points already earned keep their expiry. */
export async function saveRules(ctx: AuditCtx, input: TRuleSave): Promise<RuleView> {
  await db().$transaction(async (tx: Tx) => {
    // The row lock orders two saves; the audit row says what each replaced.
    const [before] = await tx.$queryRaw<{ vehicleRate: string; counterRate: string; redeemValue: string; expiryMonths: number }[]>`
      SELECT "vehicleRate"::text, "counterRate"::text, "redeemValue"::text, "expiryMonths" FROM "MemberPointRule" WHERE "id" = 1 FOR UPDATE`;
    const data = {
      vehicleRate: input.vehicleRate.toFixed(4),
      counterRate: input.counterRate.toFixed(4),
      redeemValue: input.redeemValue.toFixed(4),
      expiryMonths: input.expiryMonths,
      updatedById: ctx.userId,
    };
    await tx.memberPointRule.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
    await audit(tx, ctx, "MemberPointRule", 1, before ? "update" : "create", before ?? null, data);
  });
  return getRules();
}
