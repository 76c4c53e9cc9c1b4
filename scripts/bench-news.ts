// npm run bench:news — the public news under load (issue 8): the news list and an
// article, served from the news cache, beside the bare reference page of the same build (the
// not-found page: the root layout alone, no data). Like bench:bundle it starts the production
// stack (building first when a source changed, on a fresh embedded database or a sibling of
// DATABASE_URL), then for each URL: a warm-up, then DURATION seconds of autocannon with
// CONNECTIONS connections, one URL after another. It prints req/s, p50 and p95 latency and
// their ratio to the reference, and the database reads of the News table each run caused (from
// PostgreSQL's statistics): cached pages make none, apart from one refresh per revalidation.
// Options: --duration 10 --connections 10 (or BENCH_PORT for the port).
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { Client } from "pg";
import { ROOT } from "./lib/paths";
import { choosePort, startStack } from "./lib/stack";

const { values } = parseArgs({ options: { duration: { type: "string", default: "10" }, connections: { type: "string", default: "10" } } });
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
// A browser's request: the article page then counts one view for this "visitor" and skips the
// write for every request after (one visitor per day), as it would for a person reloading.
const HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 bench-news",
  "accept-encoding": "gzip",
  accept: "text/html",
};

type Run = { name: string; url: string; status: number };
type Result = { name: string; requests: number; errors: number; rps: number; p50: number; p95: number; newsReads: number | null };

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Index and sequential scans of the News table so far; null where the statistics are unavailable. */
async function newsReads(databaseUrl: string): Promise<number | null> {
  const c = new Client({ connectionString: databaseUrl });
  try {
    await c.connect();
    const { rows } = await c.query<{ n: string }>(`SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS n FROM pg_stat_user_tables WHERE relname = 'News'`);
    return rows[0] ? Number(rows[0].n) : null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}
/** Backends report their statistics when idle for a while (PostgreSQL: at most every 10 s). */
const settle = () => new Promise((r) => setTimeout(r, 11_000));

async function load(run: Run, databaseUrl: string): Promise<Result> {
  // Warm-up: compiles nothing in production, but fills the news cache and opens connections.
  for (let i = 0; i < 20; i++) {
    const res = await fetch(run.url, { headers: HEADERS, redirect: "manual" });
    if (res.status !== run.status) throw new Error(`${run.url} answered ${res.status}, expected ${run.status}`);
    await res.arrayBuffer();
  }
  await settle();
  const readsBefore = await newsReads(databaseUrl);
  const latencies: number[] = [];
  let errors = 0;
  // Without a callback autocannon returns its instance (an event emitter), which is also a promise of the result.
  const instance = autocannon({ url: run.url, connections: CONNECTIONS, duration: DURATION, headers: HEADERS }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === run.status) latencies.push(responseTime);
    else errors++;
  });
  instance.on("reqError", () => errors++);
  const result = await instance;
  await settle();
  const readsAfter = await newsReads(databaseUrl);
  latencies.sort((a, b) => a - b);
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    name: run.name,
    requests: latencies.length + errors,
    errors: errors + result.timeouts,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    newsReads: readsBefore === null || readsAfter === null ? null : readsAfter - readsBefore,
  };
}

async function main() {
  const port = await choosePort(process.env.BENCH_PORT, 3300);
  const stack = await startStack({ port, dataDir: path.join(ROOT, "data/bench-postgres"), fresh: true, durable: false });
  const results: Result[] = [];
  try {
    const list = `${stack.baseUrl}/news`;
    const html = await (await fetch(list, { headers: HEADERS })).text();
    const article = html.match(/href="\/customerWeb\/(news\/\d+-[a-z0-9-]+)"/)?.[1];
    if (!article) throw new Error("the news list shows no article: is the demo seed loaded?");
    const runs: Run[] = [
      { name: "reference (bare not-found page)", url: `${stack.baseUrl}/bench-reference-not-found`, status: 404 },
      { name: "news list", url: list, status: 200 },
      { name: "news list ?lng=zh-CN", url: `${list}?lng=zh-CN`, status: 200 },
      { name: `article ${article}`, url: `${stack.baseUrl}/${article}`, status: 200 },
    ];
    for (const run of runs) {
      console.log(`[bench:news] ${run.name}: ${DURATION} s × ${CONNECTIONS} connections`);
      results.push(await load(run, stack.databaseUrl));
    }
  } finally {
    await stack.stop();
  }
  const ref = results[0];
  console.log(`\nPublic news under load (${DURATION} s, ${CONNECTIONS} connections each; ratios against the reference page):`);
  console.table(
    results.map((r) => ({
      page: r.name,
      requests: r.requests,
      errors: r.errors,
      "req/s": +r.rps.toFixed(1),
      "p50 ms": +r.p50.toFixed(1),
      "p95 ms": +r.p95.toFixed(1),
      "req/s vs ref": +(r.rps / ref.rps).toFixed(2),
      "p95 vs ref": +(r.p95 / ref.p95).toFixed(2),
      "News reads": r.newsReads ?? "n/a",
    })),
  );
  console.log("News reads: index and sequential scans of the News table during the run (PostgreSQL statistics); 0 means every request came from the cache.");
  if (results.some((r) => r.errors > 0)) {
    console.error("bench:news: some requests failed");
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
