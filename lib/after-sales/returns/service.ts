import "server-only";
import type { Permission } from "@/lib/access/permissions";
import { companyScopeWhere } from "@/lib/access/scope";
import type { Tx } from "@/lib/core/tx";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { nextCode } from "@/lib/codes/next-code";
import { db } from "@/lib/db";
import { dicts } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ReturnBatchStatus, SalesReturnStatus } from "@/lib/generated/prisma/enums";
import { shanghaiToday } from "@/lib/mall/pre-orders/states";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { linkAttachments } from "@/lib/uploads/access";
import { UploadError } from "@/lib/uploads/errors";
import { getUploadRule } from "@/lib/uploads/rules";
import { notifyBatchEvent, notifyReturnEvent, type SalesReturnEvent } from "../notify";
import type { TFileReturn, TShipReturns } from "./schemas";
import { SALES_RETURN_MOVES, batchStatusOf, type SalesReturnMove } from "./states";

// Parts returns: a dealer files a return per part; after-sales staff
// approve or reject it; the dealer ships approved returns in a delivery batch (ReturnBatch, the
// return log); staff receive the batch's items and complete each with the deal type carried
// out. The batch's status follows its items. Every move is one transaction: the rows are locked
// (SELECT … FOR UPDATE, several rows in id order), read through the viewer's scope (404
// outside it, the same as missing), checked against the table in return-states.ts (409
// "SalesReturns.errors.transition", nothing changed), then updated with their status events
// and audit rows, and notifies the people concerned (./notify.ts) in the same transaction.
// The scope is resolved before the transaction opens: inside it every read goes through `tx`.

export const RETURN_OWNER = "salesReturn";
export const PART_IMG_FIELD = "partImg";

const E = (key: string) => `SalesReturns.errors.${key}`;

/** `where` over Company for the viewer: a dealer's company, staff's data scope. */
async function companyWhere(viewer: Viewer): Promise<Prisma.CompanyWhereInput | null> {
  if (viewer.userType === "DEALER") return viewer.company ? { id: viewer.company.id } : null;
  return companyScopeWhere(viewer);
}

/** `where` over sales returns the viewer may see: a dealer's own company, staff's data scope. */
export async function returnScope(viewer: Viewer): Promise<Prisma.SalesReturnWhereInput> {
  if (viewer.userType === "DEALER") return viewer.company ? { companyId: viewer.company.id } : { id: { in: [] } };
  const company = await companyWhere(viewer);
  return company ? { company } : { id: { in: [] } };
}

/** `where` over delivery batches (return logs) the viewer may see, like returnScope. */
export async function returnBatchScope(viewer: Viewer): Promise<Prisma.ReturnBatchWhereInput> {
  if (viewer.userType === "DEALER") return viewer.company ? { companyId: viewer.company.id } : { id: { in: [] } };
  const company = await companyWhere(viewer);
  return company ? { company } : { id: { in: [] } };
}

function requireDealer(viewer: Viewer, permission: Permission): number {
  if (!viewer.company || viewer.userType !== "DEALER") throw new DomainError(E("notDealer"), {}, undefined, 403);
  if (!hasPermission(viewer, permission)) throw new DomainError("Common.forbidden", {}, undefined, 403);
  return viewer.company.id;
}

function requireStaff(viewer: Viewer, permission: Permission): void {
  if (viewer.userType === "DEALER" || !hasPermission(viewer, permission)) throw new DomainError("Common.forbidden", {}, undefined, 403);
}

const ROW = {
  id: true,
  returnNo: true,
  companyId: true,
  status: true,
  returnType: true,
  goodsId: true,
  orderId: true,
  materialCode: true,
  materialName: true,
  quantity: true,
  faultQuantity: true,
  dealType: true,
  dealTypeDone: true,
  vin: true,
  buyer: true,
  buyDate: true,
  saleDate: true,
  description: true,
  rejectReason: true,
  batchId: true,
  creatorId: true,
} as const;
type Row = Prisma.SalesReturnGetPayload<{ select: typeof ROW }>;
const day = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;
const brief = (r: Row) => ({
  id: r.id,
  returnNo: r.returnNo,
  status: r.status,
  returnType: r.returnType,
  goodsId: r.goodsId,
  orderId: r.orderId,
  materialCode: r.materialCode,
  materialName: r.materialName,
  quantity: r.quantity,
  faultQuantity: r.faultQuantity,
  dealType: r.dealType,
  dealTypeDone: r.dealTypeDone,
  vin: r.vin,
  buyer: r.buyer,
  buyDate: day(r.buyDate),
  saleDate: day(r.saleDate),
  rejectReason: r.rejectReason,
  batchId: r.batchId,
});

