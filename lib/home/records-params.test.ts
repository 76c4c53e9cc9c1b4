import { describe, expect, it } from "vitest";
import { afterCursor, compareKeys, decodeCursor, encodeCursor, parseRecordFilters, recordsQuery, type Cursor } from "./records-params";

// The Records timeline's keyset over several tables: paging through a merged timeline by each
// source's own "after the cursor" condition must give every row exactly once, in order, even
// when many rows share an instant across tables.

type Row = Cursor;

/** Evaluates the where afterCursor builds (column "at") on one row, as PostgreSQL would. */
function matches(where: Record<string, unknown>, row: Row): boolean {
  if ("OR" in where) return (where.OR as Record<string, unknown>[]).some((w) => matches(w, row));
  const at = where.at as Date | { lt?: Date; lte?: Date };
  const okAt = at instanceof Date ? row.at.getTime() === at.getTime() : at.lt ? row.at < at.lt : row.at <= at.lte!;
  const id = where.id as { lt: number } | undefined;
  return okAt && (!id || row.id < id.lt);
}

/** Pages through the sources like listRecords: each source's first size + 1 rows after the cursor, merged. */
function pageThrough(sources: Row[][], size: number): Row[] {
  const out: Row[] = [];
  let cursor: Cursor | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const c: Cursor | null = cursor;
    const merged = sources
      .flatMap((rows) =>
        rows
          .filter((r) => !c || matches(afterCursor(c, r.rank, "at"), r))
          .sort(compareKeys)
          .slice(0, size + 1),
      )
      .sort(compareKeys);
    const page = merged.slice(0, size);
    out.push(...page);
    if (merged.length <= size) return out;
    cursor = decodeCursor(encodeCursor(page[page.length - 1]))!;
  }
  throw new Error("did not end");
}

describe("the merged keyset", () => {
  it("pages through every row once, in timeline order, with ties at one instant across tables", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const base = Date.UTC(2026, 2, 1);
    // Few distinct instants, so many rows of different tables share one.
    const sources = [0, 1, 2, 3, 4].map((rank) =>
      Array.from({ length: 15 + rank * 3 }, (_, i) => ({ rank, id: i * 3 + 1, at: new Date(base + Math.floor(random() * 6) * 60_000) })),
    );
    const all = sources.flat().sort(compareKeys);
    for (const size of [1, 2, 3, 7, 20, 200]) expect(pageThrough(sources, size)).toEqual(all);
  });

  it("orders by time, then table, then the newest id", () => {
    const t = new Date(Date.UTC(2026, 0, 1));
    const rows: Row[] = [
      { at: t, rank: 3, id: 1 },
      { at: t, rank: 0, id: 5 },
      { at: new Date(t.getTime() + 1), rank: 4, id: 1 },
      { at: t, rank: 0, id: 9 },
    ];
    expect(rows.sort(compareKeys)).toEqual([
      { at: new Date(t.getTime() + 1), rank: 4, id: 1 },
      { at: t, rank: 0, id: 9 },
      { at: t, rank: 0, id: 5 },
      { at: t, rank: 3, id: 1 },
    ]);
  });
});

describe("the query string", () => {
  it("keeps known kinds, real days, well-formed cursors and offered page sizes only", () => {
    const f = parseRecordFilters(new URLSearchParams({ kind: "complaint", from: "2026-02-01", to: "2026-02-30", cursor: "1767225600000_3_42", size: "50", company: "  D001 " }));
    expect(f).toEqual({ kind: "complaint", from: "2026-02-01", to: "", company: "D001", cursor: "1767225600000_3_42", size: 50 });
    const bad = parseRecordFilters(new URLSearchParams({ kind: "Order'; DROP", from: "yesterday", cursor: "1_9_1", size: "1000" }));
    expect(bad).toEqual({ kind: "", from: "", to: "", company: "", cursor: "", size: 20 });
    expect(parseRecordFilters(new URLSearchParams({ cursor: "1_1_99999999999" })).cursor).toBe("");
  });

  it("round-trips a cursor and writes only what differs from the defaults", () => {
    const c = { at: new Date(1767225600123), rank: 2, id: 77 };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(recordsQuery({ kind: "partsReturn", from: "", to: "2026-03-01", company: "", size: 20 }, { cursor: "x" })).toBe("?kind=partsReturn&to=2026-03-01&cursor=x");
    expect(recordsQuery({ size: 20 })).toBe("");
  });
});
