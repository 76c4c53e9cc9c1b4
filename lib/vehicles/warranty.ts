// Warranty dates (issue 6): the warranty starts on the sale day and lasts
// a whole number of months. Days are calendar days "YYYY-MM-DD" (Asia/Shanghai), computed
// without time zones. Client-safe.

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) throw new RangeError(`not a day: ${day}`);
  return [y, mo, d];
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const fmt = (y: number, m: number, d: number) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** `day` plus `months` calendar months; a day the target month lacks becomes its last day
 * (2024-01-31 + 1 → 2024-02-29; 2024-02-29 + 12 → 2025-02-28). */
export function addMonths(day: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError(`months must be whole: ${months}`);
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return fmt(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** The day before `day`. */
export function previousDay(day: string): string {
  const [y, m, d] = parts(day);
  const t = new Date(Date.UTC(y, m - 1, d) - 86_400_000);
  return fmt(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The last day covered by a warranty of `months` starting on `start` (inclusive): the day
 * before the same date `months` later, e.g. 2026-03-15 + 36 → 2029-03-14; month ends clamp
 * first (2024-02-29 + 12 → 2025-02-27, the day before 2025-02-28). */
export function warrantyEnd(start: string, months: number): string {
  if (months < 1) throw new RangeError(`a warranty lasts at least a month: ${months}`);
  return previousDay(addMonths(start, months));
}

export type WarrantyState = "NOT_STARTED" | "IN_WARRANTY" | "EXPIRED";

/** The warranty_state dictionary value of a vehicle on `today` (both ends inclusive). */
export function warrantyState(start: string | null, end: string | null, today: string): WarrantyState {
  if (!start || !end || today < start) return "NOT_STARTED";
  return today <= end ? "IN_WARRANTY" : "EXPIRED";
}
