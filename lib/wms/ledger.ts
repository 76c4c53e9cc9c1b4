import "server-only";
import type { Tx } from "@/lib/core/tx";
import { DomainError } from "@/lib/errors";

// The one way stock changes. Every change is a StockLedger row written in the same transaction
// as the StockOnHand row it changes, so on hand always equals the ledger's sum (ledger.int.test.ts
// checks it after every scenario). Taking out is one conditional statement on the on-hand row
// (the row locked, the quantity checked and lowered together), so concurrent postings can never
// take more than is there; CHECK constraints back it up. Value is kept per row at moving
// average: what goes out takes the row's average cost, what comes in adds its own cost.

export type LedgerDoc = { id: number; companyId: number; userId: number | null; at: Date };
export type StockLine = { warehouseId: number; locationId: number; goodsId: number; vehicleId?: number | null; quantity: number };

const money = (n: number) => n.toFixed(2);

/** Puts `quantity` (> 0) into a location at `unitCost` (a decimal string). */
export async function stockIn(tx: Tx, doc: LedgerDoc, l: StockLine & { unitCost: string }): Promise<{ balance: number }> {
  const amount = money(Number(l.unitCost) * l.quantity);
  const [row] = await tx.$queryRaw<{ quantity: number }[]>`
    INSERT INTO "StockOnHand" ("companyId", "warehouseId", "locationId", "goodsId", "quantity", "reserved", "value", "firstInAt", "createdAt", "updatedAt")
    VALUES (${doc.companyId}, ${l.warehouseId}, ${l.locationId}, ${l.goodsId}, ${l.quantity}, 0, ${amount}::numeric, ${doc.at}, ${doc.at}, ${doc.at})
    ON CONFLICT ("locationId", "goodsId") DO UPDATE SET
      "quantity" = "StockOnHand"."quantity" + EXCLUDED."quantity",
      "value" = "StockOnHand"."value" + EXCLUDED."value",
      "firstInAt" = CASE WHEN "StockOnHand"."quantity" = 0 THEN EXCLUDED."firstInAt" ELSE "StockOnHand"."firstInAt" END,
      "updatedAt" = EXCLUDED."updatedAt"
    RETURNING "quantity"`;
  await writeLedger(tx, doc, l, l.quantity, l.unitCost, amount, row.quantity);
  if (l.vehicleId) await tx.vehicle.update({ where: { id: l.vehicleId }, data: { warehouseId: l.warehouseId, locationId: l.locationId } });
  return { balance: row.quantity };
}

/**
 * Takes `quantity` (> 0) out of a location at its average cost. `fromReserved`: the quantity was
 * reserved by the document's draft and is released as it goes; otherwise only what is not
 * reserved can go. Refuses with `Wms.errors.notEnough` (on `field`) when it is not there.
 */
export async function stockOut(tx: Tx, doc: LedgerDoc, l: StockLine & { fromReserved?: boolean }, field?: string): Promise<{ unitCost: string; amount: string; balance: number }> {
  const held = l.fromReserved ? l.quantity : 0;
  const rows = await tx.$queryRaw<{ balance: number; taken: string }[]>`
    WITH o AS (
      SELECT "id", "quantity", "reserved", "value" FROM "StockOnHand" WHERE "locationId" = ${l.locationId} AND "goodsId" = ${l.goodsId} FOR UPDATE
    )
    UPDATE "StockOnHand" s SET
      "value" = o."value" - round(o."value" * ${l.quantity} / o."quantity", 2),
      "quantity" = o."quantity" - ${l.quantity},
      "reserved" = o."reserved" - ${held},
      "updatedAt" = ${doc.at}
    FROM o
    WHERE s."id" = o."id" AND o."reserved" >= ${held} AND o."quantity" - (o."reserved" - ${held}) >= ${l.quantity}
    RETURNING s."quantity" AS "balance", (o."value" - s."value")::text AS "taken"`;
  if (!rows.length) throw await notEnough(tx, l, field);
  const taken = rows[0].taken;
  const unitCost = money(Number(taken) / l.quantity);
  await writeLedger(tx, doc, l, -l.quantity, unitCost, `-${taken}`.replace("--", ""), rows[0].balance);
  if (l.vehicleId) await tx.vehicle.update({ where: { id: l.vehicleId }, data: { warehouseId: null, locationId: null } });
  return { unitCost, amount: taken, balance: rows[0].balance };
}

/** Holds `quantity` for an outbound draft: refused when less than that is free (on hand − reserved). */
export async function reserve(tx: Tx, l: StockLine, field?: string): Promise<void> {
  const n = await tx.$executeRaw`
    UPDATE "StockOnHand" SET "reserved" = "reserved" + ${l.quantity}, "updatedAt" = now()
    WHERE "locationId" = ${l.locationId} AND "goodsId" = ${l.goodsId} AND "quantity" - "reserved" >= ${l.quantity}`;
  if (n !== 1) throw await notEnough(tx, l, field);
}

/** Gives back what a cancelled draft held. */
export async function release(tx: Tx, l: StockLine): Promise<void> {
  await tx.$executeRaw`
    UPDATE "StockOnHand" SET "reserved" = "reserved" - ${l.quantity}, "updatedAt" = now()
    WHERE "locationId" = ${l.locationId} AND "goodsId" = ${l.goodsId} AND "reserved" >= ${l.quantity}`;
}

async function notEnough(tx: Tx, l: StockLine, field?: string): Promise<DomainError> {
  const [row, goods, location] = await Promise.all([
    tx.stockOnHand.findUnique({ where: { locationId_goodsId: { locationId: l.locationId, goodsId: l.goodsId } }, select: { quantity: true, reserved: true } }),
    tx.goods.findUnique({ where: { id: l.goodsId }, select: { code: true } }),
    tx.warehouseLocation.findUnique({ where: { id: l.locationId }, select: { code: true } }),
  ]);
  const available = row ? row.quantity - row.reserved : 0;
  return new DomainError("Wms.errors.notEnough", { goods: goods?.code ?? "", location: location?.code ?? "", available, quantity: l.quantity }, field, 409);
}

async function writeLedger(tx: Tx, doc: LedgerDoc, l: StockLine, quantity: number, unitCost: string, amount: string, balance: number) {
  await tx.stockLedger.create({
    data: {
      companyId: doc.companyId,
      warehouseId: l.warehouseId,
      locationId: l.locationId,
      goodsId: l.goodsId,
      vehicleId: l.vehicleId ?? null,
      quantity,
      unitCost,
      amount,
      balance,
      documentId: doc.id,
      userId: doc.userId,
      createdAt: doc.at,
    },
  });
}

/** Lines in the order their rows are locked, so two documents never wait on each other. */
export function lockOrder<T extends { locationId: number; goodsId: number }>(lines: T[]): T[] {
  return [...lines].sort((a, b) => a.locationId - b.locationId || a.goodsId - b.goodsId);
}
