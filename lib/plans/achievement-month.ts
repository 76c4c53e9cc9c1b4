// Calendar months of plan achievement (crm/customerPlan), in Asia/Shanghai (UTC+8, no daylight
// saving). A month is written "YYYY-MM" in URLs and answers; a plan's month is its first day.
// Client-safe: no server imports.

export const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const SHANGHAI_MS = 8 * 3_600_000;
/** The months the chart shows, ending with the chosen month. */
export const SERIES_MONTHS = 12;

/** The current month in Shanghai. */
export function currentMonth(now = new Date()): string {
  const local = new Date(now.getTime() + SHANGHAI_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** A valid "YYYY-MM" between 2000 and 2100, else null. */
export function parseMonth(raw: string | null | undefined): string | null {
  const m = MONTH_RE.exec(raw?.trim() ?? "");
  if (!m) return null;
  const y = Number(m[1]);
  return y >= 2000 && y <= 2100 ? `${m[1]}-${m[2]}` : null;
}

/** The month `n` months after (negative: before). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
}

/** The plan's month column: the first day ("2026-11-01"). */
export const monthDay = (month: string): string => `${month}-01`;

/** The month's instants: [start, end) of its days in Shanghai, as UTC instants. */
export function monthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split("-").map(Number);
  return { start: new Date(Date.UTC(y, m - 1, 1) - SHANGHAI_MS), end: new Date(Date.UTC(y, m, 1) - SHANGHAI_MS) };
}

/** `months` months ending with `last`, oldest first. */
export function monthsEnding(last: string, months = SERIES_MONTHS): string[] {
  return Array.from({ length: months }, (_, i) => addMonths(last, i - months + 1));
}

/** actual ÷ planned as a percentage with one decimal; null when there is no target (0 or none). */
export function percent(actual: number, planned: number | null): number | null {
  if (planned === null || planned <= 0) return null;
  return Math.round((actual * 1000) / planned) / 10;
}
