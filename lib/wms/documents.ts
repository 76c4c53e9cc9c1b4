import "server-only";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { nextCode } from "@/lib/codes/next-code";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { WmsDocStatus, WmsDocType } from "@/lib/generated/prisma/enums";
import { dealerCompany, docWhere } from "./access";
import { lockOrder, release, reserve, stockIn, stockOut, type LedgerDoc } from "./ledger";
import type { TCancelDoc, TCountStocktake, TCreateDelivery, TCreateEntry, TCreateMove, TCreateStocktake, TCreateTransfer, TPostEntry, TReceiveTransfer } from "./schemas";
import { DOC_PERMISSION, DOC_RULE, RESERVES, wmsMove, type WmsMove } from "./states";
import { defaultWarehouse } from "./warehouse-default";

// The warehouse documents: entries (WE), deliveries (WD), moves (WM), transfers (WT) and
// stocktakes (WS). Each change is one transaction that locks the document row, checks the move
// against states.ts, changes stock only through ledger.ts, and writes the document's history
// (StatusEvent) and an audit row. A posted document is never edited: a correction is a new
// document. Outbound drafts reserve what they will take, so what a draft promised is there when
// it is posted; posting takes stock with a conditional update, so nothing goes below zero.

const ENTITY = "WmsDocument";

type Head = { id: number; docNo: string; type: WmsDocType; status: WmsDocStatus; companyId: number; warehouseId: number; toCompanyId: number | null; toWarehouseId: number | null };
const HEAD = { id: true, docNo: true, type: true, status: true, companyId: true, warehouseId: true, toCompanyId: true, toWarehouseId: true } as const;

const ledgerDoc = (doc: { id: number; companyId: number }, ctx: AuditCtx, at = new Date()): LedgerDoc => ({ id: doc.id, companyId: doc.companyId, userId: ctx.userId, at });

// ---------------------------------------------------------------------------------------------
// Checks shared by the kinds

/** The company's enabled warehouse, or a field error on `field`. */
async function ownWarehouse(tx: Tx, companyId: number, id: number, field = "warehouseId") {
  // Under a share lock: disabling a warehouse (lib/wms/warehouses/service.ts) waits for this
  // document, then sees its stock; a document after the disable sees it disabled.
  const [w] = await tx.$queryRaw<{ id: number; enabled: boolean; code: string }[]>`
    SELECT "id", "enabled", "code" FROM "Warehouse" WHERE "id" = ${id} AND "companyId" = ${companyId} FOR SHARE`;
  if (!w) throw new DomainError("Wms.errors.warehouseUnknown", {}, field, 404);
  if (!w.enabled) throw new DomainError("Wms.errors.warehouseDisabled", { code: w.code }, field, 409);
  return w;
}

/** Every id is an enabled location of the warehouse, or a field error naming the line. */
async function locationsOf(tx: Tx, warehouseId: number, ids: (number | null | undefined)[], field: string) {
  const wanted = [...new Set(ids.filter((i): i is number => !!i))].sort((a, b) => a - b);
  const rows = await tx.$queryRaw<{ id: number; code: string; enabled: boolean }[]>`
    SELECT "id", "code", "enabled" FROM "WarehouseLocation" WHERE "id" = ANY(${wanted}) AND "warehouseId" = ${warehouseId} ORDER BY "id" FOR SHARE`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  ids.forEach((id, i) => {
    if (!id) return;
    const l = byId.get(id);
    if (!l) throw new DomainError("Wms.errors.locationUnknown", { line: i + 1 }, `${field}.${i}`, 400);
    if (!l.enabled) throw new DomainError("Wms.errors.locationDisabled", { code: l.code, line: i + 1 }, `${field}.${i}`, 409);
  });
  return byId;
}

async function goodsOf(tx: Tx, ids: number[]) {
  const rows = await tx.goods.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, code: true, kind: true, price: true } });
  return new Map(rows.map((g) => [g.id, g]));
}

