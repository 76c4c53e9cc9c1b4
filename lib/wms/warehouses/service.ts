import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { dealerCompany } from "@/lib/wms/access";
import type { TLocationSave, TSetEnabled, TWarehouseSave } from "./schemas";

// The warehouse screen's writes (customerWms/warehouse): a dealer's warehouses and their
// locations. Only a dealer in its signed-in company with warehouse:manage writes (staff read,
// lib/wms/access.ts); another company's warehouse or location is a 404 like a missing one. Each
// write is one transaction with its audit row. Writes of one company's warehouses take the
// company's row lock first, so two "first" warehouses cannot both become the default and a
// case-insensitive code check cannot race another save (the unique index is case-sensitive).

const PERMISSION = "warehouse:manage" as const;

async function lockCompany(tx: Tx, companyId: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Company" WHERE "id" = ${companyId} FOR UPDATE`;
}

async function ownWarehouse(tx: Tx, companyId: number, id: number) {
  const w = await tx.warehouse.findFirst({ where: { id, companyId } });
  if (!w) throw new NotFoundError();
  return w;
}

async function ownLocation(tx: Tx, companyId: number, id: number) {
  const l = await tx.warehouseLocation.findFirst({ where: { id, warehouse: { companyId } } });
  if (!l) throw new NotFoundError();
  return l;
}

/** What a warehouse or location holds now (on-hand quantity over its goods). */
async function onHand(tx: Tx, where: Prisma.StockOnHandWhereInput): Promise<number> {
  return (await tx.stockOnHand.aggregate({ where, _sum: { quantity: true } }))._sum.quantity ?? 0;
}

/** Creates or updates a warehouse; the company's first one becomes its default. */
export async function saveWarehouse(viewer: Viewer, ctx: AuditCtx, input: TWarehouseSave): Promise<{ id: number }> {
  const companyId = dealerCompany(viewer, PERMISSION);
  return db().$transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const before = input.id ? await ownWarehouse(tx, companyId, input.id) : null;
    const clash = await tx.warehouse.findFirst({
      where: { companyId, code: { equals: input.code, mode: "insensitive" }, NOT: before ? { id: before.id } : undefined },
      select: { id: true },
    });
    if (clash) throw new DomainError("WmsWarehouses.errors.codeTaken", { code: input.code }, "code", 409);
    const data = { code: input.code, name: input.name, type: input.type, address: input.address, keeper: input.keeper, phone: input.phone };
    if (before) {
      const after = await tx.warehouse.update({ where: { id: before.id }, data });
      await audit(tx, ctx, "Warehouse", after.id, "update", before, after);
      return { id: after.id };
    }
    const first = (await tx.warehouse.count({ where: { companyId, isDefault: true } })) === 0;
    const made = await tx.warehouse.create({ data: { ...data, companyId, isDefault: first } });
    await audit(tx, ctx, "Warehouse", made.id, "create", null, made);
    return { id: made.id };
  });
}

/** Makes an enabled warehouse the company's default: the old one is cleared in the same transaction. */
export async function setDefaultWarehouse(viewer: Viewer, ctx: AuditCtx, id: number): Promise<{ id: number }> {
  const companyId = dealerCompany(viewer, PERMISSION);
  return db().$transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const w = await ownWarehouse(tx, companyId, id);
    if (w.isDefault) return { id };
    if (!w.enabled) throw new DomainError("WmsWarehouses.errors.defaultDisabled", { code: w.code }, "isDefault", 409);
    const old = await tx.warehouse.findFirst({ where: { companyId, isDefault: true }, select: { id: true, code: true } });
    if (old) await tx.warehouse.update({ where: { id: old.id }, data: { isDefault: false } });
    await tx.warehouse.update({ where: { id }, data: { isDefault: true } });
    await audit(tx, ctx, "Warehouse", id, "setDefault", { default: old?.code ?? null }, { default: w.code });
    return { id };
  });
}

/** Enables or disables a warehouse; not the default, nor one holding stock. */
export async function setWarehouseEnabled(viewer: Viewer, ctx: AuditCtx, input: TSetEnabled): Promise<{ id: number }> {
  const companyId = dealerCompany(viewer, PERMISSION);
  return db().$transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const w = await ownWarehouse(tx, companyId, input.id);
    if (w.enabled === input.enabled) return { id: w.id };
    if (!input.enabled) {
      if (w.isDefault) throw new DomainError("WmsWarehouses.errors.isDefault", { code: w.code }, "enabled", 409);
      // Postings read the warehouse under a share lock (lib/wms/documents.ts): one in flight
      // finishes first and its stock is seen below; one after this sees the warehouse disabled.
      await tx.$queryRaw`SELECT 1 FROM "Warehouse" WHERE "id" = ${w.id} FOR UPDATE`;
      const quantity = await onHand(tx, { warehouseId: w.id });
      if (quantity > 0) throw new DomainError("WmsWarehouses.errors.holdsStock", { code: w.code, quantity }, "enabled", 409);
    }
    await tx.warehouse.update({ where: { id: w.id }, data: { enabled: input.enabled } });
    await audit(tx, ctx, "Warehouse", w.id, input.enabled ? "enable" : "disable", { enabled: w.enabled }, { enabled: input.enabled });
    return { id: w.id };
  });
}

