import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import type { Tx } from "@/lib/core/tx";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { nextCode } from "@/lib/codes/next-code";
import { db } from "@/lib/db";
import { dicts } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { GoodsKind, OrderStatus, OrderType } from "@/lib/generated/prisma/enums";
import { createEntryForOrder } from "@/lib/wms/documents";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { normalizeVin, vinProblem } from "@/lib/vehicles/vin";
import { lockActiveCompany, type ActiveCompany } from "@/lib/companies/guard";
import { notifyOrderEvent, orderLink, orderSubmittedNotices, pickStaff, type OrderNotice, type StaffCandidates } from "../notifications/service";
import type { TShipOrder, TSubmitOrder } from "./schemas";
import { DELETABLE, ORDER_MOVES, RELEASES_STOCK, type OrderMove } from "./states";

// Orders: submission reserves stock in the order's transaction, every move
// of the state machine is one transaction that locks the order row, checks the move against
// the table in order-states.ts, writes the status history and the audit row, and notifies.
// Stock is a counter on Goods changed only by conditional updates, so it never goes below zero
// and is never oversold, whatever the concurrency; it goes back exactly once because only one
// transaction can move an order out of SUBMITTED/CONFIRMED.
//
// The writes of a new order live in database functions (prisma/migrations/
// 20261127140000_order_submit_function): order_write (order, lines, first status event, audit
// row), order_take_stock (the goods locked last, in id order) and order_submit (a cart
// submission whole, in one statement). This file prepares what they write and turns their
// refusals into the errors a dealer can act on.

/** Goods kinds each order type holds. */
export const KINDS_OF: Record<OrderType, GoodsKind[]> = { VEHICLE: ["VEHICLE"], PARTS: ["PART", "DERIVATIVE"] };

export type OrderAddress = { id: number | null; receiver: string; receiverPhone: string; regionAreaId: number | null; text: string };
export type PlaceOrder = {
  companyId: number;
  creatorId: number;
  type: OrderType;
  lines: { goodsId: number; quantity: number; remark?: string | null }[];
  phone: string;
  deliveryWay: string;
  carrierType?: string | null;
  secondaryDestination?: string | null;
  remark?: string | null;
  address: OrderAddress;
  idempotencyKey?: string | null;
};

/** What an order line copies from its goods, and what checks it. */
const GOODS_SELECT = {
  id: true,
  kind: true,
  nameEn: true,
  nameZh: true,
  config: true,
  specification: true,
  coverId: true,
  price: true,
  minOrderQty: true,
  onSale: true,
  stock: true,
} as const;
type GoodsRow = {
  id: number;
  kind: GoodsKind;
  nameEn: string;
  nameZh: string;
  config: string | null;
  specification: string | null;
  coverId: string | null;
  price: Prisma.Decimal | string;
  minOrderQty: number;
  onSale: boolean;
  stock: number;
};
type Priced = GoodsRow & { quantity: number; remark: string | null };

/** The lines merged by goods (quantities summed, the first remark kept), in goods-id order, each
 * checked against its goods as read (unlocked): the stock update re-checks what can change. */
function priceLines(lines: PlaceOrder["lines"], goods: GoodsRow[], kinds: GoodsKind[]): Priced[] {
  const merged = new Map<number, { quantity: number; remark: string | null }>();
  for (const l of lines) {
    const m = merged.get(l.goodsId);
    merged.set(l.goodsId, { quantity: (m?.quantity ?? 0) + l.quantity, remark: m?.remark ?? l.remark ?? null });
  }
  const found = new Map(goods.map((g) => [g.id, g]));
  return [...merged.keys()]
    .sort((a, b) => a - b)
    .map((goodsId) => {
      const { quantity, remark } = merged.get(goodsId)!;
      const g = found.get(goodsId);
      refusal(g, quantity, kinds);
      return { ...g!, quantity, remark };
    });
}

/**
 * What order_write takes: the order, its lines (priced as read), and its audit row as audit()
 * would write it (the order as written; the function adds its id); and the notice its
 * notification is made from, but for the id.
 */
