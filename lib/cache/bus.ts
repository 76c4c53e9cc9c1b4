import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { errorFields, log } from "@/lib/log";

// Keeps the per-process caches of every app instance in step through PostgreSQL LISTEN/NOTIFY
// (docs/DECISIONS.md "Issue 24 — more than one instance"). Each cache registers its local clear
// with onInvalidate(name, clear); a change calls publishInvalidation(name) after its commit (or
// inside its transaction with notifyInTransaction, so the notice goes out on commit), and every
// instance listening clears that cache within a fraction of a second. The local clear stays the
// caller's job and is immediate; the notice only reaches the other processes (this one skips its
// own). ONE dedicated connection per process listens (DATABASE_URL_DIRECT, else DATABASE_URL: a
// pooler in transaction mode cannot carry LISTEN). It reconnects with backoff, and after a
// reconnection clears every registered cache, since notices sent while it was away are lost.
// Nothing here throws into its callers: a failure is logged, and the caches' TTLs remain the
// fallback.

export const CACHE_CHANNEL = "dp_cache_invalidate";
const APPLICATION_NAME = "dp-cache-bus";
const MAX_BACKOFF_MS = 30_000;

type State = {
  origin: string;
  listeners: Map<string, Set<() => void>>;
  client: Client | null;
  started: boolean;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Resolves once the current connection is listening (tests, and start-up). */
  ready: Promise<void>;
  markReady: () => void;
};

// On globalThis: one bus per process even when bundles load this module more than once.
const holder = globalThis as unknown as { __dealerCacheBus?: State };
function state(): State {
  if (!holder.__dealerCacheBus) {
    const s = { origin: randomUUID(), listeners: new Map(), client: null, started: false, attempt: 0, timer: null } as unknown as State;
    resetReady(s);
    holder.__dealerCacheBus = s;
  }
  return holder.__dealerCacheBus;
}

function resetReady(s: State): void {
  s.ready = new Promise<void>((resolve) => (s.markReady = resolve));
}

const connectionString = () => process.env.DATABASE_URL_DIRECT || process.env.DATABASE_URL;

/** Registers a cache's local clear for `name`; several caches may share a name. */
export function onInvalidate(name: string, clear: () => void): void {
  const s = state();
  let set = s.listeners.get(name);
  if (!set) s.listeners.set(name, (set = new Set()));
  set.add(clear);
}

function runListeners(name: string | null): void {
  const s = state();
  const sets = name === null ? [...s.listeners.values()] : [s.listeners.get(name) ?? new Set<() => void>()];
  for (const set of sets) {
    for (const clear of set) {
      try {
        clear();
      } catch (err) {
        log.error("cache clear failed", { cache: name ?? "*", ...errorFields(err) });
      }
    }
  }
}

const payload = (name: string) => JSON.stringify({ name, origin: state().origin });

/**
 * Tells the other instances to clear cache `name`. Call it after the change has committed (a
 * notice sent before the commit could make another instance re-read the old value); it runs on
 * the app's pool, so a pooler in transaction mode is fine. Never throws; the promise is for tests.
 */
export function publishInvalidation(name: string): Promise<void> {
  return (async () => {
    if (!connectionString()) return;
    const { db } = await import("@/lib/db");
    await db().$executeRaw`SELECT pg_notify(${CACHE_CHANNEL}, ${payload(name)})`;
  })().catch((err: unknown) => log.warn("cache invalidation not published", { cache: name, ...errorFields(err) }));
}

/** The same notice from inside a transaction: PostgreSQL delivers it when (and only if) it commits. */
export async function notifyInTransaction(tx: { $executeRaw: (q: TemplateStringsArray, ...v: unknown[]) => Promise<number> }, name: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${CACHE_CHANNEL}, ${payload(name)})`;
}

function onNotification(msg: { channel: string; payload?: string }): void {
  if (msg.channel !== CACHE_CHANNEL || !msg.payload) return;
  let parsed: { name?: unknown; origin?: unknown };
  try {
    parsed = JSON.parse(msg.payload);
  } catch {
    return;
  }
  if (typeof parsed.name !== "string" || parsed.origin === state().origin) return;
  runListeners(parsed.name);
}

function scheduleReconnect(): void {
  const s = state();
  if (s.timer || !s.started) return;
  const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** s.attempt) * (0.75 + Math.random() * 0.5);
  s.attempt++;
  s.timer = setTimeout(() => {
    s.timer = null;
    void connect();
  }, delay);
  s.timer.unref?.();
}

async function connect(): Promise<void> {
  const s = state();
  const url = connectionString();
  if (!s.started || !url) return;
  const client = new Client({ connectionString: url, application_name: APPLICATION_NAME, keepAlive: true });
  let failed = false;
  const fail = (err?: unknown) => {
    if (failed) return;
    failed = true;
    if (s.client === client) {
      s.client = null;
      resetReady(s);
    }
    if (err) log.warn("cache bus connection lost", errorFields(err));
    client.removeAllListeners("notification");
    void client.end().catch(() => {});
    scheduleReconnect();
  };
  client.on("error", fail);
  client.on("end", () => fail());
  client.on("notification", onNotification);
  try {
    await client.connect();
    await client.query(`LISTEN ${CACHE_CHANNEL}`);
    // The bus never keeps a process alive by itself (a script, a test's worker).
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
  } catch (err) {
    fail(err);
    return;
  }
  if (failed || !s.started) {
    void client.end().catch(() => {});
    return;
  }
  const reconnected = s.attempt > 0;
  s.client = client;
  s.attempt = 0;
  // Notices sent while this process was not listening are lost: start every cache afresh.
  if (reconnected) runListeners(null);
  s.markReady();
}

/**
 * Starts listening (once per process: instrumentation.ts on the server, the test's child
 * script). The promise resolves when the first connection listens; it never rejects.
 */
export function startCacheBus(): Promise<void> {
  const s = state();
  if (!s.started) {
    s.started = true;
    void connect();
  }
  return s.ready;
}

/** Resolves when the bus listens again (tests: after its connection was terminated). */
export function cacheBusReady(): Promise<void> {
  return state().ready;
}

/** The listening connection's backend pid, null while it is down (tests, diagnostics). */
export function cacheBusPid(): number | null {
  return (state().client as unknown as { processID?: number } | null)?.processID ?? null;
}

/** Stops listening (tests and shutdown). */
export async function stopCacheBus(): Promise<void> {
  const s = state();
  s.started = false;
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  const client = s.client;
  s.client = null;
  resetReady(s);
  if (client) {
    client.removeAllListeners();
    client.on("error", () => {});
    await client.end().catch(() => {});
  }
}
