// Query-string parameters of the login-log and SMS outbox screens (shared by the pages, the
// server loader and the export endpoint). Dates are calendar days in Asia/Shanghai (UTC+8,
// no daylight saving), the zone the app shows.
import { cleanParam } from "@/lib/validation/text";

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export function pageParams(p: URLSearchParams): { page: number; pageSize: number } {
  const page = Math.min(Math.max(1, Math.floor(Number(p.get("page")) || 1)), 100_000);
  const size = Number(p.get("pageSize"));
  return { page, pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 20 };
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-03-01" → the instant that day starts in Shanghai; invalid → null. */
export function dayStart(day: string | null | undefined): Date | null {
  if (!day || !DAY_RE.test(day)) return null;
  // Date rolls impossible days over (2026-02-30 → 2 March): refuse them instead.
  const utc = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(utc.getTime()) || utc.toISOString().slice(0, 10) !== day) return null;
  const d = new Date(`${day}T00:00:00+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The exclusive end of a day range ending on `day`. */
export function dayEnd(day: string | null | undefined): Date | null {
  const start = dayStart(day);
  return start ? new Date(start.getTime() + 86_400_000) : null;
}

/** A free-text parameter, trimmed and cut to `max`; empty when it holds a control character. */
export const text = (p: URLSearchParams, key: string, max: number) => cleanParam(p.get(key), max);
