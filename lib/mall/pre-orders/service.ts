import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import type { Tx } from "@/lib/core/tx";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { nextCode } from "@/lib/codes/next-code";
import { db } from "@/lib/db";
import { dicts } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { notifyPreOrderEvent } from "../notifications/service";
import { placeOrder } from "../orders/service";
import type { TCreatePreOrder } from "./schemas";
import { PRE_ORDER_EVENT, PRE_ORDER_MOVES, shanghaiToday, type PreOrderMove } from "./states";
import { lockActiveCompany } from "@/lib/companies/guard";

// Pre-orders: a dealer reserves one vehicle goods; staff confirm it with
// an expected delivery day, reject it, or later convert it into an order when stock allows.
// A pre-order reserves no stock. Every move is one transaction: the pre-order row is locked
// (SELECT … FOR UPDATE), read through the viewer's scope (404 outside it), checked against the
// table in pre-order-states.ts (409 otherwise, nothing changed), then updated with its status
// event, audit row and notification. Conversion places the order through orders.ts placeOrder
// in the same transaction, so a shortage (409) leaves the pre-order and the stock untouched.

/** `where` over pre-orders the viewer may see: a dealer's company, staff's data scope. */
export async function preOrderScope(viewer: Viewer): Promise<Prisma.PreOrderWhereInput> {
  if (viewer.userType === "DEALER") return viewer.company ? { companyId: viewer.company.id } : { id: { in: [] } };
  return { company: await companyScopeWhere(viewer) };
}

function requireDealer(viewer: Viewer): number {
  if (!viewer.company || viewer.userType !== "DEALER") throw new DomainError("PreOrders.errors.notDealer", {}, undefined, 403);
  return viewer.company.id;
}

const ROW = {
  id: true,
  preOrderNo: true,
  status: true,
  companyId: true,
  goodsId: true,
  quantity: true,
  price: true,
  amount: true,
  expectedDate: true,
  rejectReason: true,
  orderId: true,
  creatorId: true,
  phone: true,
  deliveryWay: true,
  carrierType: true,
  secondaryDestination: true,
  remark: true,
  addressId: true,
  receiver: true,
  receiverPhone: true,
  regionAreaId: true,
  address: true,
} as const;
type Row = Prisma.PreOrderGetPayload<{ select: typeof ROW }>;
const brief = (r: Row) => ({
  id: r.id,
  preOrderNo: r.preOrderNo,
  status: r.status,
  quantity: r.quantity,
  amount: r.amount.toFixed(2),
  expectedDate: r.expectedDate?.toISOString().slice(0, 10) ?? null,
  rejectReason: r.rejectReason,
  orderId: r.orderId,
});

/** A dealer's new pre-order: the goods (on sale, VEHICLE, quantity at least its minimum) and
 * the address are copied into it; numbered by code rule PO. */
export async function createPreOrder(viewer: Viewer, ctx: AuditCtx, input: TCreatePreOrder): Promise<{ id: number; preOrderNo: string }> {
  const companyId = requireDealer(viewer);
  if (!hasPermission(viewer, "preOrder:create")) throw new DomainError("Common.forbidden", {}, undefined, 403);
  const options = await dicts(["delivery_way", "carrier_type"] as const);
  if (!options.delivery_way.some((i) => i.value === input.deliveryWay)) throw new DomainError("PreOrders.errors.unknownOption", {}, "deliveryWay");
  if (input.carrierType && !options.carrier_type.some((i) => i.value === input.carrierType)) throw new DomainError("PreOrders.errors.unknownOption", {}, "carrierType");
  return db().$transaction(async (tx) => {
    await lockActiveCompany(tx, companyId);
    const goods = await tx.goods.findFirst({
      where: { id: input.goodsId, kind: "VEHICLE" },
      select: { id: true, nameEn: true, nameZh: true, config: true, coverId: true, price: true, minOrderQty: true, onSale: true },
    });
    if (!goods) throw new DomainError("PreOrders.errors.goodsMissing", {}, "goodsId", 404);
    if (!goods.onSale) throw new DomainError("PreOrders.errors.offSale", { name: goods.nameEn }, "goodsId", 409);
    if (input.quantity < goods.minOrderQty) throw new DomainError("PreOrders.errors.belowMinimum", { min: goods.minOrderQty }, "quantity");
    const address = await tx.address.findFirst({
      where: { id: input.addressId, companyId },
      select: {
        id: true,
        receiver: true,
        phone: true,
        address: true,
        regionAreaId: true,
        regionArea: { select: { nameZh: true, parent: { select: { nameZh: true, parent: { select: { nameZh: true } } } } } },
      },
    });
    if (!address) throw new DomainError("PreOrders.errors.addressMissing", {}, "addressId");
    const a = address.regionArea;
    const areaText = [a.parent?.parent?.nameZh, a.parent?.nameZh, a.nameZh].filter(Boolean).join("");
    const preOrderNo = await nextCode("PO", { tx });
    const row = await tx.preOrder.create({
      data: {
        preOrderNo,
        companyId,
        creatorId: viewer.userId,
        goodsId: goods.id,
        nameEn: goods.nameEn,
        nameZh: goods.nameZh,
        config: goods.config,
        coverId: goods.coverId,
        price: goods.price,
        quantity: input.quantity,
        amount: new Prisma.Decimal(goods.price).mul(input.quantity),
        phone: input.phone,
        deliveryWay: input.deliveryWay,
        carrierType: input.carrierType ?? null,
        secondaryDestination: input.secondaryDestination ?? null,
        remark: input.remark ?? null,
        addressId: address.id,
        receiver: address.receiver,
        receiverPhone: address.phone,
        regionAreaId: address.regionAreaId,
        address: `${areaText} ${address.address}`,
      },
      select: ROW,
    });
    await tx.statusEvent.create({ data: { entity: "PreOrder", entityId: row.id, fromStatus: null, toStatus: "SUBMITTED", userId: ctx.userId } });
    await audit(tx, ctx, "PreOrder", row.id, "create", null, { ...brief(row), goodsId: row.goodsId, companyId });
    await notifyPreOrderEvent(tx, { preOrderId: row.id, event: "preOrder.submitted", actorId: ctx.userId });
    return { id: row.id, preOrderNo: row.preOrderNo };
  });
}