/** Parts lines: known goods that are not vehicles (vehicles move by VIN). */
async function checkPartsLines(tx: Tx, lines: { goodsId: number; vehicleId?: number | null }[], allowVin: boolean, companyId: number, locations?: (number | null | undefined)[]) {
  const goods = await goodsOf(
    tx,
    lines.map((l) => l.goodsId),
  );
  const vins = lines.map((l) => l.vehicleId).filter((v): v is number => !!v);
  const vehicles = vins.length
    ? new Map((await tx.vehicle.findMany({ where: { id: { in: vins }, companyId }, select: { id: true, goodsId: true, locationId: true, status: true } })).map((v) => [v.id, v]))
    : new Map<number, { id: number; goodsId: number; locationId: number | null; status: string }>();
  lines.forEach((l, i) => {
    const g = goods.get(l.goodsId);
    if (!g) throw new DomainError("Wms.errors.goodsUnknown", { line: i + 1 }, `lines.${i}.goodsId`);
    if (g.kind === "VEHICLE") {
      if (!allowVin) throw new DomainError("Wms.errors.vehicleBySale", { code: g.code }, `lines.${i}.goodsId`);
      const v = l.vehicleId ? vehicles.get(l.vehicleId) : undefined;
      if (!v) throw new DomainError("Wms.errors.vinRequired", { code: g.code, line: i + 1 }, `lines.${i}.vehicleId`);
      if (v.goodsId !== l.goodsId || v.status !== "IN_STOCK" || (locations && v.locationId !== locations[i]))
        throw new DomainError("Wms.errors.vinNotHere", { line: i + 1 }, `lines.${i}.vehicleId`, 409);
    } else if (l.vehicleId) throw new DomainError("Wms.errors.vinNotExpected", { line: i + 1 }, `lines.${i}.vehicleId`);
  });
  return goods;
}

async function history(tx: Tx, ctx: AuditCtx, doc: { id: number }, from: WmsDocStatus | null, to: WmsDocStatus, note: string | null = null) {
  await tx.statusEvent.create({ data: { entity: ENTITY, entityId: doc.id, fromStatus: from, toStatus: to, note, userId: ctx.userId } });
}

/** Locks the document and checks the viewer may make `move` on it from its status. */
async function lockForMove(tx: Tx, viewer: Viewer, id: number, move: WmsMove): Promise<Head & { to: WmsDocStatus }> {
  await tx.$queryRaw`SELECT "id" FROM "WmsDocument" WHERE "id" = ${id} FOR UPDATE`;
  const doc = await tx.wmsDocument.findFirst({ where: { AND: [{ id }, await docWhere(viewer)] }, select: HEAD });
  if (!doc) throw new NotFoundError();
  const companyId = dealerCompany(viewer, DOC_PERMISSION[doc.type]);
  // A transfer is received by its receiving company; everything else is done by the owner.
  const side = move === "receive" ? doc.toCompanyId : doc.companyId;
  if (side !== companyId) throw new NotFoundError();
  const m = wmsMove(doc.type, doc.status, move);
  if (!m) throw new DomainError("Wms.errors.wrongState", { docNo: doc.docNo, status: doc.status }, undefined, 409);
  return { ...doc, to: m.to };
}

async function finishMove(tx: Tx, ctx: AuditCtx, doc: Head & { to: WmsDocStatus }, move: WmsMove, note: string | null = null) {
  const posted = doc.to === "POSTED" || doc.to === "RECEIVED" || doc.to === "IN_TRANSIT";
  const after = await tx.wmsDocument.update({ where: { id: doc.id }, data: { status: doc.to, ...(posted ? { postedAt: new Date() } : {}) }, select: HEAD });
  await history(tx, ctx, doc, doc.status, doc.to, note);
  await audit(tx, ctx, ENTITY, doc.id, move, doc, after);
  return { id: doc.id, docNo: doc.docNo, status: doc.to };
}

type NewDoc = {
  type: WmsDocType;
  companyId: number;
  warehouseId: number;
  source: string;
  status?: WmsDocStatus;
  remark?: string | null;
  orderId?: number;
  vehicleSaleId?: number;
  toCompanyId?: number;
  toWarehouseId?: number;
  scopeLocationIds?: number[];
  scopeGoodsIds?: number[];
  showBook?: boolean;
  planId?: number;
  assigneeId?: number | null;
  posId?: number;
  customerName?: string | null;
  customerPhone?: string | null;
  paymentMethod?: string;
  amount?: string;
  memberId?: number | null;
  discountAmount?: string | null;
  pointsRedeemed?: number | null;
  pointsEarned?: number | null;
  postedAt?: Date;
  lines: {
    goodsId: number;
    vehicleId?: number | null;
    quantity: number;
    fromLocationId?: number | null;
    toLocationId?: number | null;
    unitCost?: string;
    price?: string;
  }[];
};