function orderWrite(ctx: AuditCtx, input: PlaceOrder & { orderNo: string }, priced: Priced[], company: ActiveCompany) {
  const amount = priced.reduce((sum, l) => sum.add(new Prisma.Decimal(l.price).mul(l.quantity)), new Prisma.Decimal(0));
  const quantity = priced.reduce((n, l) => n + l.quantity, 0);
  const written = { orderNo: input.orderNo, status: "SUBMITTED" as const, amount, quantity, companyId: input.companyId, type: input.type };
  const payload = {
    orderNo: input.orderNo,
    type: input.type,
    companyId: input.companyId,
    creatorId: input.creatorId,
    quantity,
    amount: amount.toFixed(2),
    phone: input.phone,
    deliveryWay: input.deliveryWay,
    carrierType: input.carrierType ?? null,
    secondaryDestination: input.secondaryDestination ?? null,
    remark: input.remark ?? null,
    addressId: input.address.id,
    receiver: input.address.receiver,
    receiverPhone: input.address.receiverPhone,
    regionAreaId: input.address.regionAreaId,
    address: input.address.text,
    idempotencyKey: input.idempotencyKey ?? null,
    lines: priced.map((l) => ({
      goodsId: l.id,
      kind: l.kind,
      nameEn: l.nameEn,
      nameZh: l.nameZh,
      config: l.config,
      specification: l.specification,
      coverId: l.coverId,
      price: new Prisma.Decimal(l.price).toFixed(2),
      quantity: l.quantity,
      subtotal: new Prisma.Decimal(l.price).mul(l.quantity).toFixed(2),
      remark: l.remark,
    })),
    audit: {
      userId: ctx.userId,
      companyId: ctx.companyId,
      requestId: ctx.requestId,
      after: { ...written, lines: priced.map((l) => ({ goodsId: l.id, quantity: l.quantity })) },
    },
  };
  const notice: Omit<OrderNotice, "id"> = {
    ...written,
    rejectReason: null,
    cancelReason: null,
    logisticsCompany: null,
    logisticsNo: null,
    company: { nameEn: company.nameEn, nameZh: company.nameZh, organizationId: company.organizationId },
  };
  return { payload, notice };
}

/**
 * Creates an order in the caller's transaction (pre-order conversion): the company under its
 * share lock, the goods read and every line checked without a lock, the number from code rule SO
 * inside the transaction (gapless), then order_write, the notifications, and last the stock of
 * every line (order_take_stock), so the goods stay locked only until the caller commits. Out of
 * stock / off sale → 409, below the minimum → 400 on "quantity"; the caller's transaction then
 * rolls everything back.
 */
export async function placeOrder(tx: Tx, ctx: AuditCtx, input: PlaceOrder): Promise<{ id: number; orderNo: string }> {
  const company = await lockActiveCompany(tx, input.companyId);
  const kinds = KINDS_OF[input.type];
  const goods = await tx.goods.findMany({ where: { id: { in: [...new Set(input.lines.map((l) => l.goodsId))] } }, select: GOODS_SELECT });
  const priced = priceLines(input.lines, goods, kinds);
  const orderNo = await nextCode("SO", { tx });
  const { payload, notice } = orderWrite(ctx, { ...input, orderNo }, priced, company);
  const [{ id }] = await tx.$queryRaw<{ id: number }[]>`SELECT order_write(${JSON.stringify(payload)}::jsonb) AS "id"`;
  await notifyOrderEvent(tx, { orderId: id, event: "order.submitted", actorId: ctx.userId, notice: { id, ...notice } });
  try {
    await tx.$queryRaw`SELECT order_take_stock(${JSON.stringify(stockLines(priced))}::jsonb, ${kinds as string[]}::text[])::text`;
  } catch (err) {
    throw refused(err) ?? err;
  }
  return { id, orderNo };
}

const stockLines = (priced: Priced[]) => priced.map((l) => ({ id: l.id, quantity: l.quantity }));

type RefusalFacts = { kind: GoodsKind; nameEn: string; onSale: boolean; stock: number; minOrderQty: number };

/** Throws why a line cannot be ordered, as the error a dealer can act on; returns when it can. */
function refusal(g: RefusalFacts | null | undefined, quantity: number, kinds: GoodsKind[]): void {
  if (!g || !kinds.includes(g.kind)) throw new DomainError("Orders.errors.goodsMissing", {}, "cartLineIds", 409);
  const name = g.nameEn;
  if (!g.onSale) throw new DomainError("Orders.errors.offSale", { name }, "cartLineIds", 409);
  if (quantity < g.minOrderQty) throw new DomainError("Orders.errors.belowMinimum", { name, min: g.minOrderQty }, "quantity");
  if (g.stock < quantity) throw new DomainError("Orders.errors.outOfStock", { name, stock: g.stock }, "cartLineIds", 409);
}

