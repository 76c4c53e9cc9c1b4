import { describe, expect, it } from "vitest";
import { loadViewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { analyze, captureQueries, indexesOf, nodesOf, planOf } from "@/lib/test/plans";
import { listComplaints, parseComplaintFilters } from "./complaints/queries";
import { listSalesReturns, parseSalesReturnFilters } from "./returns/queries";

// An administrator (and staff with the ALL scope) lists every return and complaint newest first,
// with no filter: the page and its capped count must read an index in that order and stop, not
// sort the whole table (issue 24's bench: 140 ms a page at 100,000 rows without it).
describe("unfiltered after-sales lists of the whole network", () => {
  it.each([
    [
      "SalesReturn",
      "SalesReturn_createdAt_id_idx",
      (v: NonNullable<Awaited<ReturnType<typeof loadViewer>>>) => listSalesReturns(v, parseSalesReturnFilters(new URLSearchParams())),
    ],
    ["Complaint", "Complaint_createdAt_id_idx", (v: NonNullable<Awaited<ReturnType<typeof loadViewer>>>) => listComplaints(v, parseComplaintFilters(new URLSearchParams()))],
  ] as const)("%s: the page and the capped count read %s without a sort", async (table, index, list) => {
    const admin = await db().user.findUniqueOrThrow({ where: { account: "admin" }, select: { id: true } });
    const viewer = (await loadViewer(admin.id, null, Math.floor(Date.now() / 1000)))!;
    await analyze(table);
    const statements = await captureQueries(() => list(viewer));
    const ordered = statements.filter((s) => s.sql.split("WHERE")[0].includes(`FROM "public"."${table}"`) && /ORDER BY/.test(s.sql));
    expect(ordered.length).toBe(2);
    for (const s of ordered) {
      const plan = await planOf(s.sql, s.params, { noSort: true });
      expect(indexesOf(plan), s.sql).toContain(index);
      expect(nodesOf(plan).map((n) => n["Node Type"])).not.toContain("Sort");
    }
  });
});
