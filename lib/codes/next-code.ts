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
  const rule = await client.codeRule.findUnique({
    where: { code: ruleCode },
    select: { id: true, code: true, prefix: true, datePattern: true, seqLength: true, reset: true, enabled: true },
  });
  if (!rule) throw new DomainError("CodeRuleAdmin.errors.missing", { code: ruleCode }, undefined, 500);
  if (!rule.enabled) throw new DomainError("CodeRuleAdmin.errors.disabled", { code: ruleCode }, undefined, 409);
  const period = periodOf(rule.reset, now);
  const [{ value }] = await client.$queryRaw<{ value: number }[]>`
    INSERT INTO "CodeCounter" ("ruleId", "period", "value", "updatedAt") VALUES (${rule.id}, ${period}, 1, now())
    ON CONFLICT ("ruleId", "period") DO UPDATE SET "value" = "CodeCounter"."value" + 1, "updatedAt" = now()
    RETURNING "value"`;
  if (value > maxSequence(rule.seqLength)) throw new DomainError("CodeRuleAdmin.errors.overflow", { code: rule.code, period, max: maxSequence(rule.seqLength) }, undefined, 409);
  return formatCode(rule, now, value);
}

/** The number the rule would hand out next, without consuming it. */
export async function previewCode(rule: CodeRuleShape & { id: number }, opts: { tx?: Tx; now?: Date } = {}): Promise<string> {
  const now = opts.now ?? new Date();
  const counter = await (opts.tx ?? db()).codeCounter.findUnique({ where: { ruleId_period: { ruleId: rule.id, period: periodOf(rule.reset, now) } }, select: { value: true } });
  return formatCode(rule, now, (counter?.value ?? 0) + 1);
}
