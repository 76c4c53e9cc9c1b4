import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { AuditCtx } from "@/lib/core/audit";
import { makeCompany, makeMenu, makeRole, makeUser, nowSeconds, uid } from "@/lib/test/factories";
import { canSeeAttachment } from "@/lib/uploads/access";
import { invalidateUploadRules } from "@/lib/uploads/rules";
import "./attachments";
import { ZFileReturn, ZShipReturns, type TFileReturn } from "./schemas";
import { approveReturn, completeReturn, fileReturn, receiveReturns, rejectReturn, returnBatchScope, returnScope, shipReturns } from "./service";

// Parts returns against PostgreSQL: every transition of the table and every refusal (changing
// nothing: rows, history, audit), delivery batches refused whole (another company's return, a
// return not approved), the batch's status following its items, part images (configured count,
// kind, another user's upload), tenancy (dealer B 404, staff scope) and approve racing reject.

type Dealer = { company: number; user: number; viewer: Viewer };
let dealerRole: number;
let staff: Viewer;
let a: Dealer;
let b: Dealer;
const VIN = "1HGCM82633A004352";
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });

async function makeDealer(): Promise<Dealer> {
  const company = (await makeCompany()).id;
  const user = (await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [dealerRole] })).id;
  return { company, user, viewer: (await loadViewer(user, company, nowSeconds()))! };
}

async function makeStaff(permissions: string[], dataScope: "ALL" | "ORG" = "ALL", organizationId: number | null = null): Promise<Viewer> {
  const menus = await Promise.all(permissions.map((permission) => makeMenu({ type: "BUTTON", permission })));
  const role = await makeRole({ dataScope, menuIds: menus.map((m) => m.id) });
  return (await loadViewer((await makeUser({ userType: "STAFF", organizationId, roleIds: [role.id] })).id, null, nowSeconds()))!;
}

async function makePart(kind: "PART" | "VEHICLE" = "PART") {
  const code = uid("GP");
  return db().goods.create({ data: { kind, code, nameEn: `Brake pad ${code}`, nameZh: `刹车片${code}`, price: "120.00", stock: 10, minOrderQty: 1, onSale: true } });
}

async function makeOrder(d: Dealer, goodsId: number, over: { type?: "PARTS" | "VEHICLE"; status?: "SUBMITTED" | "CANCELLED" } = {}) {
  const goods = await db().goods.findUniqueOrThrow({ where: { id: goodsId } });
  return db().order.create({
    data: {
      orderNo: uid("SO"),
      type: over.type ?? "PARTS",
      status: over.status ?? "SUBMITTED",
      companyId: d.company,
      quantity: 2,
      amount: "240.00",
      phone: "13912345678",
      deliveryWay: "LOGISTICS",
      receiver: "Wang Fang",
      receiverPhone: "13912345678",
      address: "No. 1 Test Road",
      creatorId: d.user,
      lines: { create: [{ goodsId, kind: goods.kind, nameEn: goods.nameEn, nameZh: goods.nameZh, price: goods.price, quantity: 2, subtotal: "240.00" }] },
    },
  });
}

/** A pending upload of `userId` (the upload route's row before the form is saved). */
async function upload(userId: number, kind: "IMAGE" | "VIDEO" = "IMAGE"): Promise<string> {
  const id = randomBytes(16).toString("hex");
  const ext = kind === "IMAGE" ? "webp" : "mp4";
  await db().attachment.create({
    data: {
      id,
      kind,
      mime: kind === "IMAGE" ? "image/webp" : "video/mp4",
      ext,
      size: 10,
      sha256: "0".repeat(64),
      storageKey: `test/${id}.${ext}`,
      originalName: `p.${ext}`,
      uploaderId: userId,
    },
  });
  return id;
}

