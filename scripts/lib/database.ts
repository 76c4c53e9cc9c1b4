import path from "node:path";
import pg from "pg";
import { DEFAULT_DATA_DIR } from "./paths";
import { startEmbeddedPostgres } from "./embedded-postgres";

export interface Database {
  url: string;
  /** true when served by the embedded PostgreSQL (ours or another live process's) */
  embedded: boolean;
  /** Stops the embedded server if this call started it; otherwise does nothing. */
  stop(): Promise<void>;
}

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

export interface EmbeddedOptions {
  /** default: $EMBEDDED_DB_DIR, else data/postgres */
  dataDir?: string;
  /** wipe dataDir first (refused while a server runs on it) */
  fresh?: boolean;
  /** false for throwaway test databases: no fsync (see embedded-postgres.ts) */
  durable?: boolean;
  timeoutMs?: number;
}

export function embeddedDataDir(dataDir?: string): string {
  return path.resolve(dataDir ?? process.env.EMBEDDED_DB_DIR ?? DEFAULT_DATA_DIR);
}

/** The embedded PostgreSQL at dataDir, started by this process or already running there. */
export async function ensureEmbeddedDatabase(opts: EmbeddedOptions = {}): Promise<Database> {
  const server = await startEmbeddedPostgres({
    dataDir: embeddedDataDir(opts.dataDir),
    fresh: opts.fresh,
    durable: opts.durable,
    timeoutMs: opts.timeoutMs,
  });
  return { url: server.url, embedded: true, stop: server.stop };
}

/** DATABASE_URL when set (after it answers), otherwise the embedded database. */
export async function ensureDatabase(opts: EmbeddedOptions = {}): Promise<Database> {
  const external = process.env.DATABASE_URL;
  if (!external) return ensureEmbeddedDatabase(opts);
  await waitForDatabase(external, opts.timeoutMs ?? 60_000, `DATABASE_URL (${redact(external)})`);
  return { url: external, embedded: false, stop: async () => {} };
}
