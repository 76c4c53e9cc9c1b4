import "server-only";
import type { Tx } from "@/lib/core/tx";

export const DEFAULT_WAREHOUSE = { code: "MAIN", name: "Main warehouse", location: "A-01" } as const;

/**
 * The warehouse an order's entry goes to: the company's default one; else its first enabled
 * warehouse that takes the kind (vehicles, parts or mixed); else a new default warehouse with
 * one location, made here (on the company's first entry). Two first entries at once make one:
 * the insert yields to the partial unique index on (companyId) WHERE isDefault.
 */
export async function defaultWarehouse(tx: Tx, companyId: number, kind: "VEHICLE" | "PARTS"): Promise<{ id: number }> {
  const found = await tx.warehouse.findFirst({
    where: { companyId, enabled: true, OR: [{ isDefault: true }, { type: { in: [kind, "MIXED"] } }] },
    orderBy: [{ isDefault: "desc" }, { id: "asc" }],
    select: { id: true },
  });
  if (found) return found;
  const made = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Warehouse" ("companyId", "code", "name", "type", "enabled", "isDefault", "createdAt", "updatedAt")
    SELECT ${companyId}, ${DEFAULT_WAREHOUSE.code}, ${DEFAULT_WAREHOUSE.name}, 'MIXED', true, true, now(), now()
    WHERE NOT EXISTS (SELECT 1 FROM "Warehouse" WHERE "companyId" = ${companyId} AND "code" = ${DEFAULT_WAREHOUSE.code})
    ON CONFLICT DO NOTHING
    RETURNING "id"`;
  if (made.length) {
    await tx.warehouseLocation.create({ data: { warehouseId: made[0].id, code: DEFAULT_WAREHOUSE.location } });
    return made[0];
  }
  return tx.warehouse.findFirstOrThrow({ where: { companyId, OR: [{ isDefault: true }, { code: DEFAULT_WAREHOUSE.code }] }, orderBy: { isDefault: "desc" }, select: { id: true } });
}