/** Locks the pre-order row, then reads it through the viewer's scope (404 when outside). */
async function lockPreOrder(tx: Tx, viewer: Viewer, id: number): Promise<Row> {
  await tx.$queryRaw`SELECT "id" FROM "PreOrder" WHERE "id" = ${id} FOR UPDATE`;
  const row = await tx.preOrder.findFirst({ where: { AND: [{ id }, await preOrderScope(viewer)] }, select: ROW });
  if (!row) throw new NotFoundError();
  return row;
}

export type PreOrderMoveResult = { id: number; preOrderNo: string; status: string; orderId: number | null; orderNo: string | null };

async function move(
  viewer: Viewer,
  ctx: AuditCtx,
  id: number,
  name: PreOrderMove,
  note: string | null,
  apply?: (tx: Tx, row: Row) => Promise<Prisma.PreOrderUpdateInput & { orderNo?: string }>,
): Promise<PreOrderMoveResult> {
  const m = PRE_ORDER_MOVES[name];
  const actor = viewer.userType === "DEALER" ? "dealer" : "staff";
  return db().$transaction(async (tx) => {
    const row = await lockPreOrder(tx, viewer, id);
    if (m.actor !== actor || !hasPermission(viewer, m.permission)) throw new DomainError("Common.forbidden", {}, undefined, 403);
    if (row.status !== m.from) throw new DomainError("PreOrders.errors.wrongState", { preOrderNo: row.preOrderNo, status: row.status }, undefined, 409);
    const { orderNo, ...extra } = apply ? await apply(tx, row) : {};
    const after = await tx.preOrder.update({ where: { id: row.id }, data: { ...extra, status: m.to }, select: ROW });
    await tx.statusEvent.create({ data: { entity: "PreOrder", entityId: row.id, fromStatus: row.status, toStatus: m.to, note, userId: ctx.userId } });
    await audit(tx, ctx, "PreOrder", row.id, name, brief(row), brief(after));
    await notifyPreOrderEvent(tx, { preOrderId: row.id, event: PRE_ORDER_EVENT[name], actorId: ctx.userId });
    return { id: row.id, preOrderNo: row.preOrderNo, status: m.to, orderId: after.orderId, orderNo: orderNo ?? null };
  });
}

export async function confirmPreOrder(viewer: Viewer, ctx: AuditCtx, id: number, expectedDate: string): Promise<PreOrderMoveResult> {
  // Refused before anything is locked: a past day is a mistake in the form, not a conflict.
  if (expectedDate < shanghaiToday()) throw new DomainError("PreOrders.errors.pastDate", { today: shanghaiToday() }, "expectedDate");
  return move(viewer, ctx, id, "confirm", expectedDate, async () => ({ expectedDate: new Date(`${expectedDate}T00:00:00Z`) }));
}

export const rejectPreOrder = (viewer: Viewer, ctx: AuditCtx, id: number, reason: string) => move(viewer, ctx, id, "reject", reason, async () => ({ rejectReason: reason }));

/** The dealer cancels a SUBMITTED pre-order, staff a CONFIRMED one (the table decides which). */
export const cancelPreOrder = (viewer: Viewer, ctx: AuditCtx, id: number, reason?: string | null) =>
  move(viewer, ctx, id, viewer.userType === "DEALER" ? "cancel" : "staffCancel", reason ?? null);

/** Turns a CONFIRMED pre-order into a vehicle order for its company (stock reserved now). The
 * order is the dealer's: its creator is the pre-order's creator, at today's price. */
export const convertPreOrder = (viewer: Viewer, ctx: AuditCtx, id: number) =>
  move(viewer, ctx, id, "convert", null, async (tx, row) => {
    let order: { id: number; orderNo: string };
    try {
      order = await placeOrder(tx, ctx, {
        companyId: row.companyId,
        creatorId: row.creatorId,
        type: "VEHICLE",
        lines: [{ goodsId: row.goodsId, quantity: row.quantity, remark: null }],
        phone: row.phone,
        deliveryWay: row.deliveryWay,
        carrierType: row.carrierType,
        secondaryDestination: row.secondaryDestination,
        remark: row.remark,
        address: { id: row.addressId, receiver: row.receiver, receiverPhone: row.receiverPhone, regionAreaId: row.regionAreaId, text: row.address },
      });
    } catch (err) {
      // placeOrder names the cart's fields; a conversion has no form, so the message alone goes back.
      if (err instanceof DomainError && err.field) throw new DomainError(err.key, err.values, undefined, err.status === 400 ? 409 : err.status);
      throw err;
    }
    return { order: { connect: { id: order.id } }, orderNo: order.orderNo };
  });
