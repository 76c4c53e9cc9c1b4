import "server-only";
import type { Tx } from "@/lib/core/tx";
import { DomainError } from "@/lib/errors";

/**
 * Nothing is ordered for a disabled company. Read under a share lock in the order's own
 * transaction: a disable (which updates the row) waits for the order to commit, and an order
 * that comes after the disable sees it; checking the session's company at the start of the
 * request alone would let an order slip through in between.
 */
export async function lockActiveCompany(tx: Tx, companyId: number): Promise<ActiveCompany> {
  const rows = await tx.$queryRaw<ActiveCompany[]>`
    SELECT "id", "nameEn", "nameZh", "organizationId" FROM "Company" WHERE "id" = ${companyId} AND "status" = 'ACTIVE' FOR SHARE`;
  if (rows.length === 0) throw new DomainError("Orders.errors.companyDisabled", {}, undefined, 409);
  return rows[0];
}

/** What a document's notification says of its company (read with the lock, no second read). */
export type ActiveCompany = { id: number; nameEn: string; nameZh: string; organizationId: number };