/** A numbered document with its lines and its first history row. */
export async function insertDoc(tx: Tx, ctx: AuditCtx, d: NewDoc): Promise<{ id: number; docNo: string; companyId: number }> {
  const docNo = await nextCode(DOC_RULE[d.type], { tx });
  const { lines, ...head } = d;
  const doc = await tx.wmsDocument.create({
    data: { ...head, docNo, status: d.status ?? "DRAFT", createdById: ctx.userId, lines: { create: lines } },
    select: { id: true, docNo: true, companyId: true },
  });
  await history(tx, ctx, doc, null, d.status ?? "DRAFT");
  await audit(tx, ctx, ENTITY, doc.id, "create", null, { ...head, docNo, lines });
  return doc;
}

// ---------------------------------------------------------------------------------------------
// Entries

/** A manual entry (opening stock, other source), a draft; the locations may be chosen now or at posting. */
export async function createEntry(viewer: Viewer, ctx: AuditCtx, input: TCreateEntry) {
  const companyId = dealerCompany(viewer, "wmsEntry:manage");
  return db().$transaction(async (tx) => {
    await ownWarehouse(tx, companyId, input.warehouseId);
    await checkPartsLines(tx, input.lines, false, companyId);
    await locationsOf(
      tx,
      input.warehouseId,
      input.lines.map((l) => l.toLocationId),
      "lines.toLocationId",
    );
    return insertDoc(tx, ctx, {
      type: "ENTRY",
      companyId,
      warehouseId: input.warehouseId,
      source: input.source,
      remark: input.remark,
      lines: input.lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity, unitCost: l.unitCost, toLocationId: l.toLocationId ?? null })),
    });
  });
}

/**
 * The draft entry of a received order (called in the order's own transaction when the dealer
 * confirms receipt, or staff complete it): parts by goods at the order's price, vehicles one line
 * per VIN. It goes to the company's default warehouse, made on its first entry.
 */
export async function createEntryForOrder(tx: Tx, ctx: AuditCtx, order: { id: number; companyId: number; type: "VEHICLE" | "PARTS" }) {
  const warehouse = await defaultWarehouse(tx, order.companyId, order.type === "VEHICLE" ? "VEHICLE" : "PARTS");
  const lines = await tx.orderLine.findMany({ where: { orderId: order.id }, select: { goodsId: true, quantity: true, price: true }, orderBy: { id: "asc" } });
  const price = new Map(lines.map((l) => [l.goodsId, l.price.toFixed(2)]));
  let docLines: NewDoc["lines"];
  if (order.type === "VEHICLE") {
    const vehicles = await tx.vehicle.findMany({
      where: { orderId: order.id, status: "IN_STOCK", companyId: order.companyId },
      select: { id: true, goodsId: true },
      orderBy: { id: "asc" },
    });
    docLines = vehicles.map((v) => ({ goodsId: v.goodsId, vehicleId: v.id, quantity: 1, unitCost: price.get(v.goodsId) ?? "0.00" }));
  } else docLines = lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity, unitCost: l.price.toFixed(2) }));
  if (!docLines.length) return null;
  return insertDoc(tx, ctx, { type: "ENTRY", companyId: order.companyId, warehouseId: warehouse.id, source: "ORDER", orderId: order.id, lines: docLines });
}

/** A returned vehicle (car/carReturn) comes back as a draft entry of its VIN. */
export async function createEntryForReturn(tx: Tx, ctx: AuditCtx, v: { id: number; goodsId: number; companyId: number }, unitCost: string) {
  const warehouse = await defaultWarehouse(tx, v.companyId, "VEHICLE");
  return insertDoc(tx, ctx, {
    type: "ENTRY",
    companyId: v.companyId,
    warehouseId: warehouse.id,
    source: "VEHICLE_RETURN",
    lines: [{ goodsId: v.goodsId, vehicleId: v.id, quantity: 1, unitCost }],
  });
}

