import "server-only";
import type { Tx } from "@/lib/core/tx";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { AuditCtx } from "@/lib/core/audit";
import { minuteToDate, type TAddVehicle } from "./schemas";

// Staff put vehicles into factory stock, one by form or many by the Excel import (the admin
// import: every row checked first, then all saved in one transaction or none). A new vehicle
// is FACTORY_STOCK with a history row, and its goods' stock (the units still orderable,
// docs/DECISIONS.md) grows by one in the same transaction.

export type FactoryVehicle = { vin: string; goodsId: number; colour: string | null; entryAt: Date | null };

/** Inserts checked rows (VINs valid and new, goods VEHICLE): vehicles, events, stock, audit. */
export async function addFactoryVehicles(tx: Tx, rows: FactoryVehicle[], ctx: AuditCtx): Promise<number> {
  if (!rows.length) return 0;
  const goods = await tx.goods.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.goodsId))] }, kind: "VEHICLE" }, select: { id: true, vehicleModelId: true } });
  const modelOf = new Map(goods.map((g) => [g.id, g.vehicleModelId]));
  const now = new Date();
  for (const r of rows) if (!modelOf.get(r.goodsId)) throw new DomainError("Vehicles.errors.goodsMissing", {}, "goodsId", 404);
  const created = await tx.vehicle.createManyAndReturn({
    data: rows.map((r) => ({
      vin: r.vin,
      goodsId: r.goodsId,
      vehicleModelId: modelOf.get(r.goodsId)!,
      colour: r.colour,
      status: "FACTORY_STOCK" as const,
      entryAt: r.entryAt ?? now,
    })),
    select: { id: true, vin: true, goodsId: true },
    skipDuplicates: true,
  });
  if (created.length !== rows.length) {
    const taken = rows.find((r) => !created.some((c) => c.vin === r.vin));
    throw new DomainError("Vehicles.errors.vinTaken", { vin: taken?.vin ?? "" }, "vin", 409);
  }
  await tx.vehicleEvent.createMany({ data: created.map((c) => ({ vehicleId: c.id, fromStatus: null, toStatus: "FACTORY_STOCK" as const, userId: ctx.userId })) });
  const perGoods = new Map<number, number>();
  for (const c of created) perGoods.set(c.goodsId, (perGoods.get(c.goodsId) ?? 0) + 1);
  for (const [goodsId, n] of perGoods) await tx.goods.update({ where: { id: goodsId }, data: { stock: { increment: n } } });
  await tx.auditLog.createMany({
    data: created.map((c) => ({
      userId: ctx.userId,
      companyId: ctx.companyId,
      entity: "Vehicle",
      entityId: String(c.id),
      action: "factoryEntry",
      after: { vin: c.vin, goodsId: c.goodsId, status: "FACTORY_STOCK" },
      requestId: ctx.requestId,
    })),
  });
  return created.length;
}

/** The staff form: one vehicle into factory stock. */
export async function addVehicle(viewer: Viewer, ctx: AuditCtx, input: TAddVehicle): Promise<{ id: number; vin: string }> {
  if (viewer.userType === "DEALER" || !hasPermission(viewer, "vehicle:import")) throw new DomainError("Common.forbidden", {}, undefined, 403);
  const entryAt = input.entryAt ? minuteToDate(input.entryAt) : null;
  if (entryAt && entryAt.getTime() > Date.now() + 5 * 60_000) throw new DomainError("Vehicles.errors.entryInFuture", {}, "entryAt");
  return db().$transaction(async (tx) => {
    const exists = await tx.vehicle.findUnique({ where: { vin: input.vin }, select: { id: true } });
    if (exists) throw new DomainError("Vehicles.errors.vinTaken", { vin: input.vin }, "vin", 409);
    await addFactoryVehicles(tx, [{ vin: input.vin, goodsId: input.goodsId, colour: input.colour ?? null, entryAt }], ctx);
    return tx.vehicle.findUniqueOrThrow({ where: { vin: input.vin }, select: { id: true, vin: true } });
  });
}