/** Deletes a warehouse never used (no stock movement, document, outlet, plan or vehicle), with its locations. */
export async function deleteWarehouse(viewer: Viewer, ctx: AuditCtx, id: number): Promise<{ id: number }> {
  const companyId = dealerCompany(viewer, PERMISSION);
  return inUseOnRestrict("WmsWarehouses.errors.inUse", () =>
    db().$transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const w = await ownWarehouse(tx, companyId, id);
      if (w.isDefault) throw new DomainError("WmsWarehouses.errors.isDefault", { code: w.code }, undefined, 409);
      const ids = await locationIds(tx, id);
      const used =
        (await tx.stockLedger.count({ where: { warehouseId: id } })) +
        (await tx.wmsDocument.count({ where: { OR: [{ warehouseId: id }, { toWarehouseId: id }] } })) +
        (await tx.wmsDocumentLine.count({ where: { OR: [{ fromLocationId: { in: ids } }, { toLocationId: { in: ids } }] } })) +
        (await tx.stockOnHand.count({ where: { warehouseId: id } })) +
        (await tx.vehicle.count({ where: { warehouseId: id } }));
      if (used) throw new DomainError("WmsWarehouses.errors.inUse", { code: w.code }, undefined, 409);
      const locations = await tx.warehouseLocation.deleteMany({ where: { warehouseId: id } });
      await tx.warehouse.delete({ where: { id } });
      await audit(tx, ctx, "Warehouse", id, "delete", { ...w, locations: locations.count }, null);
      return { id };
    }),
  );
}

const locationIds = async (tx: Tx, warehouseId: number) => (await tx.warehouseLocation.findMany({ where: { warehouseId }, select: { id: true } })).map((l) => l.id);

/** Creates or updates a location of one of the company's warehouses (its code unique in the warehouse). */
export async function saveLocation(viewer: Viewer, ctx: AuditCtx, input: TLocationSave): Promise<{ id: number }> {
  const companyId = dealerCompany(viewer, PERMISSION);
  return db().$transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const w = await ownWarehouse(tx, companyId, input.warehouseId);
    const before = input.id ? await ownLocation(tx, companyId, input.id) : null;
    if (before && before.warehouseId !== w.id) throw new NotFoundError();
    const clash = await tx.warehouseLocation.findFirst({
      where: { warehouseId: w.id, code: { equals: input.code, mode: "insensitive" }, NOT: before ? { id: before.id } : undefined },
      select: { id: true },
    });
    if (clash) throw new DomainError("WmsWarehouses.errors.locationCodeTaken", { code: input.code, warehouse: w.code }, "code", 409);
    const data = { code: input.code, name: input.name };
    if (before) {
      const after = await tx.warehouseLocation.update({ where: { id: before.id }, data });
      await audit(tx, ctx, "WarehouseLocation", after.id, "update", before, after);
      return { id: after.id };
    }
    const made = await tx.warehouseLocation.create({ data: { ...data, warehouseId: w.id } });
    await audit(tx, ctx, "WarehouseLocation", made.id, "create", null, made);
    return { id: made.id };
  });
}

/** Enables or disables a location; not one holding stock. */
export async function setLocationEnabled(viewer: Viewer, ctx: AuditCtx, input: TSetEnabled): Promise<{ id: number }> {
  const companyId = dealerCompany(viewer, PERMISSION);
  return db().$transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const l = await ownLocation(tx, companyId, input.id);
    if (l.enabled === input.enabled) return { id: l.id };
    if (!input.enabled) {
      await tx.$queryRaw`SELECT 1 FROM "WarehouseLocation" WHERE "id" = ${l.id} FOR UPDATE`;
      const quantity = await onHand(tx, { locationId: l.id });
      if (quantity > 0) throw new DomainError("WmsWarehouses.errors.locationHoldsStock", { code: l.code, quantity }, "enabled", 409);
    }
    await tx.warehouseLocation.update({ where: { id: l.id }, data: { enabled: input.enabled } });
    await audit(tx, ctx, "WarehouseLocation", l.id, input.enabled ? "enable" : "disable", { enabled: l.enabled }, { enabled: input.enabled });
    return { id: l.id };
  });
}

/** Deletes a location never used (no stock movement, document line, on-hand row or vehicle). */
export async function deleteLocation(viewer: Viewer, ctx: AuditCtx, id: number): Promise<{ id: number }> {
  const companyId = dealerCompany(viewer, PERMISSION);
  return inUseOnRestrict("WmsWarehouses.errors.locationInUse", () =>
    db().$transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const l = await ownLocation(tx, companyId, id);
      const used =
        (await tx.stockLedger.count({ where: { locationId: id } })) +
        (await tx.wmsDocumentLine.count({ where: { OR: [{ fromLocationId: id }, { toLocationId: id }] } })) +
        (await tx.stockOnHand.count({ where: { locationId: id } })) +
        // Vehicle.locationId is SET NULL on delete: a car parked here would lose its place.
        (await tx.vehicle.count({ where: { locationId: id } }));
      if (used) throw new DomainError("WmsWarehouses.errors.locationInUse", { code: l.code }, undefined, 409);
      await tx.warehouseLocation.delete({ where: { id } });
      await audit(tx, ctx, "WarehouseLocation", id, "delete", l, null);
      return { id };
    }),
  );
}

/** A row another table still points at (a foreign key that restricts deletes, e.g. a stocktake
 * plan or an outlet naming the warehouse): the same "in use, disable instead" answer. */
async function inUseOnRestrict<T>(key: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && (err.code === "P2003" || err.code === "P2014")) throw new DomainError(key, { code: "" }, undefined, 409);
    throw err;
  }
}
