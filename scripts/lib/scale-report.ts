// The arithmetic and the report of npm run bench:scale (issue 24): percentiles of a row's
// timings after its warm-up, the verdict of the large database against the demo one, and the
// markdown table the README shows. Pure functions, unit tested (scale-report.test.ts).

/** Nearest-rank percentile (p in 0..100) of values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export type Timing = { p50: number; p95: number; n: number };

/** p50 and p95 of the samples after the first `warmup` (the warm-up fills caches and pools). */
export function summarize(samples: number[], warmup: number): Timing {
  const kept = samples.slice(warmup);
  return { p50: percentile(kept, 50), p95: percentile(kept, 95), n: kept.length };
}

export type Limits = {
  /** The large p95 may be at most this multiple of the demo p95 (the issue's bar: 2). */
  ratio: number;
  /** Differences below this many milliseconds never fail a row (timer noise on a shared machine). */
  floorMs: number;
};

export const DEFAULT_LIMITS: Limits = { ratio: 2, floorMs: 20 };

export type Verdict = "ok" | "SLOW" | "ERROR";

/**
 * A row fails when its large p95 exceeds ratio × the demo p95 AND is more than floorMs slower:
 * a 4 ms page that takes 9 ms is 2.25× but no person notices, and on a shared machine such
 * small rows flip between runs. A row that errored on either side fails.
 */
export function verdict(demo: Timing | null, large: Timing | null, limits: Limits = DEFAULT_LIMITS): Verdict {
  if (!demo || !large || !Number.isFinite(demo.p95) || !Number.isFinite(large.p95)) return "ERROR";
  if (large.p95 > limits.ratio * demo.p95 && large.p95 - demo.p95 > limits.floorMs) return "SLOW";
  return "ok";
}

/** large p95 / demo p95, rounded to two places (Infinity when the demo p95 is 0). */
export function ratio(demo: Timing, large: Timing): number {
  if (demo.p95 === 0) return large.p95 === 0 ? 1 : Infinity;
  return Math.round((large.p95 / demo.p95) * 100) / 100;
}

export type ReportRow = {
  kind: "screen" | "api";
  /** The path under /customerWeb (first page, filtered or deep; the deep one as it was reached). */
  path: string;
  variant: "first" | "filtered" | "deep";
  as: string;
  demo: Timing | null;
  large: Timing | null;
  error?: string;
  /** The first measurement of a row that was over the limit and was measured again (with more
   * requests); demo and large are then the second one, which decides. */
  first?: { demo: Timing; large: Timing };
};

export type ReportMeta = {
  date: string;
  scale: number;
  requests: number;
  warmup: number;
  limits: Limits;
  counts: Record<string, number>;
  /** Screens and endpoints no account could open (not measured). */
  skipped?: string[];
  /** Requests per side when a row over the limit is measured again (none: never). */
  confirmRequests?: number;
};

const ms = (t: Timing | null, k: "p50" | "p95") => (t && Number.isFinite(t[k]) ? t[k].toFixed(1) : "–");
const cell = (s: string) => s.replace(/\|/g, "\\|");

/** The markdown of data/bench-scale.md: what was measured, then one line per row, failures first. */
export function markdownReport(rows: ReportRow[], meta: ReportMeta): string {
  const judged = rows.map((r) => ({ r, v: verdict(r.demo, r.large, meta.limits) }));
  const failed = judged.filter((j) => j.v !== "ok").length;
  const remeasured = rows.filter((r) => r.first).length;
  const order: Record<Verdict, number> = { ERROR: 0, SLOW: 1, ok: 2 };
  judged.sort((a, b) => order[a.v] - order[b.v]);
  const lines = [
    `# bench:scale — ${meta.date}`,
    "",
    `Scale ${meta.scale} (${Object.entries(meta.counts)
      .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
      .join(", ")}).`,
    `${meta.requests} requests per row, the first ${meta.warmup} not counted; a row fails when its large p95 exceeds ${meta.limits.ratio}× the demo p95 by more than ${meta.limits.floorMs} ms.`,
    ...(meta.confirmRequests
      ? [
          `A row over the limit is measured again, ${meta.confirmRequests} requests on each side, and the second measurement decides (the p95 of a few samples is their largest, so one stall of the machine fails a row; a list that is slow is slow twice).`,
        ]
      : []),
    `Result: ${failed ? `${failed} of ${rows.length} rows FAIL` : `all ${rows.length} rows within ${meta.limits.ratio}×`}${remeasured ? `; ${remeasured} measured again` : ""}.`,
    "",
    "| kind | path | page | as | demo p50 ms | demo p95 ms | large p50 ms | large p95 ms | ratio p95 | result |",
    "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...judged.map(({ r, v }) =>
      [
        "",
        r.kind,
        `\`${cell(r.path)}\``,
        r.variant,
        r.as,
        ms(r.demo, "p50"),
        ms(r.demo, "p95"),
        ms(r.large, "p50"),
        ms(r.large, "p95"),
        r.demo && r.large && v !== "ERROR" ? `${ratio(r.demo, r.large)}×` : "–",
        v === "ERROR" ? `ERROR ${cell(r.error ?? "")}`.trim() : r.first ? `${v} (measured again; first p95 ${ms(r.first.demo, "p95")} / ${ms(r.first.large, "p95")} ms)` : v,
        "",
      ]
        .join(" | ")
        .trim(),
    ),
    "",
    ...(meta.skipped?.length ? [`Not measured (no demo account opens them): ${meta.skipped.map((p) => `\`${p}\``).join(", ")}.`, ""] : []),
  ];
  return lines.join("\n");
}

/** True when any row fails (slow or errored). */
export function anyFailed(rows: ReportRow[], limits: Limits = DEFAULT_LIMITS): boolean {
  return rows.some((r) => verdict(r.demo, r.large, limits) !== "ok");
}

/**
 * The next page of a list, from its answer: the API's JSON (`nextCursor`, `next`, or a
 * `page`-numbered answer) or a screen's HTML (the first link carrying cursor=, next= or page=).
 * Returns the path and query to request (under the same base), or null at the end.
 */
export function nextPageOf(currentPath: string, body: string, contentType: string): string | null {
  const [pathname, query = ""] = currentPath.split("?");
  if (contentType.includes("json")) {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return null;
    }
    const params = new URLSearchParams(query);
    const cursor = json.nextCursor ?? json.next;
    if (typeof cursor === "string" && cursor) {
      params.set("cursor", cursor);
      return `${pathname}?${params}`;
    }
    if (typeof cursor === "number") {
      params.set("cursor", String(cursor));
      return `${pathname}?${params}`;
    }
    return null;
  }
  // A screen's pager: the "older" link carries cursor=a… (keyset, lib/list/keyset.ts), a
  // numbered pager page=<current + 1>; the "newer" link (cursor=b…) is never followed.
  const current = Number(new URLSearchParams(query).get("page") ?? "1") || 1;
  const own = [...body.matchAll(/href="([^"]*)"/g)]
    .map((m) => m[1].replace(/&amp;/g, "&").replace(/^\/customerWeb\//, ""))
    .filter((href) => href.split("?")[0] === pathname.replace(/^\//, ""));
  const params = (href: string) => new URLSearchParams(href.split("?")[1] ?? "");
  return (
    own.find((href) => /^a/.test(params(href).get("cursor") ?? "") || /^a/.test(params(href).get("next") ?? "")) ??
    own.find((href) => params(href).get("page") === String(current + 1)) ??
    null
  );
}