/** Posts an entry: every line into a location of the entry's warehouse (chosen now or on the draft). */
export async function postEntry(viewer: Viewer, ctx: AuditCtx, input: TPostEntry) {
  return db().$transaction(async (tx) => {
    const doc = await lockForMove(tx, viewer, input.id, "post");
    if (doc.type !== "ENTRY") throw new NotFoundError();
    await ownWarehouse(tx, doc.companyId, doc.warehouseId);
    const lines = await tx.wmsDocumentLine.findMany({ where: { documentId: doc.id }, orderBy: { id: "asc" } });
    const chosen = new Map(input.lines.map((l) => [l.id, l.toLocationId]));
    const placed = lines.map((l) => ({ ...l, toLocationId: chosen.get(l.id) ?? l.toLocationId }));
    placed.forEach((l, i) => {
      if (!l.toLocationId) throw new DomainError("Wms.errors.locationRequired", { line: i + 1 }, `lines.${i}.toLocationId`);
    });
    await locationsOf(
      tx,
      doc.warehouseId,
      placed.map((l) => l.toLocationId),
      "lines.toLocationId",
    );
    const vins = placed.filter((l) => l.vehicleId).map((l) => l.vehicleId!);
    if (vins.length) {
      const ok = await tx.$queryRaw<{ id: number }[]>`
        SELECT "id" FROM "Vehicle" WHERE "id" = ANY(${vins}) AND "companyId" = ${doc.companyId} AND "status" = 'IN_STOCK' AND "locationId" IS NULL FOR UPDATE`;
      if (ok.length !== vins.length) throw new DomainError("Wms.errors.vinGone", { docNo: doc.docNo }, undefined, 409);
    }
    const at = new Date();
    for (const l of lockOrder(placed.map((l) => ({ ...l, locationId: l.toLocationId! })))) {
      if (l.toLocationId !== lines.find((x) => x.id === l.id)?.toLocationId) await tx.wmsDocumentLine.update({ where: { id: l.id }, data: { toLocationId: l.toLocationId } });
      await stockIn(tx, ledgerDoc(doc, ctx, at), {
        warehouseId: doc.warehouseId,
        locationId: l.locationId,
        goodsId: l.goodsId,
        vehicleId: l.vehicleId,
        quantity: l.quantity,
        unitCost: l.unitCost.toFixed(2),
      });
    }
    return finishMove(tx, ctx, doc, "post");
  });
}

// ---------------------------------------------------------------------------------------------
// Deliveries, moves, transfers: outbound drafts reserve

type OutLine = { goodsId: number; vehicleId?: number | null; quantity: number; fromLocationId: number; toLocationId?: number | null };

async function reserveLines(tx: Tx, warehouseId: number, lines: OutLine[]) {
  const indexed = lines.map((l, i) => ({ ...l, i, locationId: l.fromLocationId }));
  for (const l of lockOrder(indexed)) await reserve(tx, { warehouseId, locationId: l.locationId, goodsId: l.goodsId, quantity: l.quantity }, `lines.${l.i}.quantity`);
}

/** An outbound draft's checks and reservation: the company's enabled warehouse, known goods
 * (vehicles only where `vins`, by a VIN in the line's location), enabled locations of the
 * warehouse, then the stock held. Deliveries, moves and transfers share it. */
async function holdOutbound(tx: Tx, companyId: number, warehouseId: number, lines: OutLine[], vins: boolean) {
  await ownWarehouse(tx, companyId, warehouseId);
  const from = lines.map((l) => l.fromLocationId);
  await checkPartsLines(tx, lines, vins, companyId, vins ? from : undefined);
  await locationsOf(tx, warehouseId, from, "lines.fromLocationId");
  await reserveLines(tx, warehouseId, lines);
}

/** A delivery for repair use, scrap or another reason: a draft that reserves its stock. */
export async function createDelivery(viewer: Viewer, ctx: AuditCtx, input: TCreateDelivery) {
  const companyId = dealerCompany(viewer, "wmsDelivery:manage");
  return db().$transaction(async (tx) => {
    await holdOutbound(tx, companyId, input.warehouseId, input.lines, false);
    return insertDoc(tx, ctx, { type: "DELIVERY", companyId, warehouseId: input.warehouseId, source: input.source, remark: input.remark, lines: input.lines });
  });
}

/** A move between two locations of one warehouse: a draft that reserves at the source. */
export async function createMove(viewer: Viewer, ctx: AuditCtx, input: TCreateMove) {
  const companyId = dealerCompany(viewer, "wmsMove:manage");
  return db().$transaction(async (tx) => {
    input.lines.forEach((l, i) => {
      if (l.fromLocationId === l.toLocationId) throw new DomainError("Wms.errors.sameLocation", { line: i + 1 }, `lines.${i}.toLocationId`);
    });
    await locationsOf(
      tx,
      input.warehouseId,
      input.lines.map((l) => l.toLocationId),
      "lines.toLocationId",
    );
    await holdOutbound(tx, companyId, input.warehouseId, input.lines, true);
    return insertDoc(tx, ctx, { type: "MOVE", companyId, warehouseId: input.warehouseId, source: "INTERNAL", remark: input.remark, lines: input.lines });
  });
}

/** A transfer to another warehouse of the company, or to a company of the dealer group (a
 * company the signed-in user is also linked to). A draft that reserves at the source. */