/** The PostgreSQL error under a Prisma raw query's failure, if that is what `err` is. */
function pgError(err: unknown): { code?: string; originalCode?: string; message?: string; detail?: string } | null {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const cause = (err.meta as { driverAdapterError?: { cause?: Record<string, string> } } | undefined)?.driverAdapterError?.cause;
  return cause ?? null;
}

/** A refusal raised by order_submit / order_take_stock ("order_refused", the reason in DETAIL)
 * as the DomainError the checks before them give for the same facts; null for any other error. */
function refused(err: unknown): DomainError | null {
  const pg = pgError(err);
  if (pg?.message !== "order_refused" || !pg.detail) return null;
  const d = JSON.parse(pg.detail) as { reason: string; quantity?: number; kinds?: GoodsKind[]; goods?: RefusalFacts | null };
  if (d.reason === "companyDisabled") return new DomainError("Orders.errors.companyDisabled", {}, undefined, 409);
  if (d.reason === "cartChanged") return new DomainError("Orders.errors.cartChanged", {}, "cartLineIds", 409);
  if (d.reason === "addressMissing") return new DomainError("Orders.errors.addressMissing", {}, "addressId");
  // "stock": lost a race since the read; say why from the row as it was then.
  const g = d.goods ?? null;
  try {
    refusal(g, d.quantity ?? 0, d.kinds ?? []);
  } catch (e) {
    return e as DomainError;
  }
  return new DomainError("Orders.errors.outOfStock", { name: g!.nameEn, stock: g!.stock }, "cartLineIds", 409);
}

function requireDealer(viewer: Viewer): number {
  if (!viewer.company || viewer.userType !== "DEALER") throw new DomainError("Orders.errors.notDealer", {}, undefined, 403);
  return viewer.company.id;
}

async function checkDict(code: "delivery_way" | "carrier_type", value: string | null | undefined, field: string, all: Record<string, { value: string }[]>) {
  if (value === null || value === undefined) return;
  if (!all[code].some((i) => i.value === value)) throw new DomainError("Orders.errors.unknownOption", {}, field);
}

/**
 * Cart lines → one order, or the order this idempotency key already made. Three statements:
 * 1. the pre-check (unlocked): the key's order, else the cart lines, their goods, the company,
 *    the address and the staff to notify; every refusal a submission would meet is given here,
 *    before a number is spent;
 * 2. the number, in its own statement (the counter row is locked for that statement only; a
 *    submission refused after it leaves a gap in the numbers);
 * 3. order_submit: the submission whole, in one transaction of one statement. The lines are priced
 *    as the pre-check read them; the function re-checks under its locks that the cart lines are
 *    unchanged and what the stock update conditions on (on sale, stock, minimum, kind).
 */
export async function submitOrder(viewer: Viewer, ctx: AuditCtx, input: TSubmitOrder, idempotencyKey: string): Promise<{ id: number; orderNo: string; created: boolean }> {
  const companyId = requireDealer(viewer);
  const options = await dicts(["delivery_way", "carrier_type"] as const);
  await checkDict("delivery_way", input.deliveryWay, "deliveryWay", options);
  await checkDict("carrier_type", input.carrierType, "carrierType", options);
  const ids = [...new Set(input.cartLineIds)].sort((x, y) => x - y);
  const read = await precheck(viewer.userId, companyId, ids, input.addressId, idempotencyKey);
  if (read.replay) return { ...read.replay, created: false };
  const lines = read.lines ?? [];
  if (lines.length !== ids.length) throw new DomainError("Orders.errors.cartChanged", {}, "cartLineIds", 409);
  const kinds = KINDS_OF[input.type];
  const priced = priceLines(lines, read.goods ?? [], kinds);
  const { company, address } = read;
  if (!company) throw new DomainError("Orders.errors.companyDisabled", {}, undefined, 409);
  if (!address) throw new DomainError("Orders.errors.addressMissing", {}, "addressId");
  const orderNo = await nextCode("SO");
  const areaText = address.areas.filter(Boolean).join("");
  const { payload, notice } = orderWrite(
    ctx,
    {
      orderNo,
      companyId,
      creatorId: viewer.userId,
      type: input.type,
      lines,
      phone: input.phone,
      deliveryWay: input.deliveryWay,
      carrierType: input.carrierType ?? null,
      secondaryDestination: input.secondaryDestination ?? null,
      remark: input.remark ?? null,
      address: { id: address.id, receiver: address.receiver, receiverPhone: address.phone, regionAreaId: address.regionAreaId, text: `${areaText} ${address.address}` },
      idempotencyKey,
    },
    priced,
    company,
  );
  // The notification's link names the order's id, which order_submit fills in.
  const notifications = await orderSubmittedNotices(notice, orderLink({ id: ORDER_ID_SLOT, type: input.type }), pickStaff(read.staff, company), ctx.userId);
  const submission = {
    ...payload,
    cartLineIds: ids,
    cart: lines.map((l) => [l.id, l.goodsId, l.quantity]),
    notifications,
    stock: stockLines(priced),
    kinds,
  };
  try {
    const [{ result }] = await db().$queryRaw<{ result: { id: number; orderNo: string; created: boolean } }[]>`
      SELECT order_submit(${JSON.stringify(submission)}::jsonb) AS "result"`;
    return result;
  } catch (err) {
    const domain = refused(err);
    if (domain) throw domain;
    // Belt and braces: should two requests with one key ever both insert, the loser answers
    // with the winner's order.
    if (pgError(err)?.originalCode === "23505") {
      const existing = await db().order.findUnique({ where: { companyId_idempotencyKey: { companyId, idempotencyKey } }, select: { id: true, orderNo: true } });
      if (existing) return { ...existing, created: false };
    }
    throw err;
  }
}

