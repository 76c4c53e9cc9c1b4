// npm test — every check, in order, stopping at the first failure:
//   typecheck, lint, format (prettier --check), database server (DATABASE_URL, else a fresh embedded PostgreSQL at
//   data/test-postgres, stopped at the end), migrate + seed, vitest (unit + integration), a
//   second database with the demo data only ("<name>_e2e" on the same server), next build,
//   next start on 3100 (its output also in data/e2e-server.log), playwright (project chromium), then
//   the same build through a load balancer: a second next start on a free port (data/e2e-server-2.log)
//   and Debian's nginx in front of both (config, pid and logs in data/e2e-balancer/), playwright
//   project two-instances against the balancer; a scan of both logs and of the e2e database for
//   OAuth credentials in clear, then the fault tests (npm run test:faults: PostgreSQL restarted
//   under load, SIGTERM with requests in flight) on an embedded server of their own.
// Options: --skip-e2e (stop after vitest), --only unit|int|e2e|e2e-lb|faults (e2e: both end-to-end
// steps; e2e-lb: only the one through the load balancer). Env TEST_PORT (default 3100), NGINX_PATH
// (default /usr/sbin/nginx). With --only e2e or e2e-lb, further arguments go to playwright as file
// filters (e2e/system-, e2e/two-instances/news); a step none of whose files they match is skipped.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureDatabase, redact, type Database } from "./lib/database";
import { scanForCredentials } from "./lib/secret-scan";
import { appEnv } from "./lib/env";
import { applyMigrations } from "./lib/migrations";
import { ROOT, TEST_DATA_DIR } from "./lib/paths";
import { startBalancer } from "./lib/balancer";
import { startFakeWechat } from "../lib/wechat/fake-server";
import { bin, main, onCleanup, run, stopChild, StepError } from "./lib/proc";
import { assertPortFree, buildApp, choosePort, ensurePrismaClient, prepareDemoDatabase, runSeed, startNext, waitForApp } from "./lib/stack";

const E2E_SERVER_LOG = path.join(ROOT, "data", "e2e-server.log");
const E2E_SERVER_2_LOG = path.join(ROOT, "data", "e2e-server-2.log");
const BALANCER_DIR = path.join(ROOT, "data", "e2e-balancer");
const TWO_INSTANCES_DIR = path.join(ROOT, "e2e", "two-instances");

// TEST_PORT pins the port; otherwise 3100, or any free port when 3100 is taken (chosen at build).
let E2E_PORT = 3100;

function usage(): never {
  console.error("usage: npm test -- [--skip-e2e] [--only unit|int|e2e|e2e-lb|faults] [playwright arguments, with --only e2e or e2e-lb]");
  process.exit(2);
}
let values: { "skip-e2e"?: boolean; only?: string } = {};
let playwrightArgs: string[] = [];
try {
  ({ values, positionals: playwrightArgs } = parseArgs({ options: { "skip-e2e": { type: "boolean" }, only: { type: "string" } }, allowPositionals: true }));
} catch {
  usage();
}
const only = values.only;
if (only !== undefined && !["unit", "int", "e2e", "e2e-lb", "faults"].includes(only)) usage();
if (playwrightArgs.length && only !== "e2e" && only !== "e2e-lb") usage();
const wants = (part: "static" | "unit" | "int" | "e2e" | "e2e-lb" | "faults") => (only ? only === part : !["e2e", "e2e-lb", "faults"].includes(part) || !values["skip-e2e"]);
/** The app served for the end-to-end tests: both end-to-end steps, or only the balancer's. */
const wantsApp = wants("e2e") || wants("e2e-lb");

/** Spec files under dir, relative to ROOT (what playwright's file filters are matched against). */
function specFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => path.join(path.relative(ROOT, dir), f));
}
/** True when playwright's file filters (regular expressions on the path) leave a spec among these. */
const filtersMatch = (files: string[]) =>
  !playwrightArgs.length || files.some((f) => playwrightArgs.some((a) => new RegExp(a.replace(/(:\d+){1,2}$/, "")).test(path.join(ROOT, f))));