export async function createTransfer(viewer: Viewer, ctx: AuditCtx, input: TCreateTransfer) {
  const companyId = dealerCompany(viewer, "wmsTransfer:manage");
  if (input.toCompanyId !== companyId && !viewer.companies.some((c) => c.id === input.toCompanyId)) throw new DomainError("Wms.errors.notInGroup", {}, "toCompanyId", 404);
  return db().$transaction(async (tx) => {
    if (input.toWarehouseId === input.warehouseId) throw new DomainError("Wms.errors.sameWarehouse", {}, "toWarehouseId");
    await ownWarehouse(tx, input.toCompanyId, input.toWarehouseId, "toWarehouseId");
    await holdOutbound(tx, companyId, input.warehouseId, input.lines, true);
    return insertDoc(tx, ctx, {
      type: "TRANSFER",
      companyId,
      warehouseId: input.warehouseId,
      toCompanyId: input.toCompanyId,
      toWarehouseId: input.toWarehouseId,
      source: input.toCompanyId === companyId ? "INTERNAL" : "GROUP",
      remark: input.remark,
      lines: input.lines,
    });
  });
}

async function outLines(tx: Tx, documentId: number) {
  return tx.wmsDocumentLine.findMany({ where: { documentId }, orderBy: { id: "asc" } });
}

/** Posts a delivery (stock out) or a move (out of one location, into another at the same cost). */
export async function postOutbound(viewer: Viewer, ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const doc = await lockForMove(tx, viewer, id, "post");
    if (doc.type !== "DELIVERY" && doc.type !== "MOVE") throw new NotFoundError();
    const at = new Date();
    const lines = await outLines(tx, doc.id);
    for (const l of lockOrder(lines.map((l) => ({ ...l, locationId: l.fromLocationId! })))) {
      const out = await stockOut(tx, ledgerDoc(doc, ctx, at), {
        warehouseId: doc.warehouseId,
        locationId: l.locationId,
        goodsId: l.goodsId,
        vehicleId: l.vehicleId,
        quantity: l.quantity,
        fromReserved: true,
      });
      await tx.wmsDocumentLine.update({ where: { id: l.id }, data: { unitCost: out.unitCost } });
      if (doc.type === "MOVE")
        await stockIn(tx, ledgerDoc(doc, ctx, at), {
          warehouseId: doc.warehouseId,
          locationId: l.toLocationId!,
          goodsId: l.goodsId,
          vehicleId: l.vehicleId,
          quantity: l.quantity,
          unitCost: out.unitCost,
        });
    }
    return finishMove(tx, ctx, doc, "post");
  });
}

/** Ships a transfer: the stock leaves the source locations (it is in transit until received). */
export async function shipTransfer(viewer: Viewer, ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const doc = await lockForMove(tx, viewer, id, "ship");
    if (doc.type !== "TRANSFER") throw new NotFoundError();
    const at = new Date();
    const lines = await outLines(tx, doc.id);
    for (const l of lockOrder(lines.map((l) => ({ ...l, locationId: l.fromLocationId! })))) {
      const out = await stockOut(tx, ledgerDoc(doc, ctx, at), {
        warehouseId: doc.warehouseId,
        locationId: l.locationId,
        goodsId: l.goodsId,
        vehicleId: l.vehicleId,
        quantity: l.quantity,
        fromReserved: true,
      });
      await tx.wmsDocumentLine.update({ where: { id: l.id }, data: { unitCost: out.unitCost } });
    }
    return finishMove(tx, ctx, doc, "ship");
  });
}

/**
 * The receiving company receives a transfer: what arrived goes into its locations at the cost it
 * left with; a line received short records the shortfall (the document keeps both figures). A
 * vehicle is received whole or not at all, and changes holder when it crosses companies.
 */
