import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { completeOrder } from "@/lib/mall/orders/service";
import { makeCompany, makeGoods, makeOrder, makeStaff, makeUser, makeVehicles, nowSeconds, roleId, type TestGoods } from "@/lib/test/factories";
import { dateToMinute } from "@/lib/vehicles/schemas";
import { returnVehicle, sellVehicle } from "@/lib/vehicles/sales/service";
import {
  cancelDoc,
  createDelivery,
  createEntry,
  createMove,
  createStocktake,
  createTransfer,
  postCounterDelivery,
  postEntry,
  postOutbound,
  postStocktake,
  receiveTransfer,
  recordCounts,
  shipTransfer,
  startCounting,
} from "./documents";
import { defaultWarehouse } from "./warehouse-default";

// The customer warehouse's core against PostgreSQL: after every scenario the on-hand rows equal
// the ledger's sums (and every stocked VIN sits where its last ledger row put it); stock never
// goes below zero under 50 concurrent deliveries; a received order makes its draft entry; a
// retail sale takes its VIN out; a transfer inside a dealer group is invisible to a third
// company; a stocktake with movements while counting ends with the ledger right.

type Dealer = { companyId: number; viewer: Viewer; ctx: AuditCtx };
let dealerRole: number;
let parts: TestGoods;
let parts2: TestGoods;
const touched = new Set<number>();

const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });

async function dealer(companyIds?: number[]): Promise<Dealer & { userId: number; companyIds: number[] }> {
  const ids = companyIds ?? [(await makeCompany()).id];
  const user = await makeUser({ userType: "DEALER", companyIds: ids, roleIds: [dealerRole] });
  const viewer = (await loadViewer(user.id, ids[0], nowSeconds()))!;
  ids.forEach((id) => touched.add(id));
  return { companyId: ids[0], viewer, ctx: ctxOf(viewer), userId: user.id, companyIds: ids };
}

async function asCompany(d: { userId: number }, companyId: number): Promise<Dealer> {
  const viewer = (await loadViewer(d.userId, companyId, nowSeconds()))!;
  return { companyId, viewer, ctx: ctxOf(viewer) };
}

async function warehouse(companyId: number, codes = ["A-01", "A-02", "B-01"]) {
  const w = await db().warehouse.create({
    data: { companyId, code: `W${Math.random().toString(36).slice(2, 8)}`, name: "Test", locations: { create: codes.map((code) => ({ code })) } },
    include: { locations: { orderBy: { id: "asc" } } },
  });
  return { id: w.id, loc: Object.fromEntries(w.locations.map((l) => [l.code, l.id])) as Record<string, number> };
}

/** Opening stock: an entry of `quantity` at `cost`, posted. */
async function opening(d: Dealer, warehouseId: number, locationId: number, goodsId: number, quantity: number, cost = "10.00") {
  const e = await createEntry(d.viewer, d.ctx, { warehouseId, source: "OPENING", remark: null, lines: [{ goodsId, quantity, unitCost: cost, toLocationId: locationId }] });
  await postEntry(d.viewer, d.ctx, { id: e.id, lines: [] });
  return e;
}

async function onHand(locationId: number, goodsId: number) {
  return db().stockOnHand.findUnique({ where: { locationId_goodsId: { locationId, goodsId } }, select: { quantity: true, reserved: true, value: true } });
}

/** The invariant: every on-hand row of the companies equals its ledger's sums, and every VIN
 * the ledger says is in a location is there. */