const form = (over: Partial<TFileReturn> = {}): TFileReturn => ({
  returnType: "QUALITY",
  materialName: "Brake pad (front)",
  materialCode: "BP-01",
  quantity: 3,
  faultQuantity: 2,
  dealType: "REPLACE",
  vin: VIN,
  buyer: "Li Lei",
  buyDate: "2026-01-05",
  saleDate: null,
  description: "Squeals after 200 km.",
  partImg: [],
  ...over,
});
const file = (d: Dealer, over: Partial<TFileReturn> = {}) => fileReturn(d.viewer, ctxOf(d.viewer), form(over));
const row = (id: number) => db().salesReturn.findUniqueOrThrow({ where: { id } });
const events = (entity: "SalesReturn" | "ReturnBatch", id: number) => db().statusEvent.findMany({ where: { entity, entityId: id }, orderBy: { id: "asc" } });
const audits = (entity: "SalesReturn" | "ReturnBatch", id: number) => db().auditLog.findMany({ where: { entity, entityId: String(id) }, orderBy: { id: "asc" } });
const approved = async (d: Dealer) => {
  const { id } = await file(d);
  await approveReturn(staff, ctxOf(staff), id);
  return id;
};
const delivery = (returnIds: number[], over: Record<string, unknown> = {}) =>
  ZShipReturns.parse({
    returnIds,
    shippingAddress: "Plant 2, 88 Factory Road, Wuhan",
    deliveryWay: "LOGISTICS",
    carNo: "",
    contactPhone: "13912345678",
    logisticsCompany: "SF Express",
    logisticsNo: "SF1234567890",
    ...over,
  });
const ship = (d: Dealer, ids: number[], over: Record<string, unknown> = {}) => shipReturns(d.viewer, ctxOf(d.viewer), delivery(ids, over));

async function expectDomain(p: Promise<unknown>, key: string, status?: number, values?: Record<string, unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
  if (values) expect((err as DomainError).values).toMatchObject(values);
  return err as DomainError;
}

/** The returns, their history and audit, and the company's batches: a refused move keeps all. */
async function snapshot(ids: number[], company: number) {
  return {
    rows: await db().salesReturn.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } }),
    events: await db().statusEvent.count({ where: { entity: "SalesReturn", entityId: { in: ids } } }),
    audits: await db().auditLog.count({ where: { entity: "SalesReturn", entityId: { in: ids.map(String) } } }),
    batches: await db().returnBatch.findMany({ where: { companyId: company }, orderBy: { id: "asc" } }),
    batchEvents: await db().statusEvent.count({ where: { entity: "ReturnBatch" } }),
  };
}
async function unchanged(ids: number[], company: number, attempt: () => Promise<unknown>, key: string, status?: number, values?: Record<string, unknown>) {
  const before = await snapshot(ids, company);
  const err = await expectDomain(attempt(), key, status, values);
  expect(await snapshot(ids, company)).toEqual(before);
  return err;
}

beforeAll(async () => {
  dealerRole = (await db().role.findUniqueOrThrow({ where: { code: "DEALER" }, select: { id: true } })).id;
  const salesOps = (await db().role.findUniqueOrThrow({ where: { code: "SALES_OPS" }, select: { id: true } })).id;
  staff = (await loadViewer((await makeUser({ userType: "STAFF", roleIds: [salesOps] })).id, null, nowSeconds()))!;
  a = await makeDealer();
  b = await makeDealer();
});

afterEach(async () => {
  await db().attachmentRule.updateMany({ where: { kind: "IMAGE" }, data: { maxCount: 9 } });
  invalidateUploadRules();
});

