import { beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { makeCompany, makeGoods, makeOrganization, makeRole, makeStaff, makeUser, nowSeconds, roleId, type TestGoods } from "@/lib/test/factories";
import { createDelivery, createEntry, postEntry } from "@/lib/wms/documents";
import { listOutlets, loadPosRoute, loadReceipt, lookupSaleGoods, todaySales } from "./queries";
import type { TCounterSale } from "./schemas";
import { counterSale, saveOutlet } from "./service";

// The points of sale screen against PostgreSQL: outlet codes unique per company; a counter sale
// posts a WD delivery (source COUNTER) at once, takes the stock, and sums its amount in decimals;
// a shortage leaves nothing behind; the first-in-first-out suggestion; another company's outlet
// and receipt are 404; staff read in scope and cannot sell; 20 concurrent sales of 1 from 5
// post exactly 5.

type Dealer = { companyId: number; viewer: Viewer; ctx: AuditCtx };
let dealerRole: number;
let part: TestGoods;

const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });

async function dealer(organizationId?: number): Promise<Dealer> {
  const company = await makeCompany(organizationId);
  const user = await makeUser({ userType: "DEALER", companyIds: [company.id], roleIds: [dealerRole] });
  const viewer = (await loadViewer(user.id, company.id, nowSeconds()))!;
  return { companyId: company.id, viewer, ctx: ctxOf(viewer) };
}

async function warehouse(companyId: number, codes = ["A-01", "A-02", "B-01"]) {
  const w = await db().warehouse.create({
    data: { companyId, code: `W${Math.random().toString(36).slice(2, 8)}`, name: "Counter stock", locations: { create: codes.map((code) => ({ code })) } },
    include: { locations: { orderBy: { id: "asc" } } },
  });
  return { id: w.id, loc: Object.fromEntries(w.locations.map((l) => [l.code, l.id])) as Record<string, number> };
}

async function stock(d: Dealer, warehouseId: number, locationId: number, goodsId: number, quantity: number) {
  const e = await createEntry(d.viewer, d.ctx, { warehouseId, source: "OPENING", remark: null, lines: [{ goodsId, quantity, unitCost: "10.00", toLocationId: locationId }] });
  await postEntry(d.viewer, d.ctx, { id: e.id, lines: [] });
}

async function outlet(d: Dealer, warehouseId: number, code = `P${Math.random().toString(36).slice(2, 8)}`) {
  return saveOutlet(d.viewer, d.ctx, { code, name: "Front counter", kind: "SERVICE", warehouseId, address: null, contact: null, phone: null, enabled: true });
}

const sale = (posId: number, lines: TCounterSale["lines"], over: Partial<TCounterSale> = {}): TCounterSale => ({
  posId,
  paymentMethod: "CASH",
  customerName: null,
  customerPhone: null,
  remark: null,
  lines,
  ...over,
});

const onHand = async (locationId: number, goodsId: number) =>
  (await db().stockOnHand.findUnique({ where: { locationId_goodsId: { locationId, goodsId } }, select: { quantity: true } }))?.quantity ?? 0;

beforeAll(async () => {
  dealerRole = await roleId("DEALER");
  part = await makeGoods({ kind: "PART", price: "19.99", stock: 1000 });
});

describe("outlets", () => {
  it("keeps codes unique per company, naming the field; another company may use the code", async () => {
    const a = await dealer();
    const b = await dealer();
    const wa = await warehouse(a.companyId);
    const wb = await warehouse(b.companyId);
    const first = await outlet(a, wa.id, "SHOP1");
    expect(first).toMatchObject({ code: "SHOP1", companyId: a.companyId, enabled: true });
    await expect(outlet(a, wa.id, "SHOP1")).rejects.toMatchObject({ key: "WmsPos.errors.codeTaken", field: "code", status: 409 });
    await expect(outlet(b, wb.id, "SHOP1")).resolves.toMatchObject({ code: "SHOP1", companyId: b.companyId });
    // Editing keeps its own code; another company's warehouse or outlet is refused.
    await expect(saveOutlet(a.viewer, a.ctx, { ...first, id: first.id, name: "Showroom desk", kind: "SHOWROOM" })).resolves.toMatchObject({ name: "Showroom desk" });
    await expect(saveOutlet(a.viewer, a.ctx, { ...first, kind: "SERVICE", id: undefined, code: "SHOP2", warehouseId: wb.id })).rejects.toMatchObject({
      key: "Wms.errors.warehouseUnknown",
      field: "warehouseId",
    });
    await expect(saveOutlet(b.viewer, b.ctx, { ...first, kind: "SERVICE", id: first.id, warehouseId: wb.id })).rejects.toBeInstanceOf(NotFoundError);
    expect(await db().auditLog.count({ where: { entity: "PointOfSale", entityId: String(first.id) } })).toBe(2);
  });
});

