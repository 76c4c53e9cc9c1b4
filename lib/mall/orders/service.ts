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
import { notifyOrderEvent, type OrderNotice } from "../notifications/service";
import type { TShipOrder, TSubmitOrder } from "./schemas";
import { DELETABLE, ORDER_MOVES, RELEASES_STOCK, type OrderMove } from "./states";

// Orders: submission reserves stock in the order's transaction, every move
// of the state machine is one transaction that locks the order row, checks the move against
// the table in order-states.ts, writes the status history and the audit row, and notifies.
// Stock is a counter on Goods changed only by conditional updates, so it never goes below zero
// and is never oversold, whatever the concurrency; it goes back exactly once because only one
// transaction can move an order out of SUBMITTED/CONFIRMED.

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

type Reserved = {
  id: number;
  kind: GoodsKind;
  nameEn: string;
  nameZh: string;
  config: string | null;
  specification: string | null;
  coverId: string | null;
  price: Prisma.Decimal;
  minOrderQty: number;
};

/**
 * Creates an order in the caller's transaction. The goods locks are taken last and held as
 * briefly as possible (docs/DECISIONS.md "Issue 24 — faster order submission"): the goods are
 * read and every line checked without a lock, the order, its lines, the first status event, the
 * audit row and the staff notification are written, and only then is each line's stock taken
 * by one conditional UPDATE per goods, in goods-id order (so two carts never deadlock), right
 * before the caller commits. The number comes from `input.orderNo` when the caller allocated
 * it outside the transaction (submission, so the counter row is not held either), else from
 * code rule SO inside it. Used by the cart's submission and by a pre-order's conversion. Out of
 * stock / off sale → 409, below the minimum → 400 on "quantity"; the caller's transaction then
 * rolls everything back.
 */
export async function placeOrder(
  tx: Tx,
  ctx: AuditCtx,
  input: PlaceOrder & { orderNo?: string },
  /** The company (read under its share lock) and the goods, when the caller read them with its own statement. */
  read?: { company: ActiveCompany; goods: GoodsRow[] },
): Promise<{ id: number; orderNo: string }> {
  const merged = new Map<number, { quantity: number; remark: string | null }>();
  for (const l of input.lines) {
    const m = merged.get(l.goodsId);
    merged.set(l.goodsId, { quantity: (m?.quantity ?? 0) + l.quantity, remark: m?.remark ?? l.remark ?? null });
  }
  const company = read?.company ?? (await lockActiveCompany(tx, input.companyId));
  const kinds = KINDS_OF[input.type];
  const ids = [...merged.keys()].sort((a, b) => a - b);
  // Unlocked read: the lines are priced and checked here; the UPDATE below re-checks what can
  // change under us (on sale, stock, minimum, kind) under the row lock.
  const found = new Map((read?.goods ?? (await tx.goods.findMany({ where: { id: { in: ids } }, select: GOODS_SELECT }))).map((g) => [g.id, g]));
  const reserved: (Reserved & { quantity: number; remark: string | null })[] = [];
  for (const goodsId of ids) {
    const { quantity, remark } = merged.get(goodsId)!;
    const g = found.get(goodsId);
    refusal(g, quantity, kinds);
    reserved.push({ ...g!, quantity, remark });
  }
  const amount = reserved.reduce((sum, l) => sum.add(new Prisma.Decimal(l.price).mul(l.quantity)), new Prisma.Decimal(0));
  const orderNo = input.orderNo ?? (await nextCode("SO", { tx }));
  const quantity = reserved.reduce((n, l) => n + l.quantity, 0);
  const lines = reserved.map((l) => ({
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
  }));
  const written = { orderNo, status: "SUBMITTED" as const, amount, quantity, companyId: input.companyId, type: input.type };
  const after = JSON.stringify({ ...written, lines: reserved.map((l) => ({ goodsId: l.id, quantity: l.quantity })) });
  // The order, its lines, its first status event and its audit row in one statement (a round
  // trip each cost more than the writes themselves; docs/DECISIONS.md "Issue 24 — faster order
  // submission"). The audit row holds what audit() would: the order as written, with its id.
  // Times are UTC, as Prisma stores them, whatever the session's zone.
  const [{ id }] = await tx.$queryRaw<{ id: number }[]>`
    WITH o AS (
      INSERT INTO "Order" ("orderNo", "type", "companyId", "creatorId", "quantity", "amount", "phone", "deliveryWay", "carrierType", "secondaryDestination",
                           "remark", "addressId", "receiver", "receiverPhone", "regionAreaId", "address", "idempotencyKey", "createdAt", "updatedAt")
      VALUES (${orderNo}, ${input.type}::"OrderType", ${input.companyId}::int, ${input.creatorId}::int, ${quantity}::int, ${amount.toFixed(2)}::numeric,
              ${input.phone}, ${input.deliveryWay}, ${input.carrierType ?? null}::text, ${input.secondaryDestination ?? null}::text, ${input.remark ?? null}::text,
              ${input.address.id}::int, ${input.address.receiver}, ${input.address.receiverPhone}, ${input.address.regionAreaId}::int, ${input.address.text},
              ${input.idempotencyKey ?? null}::text, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
      RETURNING "id"
    ), lines AS (
      INSERT INTO "OrderLine" ("orderId", "goodsId", "kind", "nameEn", "nameZh", "config", "specification", "coverId", "price", "quantity", "subtotal", "remark")
      SELECT o."id", x."goodsId", x."kind"::"GoodsKind", x."nameEn", x."nameZh", x."config", x."specification", x."coverId", x."price", x."quantity", x."subtotal", x."remark"
      FROM o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS x("goodsId" int, "kind" text, "nameEn" text, "nameZh" text, "config" text, "specification" text,
                                                                   "coverId" text, "price" numeric, "quantity" int, "subtotal" numeric, "remark" text)
    ), history AS (
      INSERT INTO "StatusEvent" ("entity", "entityId", "fromStatus", "toStatus", "userId", "createdAt")
      SELECT 'Order', o."id", NULL, 'SUBMITTED', ${ctx.userId}::int, now() AT TIME ZONE 'UTC' FROM o
    ), audited AS (
      INSERT INTO "AuditLog" ("userId", "companyId", "entity", "entityId", "action", "after", "requestId", "createdAt")
      SELECT ${ctx.userId}::int, ${ctx.companyId}::int, 'Order', o."id"::text, 'submit', ${after}::jsonb || jsonb_build_object('id', o."id"), ${ctx.requestId}::text,
             now() AT TIME ZONE 'UTC'
      FROM o
    )
    SELECT "id" FROM o`;
  // The notice from what was just written and the company read under its lock: no read-back.
  const notice: OrderNotice = {
    id,
    ...written,
    rejectReason: null,
    cancelReason: null,
    logisticsCompany: null,
    logisticsNo: null,
    company: { nameEn: company.nameEn, nameZh: company.nameZh, organizationId: company.organizationId },
  };
  await notifyOrderEvent(tx, { orderId: id, event: "order.submitted", actorId: ctx.userId, notice });
  await takeStock(tx, reserved, kinds);
  return { id, orderNo };
}

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
type GoodsRow = Reserved & { onSale: boolean; stock: number };

