import "server-only";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { expireEntry } from "./ledger";
import { runExclusive } from "@/lib/cache/exclusive";

// The points expiry job: every earned row with points left whose expiresAt has come is expired
// through lib/members/ledger.ts expireEntry (an EXPIRE row, the balance lowered, the tier synced),
// one short transaction per row, read in batches from the partial index
// MemberPointEntry_expiry_idx ("expiresAt", "id") WHERE "remaining" > 0.
//
// Several app instances may run it at once (each from its own timer and screen loads): the lock
// is in the database. expireEntry takes the member's row lock, then zeroes the row's remainder
// only if it is still open and due (a conditional update) and answers null otherwise, so of two
// runs reaching one row the second waits for the first, finds nothing left and writes nothing:
// every row is expired exactly once.

/** Rows read per batch; a run goes on through batches until nothing due is left (or MAX_BATCHES). */
const BATCH = 200;
const MAX_BATCHES = 50;
const RUN_EVERY_MS = 10 * 60 * 1000;

/** Expires every due earned row as of `now`; answers the rows this run expired and those that failed. */
export async function runPointExpiry(now: Date = new Date()): Promise<{ expired: number; failed: number }> {
  let expired = 0;
  let failed = 0;
  // Keyset over (expiresAt, id): a row that failed is not read again in this run.
  let after: { expiresAt: Date; id: number } | null = null;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const due: { id: number; expiresAt: Date }[] = after
      ? await db().$queryRaw`
          SELECT "id", "expiresAt" FROM "MemberPointEntry"
          WHERE "remaining" > 0 AND "expiresAt" <= ${now} AND ("expiresAt", "id") > (${after.expiresAt}, ${after.id})
          ORDER BY "expiresAt", "id" LIMIT ${BATCH}`
      : await db().$queryRaw`
          SELECT "id", "expiresAt" FROM "MemberPointEntry"
          WHERE "remaining" > 0 AND "expiresAt" <= ${now}
          ORDER BY "expiresAt", "id" LIMIT ${BATCH}`;
    for (const row of due) {
      try {
        if (await db().$transaction((tx) => expireEntry(tx, row.id, now))) expired++;
      } catch (err) {
        failed++;
        log.warn("points not expired", { entryId: row.id, ...errorFields(err) });
      }
    }
    if (due.length < BATCH) break;
    after = due[due.length - 1];
  }
  return { expired, failed };
}

const holder = globalThis as unknown as { __pointExpiryAt?: number };

/** Runs the expiry in the background at most once every ten minutes per process (called where
 * the stocktake plans' job is: the workbench home, and the counter sale screen). */
export function runPointExpirySoon(now = Date.now()): void {
  if (holder.__pointExpiryAt && now - holder.__pointExpiryAt < RUN_EVERY_MS) return;
  holder.__pointExpiryAt = now;
  runExclusive("point-expiry", () => runPointExpiry(new Date(now)))
    .then((r) => r.ran && r.result.expired + r.result.failed && log.info("points expiry run", r.result))
    .catch((err: unknown) => log.error("points expiry run failed", errorFields(err)));
}