export async function receiveTransfer(viewer: Viewer, ctx: AuditCtx, input: TReceiveTransfer) {
  return db().$transaction(async (tx) => {
    const doc = await lockForMove(tx, viewer, input.id, "receive");
    if (doc.type !== "TRANSFER" || !doc.toCompanyId || !doc.toWarehouseId) throw new NotFoundError();
    await ownWarehouse(tx, doc.toCompanyId, doc.toWarehouseId, "toWarehouseId");
    const lines = await outLines(tx, doc.id);
    const got = new Map(input.lines.map((l) => [l.id, l]));
    const placed = lines.map((l, i) => {
      const r = got.get(l.id);
      if (!r) throw new DomainError("Wms.errors.receiveEveryLine", { line: i + 1 }, `lines.${i}.receivedQty`);
      if (r.receivedQty > l.quantity) throw new DomainError("Wms.errors.receivedTooMany", { line: i + 1, quantity: l.quantity }, `lines.${i}.receivedQty`);
      if (l.vehicleId && r.receivedQty !== 1) throw new DomainError("Wms.errors.vehicleWhole", { line: i + 1 }, `lines.${i}.receivedQty`);
      return { ...l, receivedQty: r.receivedQty, locationId: r.toLocationId };
    });
    await locationsOf(
      tx,
      doc.toWarehouseId,
      placed.map((l) => l.locationId),
      "lines.toLocationId",
    );
    const to = { id: doc.id, companyId: doc.toCompanyId };
    const at = new Date();
    for (const l of lockOrder(placed)) {
      await tx.wmsDocumentLine.update({ where: { id: l.id }, data: { receivedQty: l.receivedQty, toLocationId: l.locationId } });
      if (l.vehicleId && doc.toCompanyId !== doc.companyId) {
        await tx.vehicle.update({ where: { id: l.vehicleId }, data: { companyId: doc.toCompanyId } });
        await tx.vehicleEvent.create({
          data: { vehicleId: l.vehicleId, fromStatus: "IN_STOCK", toStatus: "IN_STOCK", companyId: doc.toCompanyId, note: doc.docNo, userId: ctx.userId },
        });
      }
      if (l.receivedQty > 0)
        await stockIn(tx, ledgerDoc(to, ctx, at), {
          warehouseId: doc.toWarehouseId,
          locationId: l.locationId,
          goodsId: l.goodsId,
          vehicleId: l.vehicleId,
          quantity: l.receivedQty,
          unitCost: l.unitCost.toFixed(2),
        });
    }
    const short = placed.reduce((n, l) => n + l.quantity - l.receivedQty, 0);
    return finishMove(tx, { ...ctx, companyId: doc.toCompanyId }, doc, "receive", short ? `shortfall ${short}` : null);
  });
}

/** Cancels a draft (or a stocktake being counted); an outbound draft gives its reservation back. */
export async function cancelDoc(viewer: Viewer, ctx: AuditCtx, input: TCancelDoc) {
  return db().$transaction(async (tx) => {
    const doc = await lockForMove(tx, viewer, input.id, "cancel");
    if (RESERVES.includes(doc.type) && doc.status === "DRAFT") {
      const lines = await outLines(tx, doc.id);
      for (const l of lockOrder(lines.map((l) => ({ ...l, locationId: l.fromLocationId! }))))
        await release(tx, { warehouseId: doc.warehouseId, locationId: l.locationId, goodsId: l.goodsId, quantity: l.quantity });
    }
    return finishMove(tx, ctx, doc, "cancel", input.reason ?? null);
  });
}

// ---------------------------------------------------------------------------------------------
// Retail sales and counter sales post their deliveries at once

/**
 * A retail sale takes its VIN out of the warehouse (called in the sale's transaction): a posted
 * delivery when the VIN is in a location; a VIN still on a draft entry leaves that draft (a sold
 * vehicle is not put away), and the draft is cancelled when nothing is left on it.
 */
export async function deliverSoldVehicle(tx: Tx, ctx: AuditCtx, sale: { id: number; vehicleId: number; companyId: number }) {
  const v = await tx.vehicle.findUnique({ where: { id: sale.vehicleId }, select: { id: true, goodsId: true, warehouseId: true, locationId: true } });
  if (!v) return null;
  if (v.warehouseId && v.locationId) {
    const doc = await insertDoc(tx, ctx, {
      type: "DELIVERY",
      status: "POSTED",
      postedAt: new Date(),
      companyId: sale.companyId,
      warehouseId: v.warehouseId,
      source: "SALE",
      vehicleSaleId: sale.id,
      lines: [{ goodsId: v.goodsId, vehicleId: v.id, quantity: 1, fromLocationId: v.locationId }],
    });
    const out = await stockOut(tx, ledgerDoc(doc, ctx), { warehouseId: v.warehouseId, locationId: v.locationId, goodsId: v.goodsId, vehicleId: v.id, quantity: 1 }, "vin");
    await tx.wmsDocumentLine.updateMany({ where: { documentId: doc.id }, data: { unitCost: out.unitCost } });
    return doc;
  }
  const drafts = await tx.wmsDocumentLine.findMany({
    where: { vehicleId: v.id, document: { type: "ENTRY", status: "DRAFT", companyId: sale.companyId } },
    select: { id: true, documentId: true },
  });
  for (const d of drafts) {
    await tx.wmsDocumentLine.delete({ where: { id: d.id } });
    const left = await tx.wmsDocumentLine.count({ where: { documentId: d.documentId } });
    const head = await tx.wmsDocument.findUniqueOrThrow({ where: { id: d.documentId }, select: HEAD });
    if (!left) await finishMove(tx, ctx, { ...head, to: "CANCELLED" }, "cancel", "sold");
  }
  return null;
}

