import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { WarehouseType } from "@/lib/generated/prisma/enums";
import { seedCode } from "./codes";

// Demo stock for customerWms/inventory: D001's and D002's warehouses and locations (made here
// when missing, by company and code, so this runs whether or not the warehouse seed ran first),
// then, only while D001 has no ledger rows, one posted OPENING entry (WE…) of six parts across
// SH-PARTS' locations at 70 % of their price and one of its IN_STOCK vehicles into SH-CARS, and
// two minimums above what is on hand so the low-stock flag shows.
//
// The seed runs outside Next, where lib/wms/ledger.ts and lib/wms/documents.ts (`import
// "server-only"`) cannot be loaded; like the other seed files it writes what those services write,
// in one transaction: the document and its lines, its history and audit row, and per line the
// on-hand row and its ledger row (lib/wms/ledger.ts stockIn), so on hand equals the ledger's sum.

const WAREHOUSES: { company: string; code: string; name: string; type: WarehouseType; isDefault: boolean; locations: string[] }[] = [
  { company: "D001", code: "SH-PARTS", name: "上海配件库", type: "PARTS", isDefault: true, locations: ["A-01", "A-02", "B-01"] },
  { company: "D001", code: "SH-CARS", name: "上海整车库", type: "VEHICLE", isDefault: false, locations: ["P-01", "P-02", "P-03", "P-04"] },
  { company: "D002", code: "BJ-MAIN", name: "北京主仓", type: "MIXED", isDefault: true, locations: ["A-01", "A-02"] },
];
/** The demo catalogue's parts (prisma/seed/catalog.ts) and their opening quantities. */
const PARTS: [string, number][] = [
  ["P-BP-AUR-F", 40],
  ["P-OF-15T", 25],
  ["P-AF-AUR", 12],
  ["P-WB-SET", 8],
  ["P-SP-IR", 30],
  ["P-OIL-5W30", 5],
];
const PART_LOCATIONS = ["A-01", "A-02", "B-01"];
const DAY = 86_400_000;

type Tx = Prisma.TransactionClient;
type Line = { warehouseId: number; locationId: number; goodsId: number; vehicleId: number | null; quantity: number; unitCost: string };

/** What lib/wms/ledger.ts stockIn writes: the on-hand row (added to) and its ledger row. */
async function stockIn(tx: Tx, doc: { id: number; companyId: number; userId: number; at: Date }, l: Line) {
  const amount = (Number(l.unitCost) * l.quantity).toFixed(2);
  const [row] = await tx.$queryRaw<{ quantity: number }[]>`
    INSERT INTO "StockOnHand" ("companyId", "warehouseId", "locationId", "goodsId", "quantity", "reserved", "value", "firstInAt", "createdAt", "updatedAt")
    VALUES (${doc.companyId}, ${l.warehouseId}, ${l.locationId}, ${l.goodsId}, ${l.quantity}, 0, ${amount}::numeric, ${doc.at}, ${doc.at}, ${doc.at})
    ON CONFLICT ("locationId", "goodsId") DO UPDATE SET
      "quantity" = "StockOnHand"."quantity" + EXCLUDED."quantity",
      "value" = "StockOnHand"."value" + EXCLUDED."value",
      "updatedAt" = EXCLUDED."updatedAt"
    RETURNING "quantity"`;
  await tx.stockLedger.create({
    data: {
      companyId: doc.companyId,
      warehouseId: l.warehouseId,
      locationId: l.locationId,
      goodsId: l.goodsId,
      vehicleId: l.vehicleId,
      quantity: l.quantity,
      unitCost: l.unitCost,
      amount,
      balance: row.quantity,
      documentId: doc.id,
      userId: doc.userId,
      createdAt: doc.at,
    },
  });
  if (l.vehicleId) await tx.vehicle.update({ where: { id: l.vehicleId }, data: { warehouseId: l.warehouseId, locationId: l.locationId } });
}

