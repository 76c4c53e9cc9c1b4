import { dayStart, text } from "@/lib/core/list-params";
import { isInt4Id } from "@/lib/validation/ids";

// The Records timeline's query string and keyset cursor (pure: the page, the server loader and
// the unit test share them). The timeline is ordered by time (newest first), then by the kind's
// source table, then by id (newest first); a cursor is the key of the last row shown, and the
// next page holds the rows after it in that order.

export const RECORD_KINDS = ["vehicleOrder", "partsOrder", "vehicleSale", "vehicleReturn", "partsReturn", "complaint"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The source table of each kind: the tie-breaker after the time (both order kinds are one table). */
export const SOURCE_RANK: Record<RecordKind, number> = { vehicleOrder: 0, partsOrder: 0, vehicleSale: 1, vehicleReturn: 2, partsReturn: 3, complaint: 4 };

export const RECORD_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_RECORD_PAGE_SIZE = 20;

export type RecordFilters = {
  kind: RecordKind | "";
  /** Calendar days in Asia/Shanghai, inclusive. */
  from: string;
  to: string;
  /** Staff only: company code prefix or part of its name. */
  company: string;
  /** "<ms>_<rank>_<id>" of the last row of the previous page. */
  cursor: string;
  size: number;
};

export type Cursor = { at: Date; rank: number; id: number };

const CURSOR_RE = /^(\d{1,15})_([0-4])_(\d{1,10})$/;

/** A calendar day that exists ("2026-02-30" does not), else "". */
function day(p: URLSearchParams, key: string): string {
  const v = text(p, key, 10);
  return dayStart(v) ? v : "";
}

export function parseRecordFilters(p: URLSearchParams): RecordFilters {
  const kind = p.get("kind");
  const size = Number(p.get("size"));
  const cursor = text(p, "cursor", 40);
  return {
    kind: kind && (RECORD_KINDS as readonly string[]).includes(kind) ? (kind as RecordKind) : "",
    from: day(p, "from"),
    to: day(p, "to"),
    company: text(p, "company", 50),
    cursor: decodeCursor(cursor) ? cursor : "",
    size: (RECORD_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_RECORD_PAGE_SIZE,
  };
}

export function decodeCursor(cursor: string): Cursor | null {
  const m = CURSOR_RE.exec(cursor);
  if (!m) return null;
  const at = new Date(Number(m[1]));
  const id = Number(m[3]);
  return Number.isNaN(at.getTime()) || !isInt4Id(id) ? null : { at, rank: Number(m[2]), id };
}

export const encodeCursor = (c: Cursor) => `${c.at.getTime()}_${c.rank}_${c.id}`;

/** Timeline order: newest first, then source table, then the newest id. */
export function compareKeys(a: Cursor, b: Cursor): number {
  return b.at.getTime() - a.at.getTime() || a.rank - b.rank || b.id - a.id;
}

/**
 * The rows of one source (rank `rank`, time column `column`) that come after the cursor in
 * timeline order, as a condition on that source's own (time, id) index: a row of an earlier
 * source at the cursor's instant was already shown, one of a later source was not.
 */
export function afterCursor<K extends string>(c: Cursor, rank: number, column: K): Record<string, unknown> {
  if (rank < c.rank) return { [column]: { lt: c.at } };
  if (rank > c.rank) return { [column]: { lte: c.at } };
  return { OR: [{ [column]: { lt: c.at } }, { [column]: c.at, id: { lt: c.id } }] };
}

/** The filters back as a query string (cursor and defaults left out unless given in `extra`). */
export function recordsQuery(f: Partial<RecordFilters>, extra: Record<string, string | number> = {}): string {
  const p = new URLSearchParams();
  for (const k of ["kind", "from", "to", "company"] as const) if (f[k]) p.set(k, String(f[k]));
  if (f.size && f.size !== DEFAULT_RECORD_PAGE_SIZE) p.set("size", String(f.size));
  for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
  const q = p.toString();
  return q ? `?${q}` : "";
}
