// npm run bench:lighthouse — Lighthouse on the production build (issue 18: dealers on a phone).
// Starts the stack like bench:news (building first when a source changed, on a fresh embedded
// database with the demo data), signs in as the demo dealer, and runs Lighthouse's performance
// and accessibility categories, one page after another, with the mobile preset (Moto G Power,
// simulated slow 4G, 4× CPU slowdown) and the desktop preset over: every screen of the dealer's
// menu (prisma/seed/menus.ts, the rows granted to DEALER that exist in lib/routes.ts), the
// sign-in screen signed out, and the public news list and its first article. Each page runs
// RUNS times in a fresh Chromium and the table shows the median of each figure; the median
// run's report is kept as test-results/lighthouse/<page>.<form factor>.json for the details
// (the LCP element, render-blocking requests, unused JS). Each page is requested three times
// first, so a run measures a warm server. The table also goes to
// test-results/lighthouse/summary.{json,md}.
// Each run is a child process with plain node (scripts/lib/lighthouse-run.mjs). Every run's host
// CPU benchmark index is printed, and the table's last column is its median per page: the
// figures hold only for a host as fast and steady as the budget assumes (hostNote).
// Budgets (exit 1 when missed): dealer screens and sign-in, mobile performance ≥ 95; every
// page CLS ≤ 0.01 and accessibility 100; the public news 100 performance on both presets.
// Options: --runs 3, --form mobile|desktop|both, and route filters as arguments (substrings:
// `npm run bench:lighthouse -- goods news --runs 1`). BENCH_PORT for the port; CHROME_PATH
// for the browser (default /usr/bin/chromium).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Result } from "lighthouse";
import { implementedRoutes } from "@/lib/routes";
import { menuCatalog, type MenuSeed } from "@/prisma/seed/menus";
import { DEALER } from "./lib/demo-accounts";
import { signInCookie } from "./lib/http-session";
import { ROOT } from "./lib/paths";
import { main, onCleanup, run } from "./lib/proc";
import { choosePort, startStack } from "./lib/stack";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "3" }, form: { type: "string", default: "both" } },
});
const RUNS = Math.max(1, Number(values.runs) || 3);
const FORMS = (values.form === "both" ? ["mobile", "desktop"] : [values.form]) as FormFactor[];
if (FORMS.some((f) => f !== "mobile" && f !== "desktop")) throw new Error(`--form must be mobile, desktop or both, not ${values.form}`);
const OUT_DIR = path.join(ROOT, "test-results/lighthouse");

type FormFactor = "mobile" | "desktop";
type Kind = "dealer" | "sign-in" | "public";
type Page = { path: string; kind: Kind };
type Figures = { performance: number; lcp: number; tbt: number; cls: number; accessibility: number };
type Row = Figures & { page: string; form: FormFactor; kind: Kind; failedAudits: string[]; misses: string[]; hostIndex: number };

/** A screen that shows nothing without a record to open: the dealer's demo vehicle (D001). */
const QUERY: Record<string, string> = { "car/vehicleInformation": "?vin=LGWAUR517TA000100" };

/** The screens the menu seed grants the dealer role, in menu order, once each. */
function dealerScreens(): string[] {
  const out = new Set<string>();
  const walk = (nodes: MenuSeed[]) => {
    for (const n of nodes) {
      if (n.path && n.roles?.includes("DEALER") && implementedRoutes.has(n.path)) out.add(n.path);
      if (n.children) walk(n.children);
    }
  };
  walk(menuCatalog);
  return [...out];
}

function budgetMisses(kind: Kind, form: FormFactor, f: Figures): string[] {
  const misses: string[] = [];
  if (kind === "public" && f.performance < 100) misses.push("performance < 100");
  if (kind !== "public" && form === "mobile" && f.performance < 95) misses.push("performance < 95");
  if (f.cls > 0.01) misses.push("CLS > 0.01");
  if (f.accessibility < 100) misses.push("accessibility < 100");
  return misses;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function figuresOf(lhr: Result): Figures {
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const value = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
  };
}

