import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";

// The caps on Excel exports (issue 24). A streamed export holds a database connection now and
// then and a little memory for as long as the client downloads, so each user may run at most
// MAX_EXPORTS_PER_USER at once (across every app instance: the count is rows of ExportLease,
// reserved under a per-user advisory lock) and one file holds at most MAX_EXPORT_ROWS rows.

export const MAX_EXPORTS_PER_USER = 2;
export const MAX_EXPORT_ROWS = 200_000;
/** A lease lapses this long after its last renewal (the stream renews it while the client reads),
 * so an instance that crashed mid-export frees its user's slot within minutes. */
export const LEASE_TTL_MS = 5 * 60_000;
const RENEW_EVERY_MS = 60_000;
const LEASE_LOCK = 2401;

export type ExportLease = {
  id: string;
  /** Pushes the expiry out (at most once a minute; cheap to call per batch). */
  renew(): Promise<void>;
  /** Frees the slot; idempotent. */
  release(): Promise<void>;
};

/** Reserves one of the user's export slots or throws Admin.exportBusy (429). */
export async function acquireExportLease(userId: number, what: string): Promise<ExportLease> {
  const id = randomUUID();
  const ok = await db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LEASE_LOCK}::int, ${userId}::int)`;
    await tx.exportLease.deleteMany({ where: { userId, expiresAt: { lte: new Date() } } });
    if ((await tx.exportLease.count({ where: { userId } })) >= MAX_EXPORTS_PER_USER) return false;
    await tx.exportLease.create({ data: { id, userId, what: what.slice(0, 100), expiresAt: new Date(Date.now() + LEASE_TTL_MS) } });
    return true;
  });
  if (!ok) throw new DomainError("Admin.exportBusy", { max: MAX_EXPORTS_PER_USER }, undefined, 429);
  let renewed = Date.now();
  let released = false;
  return {
    id,
    async renew() {
      if (released || Date.now() - renewed < RENEW_EVERY_MS) return;
      renewed = Date.now();
      await db().exportLease.updateMany({ where: { id }, data: { expiresAt: new Date(renewed + LEASE_TTL_MS) } });
    },
    async release() {
      if (released) return;
      released = true;
      try {
        await db().exportLease.deleteMany({ where: { id } });
      } catch (err) {
        // The expiry frees it later; the download itself is already over.
        log.warn("export lease release failed", { leaseId: id, ...errorFields(err) });
      }
    },
  };
}

/** Throws Admin.exportTooLarge (422) when the export would exceed MAX_EXPORT_ROWS rows. */
export function assertExportRows(count: number): void {
  if (count > MAX_EXPORT_ROWS) throw new DomainError("Admin.exportTooLarge", { count, max: MAX_EXPORT_ROWS }, undefined, 422);
}
