import type { StocktakeCycle } from "@/lib/generated/prisma/enums";

// Calendar days of stocktake plans (client-safe, no zod). A plan's nextDate is a calendar day in
// Asia/Shanghai (UTC+8, no daylight saving), stored as a DATE, which Prisma hands over as that
// day's UTC midnight; all arithmetic here is on "YYYY-MM-DD" through UTC dates.

/** Today in Asia/Shanghai as YYYY-MM-DD. */
export function shanghaiDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** A DATE column's value as YYYY-MM-DD. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** YYYY-MM-DD as the Date a DATE column takes. */
export const dateOf = (day: string): Date => new Date(`${day}T00:00:00Z`);

function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  // Clamp to the target month's last day: Jan 31 + 1 month is Feb 28 (29 in a leap year).
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return dayOf(first);
}

/** One period after `day`. */
export function addCycle(day: string, cycle: StocktakeCycle): string {
  if (cycle === "WEEKLY") return dayOf(new Date(dateOf(day).getTime() + 7 * 86_400_000));
  return addMonths(day, cycle === "MONTHLY" ? 1 : 3);
}

/** The first day after `today` reached from `day` by whole periods: when several periods were
 * missed the plan jumps past them all at once (and runs once, not once per missed period). */
export function nextAfter(day: string, cycle: StocktakeCycle, today: string): string {
  let next = addCycle(day, cycle);
  while (next <= today) next = addCycle(next, cycle);
  return next;
}

/** Enabled, due before today, and not run since that day came. */
export function isOverdue(p: { enabled: boolean; nextDate: string; lastRunAt: Date | null }, today: string): boolean {
  return p.enabled && p.nextDate < today && !(p.lastRunAt && shanghaiDay(p.lastRunAt) >= p.nextDate);
}