const oneInstanceSpecs = () => specFiles(path.join(ROOT, "e2e")).filter((f) => !path.join(ROOT, f).startsWith(TWO_INSTANCES_DIR + path.sep));

const ctx: { server?: Database; demoDb?: Database; baseUrl?: string; appEnv?: NodeJS.ProcessEnv } = {};
const steps: { name: string; when: boolean; run: () => Promise<void> }[] = [
  {
    name: "typecheck (tsc --noEmit)",
    when: wants("static"),
    run: async () => {
      await ensurePrismaClient();
      await run(bin("tsc"), ["--noEmit"]);
    },
  },
  { name: "lint (eslint .)", when: wants("static"), run: () => run(bin("eslint"), ["."]) },
  { name: "format (prettier --check .)", when: wants("static"), run: () => run(bin("prettier"), ["--check", "--log-level", "warn", "."]) },
  {
    name: "database server (DATABASE_URL, else a fresh embedded PostgreSQL)",
    when: wants("int") || wantsApp,
    run: async () => {
      // Throwaway data: the embedded server runs without fsync (several times faster).
      ctx.server = await ensureDatabase({ dataDir: TEST_DATA_DIR, fresh: true, durable: false });
      onCleanup(ctx.server.stop);
      process.env.DATABASE_URL = ctx.server.url; // vitest and the e2e database use this server
      console.log(`[db] ${redact(ctx.server.url)}`);
    },
  },
  {
    name: "migrate + seed",
    when: wants("int"),
    run: async () => {
      const applied = await applyMigrations(ctx.server!.url);
      console.log(`[db] ${applied.length ? `applied ${applied.length} migration(s)` : "migrations up to date"}`);
      await ensurePrismaClient();
      await runSeed(ctx.server!.url, { demo: true });
    },
  },
  {
    name: "vitest",
    when: wants("unit") || wants("int"),
    run: async () => {
      await ensurePrismaClient();
      const project = only === "unit" ? ["--project", "unit"] : only === "int" ? ["--project", "integration"] : [];
      // vite warns that vitest.config.ts is ESM in a CommonJS package; it loads fine
      const env = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" };
      await run(bin("vitest"), ["run", ...project], { env });
    },
  },
  {
    name: "database for e2e (migrate + demo seed only)",
    when: wantsApp,
    run: async () => {
      ctx.demoDb = await prepareDemoDatabase(ctx.server!.url);
      onCleanup(ctx.demoDb.stop);
    },
  },
  {
    name: "next build",
    when: wantsApp,
    run: async () => {
      E2E_PORT = await choosePort(process.env.TEST_PORT, 3100);
      await buildApp(E2E_PORT);
    },
  },
  {
    name: "next start",
    when: wantsApp,
    run: async () => {
      await assertPortFree(E2E_PORT);
      // WeChat cannot be reached here: the app calls a local fake (it consents to bindings, so
      // e2e/my-account-wechat.spec.ts can bind). The sender stays the outbox (WECHAT_SENDER unset).
      const wechat = await startFakeWechat();
      onCleanup(wechat.stop);
      const env = { ...appEnv({ port: E2E_PORT, databaseUrl: ctx.demoDb!.url, host: "127.0.0.1" }), WECHAT_API_BASE: wechat.url, WECHAT_OPEN_BASE: wechat.url };
      ctx.appEnv = env;
      fs.rmSync(E2E_SERVER_2_LOG, { force: true }); // the balancer step's, written anew when it runs
      console.log(`next start on port ${E2E_PORT}`);
      const next = startNext("start", E2E_PORT, env, { logFile: E2E_SERVER_LOG });
      onCleanup(() => stopChild(next));
      ctx.baseUrl = `http://127.0.0.1:${E2E_PORT}/customerWeb`;
      await waitForApp(ctx.baseUrl, next);
    },
  },
  {
    name: "e2e (playwright test)",
    when: wants("e2e"),
    run: async () => {
      if (!fs.existsSync(path.join(ROOT, "playwright.config.ts"))) {
        console.warn("⚠ playwright.config.ts does not exist yet: SKIPPING the end-to-end tests");
        return;
      }
      if (!filtersMatch(oneInstanceSpecs())) return console.log("no spec of the chromium project matches the filters: skipped");
      const env = { ...process.env, BASE_URL: ctx.baseUrl, DATABASE_URL: ctx.demoDb!.url };
      await run(bin("playwright"), ["test", ...playwrightArgs, "--project=chromium"], { env });
    },
  },
  {
    name: "e2e through a load balancer (two instances)",
    when: wantsApp,
    run: async () => {
      if (!filtersMatch(specFiles(TWO_INSTANCES_DIR))) return console.log("no spec of the two-instances project matches the filters: skipped");
      // The same build, environment and database as the first instance, on a port of its own.
      const port2 = await choosePort(undefined, E2E_PORT + 1);
      await assertPortFree(port2);
      const next2 = startNext("start", port2, { ...ctx.appEnv!, PORT: String(port2) }, { logFile: E2E_SERVER_2_LOG });
      const stopNext2 = () => stopChild(next2);
      onCleanup(stopNext2);
      const second = `http://127.0.0.1:${port2}/customerWeb`;
      try {
        await waitForApp(second, next2);
        const lbPort = await choosePort(process.env.TEST_LB_PORT, E2E_PORT + 2);
        await assertPortFree(lbPort);
        const balancer = await startBalancer({ port: lbPort, upstreams: [`127.0.0.1:${E2E_PORT}`, `127.0.0.1:${port2}`], dir: BALANCER_DIR });
        onCleanup(balancer.stop);
        try {
          console.log(`nginx on ${lbPort} in front of next start on ${E2E_PORT} and ${port2}`);
          const env = { ...process.env, BASE_URL: `${balancer.origin}/customerWeb`, INSTANCE_URLS: `${ctx.baseUrl},${second}`, DATABASE_URL: ctx.demoDb!.url };
          await run(bin("playwright"), ["test", ...playwrightArgs, "--project=two-instances"], { env });
        } finally {
          await balancer.stop();
        }
      } finally {
        await stopNext2();
      }
    },
  },
  {
    name: "no credentials in clear (e2e server logs and database)",
    when: wantsApp,
    run: async () => {
      const logFiles = [E2E_SERVER_LOG, E2E_SERVER_2_LOG].filter((f) => fs.existsSync(f));
      const hits = await scanForCredentials({ logFiles, databaseUrl: ctx.demoDb!.url });
      if (hits.length) throw new StepError(`OAuth credentials in clear (masked):\n${hits.map((h) => `    ${h.where}: ${h.sample}`).join("\n")}`);
      console.log("no client secret, code or token in clear in the server logs or the database");
    },
  },
  {
    name: "faults (database restart under load, SIGTERM with requests in flight)",
    when: wants("faults"),
    run: () => run(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/faults.ts")], { env: { ...process.env, DATABASE_URL: "" } }),
  },
];

main(async () => {
  const selected = steps.filter((s) => s.when);
  const timings: string[] = [];
  for (const [i, step] of selected.entries()) {
    console.log(`\n━━━ [${i + 1}/${selected.length}] ${step.name} ━━━`);
    const started = Date.now();
    try {
      await step.run();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new StepError(`FAILED at step ${i + 1}/${selected.length}: ${step.name}\n  ${message}`);
    }
    timings.push(`  ✔ ${step.name} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  }
  console.log(`\n━━━ all ${selected.length} steps passed ━━━\n${timings.join("\n")}`);
});