/**
 * Takes every line's stock, goods locked in id order, each by one conditional UPDATE:
 * PostgreSQL re-checks the condition after waiting for the row lock, so racing submissions
 * never oversell. The locks are held from here to the caller's commit, so call it last.
 */
async function takeStock(tx: Tx, lines: { id: number; quantity: number }[], kinds: GoodsKind[]): Promise<void> {
  for (const { id, quantity } of [...lines].sort((a, b) => a.id - b.id)) {
    const n = await tx.$executeRaw`
      UPDATE "Goods" SET "stock" = "stock" - ${quantity}, "updatedAt" = now()
      WHERE "id" = ${id} AND "onSale" AND "stock" >= ${quantity} AND "minOrderQty" <= ${quantity}
        AND "kind"::text = ANY(${kinds as string[]})`;
    // Lost a race since the read: say why from the row as it is now (this statement's snapshot).
    if (n === 0) {
      const g = await tx.goods.findUnique({ where: { id }, select: REFUSAL_SELECT });
      refusal(g, quantity, kinds);
      throw new DomainError("Orders.errors.outOfStock", { name: g!.nameEn, stock: g!.stock }, "cartLineIds", 409);
    }
  }
}

const REFUSAL_SELECT = { kind: true, nameEn: true, onSale: true, stock: true, minOrderQty: true } as const;
type RefusalFacts = { kind: GoodsKind; nameEn: string; onSale: boolean; stock: number; minOrderQty: number };

/** Throws why a line cannot be ordered, as the error a dealer can act on; returns when it can. */
function refusal(g: RefusalFacts | null | undefined, quantity: number, kinds: GoodsKind[]): void {
  if (!g || !kinds.includes(g.kind)) throw new DomainError("Orders.errors.goodsMissing", {}, "cartLineIds", 409);
  const name = g.nameEn;
  if (!g.onSale) throw new DomainError("Orders.errors.offSale", { name }, "cartLineIds", 409);
  if (quantity < g.minOrderQty) throw new DomainError("Orders.errors.belowMinimum", { name, min: g.minOrderQty }, "quantity");
  if (g.stock < quantity) throw new DomainError("Orders.errors.outOfStock", { name, stock: g.stock }, "cartLineIds", 409);
}

