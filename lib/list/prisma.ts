import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dayEnd, dayStart } from "@/lib/core/list-params";
import { cappedTotal, COUNT_CAP, decodeCursor, keysetPage, type KeysetPage, type TimeCursor, type Total } from "./keyset";

// The keyset lists' Prisma side: a page of rows ordered by (<time> desc, id desc) after or
// before a cursor, read with a capped count in parallel, so a list costs the same two queries
// whatever the page size (plus whatever it loads for the page's rows).

type Dir = "asc" | "desc";

/** Rows after (older) or before (newer) the cursor on (field, id). */
export function keysetWhere<W, F extends string>(c: TimeCursor | null, field: F): W | null {
  if (!c) return null;
  const op = c.before ? "gt" : "lt";
  return { OR: [{ [field]: { [op]: c.at } }, { [field]: c.at, id: { [op]: c.id } }] } as W;
}

/** Rows after (key, id) in ascending order, for a key cursor: the catalogue's `sort`, a time. */
export function afterKeyWhere<W>(c: { key: number | Date; id: number } | null, field: string): W | null {
  return c ? ({ OR: [{ [field]: { gt: c.key } }, { [field]: c.key, id: { gt: c.id } }] } as W) : null;
}

export type KeysetArgs<W, F extends string> = { where: W; orderBy: [Record<F, Dir>, { id: Dir }]; take: number };

/**
 * One page and the capped count of a model's rows matching `where`, newest first on (field, id):
 *
 *   const { rows, next, prev, total } = await readKeysetPage(filters, "createdAt", where,
 *     (q) => db().complaint.findMany({ ...q, select: LIST_SELECT }), (q) => db().complaint.count(q));
 */
export async function readKeysetPage<R extends { id: number }, W, F extends string>(
  filters: { cursor: string; size: number },
  field: F,
  where: W,
  find: (args: KeysetArgs<W, F>) => Promise<R[]>,
  count: (args: { where: W; take: number; orderBy: [Record<F, Dir>, { id: Dir }] }) => Promise<number>,
  opts: { maxSize?: number; cap?: number } = {},
): Promise<KeysetPage<R> & { total: Total }> {
  const size = Math.min(Math.max(1, filters.size), opts.maxSize ?? 100);
  const cap = opts.cap ?? COUNT_CAP;
  const c = decodeCursor(filters.cursor);
  const keyset = keysetWhere<W, F>(c, field);
  const dir: Dir = c?.before ? "asc" : "desc";
  const [raw, n] = await Promise.all([
    find({ where: keyset ? ({ AND: [where, keyset] } as W) : where, orderBy: [{ [field]: dir } as Record<F, Dir>, { id: dir }], take: size + 1 }),
    // In the list's own order: a capped count (Prisma's COUNT over a LIMIT subquery) is otherwise
    // ordered by id, and a filter whose index is not in id order then sorts every match first.
    count({ where, take: cap + 1, orderBy: [{ [field]: "desc" } as Record<F, Dir>, { id: "desc" }] }),
  ]);
  return { ...keysetPage(raw, size, c, (r) => (r as unknown as Record<F, Date>)[field]), total: cappedTotal(n, cap) };
}

/** createdAt (or another time) within the calendar days from..to in Asia/Shanghai, inclusive. */
export function dayRangeWhere(from: string, to: string): { gte?: Date; lt?: Date } | null {
  const start = dayStart(from);
  const end = dayEnd(to);
  return start || end ? { ...(start ? { gte: start } : {}), ...(end ? { lt: end } : {}) } : null;
}

/** The staff's company filter: a code prefix, or part of the English or Chinese name. */
export const companyFilter = (q: string): Prisma.CompanyWhereInput => ({
  OR: [{ code: { startsWith: q, mode: "insensitive" } }, { nameEn: { contains: q, mode: "insensitive" } }, { nameZh: { contains: q } }],
});
