import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import type { ChildProcess } from "node:child_process";
import { ensureDatabase, redact, type Database, type EmbeddedOptions } from "./database";
import { appEnv } from "./env";
import { adminQuery, applyMigrations, withDatabaseName } from "./migrations";
import { ROOT } from "./paths";
import { bin, run, spawnChild, stopChild, waitExit } from "./proc";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Generates the Prisma client when it is missing or older than schema.prisma. */
export function ensurePrismaClient(): Promise<void> {
  return run(process.execPath, [path.join(ROOT, "scripts/prisma-generate.mjs"), "--if-stale"]);
}

/** Reference data, and the demo data (accounts with the README's passwords) when demo. */
export async function runSeed(databaseUrl: string, opts: { demo: boolean }): Promise<void> {
  const seed = path.join(ROOT, "prisma/seed.ts");
  const args = ["--import", "tsx", seed, ...(opts.demo ? [] : ["--reference-only"])];
  await run(process.execPath, args, { env: { ...process.env, DATABASE_URL: databaseUrl } });
}

/** True when DEMO_DATA asks for the demo data on a database of one's own. */
export function demoRequested(): boolean {
  return /^(1|true|yes)$/i.test(process.env.DEMO_DATA ?? "");
}

/** How many active administrators the database has (the ADMIN role). */
export async function administratorCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(distinct u.id)::int as n from "User" u join "UserRole" ur on ur."userId" = u.id
         join "Role" r on r.id = ur."roleId" where r.code = 'ADMIN' and u.status = 'ACTIVE'`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Database up, migrations applied, reference data seeded, and the demo data when `demo` (by
 * default: on the embedded database, or when DEMO_DATA is set). A real database never gets
 * the demo accounts, whose passwords the README publishes; its first administrator comes from
 * `npm run setup:admin`.
 */
export async function prepareDatabase(opts: EmbeddedOptions & { demo?: boolean } = {}): Promise<Database> {
  const db = await ensureDatabase(opts);
  try {
    const applied = await applyMigrations(db.url);
    const where = db.embedded ? `embedded database ${redact(db.url)}` : redact(db.url);
    console.log(`[db] ${where}: ${applied.length ? `applied ${applied.join(", ")}` : "migrations up to date"}`);
    await ensurePrismaClient();
    const demo = opts.demo ?? (db.embedded || demoRequested());
    await runSeed(db.url, { demo });
    if (!demo && (await administratorCount(db.url)) === 0) {
      console.log(
        "\n  [setup] This database has no administrator yet. Create the first one with:\n" +
          "          npm run setup:admin\n" +
          "  (or load the demo accounts into a database of your own with: DEMO_DATA=true npm start)\n",
      );
    }
  } catch (err) {
    await db.stop();
    throw err;
  }
  return db;
}

/**
 * A database of its own with only the demo data, for the end-to-end tests: integration tests
 * leave their factory rows (menus, companies, users) behind, which the browser would show.
 * A sibling database "<name>_e2e" on the server of serverUrl (dropped on stop).
 */
export async function prepareDemoDatabase(serverUrl: string): Promise<Database> {
  const name = `${new URL(serverUrl).pathname.slice(1) || "dealer"}_e2e`.replace(/[^A-Za-z0-9_]/g, "_");
  const admin = withDatabaseName(serverUrl, "postgres");
  await adminQuery(admin, `drop database if exists "${name}" with (force)`);
  await adminQuery(admin, `create database "${name}"`);
  const url = withDatabaseName(serverUrl, name);
  const drop = () => adminQuery(admin, `drop database if exists "${name}" with (force)`).catch((err) => console.warn(`[db] could not drop ${name}: ${(err as Error).message}`));
  try {
    const applied = await applyMigrations(url);
    console.log(`[db] ${redact(url)}: applied ${applied.length} migration(s)`);
    await runSeed(url, { demo: true });
  } catch (err) {
    await drop();
    throw err;
  }
  return { url, embedded: false, stop: drop };
}

const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  "messages",
  "i18n",
  "public",
  "proxy.ts",
  "next.config.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "prisma/schema.prisma",
];

function newestMtime(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes only its directory
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** True when .next holds no production build or a source changed after it. */
export function needsBuild(): boolean {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built);
}

/** next build, without DATABASE_URL: a page that queries at build time fails loudly (docs/ARCHITECTURE.md "Pitfalls"). */
export async function buildApp(port: number): Promise<void> {
  await ensurePrismaClient();
  const env = appEnv({ port, databaseUrl: "" });
  delete env.DATABASE_URL;
  await run(bin("next"), ["build"], { env });
}

/** A port the OS reports free right now. */
function osFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The port a script serves on: the one its environment variable names (which must be free),
 * else the preferred one when free, else any free port, so a leftover server elsewhere on the
 * machine does not fail a test or benchmark run.
 */
export async function choosePort(fromEnv: string | undefined, preferred: number): Promise<number> {
  if (fromEnv) return Number(fromEnv);
  try {
    await assertPortFree(preferred);
    return preferred;
  } catch {
    return osFreePort();
  }
}

export async function assertPortFree(port: number): Promise<void> {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
  if (inUse) throw new Error(`port ${port} is already in use: stop what runs there or set PORT`);
}

/** `next <mode>`; with `logFile`, what it prints also goes to that file (npm test scans the e2e
 * server's log for credentials in clear afterwards: scripts/lib/secret-scan.ts). */
export function startNext(mode: "dev" | "start", port: number, env: NodeJS.ProcessEnv, opts: { logFile?: string } = {}): ChildProcess {
  const args = [mode, "--port", String(port)];
  if (!opts.logFile) return spawnChild(bin("next"), args, { env });
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const file = fs.createWriteStream(opts.logFile, { flags: "w" });
  const child = spawnChild(bin("next"), args, { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    file.write(chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    file.write(chunk);
  });
  child.once("exit", () => file.end());
  return child;
}

/**
 * Waits for GET {baseUrl}/api/health to succeed. A 404 also counts (the route may not exist
 * yet): any HTTP answer means Next is serving.
 */
export async function waitForApp(baseUrl: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | undefined;
  void waitExit(child).then((code) => (exited = code));
  let last = "no answer";
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`next exited with code ${exited} before answering at ${baseUrl}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      if (res.ok || res.status === 404) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(500);
  }
  throw new Error(`${baseUrl}/api/health did not answer within ${timeoutMs / 1000}s (last: ${last})`);
}

export interface Stack {
  /** http://127.0.0.1:PORT/customerWeb */
  baseUrl: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * Database (migrated, seeded) and `next start` on port, ready to serve. build: true always
 * builds, false never, unset builds when needsBuild().
 */
export async function startStack(opts: EmbeddedOptions & { port: number; build?: boolean }): Promise<Stack> {
  await assertPortFree(opts.port);
  const db = await prepareDatabase({ ...opts, demo: true }); // the benchmarks sign in as demo users
  let next: ChildProcess | undefined;
  const stop = async () => {
    if (next) await stopChild(next);
    await db.stop();
  };
  try {
    if (opts.build ?? needsBuild()) await buildApp(opts.port);
    const baseUrl = `http://127.0.0.1:${opts.port}/customerWeb`;
    next = startNext("start", opts.port, appEnv({ port: opts.port, databaseUrl: db.url, host: "127.0.0.1" }));
    await waitForApp(baseUrl, next);
    return { baseUrl, databaseUrl: db.url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