const BATCH = {
  id: true,
  batchNo: true,
  companyId: true,
  status: true,
  shippingAddress: true,
  deliveryWay: true,
  carNo: true,
  contactPhone: true,
  logisticsCompany: true,
  logisticsNo: true,
} as const;
type BatchRow = Prisma.ReturnBatchGetPayload<{ select: typeof BATCH }>;

function transition(returnNo: string, from: SalesReturnStatus, to: SalesReturnStatus): DomainError {
  return new DomainError(E("transition"), { returnNo, from, to }, undefined, 409);
}

/** Delivery ways that need a carrier and a tracking number. */
const CARRIED = new Set(["LOGISTICS", "EXPRESS"]);

/** A dealer's new return of one part, numbered SR… and SUBMITTED, with its part images. */
export async function fileReturn(viewer: Viewer, ctx: AuditCtx, input: TFileReturn): Promise<{ id: number; returnNo: string }> {
  const companyId = requireDealer(viewer, "salesReturn:create");
  const options = await dicts(["return_type", "deal_type"] as const);
  if (!options.return_type.some((i) => i.value === input.returnType)) throw new DomainError(E("unknownOption"), {}, "returnType");
  if (!options.deal_type.some((i) => i.value === input.dealType)) throw new DomainError(E("unknownOption"), {}, "dealType");
  const goodsId = input.goodsId ?? null;
  const orderId = input.orderId ?? null;
  if (goodsId === null && !input.materialName) throw new DomainError(E("partRequired"), {}, "materialName");
  if (orderId !== null && goodsId === null) throw new DomainError(E("partRequired"), {}, "goodsId");
  if (input.faultQuantity > input.quantity) throw new DomainError(E("faultAboveQuantity"), { quantity: input.quantity }, "faultQuantity");
  const today = shanghaiToday();
  for (const field of ["buyDate", "saleDate"] as const) {
    const v = input[field];
    if (v && v > today) throw new DomainError(E("futureDate"), { today }, field);
  }
  // The upload rules are read (and cached) before the transaction: linking reads them again.
  await getUploadRule("IMAGE");

  return db().$transaction(async (tx) => {
    let materialCode = input.materialCode ?? null;
    let materialName = input.materialName ?? "";
    if (goodsId !== null) {
      const goods = await tx.goods.findFirst({ where: { id: goodsId, kind: "PART" }, select: { id: true, code: true, nameEn: true } });
      if (!goods) throw new DomainError(E("goodsMissing"), {}, "goodsId");
      materialCode = goods.code;
      materialName = goods.nameEn;
      if (orderId !== null) {
        const order = await tx.order.findFirst({
          where: { id: orderId, companyId, type: "PARTS", status: { notIn: ["CANCELLED", "REJECTED"] }, lines: { some: { goodsId } } },
          select: { id: true },
        });
        if (!order) throw new DomainError(E("orderMismatch"), {}, "orderId");
      }
    }
    const returnNo = await nextCode("SR", { tx });
    const row = await tx.salesReturn.create({
      data: {
        returnNo,
        companyId,
        creatorId: viewer.userId,
        status: "SUBMITTED",
        returnType: input.returnType,
        goodsId,
        orderId,
        materialCode,
        materialName,
        quantity: input.quantity,
        faultQuantity: input.faultQuantity,
        dealType: input.dealType,
        vin: input.vin ?? null,
        buyer: input.buyer ?? null,
        buyDate: input.buyDate ? new Date(`${input.buyDate}T00:00:00Z`) : null,
        saleDate: input.saleDate ? new Date(`${input.saleDate}T00:00:00Z`) : null,
        description: input.description,
      },
      select: ROW,
    });
    const images = await linkPartImages(tx, viewer, row.id, input.partImg);
    await tx.statusEvent.create({ data: { entity: "SalesReturn", entityId: row.id, fromStatus: null, toStatus: "SUBMITTED", userId: ctx.userId } });
    await audit(tx, ctx, "SalesReturn", row.id, "create", null, { ...brief(row), companyId, partImg: images });
    await notifyReturnEvent(tx, { returnId: row.id, event: "salesReturn.submitted", actorId: ctx.userId });
    return { id: row.id, returnNo: row.returnNo };
  });
}

