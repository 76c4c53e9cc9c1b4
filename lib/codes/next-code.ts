import "server-only";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";

// Document numbers: prefix + date in Asia/Shanghai + zero-padded
// sequence, e.g. SO20261121000001. The sequence lives in CodeCounter, one row per rule and
// period (the day, the month or "ALL"), and is advanced by one atomic statement, so parallel
// allocations never see the same value; inside the caller's transaction a rollback gives the
// number back.

export { datePart, formatCode, maxSequence, periodOf, shanghaiDate, type CodeRuleShape } from "./format";
import { formatCode, maxSequence, periodOf, type CodeRuleShape } from "./format";

/**
 * The next number of the rule `ruleCode`, consumed. Pass `tx` to allocate inside the document's
 * transaction (the number is given back if it rolls back) and `now` to allocate for another
 * moment (tests). A missing or disabled rule, and a sequence that outgrows its digits, are
 * DomainErrors.
 */
export async function nextCode(ruleCode: string, opts: { tx?: Tx; now?: Date } = {}): Promise<string> {
  const client = opts.tx ?? db();
  const now = opts.now ?? new Date();
  // One statement (order submission takes a number per order): the rule is read and its counter
  // for the period bumped together. The period depends on the rule's reset, so every reset's
  // period is passed and the rule picks its own.
  const rows = await client.$queryRaw<(CodeRuleShape & { id: number; code: string; value: number })[]>`
    WITH rule AS (
      SELECT "id", "code", "prefix", "datePattern", "seqLength", "reset"::text AS "reset",
             CASE "reset" WHEN 'DAILY' THEN ${periodOf("DAILY", now)} WHEN 'MONTHLY' THEN ${periodOf("MONTHLY", now)} ELSE ${periodOf("NEVER", now)} END AS "period"
      FROM "CodeRule" WHERE "code" = ${ruleCode} AND "enabled"
    ), counter AS (
      INSERT INTO "CodeCounter" ("ruleId", "period", "value", "updatedAt") SELECT "id", "period", 1, now() FROM rule
      ON CONFLICT ("ruleId", "period") DO UPDATE SET "value" = "CodeCounter"."value" + 1, "updatedAt" = now()
      RETURNING "value"
    )
    SELECT rule.*, counter."value" FROM rule, counter`;
  if (!rows.length) {
    const rule = await client.codeRule.findUnique({ where: { code: ruleCode }, select: { enabled: true } });
    if (!rule) throw new DomainError("CodeRuleAdmin.errors.missing", { code: ruleCode }, undefined, 500);
    throw new DomainError("CodeRuleAdmin.errors.disabled", { code: ruleCode }, undefined, 409);
  }
  const { value, ...rule } = rows[0];
  const period = periodOf(rule.reset, now);
  if (value > maxSequence(rule.seqLength)) throw new DomainError("CodeRuleAdmin.errors.overflow", { code: rule.code, period, max: maxSequence(rule.seqLength) }, undefined, 409);
  return formatCode(rule, now, value);
}

/** The number the rule would hand out next, without consuming it. */
export async function previewCode(rule: CodeRuleShape & { id: number }, opts: { tx?: Tx; now?: Date } = {}): Promise<string> {
  const now = opts.now ?? new Date();
  const counter = await (opts.tx ?? db()).codeCounter.findUnique({ where: { ruleId_period: { ruleId: rule.id, period: periodOf(rule.reset, now) } }, select: { value: true } });
  return formatCode(rule, now, (counter?.value ?? 0) + 1);
}
