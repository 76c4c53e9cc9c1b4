import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { cappedTotal, COUNT_CAP, type Total } from "./keyset";

// How many rows of a child table each row of a page has, capped like every count over a table
// that grows without bound (lib/list/keyset.ts): a car group's goods, a model's goods and
// vehicles. Prisma's _count counts them all (a group of a 100,000-goods catalogue counted 5,700
// goods per row per page); here each is an index range that stops at cap + 1. One statement for
// the page. Each (table, column) pair needs an index led by the column.

/** The child tables and the parent key columns counted; closed, so the names are safe to splice. */
export type Child = { table: "Goods"; column: "carGroupId" | "vehicleModelId" } | { table: "Vehicle"; column: "vehicleModelId" };

export async function cappedCounts(child: Child, ids: number[], cap = COUNT_CAP): Promise<Map<number, Total>> {
  if (!ids.length) return new Map();
  const rows = await db().$queryRaw<{ id: number; n: number }[]>`
    SELECT p."id", (SELECT count(*) FROM (SELECT 1 FROM ${Prisma.raw(`"${child.table}"`)} c WHERE c.${Prisma.raw(`"${child.column}"`)} = p."id" LIMIT ${cap + 1}) x)::int AS "n"
    FROM unnest(${ids}::int[]) AS p("id")`;
  return new Map(rows.map((r) => [r.id, cappedTotal(r.n, cap)]));
}