/** Saves the part images onto the return: pending IMAGE uploads of this viewer, within the
 * configured count. Refusals name the form's field. */
async function linkPartImages(tx: Tx, viewer: Viewer, id: number, ids: string[]): Promise<string[]> {
  try {
    await linkAttachments(tx, { ids, ownerType: RETURN_OWNER, ownerId: id, field: PART_IMG_FIELD, kind: "IMAGE", viewer });
  } catch (err) {
    if (err instanceof UploadError) throw new DomainError(err.key, err.values, PART_IMG_FIELD, err.status);
    if (err instanceof NotFoundError) throw new DomainError(E("imageMissing"), {}, PART_IMG_FIELD, 404);
    throw err;
  }
  return [...new Set(ids)];
}

/** Locks one return, then reads it through the scope (404 when missing or outside it). */
async function lockReturn(tx: Tx, scope: Prisma.SalesReturnWhereInput, id: number): Promise<Row> {
  await tx.$queryRaw`SELECT "id" FROM "SalesReturn" WHERE "id" = ${id} FOR UPDATE`;
  const row = await tx.salesReturn.findFirst({ where: { AND: [{ id }, scope] }, select: ROW });
  if (!row) throw new NotFoundError();
  return row;
}

export type ReturnMoveResult = { id: number; returnNo: string; status: SalesReturnStatus; batch: { id: number; batchNo: string; status: ReturnBatchStatus } | null };

/**
 * Recomputes a locked batch's status from its items (read after their update) and records the
 * change, if any, with its status event and audit row.
 */
async function followItems(tx: Tx, ctx: AuditCtx, batch: BatchRow, note: string | null): Promise<ReturnBatchStatus> {
  const items = await tx.salesReturn.findMany({ where: { batchId: batch.id }, select: { status: true } });
  const next = batchStatusOf(items.map((i) => i.status));
  if (next === batch.status) return next;
  await tx.returnBatch.update({ where: { id: batch.id }, data: { status: next } });
  await tx.statusEvent.create({ data: { entity: "ReturnBatch", entityId: batch.id, fromStatus: batch.status, toStatus: next, note, userId: ctx.userId } });
  await audit(tx, ctx, "ReturnBatch", batch.id, next === "COMPLETED" ? "complete" : "receive", { status: batch.status }, { status: next });
  return next;
}

const EVENT_OF: Record<"approve" | "reject" | "complete", SalesReturnEvent> = {
  approve: "salesReturn.approved",
  reject: "salesReturn.rejected",
  complete: "salesReturn.completed",
};

/** One return's move by staff (approve, reject, complete), the batch following when it has one. */
async function move(
  viewer: Viewer,
  ctx: AuditCtx,
  id: number,
  name: Exclude<SalesReturnMove, "ship" | "receive">,
  note: string | null,
  data: Prisma.SalesReturnUpdateInput = {},
): Promise<ReturnMoveResult> {
  const m = SALES_RETURN_MOVES[name];
  requireStaff(viewer, m.permission);
  const scope = await returnScope(viewer);
  const batchScope = await returnBatchScope(viewer);
  return db().$transaction(async (tx) => {
    // Lock order everywhere: the batch before its items (receiving locks a batch, then its
    // items). A return's batch never changes once it is shipped, so it can be read first.
    const peek = await tx.salesReturn.findFirst({ where: { AND: [{ id }, scope] }, select: { batchId: true } });
    if (!peek) throw new NotFoundError();
    const batch = peek.batchId === null ? null : await lockBatch(tx, batchScope, peek.batchId);
    const row = await lockReturn(tx, scope, id);
    if (row.status !== m.from) throw transition(row.returnNo, row.status, m.to);
    const after = await tx.salesReturn.update({ where: { id: row.id }, data: { ...data, status: m.to }, select: ROW });
    await tx.statusEvent.create({ data: { entity: "SalesReturn", entityId: row.id, fromStatus: row.status, toStatus: m.to, note, userId: ctx.userId } });
    await audit(tx, ctx, "SalesReturn", row.id, name, brief(row), brief(after));
    const status = batch ? await followItems(tx, ctx, batch, row.returnNo) : null;
    await notifyReturnEvent(tx, { returnId: row.id, event: EVENT_OF[name], actorId: ctx.userId });
    return { id: row.id, returnNo: row.returnNo, status: m.to, batch: batch && status ? { id: batch.id, batchNo: batch.batchNo, status } : null };
  });
}

