import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getWarehouses } from "@/app/api/v1/wms/warehouses/route";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeDealer, makeGoods, makeOrganization, makeRole, makeStaff, nowSeconds, uid } from "@/lib/test/factories";
import { createEntry, postEntry } from "@/lib/wms/documents";
import { saveLocationAction, saveWarehouseAction, setWarehouseEnabledAction } from "./actions";
import { listWarehouses, warehouseDetail, warehousesWithLocations } from "./queries";
import { deleteLocation, deleteWarehouse, saveLocation, saveWarehouse, setDefaultWarehouse, setLocationEnabled, setWarehouseEnabled } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Warehouses and locations against PostgreSQL: the first warehouse is the default and the default
// moves in one step; codes are unique per company (any case) and per warehouse, refused on the
// field in both languages; a warehouse or location holding stock (put in by a posted entry) and
// the default cannot be disabled; a used location cannot be deleted; another dealer company gets
// 404 for everything of the first; staff read their scope and write nothing (403).

type Dealer = { companyId: number; userId: number; viewer: Viewer };
let a: Dealer;
let b: Dealer;
let staffIn: Viewer;
let staffOut: Viewer;
const GET = () => getWarehouses(new NextRequest("http://app.invalid/customerWeb/api/v1/wms/warehouses"));
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });

async function dealer(organizationId: number): Promise<Dealer> {
  const d = await makeDealer({ organizationId });
  return { companyId: d.companyId, userId: d.userId, viewer: (await loadViewer(d.userId, d.companyId, nowSeconds()))! };
}