/** A posted OPENING entry of `lines` (what lib/wms/documents.ts insertDoc + postEntry write). */
async function postedEntry(tx: Tx, companyId: number, warehouseId: number, userId: number, at: Date, lines: Line[]) {
  const rule = await tx.codeRule.findUniqueOrThrow({ where: { code: "WE" } });
  const docNo = await seedCode(tx, rule, at);
  const doc = await tx.wmsDocument.create({
    data: {
      docNo,
      type: "ENTRY",
      status: "POSTED",
      companyId,
      warehouseId,
      source: "OPENING",
      createdById: userId,
      postedAt: at,
      createdAt: at,
      lines: { create: lines.map((l) => ({ goodsId: l.goodsId, vehicleId: l.vehicleId, quantity: l.quantity, unitCost: l.unitCost, toLocationId: l.locationId })) },
    },
    select: { id: true },
  });
  await tx.statusEvent.createMany({
    data: [
      { entity: "WmsDocument", entityId: doc.id, fromStatus: null, toStatus: "DRAFT", userId, createdAt: at },
      { entity: "WmsDocument", entityId: doc.id, fromStatus: "DRAFT", toStatus: "POSTED", userId, createdAt: at },
    ],
  });
  await tx.auditLog.create({
    data: { userId, companyId, entity: "WmsDocument", entityId: String(doc.id), action: "post", after: { docNo, source: "OPENING", lines: lines.length } },
  });
  for (const l of [...lines].sort((a, b) => a.locationId - b.locationId || a.goodsId - b.goodsId)) await stockIn(tx, { id: doc.id, companyId, userId, at }, l);
}

export async function seedWmsStock(): Promise<void> {
  const prisma = db();
  const companies = new Map((await prisma.company.findMany({ where: { code: { in: ["D001", "D002"] } }, select: { id: true, code: true } })).map((c) => [c.code, c.id]));
  const locations = new Map<string, { warehouseId: number; locationId: number }>();
  for (const w of WAREHOUSES) {
    const companyId = companies.get(w.company);
    if (!companyId) continue;
    const warehouse =
      (await prisma.warehouse.findUnique({ where: { companyId_code: { companyId, code: w.code } }, select: { id: true } })) ??
      (await prisma.warehouse.create({
        // Another warehouse may already be the company's default (the partial unique index allows one).
        data: { companyId, code: w.code, name: w.name, type: w.type, isDefault: w.isDefault && !(await prisma.warehouse.count({ where: { companyId, isDefault: true } })) },
        select: { id: true },
      }));
    for (const code of w.locations) {
      const l = await prisma.warehouseLocation.upsert({
        where: { warehouseId_code: { warehouseId: warehouse.id, code } },
        create: { warehouseId: warehouse.id, code },
        update: {},
        select: { id: true },
      });
      locations.set(`${w.company}/${w.code}/${code}`, { warehouseId: warehouse.id, locationId: l.id });
    }
  }

  const d001 = companies.get("D001");
  const admin = await prisma.user.findUnique({ where: { account: "admin" }, select: { id: true } });
  if (!d001 || !admin || (await prisma.stockLedger.count({ where: { companyId: d001 } })) > 0) return;
  const found = new Map(
    (await prisma.goods.findMany({ where: { kind: "PART", code: { in: PARTS.map(([code]) => code) } }, select: { id: true, code: true, price: true } })).map((g) => [g.code, g]),
  );
  const parts = PARTS.filter(([code]) => found.has(code)).map(([code, quantity]) => ({ ...found.get(code)!, quantity }));
  const vehicles = await prisma.vehicle.findMany({
    where: { companyId: d001, status: "IN_STOCK", locationId: null },
    orderBy: { id: "asc" },
    select: { id: true, goodsId: true, goods: { select: { price: true } } },
  });
  const at = new Date(Date.now() - 20 * DAY);
  const cost = (price: Prisma.Decimal) => price.mul(0.7).toDecimalPlaces(2).toFixed(2);
  await prisma.$transaction(
    async (tx) => {
      if (parts.length) {
        const lines = parts.map((g, i) => ({
          ...locations.get(`D001/SH-PARTS/${PART_LOCATIONS[i % PART_LOCATIONS.length]}`)!,
          goodsId: g.id,
          vehicleId: null,
          quantity: g.quantity,
          unitCost: cost(g.price),
        }));
        await postedEntry(tx, d001, lines[0].warehouseId, admin.id, at, lines);
        // Two minimums above what is on hand (the wiper blades and the oil): the list flags them as low stock.
        for (const g of parts.filter((g) => g.code === "P-WB-SET" || g.code === "P-OIL-5W30"))
          await tx.stockMinimum.upsert({
            where: { companyId_goodsId: { companyId: d001, goodsId: g.id } },
            create: { companyId: d001, goodsId: g.id, minQty: g.quantity + 10 },
            update: {},
          });
      }
      if (vehicles.length) {
        const lines = vehicles.map((v, i) => ({
          ...locations.get(`D001/SH-CARS/P-0${(i % 4) + 1}`)!,
          goodsId: v.goodsId,
          vehicleId: v.id,
          quantity: 1,
          unitCost: cost(v.goods.price),
        }));
        await postedEntry(tx, d001, lines[0].warehouseId, admin.id, new Date(at.getTime() + 3_600_000), lines);
      }
    },
    { timeout: 60_000 },
  );
}
