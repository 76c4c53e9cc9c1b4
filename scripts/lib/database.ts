import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { DEFAULT_DATA_DIR, ROOT } from "./paths";
import { spawnChild, stopChild, waitExit } from "./proc";
import { EXIT_IN_USE, liveOwner, type ServerMessage } from "./pglite-lock";

export interface Database {
  url: string;
  /** true when served by PGlite (ours or another live owner's) */
  embedded: boolean;
  /** Stops the PGlite server if this call started it; otherwise does nothing. */
  stop(): Promise<void>;
}

const SERVER_SCRIPT = path.join(ROOT, "scripts/db/pglite-server.ts");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<invalid URL>";
  }
}

/** Polls `select 1` until the database answers. */
export async function waitForDatabase(url: string, timeoutMs: number, what = redact(url)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (err) {
      last = err;
    } finally {
      await client.end().catch(() => {});
    }
    await sleep(250);
  }
  throw new Error(`${what} did not accept connections within ${timeoutMs / 1000}s: ${(last as Error)?.message ?? last}`);
}

async function reuseOwner(dataDir: string, timeoutMs: number): Promise<Database> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const owner = liveOwner(dataDir);
    if (!owner) throw new Error(`the server that owned ${dataDir} went away`);
    if (owner.url) {
      await waitForDatabase(owner.url, Math.max(deadline - Date.now(), 1_000));
      console.log(`[db] reusing ${path.relative(ROOT, dataDir)} served by pid ${owner.pid} at ${owner.url}`);
      return { url: owner.url, embedded: true, stop: async () => {} };
    }
    if (Date.now() > deadline) throw new Error(`pid ${owner.pid} holds ${dataDir} but never published its URL`);
    await sleep(200);
  }
}

async function startServer(dataDir: string, timeoutMs: number): Promise<Database> {
  const child = spawnChild(process.execPath, ["--import", "tsx", SERVER_SCRIPT, "--data-dir", dataDir], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    new Promise<ServerMessage>((resolve) => child.on("message", (msg: ServerMessage) => resolve(msg))),
    waitExit(child).then((code) => ({ type: "exit" as const, code })),
    new Promise<{ type: "timeout" }>((resolve) => (timer = setTimeout(() => resolve({ type: "timeout" }), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome.type === "exit") {
    if (outcome.code === EXIT_IN_USE) return reuseOwner(dataDir, timeoutMs);
    throw new Error(`the PGlite server for ${dataDir} exited with code ${outcome.code} before it was ready`);
  }
  if (outcome.type === "timeout") {
    await stopChild(child);
    throw new Error(`the PGlite server for ${dataDir} was not ready within ${timeoutMs / 1000}s`);
  }
  try {
    await waitForDatabase(outcome.url, timeoutMs);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url: outcome.url, embedded: true, stop: () => stopChild(child, 20_000) };
}

export interface EmbeddedOptions {
  /** default: $PGLITE_DATA_DIR, else data/pglite */
  dataDir?: string;
  /** wipe dataDir first (refused while another process serves it) */
  fresh?: boolean;
  timeoutMs?: number;
}

/** The PGlite at dataDir, served by a child process or by the live process that owns it. */
export async function ensureEmbeddedDatabase(opts: EmbeddedOptions = {}): Promise<Database> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const dataDir = path.resolve(opts.dataDir ?? process.env.PGLITE_DATA_DIR ?? DEFAULT_DATA_DIR);
  const owner = liveOwner(dataDir);
  if (owner) {
    if (opts.fresh) throw new Error(`cannot wipe ${dataDir}: it is served by pid ${owner.pid} (${owner.url ?? "starting"})`);
    return reuseOwner(dataDir, timeoutMs);
  }
  if (opts.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  return startServer(dataDir, timeoutMs);
}

/** DATABASE_URL when set (after it answers), otherwise the embedded database. */
export async function ensureDatabase(opts: EmbeddedOptions = {}): Promise<Database> {
  const external = process.env.DATABASE_URL;
  if (!external) return ensureEmbeddedDatabase(opts);
  await waitForDatabase(external, opts.timeoutMs ?? 60_000, `DATABASE_URL (${redact(external)})`);
  return { url: external, embedded: false, stop: async () => {} };
}
