import "server-only";
import { defineResource } from "@/lib/admin/resource";
import type { Tx } from "@/lib/core/tx";
import { formatCode, maxSequence, periodOf } from "@/lib/codes/next-code";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { CODE_RESETS, patternCoversReset, SYSTEM_CODE_RULES, type TCodeRuleSave } from "./code-rule-schemas";

// Numbering rules (system/codeRule): the list with each rule's counter in the current period and
// its next number, the export, and the writes. Allocation itself is lib/codes/next-code.ts.

const SELECT = {
  id: true,
  code: true,
  nameEn: true,
  nameZh: true,
  prefix: true,
  datePattern: true,
  seqLength: true,
  reset: true,
  enabled: true,
  updatedAt: true,
  _count: { select: { counters: true } },
} as const;
type Raw = Prisma.CodeRuleGetPayload<{ select: typeof SELECT }>;
export type CodeRuleRow = Omit<Raw, "_count" | "updatedAt"> & {
  updatedAt: string;
  system: boolean;
  /** The current period and the last value handed out in it (0: none yet). */
  period: string;
  value: number;
  /** The next number, and whether the sequence has run out of digits in this period. */
  preview: string;
  exhausted: boolean;
  counters: number;
};

/** Rows with their current period's counter: one more query for the whole page. */
async function withCounters(rules: Raw[], now = new Date()): Promise<CodeRuleRow[]> {
  const periods = rules.map((r) => ({ ruleId: r.id, period: periodOf(r.reset, now) }));
  const counters = periods.length ? await db().codeCounter.findMany({ where: { OR: periods }, select: { ruleId: true, value: true } }) : [];
  const values = new Map(counters.map((c) => [c.ruleId, c.value]));
  return rules.map(({ _count, updatedAt, ...r }, i) => {
    const value = values.get(r.id) ?? 0;
    return {
      ...r,
      updatedAt: updatedAt.toISOString(),
      system: SYSTEM_CODE_RULES.includes(r.code),
      counters: _count.counters,
      period: periods[i].period,
      value,
      preview: formatCode(r, now, value + 1),
      exhausted: value >= maxSequence(r.seqLength),
    };
  });
}

export const codeRuleResource = defineResource<CodeRuleRow, Prisma.CodeRuleWhereInput>({
  name: "codeRule",
  route: "system/codeRule",
  labels: "CodeRuleAdmin",
  spec: {
    filters: [
      { name: "keyword", type: "text", max: 100 },
      { name: "reset", type: "select", options: CODE_RESETS },
      { name: "enabled", type: "boolean" },
    ],
    sorts: ["code", "updatedAt"],
    defaultSort: { field: "code", order: "asc" },
  },
  permissions: { create: "codeRule:create", update: "codeRule:update", delete: "codeRule:delete", export: "codeRule:export" },
  where: (_viewer, f) => ({
    ...(typeof f.keyword === "string"
      ? {
          OR: [
            { code: { startsWith: f.keyword, mode: "insensitive" } },
            { prefix: { startsWith: f.keyword, mode: "insensitive" } },
            { nameEn: { contains: f.keyword, mode: "insensitive" } },
            { nameZh: { contains: f.keyword } },
          ],
        }
      : {}),
    ...(typeof f.reset === "string" ? { reset: f.reset as (typeof CODE_RESETS)[number] } : {}),
    ...(typeof f.enabled === "boolean" ? { enabled: f.enabled } : {}),
  }),
  page: async ({ where, sort, skip, take }) =>
    withCounters(await db().codeRule.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: SELECT })),
  count: (where) => db().codeRule.count({ where }),
  batch: async (where, after, take) =>
    withCounters(await db().codeRule.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: SELECT })),
  key: (r) => r.id,
  exportColumns: [
    { key: "code", width: 12, value: (r) => r.code },
    { key: "nameEn", width: 28, value: (r) => r.nameEn },
    { key: "nameZh", width: 20, value: (r) => r.nameZh },
    { key: "prefix", width: 10, value: (r) => r.prefix },
    { key: "datePattern", width: 12, value: (r, c) => c.t(`CodeRuleAdmin.options.datePattern.${r.datePattern || "none"}`) },
    { key: "seqLength", width: 10, value: (r) => r.seqLength },
    { key: "reset", width: 12, value: (r, c) => c.t(`CodeRuleAdmin.options.reset.${r.reset}`) },
    { key: "enabled", width: 10, value: (r, c) => c.t(r.enabled ? "Admin.yes" : "Admin.no") },
    { key: "period", width: 12, value: (r) => r.period },
    { key: "value", width: 10, value: (r) => r.value },
    { key: "preview", width: 24, value: (r) => r.preview },
  ],
});

const WRITE = { id: true, code: true, nameEn: true, nameZh: true, prefix: true, datePattern: true, seqLength: true, reset: true, enabled: true } as const;

/** Prefix, date pattern, length and names may change while counters run; the reset policy
 * may not (a new period scheme could hand out a number again), nor a system rule's code. */
export async function saveCodeRule(ctx: AuditCtx, input: TCodeRuleSave) {
  return db().$transaction(async (tx: Tx) => {
    const { id, ...data } = input;
    if (!patternCoversReset(data.datePattern, data.reset)) throw new DomainError("CodeRuleAdmin.errors.patternTooShort", {}, "datePattern");
    const clash = await tx.codeRule.findFirst({ where: { code: { equals: data.code, mode: "insensitive" }, NOT: id ? { id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("CodeRuleAdmin.errors.codeTaken", { code: data.code }, "code");
    if (!id) {
      const row = await tx.codeRule.create({ data, select: WRITE });
      await audit(tx, ctx, "CodeRule", row.id, "create", null, row);
      return row;
    }
    const found = await tx.codeRule.findUnique({ where: { id }, select: { ...WRITE, _count: { select: { counters: true } } } });
    if (!found) throw new NotFoundError();
    const { _count, ...before } = found;
    if (SYSTEM_CODE_RULES.includes(before.code) && data.code !== before.code) throw new DomainError("CodeRuleAdmin.errors.systemCode", { code: before.code }, "code");
    if (_count.counters && data.reset !== before.reset) throw new DomainError("CodeRuleAdmin.errors.resetLocked", {}, "reset");
    const row = await tx.codeRule.update({ where: { id }, data, select: WRITE });
    await audit(tx, ctx, "CodeRule", id, "update", before, row);
    return row;
  });
}

/** Deletes all the selected rules (with their counters) or none: system rules stay. */
export async function deleteCodeRules(ctx: AuditCtx, ids: number[]) {
  return db().$transaction(async (tx: Tx) => {
    const rows = await tx.codeRule.findMany({ where: { id: { in: ids } }, select: WRITE });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    const system = rows.find((r) => SYSTEM_CODE_RULES.includes(r.code));
    if (system) throw new DomainError("CodeRuleAdmin.errors.system", { code: system.code });
    await tx.codeRule.deleteMany({ where: { id: { in: ids } } });
    for (const r of rows) await audit(tx, ctx, "CodeRule", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
}