describe("filing a return", () => {
  it("copies the catalogue part, checks the order, numbers it SR…, links the part images, records history and audit", async () => {
    const part = await makePart();
    const order = await makeOrder(a, part.id);
    const images = [await upload(a.user), await upload(a.user)];
    const out = await file(a, { goodsId: part.id, orderId: order.id, materialName: null, materialCode: null, partImg: images });
    expect(out.returnNo).toMatch(/^SR\d+$/);
    expect(await row(out.id)).toMatchObject({
      companyId: a.company,
      creatorId: a.user,
      status: "SUBMITTED",
      returnType: "QUALITY",
      goodsId: part.id,
      orderId: order.id,
      materialCode: part.code,
      materialName: part.nameEn,
      quantity: 3,
      faultQuantity: 2,
      dealType: "REPLACE",
      vin: VIN,
      buyer: "Li Lei",
      saleDate: null,
      description: "Squeals after 200 km.",
      batchId: null,
    });
    expect((await row(out.id)).buyDate?.toISOString().slice(0, 10)).toBe("2026-01-05");
    const linked = await db().attachment.findMany({ where: { id: { in: images } } });
    expect(linked.map((x) => [x.ownerType, x.ownerId, x.field])).toEqual([0, 1].map(() => ["salesReturn", String(out.id), "partImg"]));
    expect((await events("SalesReturn", out.id)).map((e) => [e.fromStatus, e.toStatus, e.userId])).toEqual([[null, "SUBMITTED", a.user]]);
    expect((await audits("SalesReturn", out.id)).map((x) => x.action)).toEqual(["create"]);
    // A free material name without a catalogue part, no images, no VIN.
    const free = await file(a, { vin: null, buyDate: null });
    expect(await row(free.id)).toMatchObject({ goodsId: null, materialName: "Brake pad (front)", materialCode: "BP-01", vin: null });
  });

  it("parses the form: ranges, VIN, blanks to null, image ids", () => {
    const base = { returnType: "QUALITY", materialName: "x", quantity: 1, faultQuantity: 0, dealType: "REFUND", description: "d" };
    expect(ZFileReturn.parse({ ...base, vin: "", buyer: " ", buyDate: "", goodsId: "" })).toMatchObject({ vin: null, buyer: null, buyDate: null, goodsId: null, partImg: [] });
    expect(ZFileReturn.parse({ ...base, vin: "1hgcm82633a004352" }).vin).toBe(VIN);
    for (const bad of [
      { quantity: 0 },
      { quantity: 10000 },
      { quantity: 1.5 },
      { faultQuantity: -1 },
      { vin: "1HGCM82633A004353" },
      { description: "" },
      { description: "x".repeat(1001) },
      { buyDate: "2026-02-30" },
      { partImg: ["nope"] },
    ])
      expect(ZFileReturn.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    const id = "a".repeat(32);
    expect(ZFileReturn.parse({ ...base, partImg: [id, { id, name: "p.webp" }] }).partImg).toEqual([id, id]);
    expect(ZShipReturns.safeParse({ returnIds: [], shippingAddress: "x", deliveryWay: "LOGISTICS", contactPhone: "13912345678" }).success).toBe(false);
    expect(
      ZShipReturns.safeParse({ returnIds: Array.from({ length: 101 }, (_, i) => i + 1), shippingAddress: "x", deliveryWay: "LOGISTICS", contactPhone: "13912345678" }).success,
    ).toBe(false);
    expect(ZShipReturns.safeParse({ returnIds: [1], shippingAddress: "x", deliveryWay: "LOGISTICS", contactPhone: "123" }).success).toBe(false);
  });

  it("refuses bad input with a field error and saves nothing", async () => {
    const part = await makePart();
    const own = await makeOrder(a, part.id);
    const other = await makePart();
    const foreign = await makeOrder(b, part.id);
    const vehicleOrder = await makeOrder(a, part.id, { type: "VEHICLE" });
    const cancelled = await makeOrder(a, part.id, { status: "CANCELLED" });
    const car = await makePart("VEHICLE");
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const before = await db().salesReturn.count({ where: { companyId: a.company } });
    const cases: [Partial<TFileReturn>, string, string][] = [
      [{ returnType: "LOST" }, "unknownOption", "returnType"],
      [{ dealType: "KEEP" }, "unknownOption", "dealType"],
      [{ materialName: null }, "partRequired", "materialName"],
      [{ orderId: own.id }, "partRequired", "goodsId"],
      [{ faultQuantity: 4 }, "faultAboveQuantity", "faultQuantity"],
      [{ buyDate: tomorrow }, "futureDate", "buyDate"],
      [{ saleDate: tomorrow }, "futureDate", "saleDate"],
      [{ goodsId: car.id }, "goodsMissing", "goodsId"],
      [{ goodsId: 2_000_000_000 }, "goodsMissing", "goodsId"],
      [{ goodsId: other.id, orderId: own.id }, "orderMismatch", "orderId"],
      [{ goodsId: part.id, orderId: foreign.id }, "orderMismatch", "orderId"],
      [{ goodsId: part.id, orderId: vehicleOrder.id }, "orderMismatch", "orderId"],
      [{ goodsId: part.id, orderId: cancelled.id }, "orderMismatch", "orderId"],
    ];
    for (const [over, key, field] of cases) {
      const err = await expectDomain(file(a, over), `SalesReturns.errors.${key}`, 400);
      expect(err.field, key).toBe(field);
    }
    expect(await db().salesReturn.count({ where: { companyId: a.company } })).toBe(before);
    // Staff cannot file, nor a dealer without the permission.
    await expectDomain(fileReturn(staff, ctxOf(staff), form()), "SalesReturns.errors.notDealer", 403);
    const bare = await makeRole({});
    const c = (await makeCompany()).id;
    const noPerm = (await loadViewer((await makeUser({ userType: "DEALER", companyIds: [c], roleIds: [bare.id] })).id, c, nowSeconds()))!;
    await expectDomain(fileReturn(noPerm, ctxOf(noPerm), form()), "Common.forbidden", 403);
  });

  it("enforces the configured image count, the image kind and the uploader; refused files stay pending", async () => {
    const before = await db().salesReturn.count({ where: { companyId: a.company } });
    const ten = await Promise.all(Array.from({ length: 10 }, () => upload(a.user)));
    const tooMany = await expectDomain(file(a, { partImg: ten }), "Uploads.errors.maxCount", 422, { count: 9 });
    expect(tooMany.field).toBe("partImg");
    // The administrator lowers the count: the next save follows the configuration.
    await db().attachmentRule.upsert({ where: { kind: "IMAGE" }, update: { maxCount: 2 }, create: { kind: "IMAGE", formats: ["jpg", "png", "webp"], maxSizeMb: 5, maxCount: 2 } });
    invalidateUploadRules();
    await expectDomain(file(a, { partImg: ten.slice(0, 3) }), "Uploads.errors.maxCount", 422, { count: 2 });
    const theirs = await upload(b.user);
    const err = await expectDomain(file(a, { partImg: [ten[0], theirs] }), "SalesReturns.errors.imageMissing", 404);
    expect(err.field).toBe("partImg");
    const video = await upload(a.user, "VIDEO");
    await expectDomain(file(a, { partImg: [video] }), "SalesReturns.errors.imageMissing", 404);
    expect(await db().salesReturn.count({ where: { companyId: a.company } })).toBe(before);
    expect(await db().attachment.count({ where: { id: { in: [...ten, theirs, video] }, ownerType: { not: null } } })).toBe(0);
    // A file already saved onto one return cannot be taken onto another.
    const { id } = await file(a, { partImg: ten.slice(0, 2) });
    await expectDomain(file(a, { partImg: [ten[0]] }), "SalesReturns.errors.imageMissing", 404);
    expect((await db().attachment.findUniqueOrThrow({ where: { id: ten[0] } })).ownerId).toBe(String(id));
  });
});

describe("transitions", () => {
  it("SUBMITTED → APPROVED → SHIPPED (batch) → RECEIVED → COMPLETED; the batch follows its items", async () => {
    const [r1, r2, r3] = [await approved(a), await approved(a), await approved(a)];
    expect(await row(r1)).toMatchObject({ status: "APPROVED" });
    const out = await ship(a, [r3, r1, r2, r1]);
    expect(out).toMatchObject({ batchNo: expect.stringMatching(/^RB\d+$/), returnIds: [r1, r2, r3] });
    const batch = await db().returnBatch.findUniqueOrThrow({ where: { id: out.id } });
    expect(batch).toMatchObject({
      companyId: a.company,
      creatorId: a.user,
      status: "SHIPPED",
      deliveryWay: "LOGISTICS",
      carNo: null,
      contactPhone: "13912345678",
      logisticsCompany: "SF Express",
      logisticsNo: "SF1234567890",
    });
    for (const id of [r1, r2, r3]) {
      expect(await row(id)).toMatchObject({ status: "SHIPPED", batchId: out.id });
      expect((await events("SalesReturn", id)).map((e) => e.toStatus)).toEqual(["SUBMITTED", "APPROVED", "SHIPPED"]);
    }
    expect((await events("ReturnBatch", out.id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, "SHIPPED"]]);
    expect((await audits("ReturnBatch", out.id)).map((x) => x.action)).toEqual(["create"]);

    // Receive one item: the batch stays SHIPPED; completing it does not move the batch either.
    expect(await receiveReturns(staff, ctxOf(staff), out.id, [r2])).toMatchObject({ status: "SHIPPED", received: [r2] });
    expect(await completeReturn(staff, ctxOf(staff), r2, "REFUND")).toMatchObject({ status: "COMPLETED", batch: { id: out.id, status: "SHIPPED" } });
    expect(await row(r2)).toMatchObject({ status: "COMPLETED", dealTypeDone: "REFUND" });
    // Receive the rest (no ids): the batch becomes RECEIVED.
    expect(await receiveReturns(staff, ctxOf(staff), out.id)).toMatchObject({ status: "RECEIVED", received: [r1, r3] });
    expect((await db().returnBatch.findUniqueOrThrow({ where: { id: out.id } })).status).toBe("RECEIVED");
    await completeReturn(staff, ctxOf(staff), r1, "REPLACE");
    expect((await db().returnBatch.findUniqueOrThrow({ where: { id: out.id } })).status).toBe("RECEIVED");
    expect(await completeReturn(staff, ctxOf(staff), r3, "REPAIR")).toMatchObject({ batch: { status: "COMPLETED" } });
    expect((await db().returnBatch.findUniqueOrThrow({ where: { id: out.id } })).status).toBe("COMPLETED");
    expect((await events("ReturnBatch", out.id)).map((e) => e.toStatus)).toEqual(["SHIPPED", "RECEIVED", "COMPLETED"]);
    expect((await audits("ReturnBatch", out.id)).map((x) => x.action)).toEqual(["create", "receive", "complete"]);
    expect((await events("SalesReturn", r3)).map((e) => e.toStatus)).toEqual(["SUBMITTED", "APPROVED", "SHIPPED", "RECEIVED", "COMPLETED"]);
    expect((await audits("SalesReturn", r3)).map((x) => x.action)).toEqual(["create", "approve", "ship", "receive", "complete"]);
    expect((await events("SalesReturn", r3)).at(-1)).toMatchObject({ note: "REPAIR", userId: staff.userId });
  });

  it("SUBMITTED → REJECTED with a reason", async () => {
    const { id } = await file(a);
    await rejectReturn(staff, ctxOf(staff), id, "  No fault found  ");
    expect(await row(id)).toMatchObject({ status: "REJECTED", rejectReason: "No fault found" });
    expect((await events("SalesReturn", id)).at(-1)).toMatchObject({ fromStatus: "SUBMITTED", toStatus: "REJECTED", note: "No fault found", userId: staff.userId });
  });

  it("refuses every move outside the table and changes nothing", async () => {
    const { id, returnNo } = await file(a);
    const t = "SalesReturns.errors.transition";
    await unchanged([id], a.company, () => rejectReturn(staff, ctxOf(staff), id, " "), "SalesReturns.errors.reasonRequired", 400);
    await unchanged([id], a.company, () => completeReturn(staff, ctxOf(staff), id, "REFUND"), t, 409, { returnNo, from: "SUBMITTED", to: "COMPLETED" });
    await unchanged([id], a.company, () => completeReturn(staff, ctxOf(staff), id, "KEEP"), "SalesReturns.errors.unknownOption", 400);
    await unchanged([id], a.company, () => approveReturn(a.viewer, ctxOf(a.viewer), id), "Common.forbidden", 403);
    await unchanged([id], a.company, () => ship(a, [id]), t, 409, { returnNo, from: "SUBMITTED", to: "SHIPPED" });
    await approveReturn(staff, ctxOf(staff), id);
    await unchanged([id], a.company, () => approveReturn(staff, ctxOf(staff), id), t, 409, { from: "APPROVED", to: "APPROVED" });
    await unchanged([id], a.company, () => rejectReturn(staff, ctxOf(staff), id, "late"), t, 409, { from: "APPROVED", to: "REJECTED" });
    await unchanged([id], a.company, () => completeReturn(staff, ctxOf(staff), id, "REFUND"), t, 409, { from: "APPROVED", to: "COMPLETED" });
    const { id: batch } = await ship(a, [id]);
    await unchanged([id], a.company, () => ship(a, [id]), t, 409, { from: "SHIPPED", to: "SHIPPED" });
    await unchanged([id], a.company, () => completeReturn(staff, ctxOf(staff), id, "REFUND"), t, 409, { from: "SHIPPED", to: "COMPLETED" });
    await unchanged([id], a.company, () => receiveReturns(a.viewer, ctxOf(a.viewer), batch), "Common.forbidden", 403);
    await receiveReturns(staff, ctxOf(staff), batch);
    await unchanged([id], a.company, () => receiveReturns(staff, ctxOf(staff), batch), "SalesReturns.errors.nothingToReceive", 409);
    await unchanged([id], a.company, () => receiveReturns(staff, ctxOf(staff), batch, [id]), t, 409, { from: "RECEIVED", to: "RECEIVED" });
    await completeReturn(staff, ctxOf(staff), id, "REFUND");
    for (const attempt of [() => completeReturn(staff, ctxOf(staff), id, "REPAIR"), () => approveReturn(staff, ctxOf(staff), id), () => rejectReturn(staff, ctxOf(staff), id, "x")])
      await unchanged([id], a.company, attempt, t, 409);
    // Final REJECTED takes nothing either.
    const r = (await file(a)).id;
    await rejectReturn(staff, ctxOf(staff), r, "no");
    for (const attempt of [() => approveReturn(staff, ctxOf(staff), r), () => ship(a, [r]), () => completeReturn(staff, ctxOf(staff), r, "REFUND")])
      await unchanged([r], a.company, attempt, t, 409);
    // Staff holding only another permission: 403, nothing changes.
    const clerk = await makeStaff(["salesReturn:receive"]);
    const s = (await file(a)).id;
    await unchanged([s], a.company, () => approveReturn(clerk, ctxOf(clerk), s), "Common.forbidden", 403);
    const approver = await makeStaff(["salesReturn:approve"]);
    await approveReturn(approver, ctxOf(approver), s);
    const { id: b2 } = await ship(a, [s]);
    await unchanged([s], a.company, () => receiveReturns(approver, ctxOf(approver), b2), "Common.forbidden", 403);
  });

  it("approve raced with reject: exactly one wins, the other is refused", async () => {
    for (let i = 0; i < 5; i++) {
      const { id } = await file(a);
      const results = await Promise.allSettled([approveReturn(staff, ctxOf(staff), id), rejectReturn(staff, ctxOf(staff), id, "race")]);
      expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((x) => x.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ key: "SalesReturns.errors.transition", status: 409 });
      const r = await row(id);
      expect(["APPROVED", "REJECTED"]).toContain(r.status);
      expect((await events("SalesReturn", id)).map((e) => e.toStatus)).toEqual(["SUBMITTED", r.status]);
    }
  });
});