export const approveReturn = (viewer: Viewer, ctx: AuditCtx, id: number) => move(viewer, ctx, id, "approve", null);

export async function rejectReturn(viewer: Viewer, ctx: AuditCtx, id: number, reason: string): Promise<ReturnMoveResult> {
  const text = reason.trim();
  if (!text) throw new DomainError(E("reasonRequired"), {}, "reason");
  return move(viewer, ctx, id, "reject", text, { rejectReason: text });
}

/** Staff complete a RECEIVED return with the deal type carried out (deal_type code). */
export async function completeReturn(viewer: Viewer, ctx: AuditCtx, id: number, dealTypeDone: string): Promise<ReturnMoveResult> {
  requireStaff(viewer, SALES_RETURN_MOVES.complete.permission);
  const { deal_type } = await dicts(["deal_type"] as const);
  if (!deal_type.some((i) => i.value === dealTypeDone)) throw new DomainError(E("unknownOption"), {}, "dealTypeDone");
  return move(viewer, ctx, id, "complete", dealTypeDone, { dealTypeDone });
}

async function lockBatch(tx: Tx, scope: Prisma.ReturnBatchWhereInput, id: number): Promise<BatchRow> {
  await tx.$queryRaw`SELECT "id" FROM "ReturnBatch" WHERE "id" = ${id} FOR UPDATE`;
  const batch = await tx.returnBatch.findFirst({ where: { AND: [{ id }, scope] }, select: BATCH });
  if (!batch) throw new NotFoundError();
  return batch;
}

/**
 * The dealer ships approved returns in one delivery batch (numbered RB…). Every return must be
 * the dealer's own (another company's answers 404, like a missing one) and APPROVED (409 naming
 * the return); otherwise the whole batch is refused and nothing changes.
 */
export async function shipReturns(viewer: Viewer, ctx: AuditCtx, input: TShipReturns): Promise<{ id: number; batchNo: string; returnIds: number[] }> {
  const companyId = requireDealer(viewer, SALES_RETURN_MOVES.ship.permission);
  const { delivery_way } = await dicts(["delivery_way"] as const);
  if (!delivery_way.some((i) => i.value === input.deliveryWay)) throw new DomainError(E("unknownOption"), {}, "deliveryWay");
  if (CARRIED.has(input.deliveryWay)) {
    for (const field of ["logisticsCompany", "logisticsNo"] as const) if (!input[field]) throw new DomainError(E("logisticsRequired"), {}, field);
  }
  const ids = [...new Set(input.returnIds)].sort((x, y) => x - y);
  if (!ids.length) throw new DomainError(E("noReturns"), {}, "returnIds");
  return db().$transaction(async (tx) => {
    // Locked in id order, so two batches over overlapping returns cannot deadlock.
    await tx.$queryRaw`SELECT "id" FROM "SalesReturn" WHERE "id" = ANY(${ids}) ORDER BY "id" FOR UPDATE`;
    const rows = await tx.salesReturn.findMany({ where: { id: { in: ids }, companyId }, select: ROW, orderBy: { id: "asc" } });
    if (rows.length !== ids.length) throw new NotFoundError();
    const wrong = rows.find((r) => r.status !== SALES_RETURN_MOVES.ship.from);
    if (wrong) throw transition(wrong.returnNo, wrong.status, SALES_RETURN_MOVES.ship.to);
    const batchNo = await nextCode("RB", { tx });
    const batch = await tx.returnBatch.create({
      data: {
        batchNo,
        companyId,
        creatorId: viewer.userId,
        status: "SHIPPED",
        shippingAddress: input.shippingAddress,
        deliveryWay: input.deliveryWay,
        carNo: input.carNo ?? null,
        contactPhone: input.contactPhone,
        logisticsCompany: input.logisticsCompany ?? null,
        logisticsNo: input.logisticsNo ?? null,
      },
      select: BATCH,
    });
    const { count } = await tx.salesReturn.updateMany({ where: { id: { in: ids }, status: "APPROVED", batchId: null }, data: { status: "SHIPPED", batchId: batch.id } });
    if (count !== ids.length) throw new Error("shipReturns: locked returns changed under the lock");
    await tx.statusEvent.createMany({
      data: [
        { entity: "ReturnBatch", entityId: batch.id, fromStatus: null, toStatus: "SHIPPED", userId: ctx.userId },
        ...rows.map((r) => ({ entity: "SalesReturn", entityId: r.id, fromStatus: r.status, toStatus: "SHIPPED", note: batch.batchNo, userId: ctx.userId })),
      ],
    });
    await audit(tx, ctx, "ReturnBatch", batch.id, "create", null, { ...batch, returnIds: ids });
    for (const r of rows) await audit(tx, ctx, "SalesReturn", r.id, "ship", brief(r), { ...brief(r), status: "SHIPPED", batchId: batch.id });
    await notifyBatchEvent(tx, { batchId: batch.id, event: "returnBatch.shipped", actorId: ctx.userId });
    return { id: batch.id, batchNo: batch.batchNo, returnIds: ids };
  });
}