/** A counter sale's delivery, posted at once (the outlet's screen checks its own inputs). */
export async function postCounterDelivery(
  tx: Tx,
  ctx: AuditCtx,
  d: {
    companyId: number;
    warehouseId: number;
    posId: number;
    customerName: string | null;
    customerPhone: string | null;
    paymentMethod: string;
    amount: string;
    remark: string | null;
    /** A member's counter sale (lib/wms/pos/service.ts): the member, the discount and the points. */
    memberId?: number | null;
    discountAmount?: string | null;
    pointsRedeemed?: number | null;
    pointsEarned?: number | null;
  },
  lines: { goodsId: number; quantity: number; fromLocationId: number; price: string }[],
) {
  const doc = await insertDoc(tx, ctx, { type: "DELIVERY", status: "POSTED", postedAt: new Date(), source: "COUNTER", ...d, lines });
  const at = new Date();
  const rows = await outLines(tx, doc.id);
  for (const l of lockOrder(rows.map((r, i) => ({ ...r, i, locationId: r.fromLocationId! })))) {
    const out = await stockOut(
      tx,
      ledgerDoc(doc, ctx, at),
      { warehouseId: d.warehouseId, locationId: l.locationId, goodsId: l.goodsId, quantity: l.quantity },
      `lines.${l.i}.quantity`,
    );
    await tx.wmsDocumentLine.update({ where: { id: l.id }, data: { unitCost: out.unitCost } });
  }
  return doc;
}

// ---------------------------------------------------------------------------------------------
// Stocktakes

/** A stocktake of a warehouse, optionally of some locations or goods (empty: all). */
export async function createStocktake(viewer: Viewer, ctx: AuditCtx, input: TCreateStocktake, plan?: { id: number }) {
  const companyId = dealerCompany(viewer, "stocktake:manage");
  return db().$transaction(async (tx) => createStocktakeTx(tx, ctx, companyId, input, plan));
}

export async function createStocktakeTx(tx: Tx, ctx: AuditCtx, companyId: number, input: TCreateStocktake, plan?: { id: number }) {
  await ownWarehouse(tx, companyId, input.warehouseId);
  await locationsOf(tx, input.warehouseId, input.locationIds, "locationIds");
  if (input.goodsIds.length)
    await checkPartsLines(
      tx,
      input.goodsIds.map((goodsId) => ({ goodsId })),
      false,
      companyId,
    );
  if (input.assigneeId) {
    const ok = await tx.userCompany.findFirst({ where: { userId: input.assigneeId, companyId }, select: { userId: true } });
    if (!ok) throw new DomainError("Wms.errors.assigneeUnknown", {}, "assigneeId");
  }
  return insertDoc(tx, ctx, {
    type: "STOCKTAKE",
    companyId,
    warehouseId: input.warehouseId,
    source: plan ? "PLAN" : "MANUAL",
    planId: plan?.id,
    scopeLocationIds: input.locationIds,
    scopeGoodsIds: input.goodsIds,
    showBook: input.showBook,
    assigneeId: input.assigneeId ?? null,
    remark: input.remark,
    lines: [],
  });
}

/** Starts counting: the scope is frozen, one line per location and goods in it with its book quantity. */
export async function startCounting(viewer: Viewer, ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const doc = await lockForMove(tx, viewer, id, "count");
    if (doc.type !== "STOCKTAKE") throw new NotFoundError();
    const scope = await tx.wmsDocument.findUniqueOrThrow({ where: { id: doc.id }, select: { scopeLocationIds: true, scopeGoodsIds: true } });
    const rows = await tx.stockOnHand.findMany({
      where: {
        warehouseId: doc.warehouseId,
        goods: { kind: { not: "VEHICLE" } },
        ...(scope.scopeLocationIds.length ? { locationId: { in: scope.scopeLocationIds } } : {}),
        ...(scope.scopeGoodsIds.length ? { goodsId: { in: scope.scopeGoodsIds } } : {}),
        quantity: { gt: 0 },
      },
      select: { locationId: true, goodsId: true, quantity: true, value: true },
      orderBy: [{ locationId: "asc" }, { goodsId: "asc" }],
    });
    await tx.wmsDocumentLine.createMany({
      data: rows.map((r) => ({ documentId: doc.id, goodsId: r.goodsId, toLocationId: r.locationId, quantity: r.quantity, unitCost: (Number(r.value) / r.quantity).toFixed(2) })),
    });
    await tx.wmsDocument.update({ where: { id: doc.id }, data: { frozenAt: new Date() } });
    return finishMove(tx, ctx, doc, "count");
  });
}

