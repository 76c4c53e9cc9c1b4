// The record lists' keyset paging, written once (issue 17): the cursor codec, the page read one
// row long and turned into display order with its newer/older cursors, the capped count, and
// the list parameters' parsing and URL form. Client-safe: no database access here; the Prisma
// side (the keyset condition, one call for page and count) is in ./prisma.ts.
import { dayStart, text } from "@/lib/core/list-params";
import { decodeTimeCursor, isInt4Id, type TimeCursor } from "@/lib/validation/ids";

export type { TimeCursor };

/** Lists count matching rows up to this many and then say "more than". */
export const COUNT_CAP = 1000;

export type Total = { count: number; capped: boolean };
/** One page of a keyset list: rows in display order (newest first) and the neighbours' cursors. */
export type KeysetPage<R> = { rows: R[]; next: string | null; prev: string | null };

/** A count read with `take: cap + 1` as the screen shows it. */
export const cappedTotal = (count: number, cap = COUNT_CAP): Total => ({ count: Math.min(count, cap), capped: count > cap });
/** A capped count as a table cell shows it: "1000+" past the cap. */
export const countText = (t: Total): string => `${t.count}${t.capped ? "+" : ""}`;

/** "a<ms>_<id>" (rows after, i.e. older than, that row) or "b<ms>_<id>" (rows before: newer). */
export const encodeCursor = (dir: "a" | "b", at: Date, id: number): string => `${dir}${at.getTime()}_${id}`;

/** A cursor as the lists make it; null for anything else (a bad time, an id beyond int4). */
export const decodeCursor = (cursor: string | null | undefined): TimeCursor | null => decodeTimeCursor(cursor);

/** The other cursor: an ascending integer key and the id, "<key>_<id>" (the catalogue's
 * (sort, id); the VIN lists' (entry time in ms, id)). Lists that page one way only use it. */
export const KEY_CURSOR_RE = /^(\d{1,15})_(\d{1,10})$/;
export type KeyCursor = { key: number; id: number };
export const encodeKeyCursor = (key: number, id: number): string => `${key}_${id}`;

/** A key cursor as the lists made it; null for anything else (a key above `maxKey`, an id beyond int4). */
export function decodeKeyCursor(raw: string | null | undefined, maxKey = Number.MAX_SAFE_INTEGER): KeyCursor | null {
  const m = raw ? KEY_CURSOR_RE.exec(raw) : null;
  if (!m) return null;
  const key = Number(m[1]);
  const id = Number(m[2]);
  return key <= maxKey && isInt4Id(id) ? { key, id } : null;
}

/**
 * The page read one row longer than `size` in the cursor's direction (ascending when going
 * newer), turned into display order with the cursors of the neighbouring pages: going older, a
 * newer page exists when we came from a cursor; going newer, an older one always does.
 */
export function keysetPage<R extends { id: number }>(raw: R[], size: number, c: TimeCursor | null, at: (r: R) => Date): KeysetPage<R> {
  const before = !!c?.before;
  const more = raw.length > size;
  const rows = raw.slice(0, size);
  if (before) rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    rows,
    next: last && (before || more) ? encodeCursor("a", at(last), last.id) : null,
    prev: first && (before ? more : !!c) ? encodeCursor("b", at(first), first.id) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Parameters

/** ?cursor= when it is a cursor the lists made, else "". */
export function cursorParam(p: URLSearchParams, key = "cursor"): string {
  const cursor = text(p, key, 40);
  return decodeCursor(cursor) ? cursor : "";
}

/** ?size= within 1..max (or one of `sizes`), else the default. */
export function sizeParam(p: URLSearchParams, opts: { fallback: number; max?: number; sizes?: readonly number[] }, key = "size"): number {
  if (opts.sizes) {
    const size = Number(p.get(key));
    return opts.sizes.includes(size) ? size : opts.fallback;
  }
  const size = Math.floor(Number(p.get(key)));
  return size >= 1 && size <= (opts.max ?? 100) ? size : opts.fallback;
}

/** A calendar day (YYYY-MM-DD, a real date), else "". */
export function dayParam(p: URLSearchParams, key: string): string {
  const day = text(p, key, 10);
  return dayStart(day) ? day : "";
}

/** One of `values`, else "". */
export function choiceParam<T extends string>(p: URLSearchParams, key: string, values: readonly T[]): T | "" {
  const v = p.get(key);
  return v !== null && (values as readonly string[]).includes(v) ? (v as T) : "";
}

/** An upper-case code of the characters `keep` allows (VINs, record numbers), cut to `max`. */
export const codeParam = (p: URLSearchParams, key: string, max: number, keep: RegExp = /[^A-Z0-9]/g): string => text(p, key, max).toUpperCase().replace(keep, "");

export type QueryValue = string | number | boolean | null | undefined;

/**
 * The filters back as a query string for links ("?a=1&b=x", or "" when empty): empty values,
 * false and null are left out, true is written "1", keys keep the order given. `extra` comes
 * last (a cursor, an id).
 */
export function queryString(values: Record<string, QueryValue>, extra: Record<string, QueryValue> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of [...Object.entries(values), ...Object.entries(extra)]) {
    if (v === undefined || v === null || v === "" || v === false) continue;
    p.set(k, v === true ? "1" : String(v));
  }
  const q = p.toString();
  return q ? `?${q}` : "";
}

/** The page size for the URL: left out when it is the default. */
export const sizeValue = (size: number | undefined, fallback: number): number | undefined => (size && size !== fallback ? size : undefined);