describe("delivery batches", () => {
  it("refuses the whole batch for another company's return (404) or one not approved (409 naming it), changing nothing", async () => {
    const mine = [await approved(a), await approved(a)];
    const theirs = await approved(b);
    const submitted = await file(a);
    await unchanged([...mine, theirs], a.company, () => ship(a, [...mine, theirs]), "Errors.notFound", 404);
    await unchanged([...mine, submitted.id], a.company, () => ship(a, [...mine, submitted.id]), "SalesReturns.errors.transition", 409, {
      returnNo: submitted.returnNo,
      from: "SUBMITTED",
      to: "SHIPPED",
    });
    await unchanged(mine, a.company, () => ship(a, [...mine, 2_000_000_000]), "Errors.notFound", 404);
    await unchanged(mine, a.company, () => ship(a, mine, { deliveryWay: "TELEPORT" }), "SalesReturns.errors.unknownOption", 400);
    const err = await unchanged(mine, a.company, () => ship(a, mine, { logisticsNo: "" }), "SalesReturns.errors.logisticsRequired", 400);
    expect(err.field).toBe("logisticsNo");
    await unchanged(mine, a.company, () => shipReturns(staff, ctxOf(staff), delivery(mine)), "SalesReturns.errors.notDealer", 403);
    expect((await row(theirs)).status).toBe("APPROVED");
    // Self pickup needs no carrier; the batch goes through once the ids are right.
    const out = await ship(a, mine, { deliveryWay: "SELF_PICKUP", logisticsCompany: null, logisticsNo: null, carNo: "沪A12345" });
    expect(await db().returnBatch.findUniqueOrThrow({ where: { id: out.id } })).toMatchObject({ carNo: "沪A12345", logisticsCompany: null });
  });

  it("receiving only takes items of that batch", async () => {
    const [x, y] = [await approved(a), await approved(a)];
    const first = await ship(a, [x]);
    await ship(a, [y]);
    await unchanged([x, y], a.company, () => receiveReturns(staff, ctxOf(staff), first.id, [x, y]), "Errors.notFound", 404);
    expect(await receiveReturns(staff, ctxOf(staff), first.id, [x])).toMatchObject({ status: "RECEIVED" });
  });
});

