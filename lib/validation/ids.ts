// Ids and keyset cursors from URLs (issue 16). Client-safe.
//
// Every id column is a PostgreSQL integer (int4). A number above its range in a query made the
// database refuse the statement (22003), which was answered 500; cursors of ten digits, or ids
// of ?id=, are therefore checked against the range: the REST API answers 422 on the parameter,
// the server-rendered lists read "no cursor" and the detail pages "not found".

export const INT4_MAX = 2_147_483_647;

/** A positive id that fits int4. */
export const isInt4Id = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && n <= INT4_MAX;

/** "123" → 123; anything else (not digits, 0, beyond int4) → null. */
export function int4Id(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return isInt4Id(n) ? n : null;
}

/** True when the id after the last "_" of a keyset cursor ("a1700000000000_42") fits int4. */
export const cursorIdFits = (cursor: string): boolean => int4Id(cursor.slice(cursor.lastIndexOf("_") + 1)) !== null;

/** The lists' keyset cursor: "a<ms>_<id>" (rows after, i.e. older than, that time and id) or
 * "b<ms>_<id>" (rows before: newer). */
export const TIME_CURSOR_RE = /^([ab])(\d{1,15})_(\d{1,10})$/;
export type TimeCursor = { before: boolean; at: Date; id: number };

/** A cursor as the lists made it; null for anything else (a bad time, an id beyond int4). */
export function decodeTimeCursor(cursor: string | null | undefined): TimeCursor | null {
  const m = cursor ? TIME_CURSOR_RE.exec(cursor) : null;
  if (!m) return null;
  const at = new Date(Number(m[2]));
  const id = Number(m[3]);
  return Number.isNaN(at.getTime()) || !isInt4Id(id) ? null : { before: m[1] === "b", at, id };
}