/** One run, in a child with plain node (scripts/lib/lighthouse-run.mjs says why). */
async function audit(url: string, form: FormFactor, cookie: string | undefined): Promise<Result> {
  const out = path.join(OUT_DIR, "run.json");
  await run(process.execPath, [path.join(ROOT, "scripts/lib/lighthouse-run.mjs"), JSON.stringify({ url, form, cookie, out })]);
  const lhr = JSON.parse(fs.readFileSync(out, "utf8")) as Result;
  fs.rmSync(out);
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A signed-in screen that redirected to sign-in would be measured as the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  return lhr;
}

const slug = (p: string) => p.replace(/[^A-Za-z0-9]+/g, "_");
const ms = (n: number) => `${Math.round(n)} ms`;

function markdown(rows: Row[]): string {
  const lines = ["| screen | form factor | performance | LCP | TBT | CLS | accessibility | budget | host CPU |", "|---|---|---|---|---|---|---|---|---|"];
  for (const r of rows)
    lines.push(
      `| \`${r.page}\` | ${r.form} | ${r.performance} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${r.cls.toFixed(3)} | ${r.accessibility} | ${r.misses.length ? r.misses.join(", ") : "ok"} | ${r.hostIndex} |`,
    );
  return lines.join("\n") + "\n";
}

/**
 * The mobile preset emulates a mid-range phone by slowing the host's CPU 4×, which is calibrated
 * for a desktop-class host (Lighthouse's docs: benchmark index 1,500 and up); the README's table
 * was measured on a host at about 2,700. A slower host, or one whose speed moves between runs
 * (a shared virtual machine), measures a slower phone than the budget is for: said, not hidden.
 */
function hostNote(indexes: number[]): string | undefined {
  if (!indexes.length) return undefined;
  const lo = Math.min(...indexes);
  const hi = Math.max(...indexes);
  const notes: string[] = [];
  if (median(indexes) < HOST_INDEX_FLOOR)
    notes.push(`the host's median CPU benchmark index is ${Math.round(median(indexes))}, under the ${HOST_INDEX_FLOOR} that the 4× slowdown is calibrated for`);
  if (hi / lo > HOST_SPREAD) notes.push(`the host's CPU benchmark index moved between ${Math.round(lo)} and ${Math.round(hi)} across the runs`);
  return notes.length
    ? `bench:lighthouse: ${notes.join("; ")}. The CPU-bound figures (TBT, LCP, performance) are slower than the emulated phone; compare runs on a quiet host.`
    : undefined;
}
const HOST_INDEX_FLOOR = 1500;
const HOST_SPREAD = 1.3;