describe("tenancy", () => {
  it("dealer B gets 404 for A's return, batch and part images; staff outside the scope too", async () => {
    const image = await upload(a.user);
    const { id } = await file(a, { partImg: [image] });
    await approveReturn(staff, ctxOf(staff), id);
    const other = await approved(b);
    await unchanged([id, other], a.company, () => ship(b, [id]), "Errors.notFound", 404);
    await unchanged([id, other], b.company, () => ship(b, [other, id]), "Errors.notFound", 404);
    const batch = await ship(a, [id]);
    // Reads through the scopes: B sees neither A's return nor A's batch.
    expect(await db().salesReturn.findFirst({ where: { AND: [{ id }, await returnScope(b.viewer)] } })).toBeNull();
    expect(await db().returnBatch.findFirst({ where: { AND: [{ id: batch.id }, await returnBatchScope(b.viewer)] } })).toBeNull();
    expect(await db().returnBatch.findFirst({ where: { AND: [{ id: batch.id }, await returnBatchScope(a.viewer)] } })).not.toBeNull();
    const file_ = await db().attachment.findUniqueOrThrow({ where: { id: image } });
    expect(await canSeeAttachment(a.viewer, file_)).toBe(true);
    expect(await canSeeAttachment(staff, file_)).toBe(true);
    expect(await canSeeAttachment(b.viewer, file_)).toBe(false);
    expect(await canSeeAttachment(b.viewer, { ...file_, ownerId: "99999999999" })).toBe(false);
    // A regional staff member whose scope is another organization: 404 on every move.
    const otherOrg = (await db().organization.create({ data: { code: uid("ORG"), nameEn: "x", nameZh: "x", type: "REGION" } })).id;
    const regional = await makeStaff(["salesReturn:approve", "salesReturn:receive"], "ORG", otherOrg);
    expect(await canSeeAttachment(regional, file_)).toBe(false);
    await unchanged([id], a.company, () => receiveReturns(regional, ctxOf(regional), batch.id), "Errors.notFound", 404);
    const pending = (await file(a)).id;
    await unchanged([pending], a.company, () => approveReturn(regional, ctxOf(regional), pending), "Errors.notFound", 404);
    await unchanged([pending], a.company, () => rejectReturn(regional, ctxOf(regional), pending, "x"), "Errors.notFound", 404);
    // A dealer of that organization is in the regional scope.
    const cCompany = (await makeCompany(otherOrg)).id;
    const cUser = (await makeUser({ userType: "DEALER", companyIds: [cCompany], roleIds: [dealerRole] })).id;
    const c: Dealer = { company: cCompany, user: cUser, viewer: (await loadViewer(cUser, cCompany, nowSeconds()))! };
    const near = (await file(c)).id;
    expect(await approveReturn(regional, ctxOf(regional), near)).toMatchObject({ status: "APPROVED" });
    const nearBatch = await ship(c, [near]);
    expect(await receiveReturns(regional, ctxOf(regional), nearBatch.id)).toMatchObject({ status: "RECEIVED" });
    await expect(approveReturn(staff, ctxOf(staff), 2_000_000_000)).rejects.toBeInstanceOf(NotFoundError);
  });
});