/**
 * Staff receive a batch's shipped items: those listed (each must be an item of the batch and
 * SHIPPED), or every SHIPPED one when none are listed. The batch becomes RECEIVED once all its
 * items are received or beyond.
 */
export async function receiveReturns(
  viewer: Viewer,
  ctx: AuditCtx,
  batchId: number,
  returnIds?: number[] | null,
): Promise<{ id: number; batchNo: string; status: ReturnBatchStatus; received: number[] }> {
  requireStaff(viewer, SALES_RETURN_MOVES.receive.permission);
  const scope = await returnBatchScope(viewer);
  const m = SALES_RETURN_MOVES.receive;
  return db().$transaction(async (tx) => {
    const batch = await lockBatch(tx, scope, batchId);
    await tx.$queryRaw`SELECT "id" FROM "SalesReturn" WHERE "batchId" = ${batch.id} ORDER BY "id" FOR UPDATE`;
    const items = await tx.salesReturn.findMany({ where: { batchId: batch.id }, select: ROW, orderBy: { id: "asc" } });
    let targets: Row[];
    if (returnIds?.length) {
      const wanted = new Set(returnIds);
      targets = items.filter((i) => wanted.has(i.id));
      if (targets.length !== wanted.size) throw new NotFoundError();
      const wrong = targets.find((r) => r.status !== m.from);
      if (wrong) throw transition(wrong.returnNo, wrong.status, m.to);
    } else {
      targets = items.filter((i) => i.status === m.from);
      if (!targets.length) throw new DomainError(E("nothingToReceive"), { batchNo: batch.batchNo }, undefined, 409);
    }
    const ids = targets.map((t) => t.id);
    const { count } = await tx.salesReturn.updateMany({ where: { id: { in: ids }, status: m.from }, data: { status: m.to } });
    if (count !== ids.length) throw new Error("receiveReturns: locked returns changed under the lock");
    await tx.statusEvent.createMany({ data: targets.map((r) => ({ entity: "SalesReturn", entityId: r.id, fromStatus: r.status, toStatus: m.to, userId: ctx.userId })) });
    for (const r of targets) await audit(tx, ctx, "SalesReturn", r.id, "receive", brief(r), { ...brief(r), status: m.to });
    const status = await followItems(tx, ctx, batch, null);
    // One notification per receipt (naming the batch), not one per item.
    await notifyBatchEvent(tx, { batchId: batch.id, event: "returnBatch.received", actorId: ctx.userId });
    return { id: batch.id, batchNo: batch.batchNo, status, received: ids };
  });
}