describe("counter sales", () => {
  it("posts a WD delivery with source COUNTER, takes the stock and sums the amount in decimals", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await stock(d, w.id, w.loc["A-01"], part.id, 10);
    const pos = await outlet(d, w.id);
    const out = await counterSale(
      d.viewer,
      d.ctx,
      sale(pos.id, [{ goodsId: part.id, quantity: 3, price: "19.99", fromLocationId: w.loc["A-01"] }], { customerName: "Wang Fang", customerPhone: "13912345678" }),
    );
    expect(out.docNo).toMatch(/^WD/);
    expect(out.amount).toBe("59.97");
    const doc = await db().wmsDocument.findUniqueOrThrow({ where: { id: out.id }, include: { lines: true } });
    expect(doc).toMatchObject({ type: "DELIVERY", status: "POSTED", source: "COUNTER", posId: pos.id, companyId: d.companyId, paymentMethod: "CASH", customerName: "Wang Fang" });
    expect(doc.amount!.toFixed(2)).toBe("59.97");
    expect(doc.lines[0].price!.toFixed(2)).toBe("19.99");
    expect(await onHand(w.loc["A-01"], part.id)).toBe(7);

    // Amounts that drift in binary floats stay exact: 3 × 0.10 + 0.20 = 0.50.
    const cheap = await counterSale(
      d.viewer,
      d.ctx,
      sale(pos.id, [
        { goodsId: part.id, quantity: 3, price: "0.1", fromLocationId: w.loc["A-01"] },
        { goodsId: part.id, quantity: 1, price: "0.20", fromLocationId: w.loc["A-01"] },
      ]),
    );
    expect(cheap.amount).toBe("0.50");

    // The receipt, and today's figures on the outlet list.
    const r = await loadReceipt(d.viewer, out.id);
    expect(r).toMatchObject({ docNo: out.docNo, amount: "59.97", outlet: { code: pos.code }, lines: [{ code: part.code, quantity: 3, price: "19.99", total: "59.97" }] });
    const [row] = (await listOutlets(d.viewer)).filter((o) => o.id === pos.id);
    expect(row.today).toEqual({ count: 2, amount: "60.47" });
    const today = await todaySales([{ id: pos.id, code: pos.code, name: pos.name }]);
    expect(today.rows.map((s) => s.docNo)).toEqual([cheap.docNo, out.docNo]);
  });

  it("refuses a shortage on the line's field with nothing saved", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await stock(d, w.id, w.loc["A-01"], part.id, 5);
    await stock(d, w.id, w.loc["A-02"], part.id, 2);
    const pos = await outlet(d, w.id);
    const err = await counterSale(
      d.viewer,
      d.ctx,
      sale(pos.id, [
        { goodsId: part.id, quantity: 4, price: "19.99", fromLocationId: w.loc["A-01"] },
        { goodsId: part.id, quantity: 3, price: "19.99", fromLocationId: w.loc["A-02"] },
      ]),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ key: "Wms.errors.notEnough", field: "lines.1.quantity", status: 409 });
    expect(await db().wmsDocument.count({ where: { posId: pos.id } })).toBe(0);
    expect(await onHand(w.loc["A-01"], part.id)).toBe(5);
    expect(await onHand(w.loc["A-02"], part.id)).toBe(2);
  });

  it("refuses vehicles, a location of another warehouse, a disabled outlet and an unknown payment", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    const other = await warehouse(d.companyId);
    await stock(d, w.id, w.loc["A-01"], part.id, 5);
    const pos = await outlet(d, w.id);
    const car = await makeGoods({ kind: "VEHICLE", price: "189900.00" });
    await expect(counterSale(d.viewer, d.ctx, sale(pos.id, [{ goodsId: car.id, quantity: 1, price: "1", fromLocationId: w.loc["A-01"] }]))).rejects.toMatchObject({
      key: "Wms.errors.vehicleBySale",
      field: "lines.0.goodsId",
    });
    await expect(counterSale(d.viewer, d.ctx, sale(pos.id, [{ goodsId: part.id, quantity: 1, price: "1", fromLocationId: other.loc["A-01"] }]))).rejects.toMatchObject({
      key: "Wms.errors.locationUnknown",
      field: "lines.0.fromLocationId",
    });
    await expect(
      counterSale(d.viewer, d.ctx, sale(pos.id, [{ goodsId: part.id, quantity: 1, price: "1", fromLocationId: w.loc["A-01"] }], { paymentMethod: "BARTER" })),
    ).rejects.toMatchObject({ key: "WmsPos.errors.paymentUnknown", field: "paymentMethod" });
    await saveOutlet(d.viewer, d.ctx, { ...pos, kind: "SERVICE", enabled: false });
    await expect(counterSale(d.viewer, d.ctx, sale(pos.id, [{ goodsId: part.id, quantity: 1, price: "1", fromLocationId: w.loc["A-01"] }]))).rejects.toMatchObject({
      key: "WmsPos.errors.outletDisabled",
      status: 409,
    });
    expect(await db().wmsDocument.count({ where: { posId: pos.id } })).toBe(0);
    expect(await onHand(w.loc["A-01"], part.id)).toBe(5);
  });

  it("suggests the oldest stock first, skipping what is reserved", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await stock(d, w.id, w.loc["A-01"], part.id, 4);
    await stock(d, w.id, w.loc["A-02"], part.id, 3);
    await stock(d, w.id, w.loc["B-01"], part.id, 2);
    // A-02's stock came in two days ago, A-01's yesterday; all of B-01 is held by a draft.
    await db().stockOnHand.update({ where: { locationId_goodsId: { locationId: w.loc["A-02"], goodsId: part.id } }, data: { firstInAt: new Date(Date.now() - 2 * 86_400_000) } });
    await db().stockOnHand.update({ where: { locationId_goodsId: { locationId: w.loc["A-01"], goodsId: part.id } }, data: { firstInAt: new Date(Date.now() - 86_400_000) } });
    await createDelivery(d.viewer, d.ctx, {
      warehouseId: w.id,
      source: "REPAIR",
      remark: null,
      lines: [{ goodsId: part.id, vehicleId: null, quantity: 2, fromLocationId: w.loc["B-01"] }],
    });
    const pos = await outlet(d, w.id);
    const found = await lookupSaleGoods(d.viewer, { posId: pos.id, code: part.code });
    expect(found.goods).toMatchObject({ id: part.id, price: "19.99" });
    expect(found.locations).toEqual([
      { id: w.loc["A-02"], code: "A-02", available: 3 },
      { id: w.loc["A-01"], code: "A-01", available: 4 },
    ]);
    await expect(lookupSaleGoods(d.viewer, { posId: pos.id, code: "NO-SUCH-CODE" })).rejects.toMatchObject({ key: "WmsPos.errors.goodsNotFound", field: "code" });
  });

  it("20 concurrent sales of 1 from a location holding 5: exactly 5 post", async () => {
    const d = await dealer();
    const w = await warehouse(d.companyId);
    await stock(d, w.id, w.loc["A-01"], part.id, 5);
    const pos = await outlet(d, w.id);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => counterSale(d.viewer, d.ctx, sale(pos.id, [{ goodsId: part.id, quantity: 1, price: "19.99", fromLocationId: w.loc["A-01"] }]))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ key: "Wms.errors.notEnough" });
    expect(await onHand(w.loc["A-01"], part.id)).toBe(0);
    expect(await db().wmsDocument.count({ where: { posId: pos.id } })).toBe(5);
    const [row] = (await listOutlets(d.viewer)).filter((o) => o.id === pos.id);
    expect(row.today).toEqual({ count: 5, amount: "99.95" });
  });
});

