import { formatCode, periodOf, type CodeRuleShape } from "@/lib/codes/format";
import type { Prisma } from "@/lib/generated/prisma/client";

type Rule = CodeRuleShape & { id: number };

/** The next number of a code rule as of `at` (demo documents dated in the past), from the same
 * counter the app's nextCode() advances, so later documents never repeat a demo number. */
export async function seedCode(tx: Prisma.TransactionClient, rule: Rule, at: Date): Promise<string> {
  const [{ value }] = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO "CodeCounter" ("ruleId", "period", "value", "updatedAt") VALUES (${rule.id}, ${periodOf(rule.reset, at)}, 1, now())
    ON CONFLICT ("ruleId", "period") DO UPDATE SET "value" = "CodeCounter"."value" + 1, "updatedAt" = now() RETURNING "value"`;
  return formatCode(rule, at, value);
}