async function expectLedgerRight(companyIds: number[]) {
  const bad = await db().$queryRaw<{ locationId: number; goodsId: number; onhand: number; ledger: number }[]>`
    SELECT s."locationId", s."goodsId", s."quantity" AS onhand, COALESCE(SUM(l."quantity"), 0)::int AS ledger
    FROM "StockOnHand" s LEFT JOIN "StockLedger" l ON l."locationId" = s."locationId" AND l."goodsId" = s."goodsId"
    WHERE s."companyId" = ANY(${companyIds})
    GROUP BY s."id" HAVING s."quantity" <> COALESCE(SUM(l."quantity"), 0) OR s."value" <> COALESCE(SUM(l."amount"), 0)`;
  expect(bad).toEqual([]);
  const orphan = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT "locationId", "goodsId" FROM "StockLedger" WHERE "companyId" = ANY(${companyIds}) GROUP BY 1, 2) g
    WHERE NOT EXISTS (SELECT 1 FROM "StockOnHand" s WHERE s."locationId" = g."locationId" AND s."goodsId" = g."goodsId")`;
  expect(orphan[0].n).toBe(0);
  const vins = await db().$queryRaw<{ id: number; locationId: number | null; ledgerLoc: number | null }[]>`
    SELECT v."id", v."locationId", (SELECT CASE WHEN l."quantity" > 0 THEN l."locationId" END FROM "StockLedger" l WHERE l."vehicleId" = v."id" ORDER BY l."id" DESC LIMIT 1) AS "ledgerLoc"
    FROM "Vehicle" v WHERE v."id" IN (SELECT "vehicleId" FROM "StockLedger" WHERE "companyId" = ANY(${companyIds}) AND "vehicleId" IS NOT NULL)`;
  for (const v of vins) expect(v.locationId).toBe(v.ledgerLoc);
}

beforeAll(async () => {
  dealerRole = await roleId("DEALER");
  parts = await makeGoods({ kind: "PART", price: "25.00", stock: 1000 });
  parts2 = await makeGoods({ kind: "PART", price: "8.50", stock: 1000 });
});

afterEach(async () => {
  await expectLedgerRight([...touched]);
});

describe("entries and deliveries", () => {
  it("posts an entry into its locations at moving average cost, and a delivery out of them", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await opening(d, w.id, w.loc["A-01"], parts.id, 10, "10.00");
    await opening(d, w.id, w.loc["A-01"], parts.id, 10, "20.00");
    expect(await onHand(w.loc["A-01"], parts.id)).toMatchObject({ quantity: 20, reserved: 0 });
    expect((await onHand(w.loc["A-01"], parts.id))!.value.toFixed(2)).toBe("300.00");

    const out = await createDelivery(d.viewer, d.ctx, {
      warehouseId: w.id,
      source: "REPAIR",
      remark: null,
      lines: [{ goodsId: parts.id, quantity: 4, fromLocationId: w.loc["A-01"] }],
    });
    expect(await onHand(w.loc["A-01"], parts.id)).toMatchObject({ quantity: 20, reserved: 4 });
    await postOutbound(d.viewer, d.ctx, out.id);
    const after = (await onHand(w.loc["A-01"], parts.id))!;
    expect(after).toMatchObject({ quantity: 16, reserved: 0 });
    expect(after.value.toFixed(2)).toBe("240.00");
    const line = await db().wmsDocumentLine.findFirstOrThrow({ where: { documentId: out.id } });
    expect(line.unitCost.toFixed(2)).toBe("15.00");
    // Posted means posted: no second post, no cancel.
    await expect(postOutbound(d.viewer, d.ctx, out.id)).rejects.toMatchObject({ key: "Wms.errors.wrongState" });
    await expect(cancelDoc(d.viewer, d.ctx, { id: out.id, reason: null })).rejects.toMatchObject({ key: "Wms.errors.wrongState" });
    const events = await db().statusEvent.findMany({ where: { entity: "WmsDocument", entityId: out.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.toStatus)).toEqual(["DRAFT", "POSTED"]);
  });

  it("refuses a delivery of more than is free, naming the line; a cancelled draft gives its reservation back", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await opening(d, w.id, w.loc["A-01"], parts.id, 5);
    const first = await createDelivery(d.viewer, d.ctx, {
      warehouseId: w.id,
      source: "SCRAP",
      remark: null,
      lines: [{ goodsId: parts.id, quantity: 3, fromLocationId: w.loc["A-01"] }],
    });
    const err = await createDelivery(d.viewer, d.ctx, {
      warehouseId: w.id,
      source: "SCRAP",
      remark: null,
      lines: [{ goodsId: parts.id, quantity: 3, fromLocationId: w.loc["A-01"] }],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ key: "Wms.errors.notEnough", field: "lines.0.quantity", values: { available: 2, quantity: 3 } });
    await cancelDoc(d.viewer, d.ctx, { id: first.id, reason: "wrong" });
    expect(await onHand(w.loc["A-01"], parts.id)).toMatchObject({ quantity: 5, reserved: 0 });
  });

  it("50 concurrent deliveries of 1 from a location holding 10 post exactly 10", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await opening(d, w.id, w.loc["A-01"], parts.id, 10);
    const drafts = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        createDelivery(d.viewer, d.ctx, { warehouseId: w.id, source: "REPAIR", remark: null, lines: [{ goodsId: parts.id, quantity: 1, fromLocationId: w.loc["A-01"] }] }),
      ),
    );
    const made = drafts.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<{ id: number }>).value);
    expect(made).toHaveLength(10);
    const posted = await Promise.allSettled(made.map((m) => postOutbound(d.viewer, d.ctx, m.id)));
    expect(posted.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(await onHand(w.loc["A-01"], parts.id)).toMatchObject({ quantity: 0, reserved: 0 });

    // And 50 deliveries posted at once (the counter sale's path, no draft): 10 go through.
    await opening(d, w.id, w.loc["A-02"], parts.id, 10);
    const outlet = await db().pointOfSale.create({ data: { companyId: d.companyId, code: "C1", name: "Counter", kind: "SHOWROOM", warehouseId: w.id } });
    const sales = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db().$transaction((tx) =>
          postCounterDelivery(
            tx,
            d.ctx,
            { companyId: d.companyId, warehouseId: w.id, posId: outlet.id, customerName: null, customerPhone: null, paymentMethod: "CASH", amount: "25.00", remark: null },
            [{ goodsId: parts.id, quantity: 1, fromLocationId: w.loc["A-02"], price: "25.00" }],
          ),
        ),
      ),
    );
    expect(sales.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(sales.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason instanceof DomainError)).toBe(true);
    expect(await onHand(w.loc["A-02"], parts.id)).toMatchObject({ quantity: 0, reserved: 0 });
  });

  it("moves stock between locations at its cost; never onto the same location", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await opening(d, w.id, w.loc["A-01"], parts2.id, 6, "8.00");
    await expect(
      createMove(d.viewer, d.ctx, { warehouseId: w.id, remark: null, lines: [{ goodsId: parts2.id, quantity: 1, fromLocationId: w.loc["A-01"], toLocationId: w.loc["A-01"] }] }),
    ).rejects.toMatchObject({ key: "Wms.errors.sameLocation", field: "lines.0.toLocationId" });
    const m = await createMove(d.viewer, d.ctx, {
      warehouseId: w.id,
      remark: null,
      lines: [{ goodsId: parts2.id, quantity: 2, fromLocationId: w.loc["A-01"], toLocationId: w.loc["B-01"] }],
    });
    await postOutbound(d.viewer, d.ctx, m.id);
    expect(await onHand(w.loc["A-01"], parts2.id)).toMatchObject({ quantity: 4 });
    const b = (await onHand(w.loc["B-01"], parts2.id))!;
    expect(b.quantity).toBe(2);
    expect(b.value.toFixed(2)).toBe("16.00");
  });
});

describe("orders and sales", () => {
  it("receiving a parts order makes its draft entry in the default warehouse (made on the first entry)", async () => {
    const d = await dealer();
    const order = await makeOrder({ companyId: d.companyId, userId: d.viewer.userId, goods: parts, quantity: 3, status: "SHIPPED" });
    await completeOrder(d.viewer, d.ctx, order.id);
    const entry = await db().wmsDocument.findUniqueOrThrow({ where: { orderId: order.id }, include: { lines: true, warehouse: { include: { locations: true } } } });
    expect(entry).toMatchObject({ type: "ENTRY", status: "DRAFT", source: "ORDER", companyId: d.companyId });
    expect(entry.docNo).toMatch(/^WE/);
    expect(entry.warehouse).toMatchObject({ isDefault: true, code: "MAIN" });
    expect(entry.lines).toMatchObject([{ goodsId: parts.id, quantity: 3 }]);
    expect(entry.lines[0].unitCost.toFixed(2)).toBe("25.00");
    // Posting needs a location for each line.
    await expect(postEntry(d.viewer, d.ctx, { id: entry.id, lines: [] })).rejects.toMatchObject({ key: "Wms.errors.locationRequired", field: "lines.0.toLocationId" });
    await postEntry(d.viewer, d.ctx, { id: entry.id, lines: [{ id: entry.lines[0].id, toLocationId: entry.warehouse.locations[0].id }] });
    expect(await onHand(entry.warehouse.locations[0].id, parts.id)).toMatchObject({ quantity: 3 });
    // A second default is never made.
    expect((await db().$transaction((tx) => defaultWarehouse(tx, d.companyId, "PARTS"))).id).toBe(entry.warehouseId);
  });

  it("a received vehicle order enters by VIN; the retail sale takes the VIN out; a car return brings it back as a draft", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId, ["P-01", "P-02"]);
    const car = await makeGoods({ kind: "VEHICLE", price: "150000.00", stock: 10 });
    const order = await makeOrder({ companyId: d.companyId, userId: d.viewer.userId, goods: car, quantity: 1, status: "SHIPPED" });
    const [vin] = await makeVehicles(car.id, 1, { status: "IN_TRANSIT" });
    await db().vehicle.update({ where: { vin }, data: { orderId: order.id } });
    await completeOrder(d.viewer, d.ctx, order.id);
    const entry = await db().wmsDocument.findUniqueOrThrow({ where: { orderId: order.id }, include: { lines: true } });
    expect(entry.lines).toHaveLength(1);
    const vehicle = await db().vehicle.findUniqueOrThrow({ where: { vin } });
    expect(entry.lines[0]).toMatchObject({ vehicleId: vehicle.id, quantity: 1 });
    // The dealer's own vehicle warehouse (not the default) takes it when posting names its location.
    await db().wmsDocument.update({ where: { id: entry.id }, data: { warehouseId: w.id } });
    await postEntry(d.viewer, d.ctx, { id: entry.id, lines: [{ id: entry.lines[0].id, toLocationId: w.loc["P-02"] }] });
    expect(await db().vehicle.findUniqueOrThrow({ where: { vin } })).toMatchObject({ warehouseId: w.id, locationId: w.loc["P-02"] });

    await sellVehicle(d.viewer, d.ctx, { vin, soldAt: dateToMinute(new Date()), ownerName: "Li Lei", phone: "13912345678", idType: "PASSPORT", idNumber: "E12345678" } as never);
    expect(await db().vehicle.findUniqueOrThrow({ where: { vin } })).toMatchObject({ status: "SOLD", warehouseId: null, locationId: null });
    const sale = await db().wmsDocument.findFirstOrThrow({ where: { companyId: d.companyId, source: "SALE" }, include: { lines: true } });
    expect(sale).toMatchObject({ type: "DELIVERY", status: "POSTED" });
    expect(sale.lines[0].unitCost.toFixed(2)).toBe("150000.00");
    expect(await onHand(w.loc["P-02"], car.id)).toMatchObject({ quantity: 0 });

    await returnVehicle(d.viewer, d.ctx, { vin, returnedAt: dateToMinute(new Date()), reason: "Customer changed mind" });
    const back = await db().wmsDocument.findFirstOrThrow({ where: { companyId: d.companyId, source: "VEHICLE_RETURN" }, include: { lines: true } });
    expect(back).toMatchObject({ type: "ENTRY", status: "DRAFT" });
    expect(back.lines[0].unitCost.toFixed(2)).toBe("150000.00");
  });
});

describe("transfers in a dealer group", () => {
  it("moves stock between two companies of the group; a third company sees none of it (404)", async () => {
    const companyA = (await makeCompany()).id;
    const companyB = (await makeCompany()).id;
    const group = await dealer([companyA, companyB]);
    const a = await asCompany(group, companyA);
    const b = await asCompany(group, companyB);
    const third = await dealer();
    const wa = await warehouse(companyA);
    const wb = await warehouse(companyB);
    await opening(a, wa.id, wa.loc["A-01"], parts.id, 8, "12.00");

    // Not to a company outside the group.
    await expect(
      createTransfer(a.viewer, a.ctx, {
        warehouseId: wa.id,
        toCompanyId: third.companyId,
        toWarehouseId: wb.id,
        remark: null,
        lines: [{ goodsId: parts.id, quantity: 1, fromLocationId: wa.loc["A-01"] }],
      }),
    ).rejects.toMatchObject({ key: "Wms.errors.notInGroup", field: "toCompanyId" });

    const t = await createTransfer(a.viewer, a.ctx, {
      warehouseId: wa.id,
      toCompanyId: companyB,
      toWarehouseId: wb.id,
      remark: null,
      lines: [{ goodsId: parts.id, quantity: 5, fromLocationId: wa.loc["A-01"] }],
    });
    // B cannot ship it, A cannot receive it; nobody receives a draft.
    await expect(shipTransfer(b.viewer, b.ctx, t.id)).rejects.toBeInstanceOf(NotFoundError);
    await shipTransfer(a.viewer, a.ctx, t.id);
    expect(await onHand(wa.loc["A-01"], parts.id)).toMatchObject({ quantity: 3, reserved: 0 });
    const line = await db().wmsDocumentLine.findFirstOrThrow({ where: { documentId: t.id } });
    await expect(receiveTransfer(a.viewer, a.ctx, { id: t.id, lines: [{ id: line.id, receivedQty: 5, toLocationId: wb.loc["A-01"] }] })).rejects.toBeInstanceOf(NotFoundError);

    // The third company: every move is a 404, like a missing document.
    for (const attempt of [
      () => receiveTransfer(third.viewer, third.ctx, { id: t.id, lines: [{ id: line.id, receivedQty: 5, toLocationId: wb.loc["A-01"] }] }),
      () => cancelDoc(third.viewer, third.ctx, { id: t.id, reason: null }),
      () => postOutbound(third.viewer, third.ctx, t.id),
    ])
      await expect(attempt()).rejects.toBeInstanceOf(NotFoundError);

    await expect(receiveTransfer(b.viewer, b.ctx, { id: t.id, lines: [{ id: line.id, receivedQty: 6, toLocationId: wb.loc["A-01"] }] })).rejects.toMatchObject({
      key: "Wms.errors.receivedTooMany",
      field: "lines.0.receivedQty",
    });
    await receiveTransfer(b.viewer, b.ctx, { id: t.id, lines: [{ id: line.id, receivedQty: 4, toLocationId: wb.loc["A-02"] }] });
    const got = (await onHand(wb.loc["A-02"], parts.id))!;
    expect(got.quantity).toBe(4);
    expect(got.value.toFixed(2)).toBe("48.00");
    const doc = await db().wmsDocument.findUniqueOrThrow({ where: { id: t.id }, include: { lines: true } });
    expect(doc).toMatchObject({ status: "RECEIVED" });
    expect(doc.lines[0]).toMatchObject({ quantity: 5, receivedQty: 4 });
    // B's ledger rows are B's; the third company has none of either.
    expect(await db().stockLedger.count({ where: { documentId: t.id, companyId: companyB } })).toBe(1);
    expect(await db().stockLedger.count({ where: { documentId: t.id, companyId: third.companyId } })).toBe(0);
  });
});

describe("stocktakes", () => {
  it("counts a frozen scope; movements posted while counting are kept; the differences are posted", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await opening(d, w.id, w.loc["A-01"], parts.id, 10, "10.00");
    await opening(d, w.id, w.loc["A-02"], parts2.id, 4, "5.00");
    const st = await createStocktake(d.viewer, d.ctx, { warehouseId: w.id, locationIds: [], goodsIds: [], showBook: false, assigneeId: null, remark: null });
    await expect(postStocktake(d.viewer, d.ctx, st.id)).rejects.toMatchObject({ key: "Wms.errors.wrongState" });
    await startCounting(d.viewer, d.ctx, st.id);
    const lines = await db().wmsDocumentLine.findMany({ where: { documentId: st.id }, orderBy: { id: "asc" } });
    expect(lines.map((l) => [l.goodsId, l.quantity])).toEqual([
      [parts.id, 10],
      [parts2.id, 4],
    ]);
    // While counting: 3 of A-01 leave, 2 arrive at A-02.
    const out = await createDelivery(d.viewer, d.ctx, {
      warehouseId: w.id,
      source: "REPAIR",
      remark: null,
      lines: [{ goodsId: parts.id, quantity: 3, fromLocationId: w.loc["A-01"] }],
    });
    await postOutbound(d.viewer, d.ctx, out.id);
    await opening(d, w.id, w.loc["A-02"], parts2.id, 2, "5.00");
    // Counted at the freeze: 9 of 10 (one missing), 4 of 4; and 1 of parts found in B-01.
    await expect(postStocktake(d.viewer, d.ctx, st.id)).rejects.toMatchObject({ key: "Wms.errors.countEveryLine" });
    await recordCounts(d.viewer, d.ctx, {
      id: st.id,
      counts: [
        { id: lines[0].id, countedQty: 9 },
        { id: lines[1].id, countedQty: 4 },
      ],
      found: [{ goodsId: parts.id, locationId: w.loc["B-01"], countedQty: 1 }],
    });
    await postStocktake(d.viewer, d.ctx, st.id);
    expect(await onHand(w.loc["A-01"], parts.id)).toMatchObject({ quantity: 6 });
    expect(await onHand(w.loc["A-02"], parts2.id)).toMatchObject({ quantity: 6 });
    expect(await onHand(w.loc["B-01"], parts.id)).toMatchObject({ quantity: 1 });
  });

  it("staff read in scope and change nothing", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    const staff = await makeStaff();
    const viewer = (await loadViewer(staff.id, null, nowSeconds()))!;
    await expect(
      createEntry(viewer, ctxOf(viewer), { warehouseId: w.id, source: "OPENING", remark: null, lines: [{ goodsId: parts.id, quantity: 1, unitCost: "1", toLocationId: null }] }),
    ).rejects.toMatchObject({
      key: "Wms.errors.dealersOnly",
      status: 403,
    });
  });
});