describe("tenancy and staff", () => {
  it("another company's outlet and receipt are 404 and not listed", async () => {
    const a = await dealer();
    const b = await dealer();
    const w = await warehouse(a.companyId);
    await stock(a, w.id, w.loc["A-01"], part.id, 5);
    const pos = await outlet(a, w.id);
    const out = await counterSale(a.viewer, a.ctx, sale(pos.id, [{ goodsId: part.id, quantity: 1, price: "19.99", fromLocationId: w.loc["A-01"] }]));
    await expect(counterSale(b.viewer, b.ctx, sale(pos.id, [{ goodsId: part.id, quantity: 1, price: "19.99", fromLocationId: w.loc["A-01"] }]))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(lookupSaleGoods(b.viewer, { posId: pos.id, code: part.code })).rejects.toBeInstanceOf(NotFoundError);
    await expect(loadReceipt(b.viewer, out.id)).rejects.toBeInstanceOf(NotFoundError);
    const url = new URL(`http://app.invalid/customerWeb/customerWms/pointOfSale?receipt=${out.id}`);
    expect(await loadPosRoute(b.viewer, url)).toEqual({ kind: "missing" });
    expect((await loadPosRoute(a.viewer, url)).kind).toBe("receipt");
    expect((await listOutlets(b.viewer)).map((o) => o.id)).not.toContain(pos.id);
    expect(await onHand(w.loc["A-01"], part.id)).toBe(4);
  });

  it("staff read the outlets of their scope with the company, and cannot sell or manage (403)", async () => {
    const orgA = (await makeOrganization()).id;
    const orgB = (await makeOrganization()).id;
    const a = await dealer(orgA);
    const b = await dealer(orgB);
    const wa = await warehouse(a.companyId);
    const wb = await warehouse(b.companyId);
    await stock(a, wa.id, wa.loc["A-01"], part.id, 5);
    const posA = await outlet(a, wa.id);
    const posB = await outlet(b, wb.id);
    const out = await counterSale(a.viewer, a.ctx, sale(posA.id, [{ goodsId: part.id, quantity: 1, price: "19.99", fromLocationId: wa.loc["A-01"] }]));

    const role = await makeRole({ dataScope: "ORG" });
    const user = await makeUser({ userType: "STAFF", roleIds: [role.id], organizationId: orgA });
    const scoped = (await loadViewer(user.id, null, nowSeconds()))!;
    const seen = await listOutlets(scoped);
    expect(seen.find((o) => o.id === posA.id)).toMatchObject({ company: (await db().company.findUniqueOrThrow({ where: { id: a.companyId } })).code });
    expect(seen.map((o) => o.id)).not.toContain(posB.id);
    await expect(loadReceipt(scoped, out.id)).resolves.toMatchObject({ docNo: out.docNo });

    const staff = await makeStaff();
    const viewer = (await loadViewer(staff.id, null, nowSeconds()))!;
    await expect(counterSale(viewer, ctxOf(viewer), sale(posA.id, [{ goodsId: part.id, quantity: 1, price: "19.99", fromLocationId: wa.loc["A-01"] }]))).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      saveOutlet(viewer, ctxOf(viewer), { code: "X1", name: "X", kind: "SHOWROOM", warehouseId: wa.id, address: null, contact: null, phone: null, enabled: true }),
    ).rejects.toMatchObject({ status: 403 });
    const route = await loadPosRoute(viewer, new URL("http://app.invalid/customerWeb/customerWms/pointOfSale?sell"));
    expect(route).toMatchObject({ kind: "list", dealer: false, can: { manage: false, sell: false } });
    expect(await onHand(wa.loc["A-01"], part.id)).toBe(4);
  });
});
