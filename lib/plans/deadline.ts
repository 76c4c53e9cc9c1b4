// Plan months and deadlines (client-safe, pure). A plan is for a calendar month ("YYYY-MM",
// stored as its first day in a DATE column). The deadline of month M is the end of day
// `plan.deadlineDay` of month M−1 in Asia/Shanghai (UTC+8, no daylight saving): dealers edit,
// submit and revise until then. The reminder job runs from `plan.reminderDaysBefore` days before
// that day until the deadline (lib/plans/job.ts).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Months a dealer may plan ahead: next month and up to this many months after today's. */
export const MONTHS_AHEAD = 3;

export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** "YYYY-MM" plus `n` months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** Today's month in Asia/Shanghai. */
export function shanghaiMonth(now: Date): string {
  return new Date(now.getTime() + 8 * HOUR).toISOString().slice(0, 7);
}

/** Today in Asia/Shanghai, YYYY-MM-DD. */
export function shanghaiToday(now: Date): string {
  return new Date(now.getTime() + 8 * HOUR).toISOString().slice(0, 10);
}

/** The DATE value of a month (its first day, UTC midnight as Prisma hands DATE columns over). */
export const monthDate = (month: string): Date => new Date(`${month}-01T00:00:00Z`);
/** A DATE column's month as "YYYY-MM". */
export const monthOf = (d: Date): string => d.toISOString().slice(0, 7);

export type Deadline = {
  /** The last calendar day (Asia/Shanghai) dealers may hand the plan in, YYYY-MM-DD. */
  day: string;
  /** The instant it ends (exclusive): midnight in Shanghai after `day`. */
  endsAt: Date;
};

/** The deadline of `month`: the end of day `deadlineDay` (clamped to the month's length) of the month before. */
export function planDeadline(month: string, deadlineDay: number): Deadline {
  const prev = addMonths(month, -1);
  const [y, m] = prev.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const d = Math.min(Math.max(1, Math.floor(deadlineDay)), last);
  const day = `${prev}-${String(d).padStart(2, "0")}`;
  // Midnight after `day` in Shanghai = 16:00 UTC of `day`.
  const endsAt = new Date(Date.parse(`${day}T00:00:00Z`) + DAY - 8 * HOUR);
  return { day, endsAt };
}

export const beforeDeadline = (month: string, deadlineDay: number, now: Date): boolean => now.getTime() < planDeadline(month, deadlineDay).endsAt.getTime();

/** The months a dealer may create a plan for: next month up to MONTHS_AHEAD months ahead. */
export function plannableMonths(now: Date): string[] {
  const current = shanghaiMonth(now);
  return Array.from({ length: MONTHS_AHEAD }, (_, i) => addMonths(current, i + 1));
}

/** The month whose reminder window holds `now`, or null: from `daysBefore` days before the
 * deadline day (start of that day) until the deadline's end. Only next month's deadline falls in
 * today's month. */
export function reminderMonth(now: Date, deadlineDay: number, daysBefore: number): string | null {
  const month = addMonths(shanghaiMonth(now), 1);
  const { endsAt } = planDeadline(month, deadlineDay);
  const opens = endsAt.getTime() - (Math.max(0, daysBefore) + 1) * DAY;
  return now.getTime() >= opens && now.getTime() < endsAt.getTime() ? month : null;
}