function requireDealer(viewer: Viewer): number {
  if (!viewer.company || viewer.userType !== "DEALER") throw new DomainError("Orders.errors.notDealer", {}, undefined, 403);
  return viewer.company.id;
}

async function checkDict(code: "delivery_way" | "carrier_type", value: string | null | undefined, field: string, all: Record<string, { value: string }[]>) {
  if (value === null || value === undefined) return;
  if (!all[code].some((i) => i.value === value)) throw new DomainError("Orders.errors.unknownOption", {}, field);
}

/** Cart lines → one order, or the order this idempotency key already made. The cart lines
 * ordered are locked first and leave the cart in the same transaction. */
export async function submitOrder(viewer: Viewer, ctx: AuditCtx, input: TSubmitOrder, idempotencyKey: string): Promise<{ id: number; orderNo: string; created: boolean }> {
  const companyId = requireDealer(viewer);
  const options = await dicts(["delivery_way", "carrier_type"] as const);
  await checkDict("delivery_way", input.deliveryWay, "deliveryWay", options);
  await checkDict("carrier_type", input.carrierType, "carrierType", options);
  // Outside the transaction, so no lock waits on them: a replay answers at once, and a cart the
  // submission would refuse anyway is refused before it consumes a number.
  const replay = await precheck(viewer.userId, companyId, input, idempotencyKey);
  if (replay) return { ...replay, created: false };
  // The number is taken in its own statement, like a sequence: the counter row is locked only for
  // that statement instead of until the order commits (which serialized every submission). A
  // submission refused after this point (a lost race) leaves a gap in the numbers.
  const orderNo = await nextCode("SO");
  const run = () =>
    db().$transaction(async (tx) => {
      // Requests with one key queue here; the first makes the order, the rest find it (takeCart's
      // statement starts after the lock, so it sees the first one's order once committed).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`order:${companyId}:${idempotencyKey}`}, 0))`;
      const ids = [...new Set(input.cartLineIds)].sort((x, y) => x - y);
      const { existing, company, lines, address, goods } = await takeCart(tx, viewer.userId, companyId, ids, input.addressId, idempotencyKey);
      if (existing) return { ...existing, created: false };
      if (!company) throw new DomainError("Orders.errors.companyDisabled", {}, undefined, 409);
      if (lines.length !== ids.length) throw new DomainError("Orders.errors.cartChanged", {}, "cartLineIds", 409);
      if (!address) throw new DomainError("Orders.errors.addressMissing", {}, "addressId");
      const areaText = address.areas.filter(Boolean).join("");
      const order = await placeOrder(
        tx,
        ctx,
        {
          orderNo,
          companyId,
          creatorId: viewer.userId,
          type: input.type,
          lines: lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity, remark: l.remark })),
          phone: input.phone,
          deliveryWay: input.deliveryWay,
          carrierType: input.carrierType ?? null,
          secondaryDestination: input.secondaryDestination ?? null,
          remark: input.remark ?? null,
          address: { id: address.id, receiver: address.receiver, receiverPhone: address.phone, regionAreaId: address.regionAreaId, text: `${areaText} ${address.address}` },
          idempotencyKey,
        },
        {
          company,
          goods: goods.map((g) => ({ ...g, price: new Prisma.Decimal(g.price) })),
        },
      );
      return { ...order, created: true };
    });
  try {
    return await run();
  } catch (err) {
    // Belt and braces: should two requests with one key ever both insert, the loser answers
    // with the winner's order.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      const existing = await db().order.findUnique({ where: { companyId_idempotencyKey: { companyId, idempotencyKey } }, select: { id: true, orderNo: true } });
      if (existing) return { ...existing, created: false };
    }
    throw err;
  }
}

/**
 * The order this idempotency key already made, if any; else the refusals a submission would
 * meet, read without locks in the same statement: a line not in the viewer's cart, goods
 * missing, off sale, below the minimum or out of stock. The transaction checks all of it again;
 * this only keeps a replay or a refused cart from consuming an order number.
 */
