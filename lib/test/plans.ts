// Query shapes for integration tests (imported by *.int.test.ts only): the statements a call
// sends, and the plan PostgreSQL makes for one, so a test can say "this list reads its index"
// without a million rows. With enable_seqscan (and bitmap scans) off a plan that can use an index does, so a plan
// without the index means no index matches the statement's filter and order.
import { PrismaPg } from "@prisma/adapter-pg";
import { db } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type Statement = { sql: string; params: unknown[] };

/** Runs `fn` against a client that records every SQL statement it sends, with its parameters. */
export async function captureQueries(fn: () => Promise<unknown>): Promise<Statement[]> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const original = holder.__dealerPrisma;
  const recording = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }), log: [{ emit: "event", level: "query" }] });
  const seen: Statement[] = [];
  recording.$on("query", (e) => seen.push({ sql: e.query, params: JSON.parse(e.params) as unknown[] }));
  holder.__dealerPrisma = recording;
  try {
    await fn();
  } finally {
    holder.__dealerPrisma = original;
    await recording.$disconnect();
  }
  return seen;
}

export type PlanNode = { "Node Type": string; "Index Name"?: string; "Relation Name"?: string; "Actual Rows"?: number; "Actual Loops"?: number; Plans?: PlanNode[] };

/**
 * The plan of a statement (EXPLAIN, FORMAT JSON; ANALYZE when asked), sequential and bitmap scans off.
 * `noSort` turns explicit sorts off too: on a few test rows the planner may find a kind filter's index
 * plus a sort of ten rows cheaper than the list's order index, so "no Sort" then means an index can
 * deliver the order (with no such index the plan still sorts), not a guess about the row counts.
 */
export async function planOf(sql: string, params: unknown[] = [], opts: { analyze?: boolean; noSort?: boolean } = {}): Promise<PlanNode> {
  return db().$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    // A bitmap scan reads every match before a LIMIT; on a big table the planner prefers a plain
    // index scan that stops at the limit, which is the plan a few test rows must show.
    await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
    if (opts.noSort) await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
    const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": { Plan: PlanNode }[] }[]>(`EXPLAIN (${opts.analyze ? "ANALYZE, " : ""}FORMAT JSON) ${sql}`, ...params);
    return rows[0]["QUERY PLAN"][0].Plan;
  });
}

/** Every node of a plan, depth first. */
export function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The indexes a plan reads. */
export const indexesOf = (plan: PlanNode): string[] => nodesOf(plan).flatMap((n) => (n["Index Name"] ? [n["Index Name"]] : []));

/** Fresh planner statistics for tables a test has just filled (a big table has them already). */
export async function analyze(...tables: string[]): Promise<void> {
  for (const t of tables) await db().$executeRawUnsafe(`ANALYZE "${t.replace(/"/g, "")}"`);
}
