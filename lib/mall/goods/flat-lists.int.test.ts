import { describe, expect, it } from "vitest";
import { loadViewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { analyze, captureQueries, indexesOf, nodesOf, planOf } from "@/lib/test/plans";
import { loadGoodsAdmin } from "./resource";

// The goods screens page by (sort, id) with a count capped at COUNT_CAP. The capped count must
// stop on the page's index too: counted without an order, Prisma's subquery is ordered by id,
// and PostgreSQL then sorts every matching goods before the limit (100,000 parts at full size).
describe("goods admin list at scale", () => {
  // One kind reads (kind, sort, id); the parts screens' two kinds read (sort, id) and filter.
  it.each([
    ["vehicle", "Goods_kind_sort_id_idx"],
    ["parts", "Goods_sort_id_idx"],
  ] as const)("%s: the page and its capped count read %s in the list's order, no sort", async (which, index) => {
    const admin = await db().user.findUniqueOrThrow({ where: { account: "admin" }, select: { id: true } });
    const viewer = (await loadViewer(admin.id, null, Math.floor(Date.now() / 1000)))!;
    await analyze("Goods");
    const statements = await captureQueries(() => loadGoodsAdmin(viewer, which, new URLSearchParams()));
    const goods = statements.filter((s) => s.sql.split("WHERE")[0].includes('FROM "public"."Goods"') && /ORDER BY "public"."Goods"."sort"/.test(s.sql));
    expect(goods.some((s) => s.sql.includes("COUNT(*)"))).toBe(true);
    expect(goods.length).toBe(2);
    for (const s of goods) {
      const plan = await planOf(s.sql, s.params, { noSort: true });
      expect(indexesOf(plan), s.sql).toContain(index);
      expect(
        nodesOf(plan).map((n) => n["Node Type"]),
        s.sql,
      ).not.toContain("Sort");
    }
  });
});