/** Records counts (and goods found where the book has none) while counting. */
export async function recordCounts(viewer: Viewer, ctx: AuditCtx, input: TCountStocktake) {
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "WmsDocument" WHERE "id" = ${input.id} FOR UPDATE`;
    const doc = await tx.wmsDocument.findFirst({ where: { AND: [{ id: input.id }, await docWhere(viewer)] }, select: { ...HEAD, scopeLocationIds: true, scopeGoodsIds: true } });
    if (!doc || doc.type !== "STOCKTAKE" || doc.companyId !== dealerCompany(viewer, "stocktake:manage")) throw new NotFoundError();
    if (doc.status !== "COUNTING") throw new DomainError("Wms.errors.wrongState", { docNo: doc.docNo, status: doc.status }, undefined, 409);
    const lines = await tx.wmsDocumentLine.findMany({ where: { documentId: doc.id }, select: { id: true, goodsId: true, toLocationId: true } });
    const mine = new Set(lines.map((l) => l.id));
    input.counts.forEach((c, i) => {
      if (!mine.has(c.id)) throw new DomainError("Wms.errors.lineUnknown", { line: i + 1 }, `counts.${i}.countedQty`);
    });
    for (const c of input.counts) await tx.wmsDocumentLine.update({ where: { id: c.id }, data: { countedQty: c.countedQty } });
    if (input.found.length) {
      await checkPartsLines(tx, input.found, false, doc.companyId);
      await locationsOf(
        tx,
        doc.warehouseId,
        input.found.map((f) => f.locationId),
        "found.locationId",
      );
      input.found.forEach((f, i) => {
        if (doc.scopeLocationIds.length && !doc.scopeLocationIds.includes(f.locationId)) throw new DomainError("Wms.errors.outOfScope", { line: i + 1 }, `found.${i}.locationId`);
        if (doc.scopeGoodsIds.length && !doc.scopeGoodsIds.includes(f.goodsId)) throw new DomainError("Wms.errors.outOfScope", { line: i + 1 }, `found.${i}.goodsId`);
        if (lines.some((l) => l.goodsId === f.goodsId && l.toLocationId === f.locationId))
          throw new DomainError("Wms.errors.alreadyCounted", { line: i + 1 }, `found.${i}.goodsId`);
      });
      const goods = await goodsOf(
        tx,
        input.found.map((f) => f.goodsId),
      );
      await tx.wmsDocumentLine.createMany({
        data: input.found.map((f) => ({
          documentId: doc.id,
          goodsId: f.goodsId,
          toLocationId: f.locationId,
          quantity: 0,
          countedQty: f.countedQty,
          unitCost: goods.get(f.goodsId)!.price.toFixed(2),
        })),
      });
    }
    await audit(tx, ctx, ENTITY, doc.id, "count", null, input);
    return { id: doc.id, docNo: doc.docNo, status: doc.status };
  });
}

/**
 * Posts a stocktake. A line's difference is counted − book at freezing, applied to what is on
 * hand now: movements posted while counting stay (they happened after the count's moment), so
 * nothing is lost and the ledger stays right. Every line must be counted.
 */
export async function postStocktake(viewer: Viewer, ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const doc = await lockForMove(tx, viewer, id, "post");
    if (doc.type !== "STOCKTAKE") throw new NotFoundError();
    const lines = await tx.wmsDocumentLine.findMany({ where: { documentId: doc.id }, orderBy: { id: "asc" } });
    lines.forEach((l, i) => {
      if (l.countedQty === null) throw new DomainError("Wms.errors.countEveryLine", { line: i + 1 }, `counts.${i}.countedQty`);
    });
    const at = new Date();
    for (const l of lockOrder(lines.map((l, i) => ({ ...l, i, locationId: l.toLocationId! })))) {
      const diff = l.countedQty! - l.quantity;
      const line = { warehouseId: doc.warehouseId, locationId: l.locationId, goodsId: l.goodsId, quantity: Math.abs(diff) };
      if (diff > 0) await stockIn(tx, ledgerDoc(doc, ctx, at), { ...line, unitCost: l.unitCost.toFixed(2) });
      else if (diff < 0) await stockOut(tx, ledgerDoc(doc, ctx, at), line, `counts.${l.i}.countedQty`);
    }
    return finishMove(tx, ctx, doc, "post");
  });
}