async function refused(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

const warehouse = (d: Dealer, over: Partial<Parameters<typeof saveWarehouse>[2]> = {}) =>
  saveWarehouse(d.viewer, ctxOf(d.viewer), { code: uid("W").toUpperCase(), name: "Parts store", type: "PARTS", address: null, keeper: "Li Wei", phone: "021-5555 0101", ...over });

beforeAll(async () => {
  const [orgA, orgB] = [await makeOrganization(), await makeOrganization()];
  [a, b] = [await dealer(orgA.id), await dealer(orgB.id)];
  const scoped = async (orgId: number) =>
    (await loadViewer((await makeStaff({ roleIds: [(await makeRole({ dataScope: "CUSTOM", organizationIds: [orgId] })).id] })).id, null, nowSeconds()))!;
  [staffIn, staffOut] = [await scoped(orgA.id), await scoped(orgB.id)];
});

describe("warehouses", () => {
  it("makes the company's first warehouse its default, and moves the default in one step", async () => {
    const first = await warehouse(a, { code: "MAIN-A" });
    const second = await warehouse(a, { code: "YARD-A", type: "VEHICLE" });
    const defaults = () => db().warehouse.findMany({ where: { companyId: a.companyId, isDefault: true }, select: { id: true } });
    expect(await defaults()).toEqual([{ id: first.id }]);
    await setDefaultWarehouse(a.viewer, ctxOf(a.viewer), second.id);
    expect(await defaults()).toEqual([{ id: second.id }]);
    // The default cannot be disabled or deleted; the other one can be disabled, then not made default.
    expect(await refused(setWarehouseEnabled(a.viewer, ctxOf(a.viewer), { id: second.id, enabled: false }))).toMatchObject({
      key: "WmsWarehouses.errors.isDefault",
      field: "enabled",
    });
    expect((await refused(deleteWarehouse(a.viewer, ctxOf(a.viewer), second.id))).key).toBe("WmsWarehouses.errors.isDefault");
    await setWarehouseEnabled(a.viewer, ctxOf(a.viewer), { id: first.id, enabled: false });
    expect(await refused(setDefaultWarehouse(a.viewer, ctxOf(a.viewer), first.id))).toMatchObject({ key: "WmsWarehouses.errors.defaultDisabled" });
    await setWarehouseEnabled(a.viewer, ctxOf(a.viewer), { id: first.id, enabled: true });
    expect(await db().auditLog.count({ where: { entity: "Warehouse", entityId: String(second.id) } })).toBe(2);
    // The list: the default first, with its locations count and what it holds.
    const list = await listWarehouses(a.viewer, { company: "", page: 1 });
    expect(list.rows.map((r) => [r.code, r.isDefault])).toEqual([
      ["YARD-A", true],
      ["MAIN-A", false],
    ]);
  });

  it("refuses a code the company already uses (any case) on the code field, in both languages", async () => {
    await actAs({ id: a.userId }, a.companyId);
    const code = uid("DUP").toUpperCase();
    const input = { code, name: "Store", type: "MIXED", address: "", keeper: "", phone: "" };
    expect(await saveWarehouseAction(input)).toMatchObject({ ok: true });
    setTestLocale("en-US");
    const en = await saveWarehouseAction({ ...input, code: code.toLowerCase() });
    expect(en).toMatchObject({ ok: false, code: "CONFLICT", fieldErrors: { code: translator("WmsWarehouses", "en-US")("errors.codeTaken", { code: code.toLowerCase() }) } });
    expect(en).toMatchObject({ fieldErrors: { code: `Warehouse code ${code.toLowerCase()} is already used by another of your warehouses.` } });
    setTestLocale("zh-CN");
    const zh = await saveWarehouseAction({ ...input, code: code.toLowerCase() });
    expect(zh).toMatchObject({ ok: false, fieldErrors: { code: `仓库编码 ${code.toLowerCase()} 已被本公司其他仓库使用。` } });
    setTestLocale("en-US");
    // Another company may use the same code.
    expect((await warehouse(b, { code })).id).toBeGreaterThan(0);
  });

  it("keeps location codes unique per warehouse, not per company", async () => {
    const w1 = await warehouse(a);
    const w2 = await warehouse(a);
    await saveLocation(a.viewer, ctxOf(a.viewer), { warehouseId: w1.id, code: "A-01", name: null });
    expect(await refused(saveLocation(a.viewer, ctxOf(a.viewer), { warehouseId: w1.id, code: "a-01", name: "again" }))).toMatchObject({
      key: "WmsWarehouses.errors.locationCodeTaken",
      field: "code",
    });
    expect((await saveLocation(a.viewer, ctxOf(a.viewer), { warehouseId: w2.id, code: "A-01", name: null })).id).toBeGreaterThan(0);
    await actAs({ id: a.userId }, a.companyId);
    expect(await saveLocationAction({ warehouseId: w1.id, code: "A-01", name: "" })).toMatchObject({ ok: false, fieldErrors: { code: expect.stringContaining("A-01") } });
    // An unused location may be deleted.
    const spare = await saveLocation(a.viewer, ctxOf(a.viewer), { warehouseId: w1.id, code: "Z-99", name: null });
    await deleteLocation(a.viewer, ctxOf(a.viewer), spare.id);
    expect(await db().warehouseLocation.count({ where: { id: spare.id } })).toBe(0);
  });

  it("refuses to disable a warehouse or location holding stock, and to delete what was used", async () => {
    await warehouse(a); // the company has a default already, so this one is not
    const w = await warehouse(a);
    const loc = await saveLocation(a.viewer, ctxOf(a.viewer), { warehouseId: w.id, code: "B-01", name: "Shelf B" });
    const goods = await makeGoods({ kind: "PART" });
    const entry = await createEntry(a.viewer, ctxOf(a.viewer), {
      warehouseId: w.id,
      source: "OPENING",
      remark: null,
      lines: [{ goodsId: goods.id, quantity: 7, unitCost: "12.50", toLocationId: loc.id }],
    });
    const line = await db().wmsDocumentLine.findFirstOrThrow({ where: { documentId: entry.id } });
    await postEntry(a.viewer, ctxOf(a.viewer), { id: entry.id, lines: [{ id: line.id, toLocationId: loc.id }] });

    expect(await refused(setWarehouseEnabled(a.viewer, ctxOf(a.viewer), { id: w.id, enabled: false }))).toMatchObject({
      key: "WmsWarehouses.errors.holdsStock",
      values: { quantity: 7 },
      field: "enabled",
    });
    expect(await refused(setLocationEnabled(a.viewer, ctxOf(a.viewer), { id: loc.id, enabled: false }))).toMatchObject({
      key: "WmsWarehouses.errors.locationHoldsStock",
      field: "enabled",
    });
    expect((await refused(deleteLocation(a.viewer, ctxOf(a.viewer), loc.id))).key).toBe("WmsWarehouses.errors.locationInUse");
    expect((await refused(deleteWarehouse(a.viewer, ctxOf(a.viewer), w.id))).key).toBe("WmsWarehouses.errors.inUse");
    expect(await db().warehouse.findUniqueOrThrow({ where: { id: w.id }, select: { enabled: true } })).toEqual({ enabled: true });
    // The action answers on the field, translated.
    await actAs({ id: a.userId }, a.companyId);
    expect(await setWarehouseEnabledAction({ id: w.id, enabled: false })).toMatchObject({ ok: false, fieldErrors: { enabled: expect.stringContaining("7") } });
    // The detail shows the stock per location.
    const detail = await warehouseDetail(a.viewer, w.id);
    expect(detail.warehouse.onHand).toBe(7);
    expect(detail.locations).toEqual([expect.objectContaining({ code: "B-01", onHand: 7 })]);
    // An empty warehouse is deleted with its locations.
    const empty = await warehouse(a);
    await saveLocation(a.viewer, ctxOf(a.viewer), { warehouseId: empty.id, code: "X-01", name: null });
    await deleteWarehouse(a.viewer, ctxOf(a.viewer), empty.id);
    expect(await db().warehouse.count({ where: { id: empty.id } })).toBe(0);
  });

  it("answers another dealer company 404 for the first one's warehouse and locations", async () => {
    const w = await warehouse(a);
    const loc = await saveLocation(a.viewer, ctxOf(a.viewer), { warehouseId: w.id, code: "C-01", name: null });
    const bv = b.viewer;
    await expect(warehouseDetail(bv, w.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveWarehouse(bv, ctxOf(bv), { id: w.id, code: "TAKEN", name: "x", type: "PARTS", address: null, keeper: null, phone: null })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(setDefaultWarehouse(bv, ctxOf(bv), w.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setWarehouseEnabled(bv, ctxOf(bv), { id: w.id, enabled: false })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteWarehouse(bv, ctxOf(bv), w.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveLocation(bv, ctxOf(bv), { warehouseId: w.id, code: "D-01", name: null })).rejects.toBeInstanceOf(NotFoundError);
    await expect(setLocationEnabled(bv, ctxOf(bv), { id: loc.id, enabled: false })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteLocation(bv, ctxOf(bv), loc.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listWarehouses(bv, { company: "", page: 1 })).rows.map((r) => r.id)).not.toContain(w.id);
    expect((await warehousesWithLocations(bv)).map((r) => r.id)).not.toContain(w.id);
    expect(await db().warehouse.findUniqueOrThrow({ where: { id: w.id }, select: { code: true, enabled: true } })).toMatchObject({ enabled: true });
    // The REST list: the caller's own warehouses with their locations, nobody else's.
    type Body = { items: { id: number; locations: { code: string; onHand: number }[] }[] };
    await actAs({ id: a.userId }, a.companyId);
    const mine = (await (await GET()).json()) as Body;
    expect(mine.items.find((i) => i.id === w.id)?.locations).toEqual([expect.objectContaining({ code: "C-01", onHand: 0 })]);
    await actAs({ id: b.userId }, b.companyId);
    const theirs = await GET();
    expect(theirs.status).toBe(200);
    expect(((await theirs.json()) as Body).items.map((i) => i.id)).not.toContain(w.id);
    await actAs(null);
    expect((await GET()).status).toBe(401);
  });

  it("lets staff read the warehouses in their scope and change none (403)", async () => {
    const w = await warehouse(a);
    const inScope = await listWarehouses(staffIn, { company: "", page: 1 });
    expect(inScope.rows.map((r) => r.id)).toContain(w.id);
    expect(inScope.rows.every((r) => r.company.code)).toBe(true);
    expect((await warehouseDetail(staffIn, w.id)).warehouse.id).toBe(w.id);
    expect((await warehousesWithLocations(staffIn)).map((r) => r.id)).toContain(w.id);
    // Outside the scope: not listed, 404.
    expect((await listWarehouses(staffOut, { company: "", page: 1 })).rows.map((r) => r.id)).not.toContain(w.id);
    await expect(warehouseDetail(staffOut, w.id)).rejects.toBeInstanceOf(NotFoundError);
    // No writes, even in scope.
    expect((await refused(setWarehouseEnabled(staffIn, ctxOf(staffIn), { id: w.id, enabled: false }))).status).toBe(403);
    expect((await refused(saveWarehouse(staffIn, ctxOf(staffIn), { code: uid("S"), name: "x", type: "PARTS", address: null, keeper: null, phone: null }))).status).toBe(403);
    const staffUser = await makeStaff();
    await actAs({ id: staffUser.id });
    expect(await saveWarehouseAction({ code: uid("S"), name: "x", type: "PARTS" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });
});