/** Stands for the order's id in what is prepared before it exists (order_submit replaces it). */
const ORDER_ID_SLOT = "{id}";

type CartLineRow = { id: number; goodsId: number; quantity: number; remark: string | null };
type AddressRow = { id: number; receiver: string; phone: string; address: string; regionAreaId: number; areas: (string | null)[] };
type Prechecked = {
  replay: { id: number; orderNo: string } | null;
  lines: CartLineRow[] | null;
  goods: GoodsRow[] | null;
  company: ActiveCompany | null;
  address: AddressRow | null;
  staff: StaffCandidates;
};

/**
 * One statement, no locks (the database function order_precheck): the order this idempotency
 * key already made, if any; else the cart lines of the viewer among `ids` (a line not, or no
 * longer, in the viewer's cart answers the same whoever's it is), their goods, the company when
 * active, the address with its area's names up to the province, and the staff who could be
 * notified (lib/mall/notifications).
 */
async function precheck(userId: number, companyId: number, ids: number[], addressId: number, idempotencyKey: string): Promise<Prechecked> {
  const [{ read }] = await db().$queryRaw<{ read: Prechecked }[]>`
    SELECT order_precheck(${companyId}::int, ${userId}::int, ${ids}::int[], ${addressId}::int, ${idempotencyKey}) AS "read"`;
  return read;
}

/** `where` over orders the viewer may see: a dealer's company (not deleted), staff's scope. */
export async function orderScope(viewer: Viewer): Promise<Prisma.OrderWhereInput> {
  if (viewer.userType === "DEALER") {
    if (!viewer.company) return { id: { in: [] } };
    return { companyId: viewer.company.id, dealerDeleted: false };
  }
  return { company: await companyScopeWhere(viewer) };
}

const LOCKED = { id: true, orderNo: true, type: true, status: true, companyId: true, quantity: true, amount: true, paidAmount: true } as const;
type Locked = Prisma.OrderGetPayload<{ select: typeof LOCKED }>;

