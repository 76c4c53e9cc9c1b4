import type { CodeReset } from "@/lib/generated/prisma/enums";

// The pure part of document numbers (no database, no server-only): periods, date parts and
// formatting in Asia/Shanghai. next-code.ts allocates; the seed numbers its demo documents.

export type CodeRuleShape = { prefix: string; datePattern: string; seqLength: number; reset: CodeReset };

const shanghai = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar date in Shanghai as yyyy, MM, dd. */
export function shanghaiDate(now: Date): { yyyy: string; MM: string; dd: string } {
  const parts = Object.fromEntries(shanghai.formatToParts(now).map((p) => [p.type, p.value]));
  return { yyyy: parts.year, MM: parts.month, dd: parts.day };
}

/** The counter's period under a reset policy: yyyyMMdd (DAILY), yyyyMM (MONTHLY), "ALL" (NEVER). */
export function periodOf(reset: CodeReset, now: Date): string {
  const d = shanghaiDate(now);
  return reset === "DAILY" ? `${d.yyyy}${d.MM}${d.dd}` : reset === "MONTHLY" ? `${d.yyyy}${d.MM}` : "ALL";
}

/** The date part of a number: "yyyyMMdd", "yyyyMM", "yyyy" or "" (none). */
export function datePart(pattern: string, now: Date): string {
  const d = shanghaiDate(now);
  return pattern.replace("yyyy", d.yyyy).replace("MM", d.MM).replace("dd", d.dd);
}

/** The largest sequence a rule can write in its digits. */
export const maxSequence = (seqLength: number) => 10 ** seqLength - 1;

/** Number `value` of a rule on `now` (no check of the sequence's length). */
export function formatCode(rule: Pick<CodeRuleShape, "prefix" | "datePattern" | "seqLength">, now: Date, value: number): string {
  return `${rule.prefix}${datePart(rule.datePattern, now)}${String(value).padStart(rule.seqLength, "0")}`;
}