main(async () => {
  const filter = (p: string) => !positionals.length || positionals.some((f) => p.includes(f));
  const pages: Page[] = [
    ...dealerScreens().map((p): Page => ({ path: p, kind: "dealer" })),
    { path: "system/login", kind: "sign-in" } as const,
    { path: "news", kind: "public" } as const,
    { path: "{article}", kind: "public" } as const,
  ].filter((p) => filter(p.path) || (p.path === "{article}" && filter("news/")));
  if (!pages.length) throw new Error(`no page matches ${positionals.join(" ")}`);

  const port = await choosePort(process.env.BENCH_PORT, 3300);
  const stack = await startStack({ port, dataDir: path.join(ROOT, "data/lighthouse-postgres"), fresh: true, durable: false });
  onCleanup(stack.stop);
  const cookie = await signInCookie(stack.baseUrl, DEALER);
  fs.mkdirSync(OUT_DIR, { recursive: true });

  const rows: Row[] = [];
  let version = "";
  // Lighthouse's CPU benchmark of the host, once per run: the mobile preset slows the host's CPU
  // 4×, so a slower or unsteady host lowers every score (see hostNote).
  const hostIndexes: number[] = [];
  for (const page of pages) {
    if (page.path === "{article}") {
      const html = await (await fetch(`${stack.baseUrl}/news`)).text();
      page.path = html.match(/href="\/customerWeb\/(news\/\d+-[a-z0-9-]+)"/)?.[1] ?? "";
      if (!page.path) throw new Error("the news list shows no article: is the demo seed loaded?");
    }
    const url = `${stack.baseUrl}/${page.path}${QUERY[page.path] ?? ""}`;
    // Warm-up: a page's first request after the start loads its server code (seconds on a busy
    // machine), which a running server has long done; Lighthouse would count it as TTFB.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(url, { headers: page.kind === "dealer" ? { Cookie: cookie } : {}, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    }
    for (const form of FORMS) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(url, form, page.kind === "dealer" ? cookie : undefined);
        const f = figuresOf(lhr);
        hostIndexes.push(lhr.environment.benchmarkIndex);
        console.log(
          `[lighthouse] ${page.path} ${form} run ${i + 1}/${RUNS}: performance ${f.performance}, LCP ${ms(f.lcp)}, TBT ${ms(f.tbt)}, CLS ${f.cls.toFixed(3)}, accessibility ${f.accessibility}, host CPU index ${Math.round(lhr.environment.benchmarkIndex)}`,
        );
        runs.push(lhr);
        version = lhr.lighthouseVersion;
      }
      const figures = runs.map(figuresOf);
      const m: Figures = {
        performance: median(figures.map((f) => f.performance)),
        lcp: median(figures.map((f) => f.lcp)),
        tbt: median(figures.map((f) => f.tbt)),
        cls: median(figures.map((f) => f.cls)),
        accessibility: median(figures.map((f) => f.accessibility)),
      };
      // The run whose performance is the median keeps its report, for the audits' details.
      const kept = runs[figures.map((f, i) => [f.performance, i]).sort((a, b) => a[0] - b[0])[Math.floor((runs.length - 1) / 2)][1]];
      fs.writeFileSync(path.join(OUT_DIR, `${slug(page.path)}.${form}.json`), JSON.stringify(kept));
      const failedAudits = Object.values(kept.audits)
        .filter((a) => kept.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
        .map((a) => a.id);
      const hostIndex = Math.round(median(runs.map((r) => r.environment.benchmarkIndex)));
      rows.push({ page: page.path, form, kind: page.kind, ...m, failedAudits, misses: budgetMisses(page.kind, form, m), hostIndex });
    }
  }

  console.log(
    `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs)` : "(1 run)"}; budgets: dealer screens and sign-in mobile performance ≥ 95, public news 100, every page CLS ≤ 0.01 and accessibility 100:`,
  );
  console.table(
    rows.map((r) => ({
      screen: r.page,
      "form factor": r.form,
      performance: r.performance,
      LCP: ms(r.lcp),
      TBT: ms(r.tbt),
      CLS: +r.cls.toFixed(3),
      accessibility: r.accessibility,
      budget: r.misses.length ? r.misses.join(", ") : "ok",
      "host CPU": r.hostIndex,
    })),
  );
  const host = hostNote(hostIndexes);
  if (host) console.warn(host);
  for (const r of rows.filter((r) => r.failedAudits.length)) console.log(`accessibility audits failed on ${r.page} (${r.form}): ${r.failedAudits.join(", ")}`);
  const hostRange = { min: Math.round(Math.min(...hostIndexes)), median: Math.round(median(hostIndexes)), max: Math.round(Math.max(...hostIndexes)) };
  const summary = { date: new Date().toISOString(), runs: RUNS, lighthouse: version, hostCpuIndex: hostRange, rows };
  fs.writeFileSync(path.join(OUT_DIR, "summary.json"), JSON.stringify(summary, null, 2));
  fs.writeFileSync(
    path.join(OUT_DIR, "summary.md"),
    `Lighthouse ${summary.lighthouse}, ${summary.date}, median of ${RUNS} run(s); host CPU benchmark index ${hostRange.min}–${hostRange.max} (median ${hostRange.median})${host ? `\n\n${host}` : ""}\n\n${markdown(rows)}`,
  );
  console.log(`Reports: ${path.relative(ROOT, OUT_DIR)}/ (summary.md, summary.json, <page>.<form factor>.json)`);
  if (rows.some((r) => r.misses.length)) {
    console.error("bench:lighthouse: a page is under its budget");
    return 1;
  }
});