async function precheck(userId: number, companyId: number, input: TSubmitOrder, idempotencyKey: string): Promise<{ id: number; orderNo: string } | null> {
  const ids = [...new Set(input.cartLineIds)];
  const [row] = await db().$queryRaw<{ replay: { id: number; orderNo: string } | null; lines: (RefusalFacts & { goodsId: number; quantity: number })[] | null }[]>`
    SELECT (SELECT json_build_object('id', "id", 'orderNo', "orderNo") FROM "Order" WHERE "companyId" = ${companyId} AND "idempotencyKey" = ${idempotencyKey}) AS "replay",
           (SELECT json_agg(json_build_object('goodsId', c."goodsId", 'quantity', c."quantity", 'kind', g."kind", 'nameEn', g."nameEn", 'onSale', g."onSale",
                                              'stock', g."stock", 'minOrderQty', g."minOrderQty") ORDER BY c."goodsId")
            FROM "CartLine" c JOIN "Goods" g ON g."id" = c."goodsId"
            WHERE c."id" = ANY(${ids}::int[]) AND c."companyId" = ${companyId} AND c."userId" = ${userId}) AS "lines"`;
  if (row.replay) return row.replay;
  const lines = row.lines ?? [];
  if (lines.length !== ids.length) throw new DomainError("Orders.errors.cartChanged", {}, "cartLineIds", 409);
  const wanted = new Map<number, { goods: RefusalFacts; quantity: number }>();
  for (const { goodsId, quantity, ...goods } of lines) wanted.set(goodsId, { goods, quantity: (wanted.get(goodsId)?.quantity ?? 0) + quantity });
  for (const { goods, quantity } of wanted.values()) refusal(goods, quantity, KINDS_OF[input.type]);
  return null;
}

type CartLineRow = { id: number; goodsId: number; quantity: number; remark: string | null };
type AddressRow = { id: number; receiver: string; phone: string; address: string; regionAreaId: number; areas: (string | null)[] };

/**
 * In one statement: the order this idempotency key already made (then nothing is deleted and the
 * caller answers with it), the company under a share lock (null when not active), the cart lines
 * locked in id order and deleted (so two submissions of overlapping lines never deadlock, and
 * one that waited finds them gone: one cart line makes at most one order; a line not, or no
 * longer, in the viewer's cart answers the same whoever's it is), the address with its area's
 * names up to the province, and the lines' goods (unlocked, as placeOrder reads them). The
 * caller's transaction rolls the deletion back when it refuses.
 */
async function takeCart(
  tx: Tx,
  userId: number,
  companyId: number,
  ids: number[],
  addressId: number,
  idempotencyKey: string,
): Promise<{
  existing: { id: number; orderNo: string } | null;
  company: ActiveCompany | null;
  lines: CartLineRow[];
  address: AddressRow | null;
  goods: (Omit<GoodsRow, "price"> & { price: string })[];
}> {
  const [row] = await tx.$queryRaw<
    {
      existing: { id: number; orderNo: string } | null;
      company: ActiveCompany | null;
      lines: CartLineRow[] | null;
      address: AddressRow | null;
      goods: (Omit<GoodsRow, "price"> & { price: string })[] | null;
    }[]
  >`
    WITH existing AS (
      SELECT "id", "orderNo" FROM "Order" WHERE "companyId" = ${companyId} AND "idempotencyKey" = ${idempotencyKey}
    ), company AS (
      SELECT "id", "nameEn", "nameZh", "organizationId" FROM "Company" WHERE "id" = ${companyId} AND "status" = 'ACTIVE' FOR SHARE
    ), locked AS (
      SELECT "id", "goodsId", "quantity", "remark" FROM "CartLine"
      WHERE "id" = ANY(${ids}::int[]) AND "companyId" = ${companyId} AND "userId" = ${userId}
      ORDER BY "id" FOR UPDATE
    ), gone AS (
      DELETE FROM "CartLine" c USING locked WHERE c."id" = locked."id" AND NOT EXISTS (SELECT 1 FROM existing) RETURNING c."id"
    )
    SELECT (SELECT row_to_json(existing) FROM existing) AS "existing",
           (SELECT row_to_json(company) FROM company) AS "company",
           (SELECT json_agg(locked ORDER BY "id") FROM locked) AS "lines",
           (SELECT json_build_object('id', a."id", 'receiver', a."receiver", 'phone', a."phone", 'address', a."address", 'regionAreaId', a."regionAreaId",
                                     'areas', json_build_array(r3."nameZh", r2."nameZh", r1."nameZh"))
            FROM "Address" a
            JOIN "RegionArea" r1 ON r1."id" = a."regionAreaId"
            LEFT JOIN "RegionArea" r2 ON r2."id" = r1."parentId"
            LEFT JOIN "RegionArea" r3 ON r3."id" = r2."parentId"
            WHERE a."id" = ${addressId} AND a."companyId" = ${companyId}) AS "address",
           (SELECT json_agg(json_build_object('id', g."id", 'kind', g."kind", 'nameEn', g."nameEn", 'nameZh', g."nameZh", 'config', g."config",
                                              'specification', g."specification", 'coverId', g."coverId", 'price', g."price"::text,
                                              'minOrderQty', g."minOrderQty", 'onSale', g."onSale", 'stock', g."stock"))
            FROM "Goods" g WHERE g."id" IN (SELECT "goodsId" FROM locked)) AS "goods"`;
  return { existing: row.existing, company: row.company, lines: row.lines ?? [], address: row.address, goods: row.goods ?? [] };
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