/** Locks the order row, then reads it through the viewer's scope (404 when outside). */
export async function lockOrder(tx: Tx, viewer: Viewer, id: number): Promise<Locked> {
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${id} FOR UPDATE`;
  const order = await tx.order.findFirst({ where: { AND: [{ id }, await orderScope(viewer)] }, select: LOCKED });
  if (!order) throw new NotFoundError();
  return order;
}

const EVENT_OF: Partial<Record<OrderStatus, "order.confirmed" | "order.rejected" | "order.shipped" | "order.completed" | "order.cancelled">> = {
  CONFIRMED: "order.confirmed",
  REJECTED: "order.rejected",
  SHIPPED: "order.shipped",
  COMPLETED: "order.completed",
  CANCELLED: "order.cancelled",
};

/**
 * One move of the state machine. The move must start from the order's status, be made by the
 * right kind of actor holding the permission; `apply` adds the move's own changes (reason,
 * logistics, vehicles) inside the same transaction. Anything else is refused and changes nothing.
 */
async function move(viewer: Viewer, ctx: AuditCtx, id: number, name: OrderMove, note: string | null, apply?: (tx: Tx, order: Locked) => Promise<Prisma.OrderUpdateInput>) {
  const m = ORDER_MOVES[name];
  const actor = viewer.userType === "DEALER" ? "dealer" : "staff";
  return db().$transaction(async (tx) => {
    const order = await lockOrder(tx, viewer, id);
    if (m.actor !== actor || !hasPermission(viewer, m.permission)) throw new DomainError("Common.forbidden", {}, undefined, 403);
    if (order.status !== m.from) throw new DomainError("Orders.errors.wrongState", { orderNo: order.orderNo, status: order.status, move: name }, undefined, 409);
    const extra = apply ? await apply(tx, order) : {};
    if (RELEASES_STOCK.includes(m.to)) await releaseStock(tx, order.id);
    const now = new Date();
    const stamps: Prisma.OrderUpdateInput =
      m.to === "CONFIRMED" ? { confirmedAt: now } : m.to === "SHIPPED" ? { shippedAt: now } : m.to === "COMPLETED" ? { completedAt: now } : { closedAt: now };
    const after = await tx.order.update({ where: { id: order.id }, data: { ...extra, ...stamps, status: m.to }, select: LOCKED });
    await tx.statusEvent.create({ data: { entity: "Order", entityId: order.id, fromStatus: order.status, toStatus: m.to, note, userId: ctx.userId } });
    await audit(tx, ctx, "Order", order.id, name, order, after);
    const event = EVENT_OF[m.to];
    if (event) await notifyOrderEvent(tx, { orderId: order.id, event, actorId: ctx.userId });
    return { id: order.id, orderNo: order.orderNo, status: m.to };
  });
}

/** Gives every line's quantity back to its goods (the caller moved the order out for good). */
async function releaseStock(tx: Tx, orderId: number) {
  const lines = await tx.orderLine.findMany({ where: { orderId }, select: { goodsId: true, quantity: true }, orderBy: { goodsId: "asc" } });
  for (const l of lines) await tx.$executeRaw`UPDATE "Goods" SET "stock" = "stock" + ${l.quantity}, "updatedAt" = now() WHERE "id" = ${l.goodsId}`;
  // Vehicles allocated to the order (none before shipping today) go back to factory stock.
  const vehicles = await tx.vehicle.findMany({ where: { orderId, status: "ALLOCATED" }, select: { id: true } });
  if (vehicles.length) {
    await tx.vehicle.updateMany({ where: { id: { in: vehicles.map((v) => v.id) } }, data: { status: "FACTORY_STOCK", orderId: null } });
    await tx.vehicleEvent.createMany({ data: vehicles.map((v) => ({ vehicleId: v.id, fromStatus: "ALLOCATED" as const, toStatus: "FACTORY_STOCK" as const, orderId })) });
  }
}

export const confirmOrder = (viewer: Viewer, ctx: AuditCtx, id: number) => move(viewer, ctx, id, "confirm", null);

export const rejectOrder = (viewer: Viewer, ctx: AuditCtx, id: number, reason: string) => move(viewer, ctx, id, "reject", reason, async () => ({ rejectReason: reason }));

/** Dealers cancel their SUBMITTED orders; staff cancel CONFIRMED ones. */
export const cancelOrder = (viewer: Viewer, ctx: AuditCtx, id: number, reason?: string | null) =>
  move(viewer, ctx, id, viewer.userType === "DEALER" ? "cancel" : "staffCancel", reason ?? null, async () => ({ cancelReason: reason ?? null }));

/** The dealer confirms receipt, or staff complete it: shipped vehicles enter the dealer's stock. */
export const completeOrder = (viewer: Viewer, ctx: AuditCtx, id: number) =>
  move(viewer, ctx, id, viewer.userType === "DEALER" ? "receive" : "complete", null, async (tx, order) => {
    const vehicles = await tx.vehicle.findMany({ where: { orderId: order.id, status: "IN_TRANSIT" }, select: { id: true } });
    if (vehicles.length) {
      await tx.vehicle.updateMany({ where: { id: { in: vehicles.map((v) => v.id) } }, data: { status: "IN_STOCK", companyId: order.companyId, entryAt: new Date() } });
      await tx.vehicleEvent.createMany({
        data: vehicles.map((v) => ({
          vehicleId: v.id,
          fromStatus: "IN_TRANSIT" as const,
          toStatus: "IN_STOCK" as const,
          companyId: order.companyId,
          orderId: order.id,
          userId: ctx.userId,
        })),
      });
    }
    // What arrived waits as a draft entry on the customer warehouse's entry screen.
    await createEntryForOrder(tx, ctx, order);
    return {};
  });

/** Staff ship a confirmed order with its logistics; a vehicle order names exactly the ordered
 * number of VINs of each line's goods, all in factory stock. */
export const shipOrder = (viewer: Viewer, ctx: AuditCtx, input: TShipOrder) =>
  move(viewer, ctx, input.id, "ship", `${input.logisticsCompany} ${input.logisticsNo}`, async (tx, order) => {
    const options = await dicts(["carrier_type"] as const);
    await checkDict("carrier_type", input.carrierType, "carrierType", options);
    const vins = [...new Set((input.vins ?? []).map(normalizeVin))];
    if (order.type === "VEHICLE") await allocateVins(tx, ctx, order, vins, input.vins?.length ?? 0);
    else if (vins.length) throw new DomainError("Orders.errors.vinsNotExpected", {}, "vins");
    return {
      factoryName: input.factoryName,
      logisticsCompany: input.logisticsCompany,
      logisticsNo: input.logisticsNo,
      ...(input.carrierType ? { carrierType: input.carrierType } : {}),
    };
  });

async function allocateVins(tx: Tx, ctx: AuditCtx, order: Locked, vins: string[], sent: number) {
  for (const vin of vins) {
    const problem = vinProblem(vin);
    if (problem) throw new DomainError(`Orders.errors.vin_${problem}`, { vin }, "vins");
  }
  if (vins.length !== sent || vins.length !== order.quantity) throw new DomainError("Orders.errors.vinCount", { count: order.quantity }, "vins");
  const lines = await tx.orderLine.findMany({ where: { orderId: order.id }, select: { goodsId: true, quantity: true, nameEn: true } });
  // Lock the named vehicles; they must be in factory stock and match the lines' goods.
  const vehicles = await tx.$queryRaw<{ id: number; vin: string; goodsId: number; status: string }[]>`
    SELECT "id", "vin", "goodsId", "status"::text AS "status" FROM "Vehicle" WHERE "vin" = ANY(${vins}) ORDER BY "id" FOR UPDATE`;
  const found = new Map(vehicles.map((v) => [v.vin.trim(), v]));
  for (const vin of vins) {
    const v = found.get(vin);
    if (!v) throw new DomainError("Orders.errors.vinUnknown", { vin }, "vins");
    if (v.status !== "FACTORY_STOCK") throw new DomainError("Orders.errors.vinTaken", { vin }, "vins", 409);
  }
  for (const l of lines) {
    const n = vehicles.filter((v) => v.goodsId === l.goodsId).length;
    if (n !== l.quantity) throw new DomainError("Orders.errors.vinsPerLine", { name: l.nameEn, count: l.quantity }, "vins");
  }
  const ids = vehicles.map((v) => v.id);
  const now = new Date();
  await tx.vehicle.updateMany({ where: { id: { in: ids } }, data: { status: "IN_TRANSIT", orderId: order.id, sendDate: now, sendOrderNo: order.orderNo } });
  await tx.vehicleEvent.createMany({
    data: ids.flatMap((vehicleId) => [
      { vehicleId, fromStatus: "FACTORY_STOCK" as const, toStatus: "ALLOCATED" as const, companyId: order.companyId, orderId: order.id, userId: ctx.userId, createdAt: now },
      { vehicleId, fromStatus: "ALLOCATED" as const, toStatus: "IN_TRANSIT" as const, companyId: order.companyId, orderId: order.id, userId: ctx.userId, createdAt: now },
    ]),
  });
}

/** Dealers delete (hide) their cancelled or rejected orders: all the selected or none. */
export async function deleteOrders(viewer: Viewer, ctx: AuditCtx, ids: number[]) {
  const companyId = requireDealer(viewer);
  if (!hasPermission(viewer, "order:delete")) throw new DomainError("Common.forbidden", {}, undefined, 403);
  const unique = [...new Set(ids)];
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ANY(${unique}) ORDER BY "id" FOR UPDATE`;
    const rows = await tx.order.findMany({ where: { id: { in: unique }, companyId, dealerDeleted: false }, select: { id: true, orderNo: true, status: true } });
    if (rows.length !== unique.length) throw new NotFoundError();
    const stuck = rows.find((r) => !DELETABLE.includes(r.status));
    if (stuck) throw new DomainError("Orders.errors.notDeletable", { orderNo: stuck.orderNo, status: stuck.status }, undefined, 409);
    await tx.order.updateMany({ where: { id: { in: unique }, companyId }, data: { dealerDeleted: true } });
    for (const r of rows) await audit(tx, ctx, "Order", r.id, "delete", r, { ...r, dealerDeleted: true });
    return { count: rows.length };
  });
}
