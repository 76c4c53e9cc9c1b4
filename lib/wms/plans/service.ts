import "server-only";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { dealerCompany } from "../access";
import { dateOf, dayOf, shanghaiDay } from "./cycle";
import { MAX_PLANS, type TPlanEnabled, type TSavePlan } from "./schemas";

// Stocktake plans (customerWms/storeCheckPlan): a dealer with stocktakePlan:manage creates,
// edits, enables and disables the plans of the company it works in; staff read only
// (dealerCompany answers 403). Another company's plan answers 404 like a missing one. Each write
// is one transaction with an audit row. The job that runs the plans is ./job.ts.

const ENTITY = "StocktakePlan";
const PLAN = {
  id: true,
  name: true,
  warehouseId: true,
  scopeLocationIds: true,
  scopeGoodsIds: true,
  cycle: true,
  nextDate: true,
  assigneeId: true,
  enabled: true,
} as const;

/** The plan's warehouse, locations, goods and assignee belong to the company; field errors otherwise. */
async function checkScope(tx: Tx, companyId: number, input: TSavePlan) {
  const w = await tx.warehouse.findFirst({ where: { id: input.warehouseId, companyId }, select: { code: true, enabled: true } });
  if (!w) throw new DomainError("Wms.errors.warehouseUnknown", {}, "warehouseId", 404);
  if (!w.enabled) throw new DomainError("Wms.errors.warehouseDisabled", { code: w.code }, "warehouseId", 409);
  if (input.locationIds.length) {
    const n = await tx.warehouseLocation.count({ where: { id: { in: input.locationIds }, warehouseId: input.warehouseId } });
    if (n !== new Set(input.locationIds).size) throw new DomainError("WmsPlans.errors.locationUnknown", {}, "locationIds");
  }
  if (input.goodsIds.length) {
    // Vehicles are counted by VIN on the vehicle screens; a plan's goods are parts and derivatives.
    const n = await tx.goods.count({ where: { id: { in: input.goodsIds }, kind: { not: "VEHICLE" } } });
    if (n !== new Set(input.goodsIds).size) throw new DomainError("WmsPlans.errors.goodsUnknown", {}, "goodsIds");
  }
  if (input.assigneeId) {
    const ok = await tx.userCompany.findFirst({ where: { userId: input.assigneeId, companyId }, select: { userId: true } });
    if (!ok) throw new DomainError("Wms.errors.assigneeUnknown", {}, "assigneeId");
  }
}

const data = (input: TSavePlan) => ({
  name: input.name,
  warehouseId: input.warehouseId,
  scopeLocationIds: [...new Set(input.locationIds)],
  scopeGoodsIds: [...new Set(input.goodsIds)],
  cycle: input.cycle,
  nextDate: dateOf(input.nextDate),
  assigneeId: input.assigneeId ?? null,
  enabled: input.enabled,
});

/** Creates a plan, or edits one of the company's (`input.id`). */
export async function savePlan(viewer: Viewer, ctx: AuditCtx, input: TSavePlan, now = new Date()): Promise<{ id: number }> {
  const companyId = dealerCompany(viewer, "stocktakePlan:manage");
  const today = shanghaiDay(now);
  return db().$transaction(async (tx) => {
    if (input.id) {
      await tx.$queryRaw`SELECT "id" FROM "StocktakePlan" WHERE "id" = ${input.id} FOR UPDATE`;
      const before = await tx.stocktakePlan.findFirst({ where: { id: input.id, companyId }, select: PLAN });
      if (!before) throw new NotFoundError();
      // A plan already due keeps its day when edited; a day newly chosen is today or later.
      if (input.nextDate !== dayOf(before.nextDate) && input.nextDate < today) throw new DomainError("WmsPlans.errors.nextDatePast", { today }, "nextDate");
      await checkScope(tx, companyId, input);
      const after = await tx.stocktakePlan.update({ where: { id: before.id }, data: data(input), select: PLAN });
      await audit(tx, ctx, ENTITY, before.id, "update", before, after);
      return { id: before.id };
    }
    if (input.nextDate < today) throw new DomainError("WmsPlans.errors.nextDatePast", { today }, "nextDate");
    await checkScope(tx, companyId, input);
    // The company row serialises creations, so two at once cannot pass the cap together.
    await tx.$queryRaw`SELECT "id" FROM "Company" WHERE "id" = ${companyId} FOR UPDATE`;
    if ((await tx.stocktakePlan.count({ where: { companyId } })) >= MAX_PLANS) throw new DomainError("WmsPlans.errors.tooMany", { max: MAX_PLANS }, undefined, 409);
    const after = await tx.stocktakePlan.create({ data: { ...data(input), companyId }, select: PLAN });
    await audit(tx, ctx, ENTITY, after.id, "create", null, after);
    return { id: after.id };
  });
}

/** Enables or disables one of the company's plans (idempotent). */
export async function setPlanEnabled(viewer: Viewer, ctx: AuditCtx, input: TPlanEnabled): Promise<{ id: number; enabled: boolean }> {
  const companyId = dealerCompany(viewer, "stocktakePlan:manage");
  return db().$transaction(async (tx) => {
    const before = await tx.stocktakePlan.findFirst({ where: { id: input.id, companyId }, select: { id: true, enabled: true } });
    if (!before) throw new NotFoundError();
    if (before.enabled === input.enabled) return { id: before.id, enabled: before.enabled };
    await tx.stocktakePlan.update({ where: { id: before.id }, data: { enabled: input.enabled } });
    await audit(tx, ctx, ENTITY, before.id, input.enabled ? "enable" : "disable", before, { ...before, enabled: input.enabled });
    return { id: before.id, enabled: input.enabled };
  });
}
