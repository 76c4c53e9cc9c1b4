import { db } from "@/lib/db";

// Scheduled jobs run once across app instances (docs/DECISIONS.md "Issue 24 — more than one
// instance"): runExclusive takes a transaction-level advisory lock named after the job
// (pg_try_advisory_xact_lock) and runs the job while holding it; an instance that finds the
// lock taken skips the run, as the job is already running elsewhere. A transaction lock rather
// than a session lock: it works through a pooler in transaction mode and on Prisma's pool (a
// session lock must be released on the connection that took it, which a pool does not
// promise), and it is released by PostgreSQL itself when the job ends, fails or its process
// dies. The cost is one pooled connection held, idle in its transaction, for the job's run.

/** The advisory-lock namespace of this app's jobs (first key; the job's hashed name is the second). */
const LOCK_SPACE = 240_024;
/** Longest run a job may hold the lock (its transaction) before PostgreSQL ends it. */
const MAX_RUN_MS = 15 * 60_000;

/** Runs `fn` unless another process runs the job `name` now: `{ ran: false }` then. */
export async function runExclusive<T>(name: string, fn: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  return db().$transaction(
    async (tx) => {
      const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${name})) AS locked`;
      if (!locked) return { ran: false as const };
      // The job runs on other pooled connections; this transaction only holds the lock.
      return { ran: true as const, result: await fn() };
    },
    { maxWait: 10_000, timeout: MAX_RUN_MS },
  );
}
