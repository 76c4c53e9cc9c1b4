import "server-only";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { getStorage, type FileStorage } from "./storage";
import { runExclusive } from "@/lib/cache/exclusive";

export const PENDING_LIFETIME_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Deletes uploads never saved onto a record (or detached from one) and created before
 * `olderThan`, rows first and then their files: a crash in between leaves an unreferenced file,
 * never a row without its file. Returns how many were removed.
 */
export async function purgePendingAttachments(olderThan: Date, storage?: FileStorage): Promise<number> {
  const store = storage ?? (await getStorage());
  let total = 0;
  for (;;) {
    // DELETE … RETURNING in one statement, so a file linked meanwhile is never taken.
    const gone = await db().$queryRaw<{ storageKey: string; thumbKey: string | null }[]>`
      DELETE FROM "Attachment" WHERE "id" IN (
        SELECT "id" FROM "Attachment" WHERE "ownerType" IS NULL AND "createdAt" < ${olderThan} LIMIT ${BATCH}
      ) AND "ownerType" IS NULL
      RETURNING "storageKey", "thumbKey"`;
    for (const key of gone.flatMap((g) => (g.thumbKey ? [g.storageKey, g.thumbKey] : [g.storageKey]))) {
      await store.delete(key).catch((err: unknown) => log.warn("purge: file not deleted", { key, ...errorFields(err) }));
    }
    total += gone.length;
    if (gone.length < BATCH) return total;
  }
}

const holder = globalThis as unknown as { __uploadPurgeAt?: number };

/** Runs the purge in the background at most once an hour per process (called on uploads). */
export function purgePendingSoon(now = Date.now()): void {
  if (holder.__uploadPurgeAt && now - holder.__uploadPurgeAt < PURGE_EVERY_MS) return;
  holder.__uploadPurgeAt = now;
  // Once across instances: another one purging now makes this run a no-op.
  runExclusive("uploads-purge", () => purgePendingAttachments(new Date(now - PENDING_LIFETIME_MS)))
    .then((r) => r.ran && r.result && log.info("purged pending uploads", { count: r.result }))
    .catch((err: unknown) => log.error("purge of pending uploads failed", errorFields(err)));
}
