import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { residentIdCheck } from "@/lib/people/resident-id";
import { makeCompany, makeGoods, makeStaff, makeUser, makeVehicleModel, nowSeconds, roleId, uid, type TestGoods } from "@/lib/test/factories";
import { ledgerProblems, newPhone, tierFor, useRule } from "@/lib/test/members";
import { returnVehicle, sellVehicle } from "@/lib/vehicles/sales/service";
import { dateToMinute, ZSellVehicle } from "@/lib/vehicles/schemas";
import { withCheckDigit } from "@/lib/vehicles/vin";
import { createEntry, postEntry } from "@/lib/wms/documents";
import { loadReceipt } from "@/lib/wms/pos/queries";
import { ZCounterSale, type TCounterSale } from "@/lib/wms/pos/schemas";
import { counterSale, saveOutlet } from "@/lib/wms/pos/service";
import { memberAtCounter } from "./counter";

// The membership hooks against PostgreSQL: a retail sale with the owner's consent makes (or
// finds, at another dealer) the member by phone and earns pointsFor(amount, vehicleRate); without
// consent nothing is written; a car return takes the sale's points back as far as the balance
// allows. A counter sale takes the tier's discount, redeems points (never more than the amount
// after discount) and earns on what is paid; a refusal saves nothing; 20 concurrent counter sales
// redeeming against one member never take it below zero. The counter's lookup answers masked
// data only, to any dealer of the network, and nothing to staff.

type Dealer = { companyId: number; viewer: Viewer; ctx: AuditCtx };
let dealerRole: number;
let restoreRule: () => Promise<void>;
let part: TestGoods;
const touched = new Set<number>();

const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: null });
async function dealer(): Promise<Dealer> {
  const company = await makeCompany();
  const user = await makeUser({ userType: "DEALER", companyIds: [company.id], roleIds: [dealerRole] });
  const viewer = (await loadViewer(user.id, company.id, nowSeconds()))!;
  return { companyId: company.id, viewer, ctx: ctxOf(viewer) };
}

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
function newVin(): string {
  let stem = "LTE";
  while (stem.length < 17) stem += VIN_CHARS[Math.floor(Math.random() * VIN_CHARS.length)];
  return withCheckDigit(stem);
}
async function inStock(d: Dealer): Promise<string> {
  const model = await makeVehicleModel({ warrantyMonths: 36 });
  const code = uid("GV");
  const goods = await db().goods.create({
    data: { kind: "VEHICLE", code, nameEn: `Aurora ${code}`, nameZh: `极光${code}`, config: "2.0T", price: "199999.99", stock: 0, onSale: true, vehicleModelId: model.id },
  });
  const v = await db().vehicle.create({
    data: { vin: newVin(), goodsId: goods.id, vehicleModelId: model.id, status: "IN_STOCK", companyId: d.companyId, entryAt: new Date(Date.now() - 30 * 86_400_000) },
  });
  return v.vin;
}
const first17 = "31011519900517011";
const sell = async (d: Dealer, phone: string, over: Record<string, unknown> = {}) => {
  const vin = await inStock(d);
  const input = ZSellVehicle.parse({
    vin,
    soldAt: dateToMinute(new Date(Date.now() - 3_600_000)),
    ownerName: "Li Lei",
    phone,
    idType: "PRC_ID",
    idNumber: first17 + residentIdCheck(first17),
    ...over,
  });
  const out = await sellVehicle(d.viewer, d.ctx, input);
  return { ...out, vin };
};
const memberOf = (phone: string) => db().member.findUnique({ where: { phone } });

async function counter(d: Dealer, quantity = 200) {
  const w = await db().warehouse.create({
    data: { companyId: d.companyId, code: `W${Math.random().toString(36).slice(2, 8)}`, name: "Counter", locations: { create: [{ code: "A-01" }] } },
    include: { locations: true },
  });
  const e = await createEntry(d.viewer, d.ctx, {
    warehouseId: w.id,
    source: "OPENING",
    remark: null,
    lines: [{ goodsId: part.id, quantity, unitCost: "10.00", toLocationId: w.locations[0].id }],
  });
  await postEntry(d.viewer, d.ctx, { id: e.id, lines: [] });
  const pos = await saveOutlet(d.viewer, d.ctx, {
    code: `P${Math.random().toString(36).slice(2, 8)}`,
    name: "Front",
    kind: "SERVICE",
    warehouseId: w.id,
    address: null,
    contact: null,
    phone: null,
    enabled: true,
  });
  return { posId: pos.id, locationId: w.locations[0].id };
}
const saleOf = (c: { posId: number; locationId: number }, quantity: number, over: Partial<TCounterSale> = {}): TCounterSale =>
  ZCounterSale.parse({
    posId: c.posId,
    paymentMethod: "CASH",
    customerName: null,
    customerPhone: null,
    remark: null,
    lines: [{ goodsId: part.id, quantity, price: part.price, fromLocationId: c.locationId }],
    ...over,
  });
const onHand = async (locationId: number) => (await db().stockOnHand.findFirst({ where: { locationId, goodsId: part.id }, select: { quantity: true } }))?.quantity ?? 0;

beforeAll(async () => {
  dealerRole = await roleId("DEALER");
  restoreRule = await useRule({ vehicleRate: "0.01", counterRate: "1", redeemValue: "0.01", expiryMonths: 24 });
  part = await makeGoods({ kind: "PART", price: "19.99", stock: 1000 });
});
afterAll(async () => restoreRule());
afterEach(async () => {
  for (const id of touched) expect(await ledgerProblems(id), `member ${id}`).toEqual([]);
});

describe("retail sale and car return", () => {
  it("with consent makes the member by phone with the sale's points; the same phone at another dealer finds it", async () => {
    const a = await dealer();
    const b = await dealer();
    const phone = newPhone();
    const sold = await sell(a, phone, { amount: "150000", memberConsent: true });
    const m = (await memberOf(phone))!;
    touched.add(m.id);
    expect(sold.member).toEqual({ memberNo: m.memberNo, created: true, points: 1500, balance: 1500 });
    expect(m).toMatchObject({ companyId: a.companyId, name: "Li Lei", balance: 1500, earnedTotal: 1500, tierId: await tierFor(1500) });
    const sale = await db().vehicleSale.findUniqueOrThrow({ where: { id: sold.saleId } });
    expect(sale).toMatchObject({ memberId: m.id, memberConsent: true });
    expect(sale.amount?.toFixed(2)).toBe("150000.00");
    const earned = await db().memberPointEntry.findFirstOrThrow({ where: { vehicleSaleId: sold.saleId } });
    expect(earned).toMatchObject({ kind: "EARN_SALE", points: 1500, remaining: 1500, companyId: a.companyId });
    // Expires 24 months after the sale's time.
    const months = (earned.expiresAt!.getTime() - sale.soldAt.getTime()) / (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(24);

    const again = await sell(b, phone, { amount: "99.99", memberConsent: true, ownerName: "Another Name" });
    expect(again.member).toEqual({ memberNo: m.memberNo, created: false, points: 0, balance: 1500 });
    expect(await db().member.count({ where: { phone } })).toBe(1);
    expect(await memberOf(phone)).toMatchObject({ companyId: a.companyId, name: "Li Lei" });
    expect((await db().vehicleSale.findUniqueOrThrow({ where: { id: again.saleId } })).memberId).toBe(m.id);
  });

  it("without consent makes no member and writes no points, even with an amount", async () => {
    const a = await dealer();
    const phone = newPhone();
    const sold = await sell(a, phone, { amount: "200000" });
    expect(sold.member).toBeNull();
    expect(await memberOf(phone)).toBeNull();
    expect(await db().memberPointEntry.count({ where: { vehicleSaleId: sold.saleId } })).toBe(0);
    expect(await db().vehicleSale.findUniqueOrThrow({ where: { id: sold.saleId } })).toMatchObject({ memberId: null, memberConsent: false });
  });

  it("a car return takes back the sale's points as far as the balance allows", async () => {
    const a = await dealer();
    const phone = newPhone();
    const s1 = await sell(a, phone, { amount: "100000", memberConsent: true });
    const m = (await memberOf(phone))!;
    touched.add(m.id);
    const back = await returnVehicle(a.viewer, a.ctx, { vin: s1.vin, returnedAt: dateToMinute(new Date()), reason: "Changed mind" });
    expect(back.points).toEqual({ memberId: m.id, earned: 1000, reversed: 1000, notReversed: 0 });
    expect(await memberOf(phone)).toMatchObject({ balance: 0 });
    expect(await db().memberPointEntry.findFirst({ where: { vehicleSaleId: s1.saleId, kind: "REVERSE" } })).toMatchObject({ points: -1000 });

    // Points partly spent: only what is left goes back.
    const s2 = await sell(a, phone, { amount: "50000", memberConsent: true });
    const c = await counter(a);
    await counterSale(a.viewer, a.ctx, saleOf(c, 1, { memberPhone: phone, redeemPoints: 300 }));
    const left = (await memberOf(phone))!.balance;
    const back2 = await returnVehicle(a.viewer, a.ctx, { vin: s2.vin, returnedAt: dateToMinute(new Date()), reason: "Changed mind" });
    expect(back2.points).toMatchObject({ earned: 500, reversed: Math.min(500, left) });
    expect((await memberOf(phone))!.balance).toBe(left - Math.min(500, left));
    // A sale without a member returns as before.
    const s3 = await sell(a, newPhone());
    expect((await returnVehicle(a.viewer, a.ctx, { vin: s3.vin, returnedAt: dateToMinute(new Date()), reason: "x" })).points).toBeNull();
  });
});

describe("counter sale", () => {
  it("takes the tier's discount, redeems points and earns on what is paid; the receipt shows them", async () => {
    const a = await dealer();
    const phone = newPhone();
    await sell(a, phone, { amount: "200000", memberConsent: true }); // 2000 points
    const m = (await memberOf(phone))!;
    touched.add(m.id);
    const tier = await db().memberTier.findUniqueOrThrow({ where: { id: m.tierId! } });
    const c = await counter(a);
    const out = await counterSale(a.viewer, a.ctx, saleOf(c, 10, { memberPhone: phone, redeemPoints: 500 }));
    const total = new Prisma.Decimal("199.90");
    const discount = total.mul(tier.discountPct).div(100).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
    const paid = total.sub(discount).sub("5.00");
    const earned = Math.floor(paid.toNumber());
    expect(out).toMatchObject({
      total: "199.90",
      amount: paid.toFixed(2),
      member: { discount: discount.toFixed(2), pointsRedeemed: 500, redeemedValue: "5.00", pointsEarned: earned, balance: 2000 - 500 + earned },
    });
    const doc = await db().wmsDocument.findUniqueOrThrow({ where: { id: out.id } });
    expect(doc).toMatchObject({ memberId: m.id, pointsRedeemed: 500, pointsEarned: earned });
    expect(doc.discountAmount?.toFixed(2)).toBe(discount.toFixed(2));
    expect(doc.amount?.toFixed(2)).toBe(paid.toFixed(2));
    expect(await db().memberPointEntry.findMany({ where: { documentId: out.id }, orderBy: { id: "asc" }, select: { kind: true, points: true } })).toEqual([
      { kind: "REDEEM", points: -500 },
      { kind: "EARN_COUNTER", points: earned },
    ]);
    const receipt = await loadReceipt(a.viewer, out.id);
    expect(receipt.member).toEqual({
      memberNo: m.memberNo,
      subtotal: "199.90",
      discount: discount.toFixed(2),
      pointsRedeemed: 500,
      redeemedValue: "5.00",
      pointsEarned: earned,
    });
    // Without a member, the sale is as before.
    const plain = await counterSale(a.viewer, a.ctx, saleOf(c, 1));
    expect(plain).toMatchObject({ amount: "19.99", total: "19.99" });
    expect(plain).not.toHaveProperty("member");
    expect((await loadReceipt(a.viewer, plain.id)).member).toBeNull();
  });

  it("a refusal saves nothing: not enough points, more than the amount, no member, unknown phone", async () => {
    const a = await dealer();
    const phone = newPhone();
    await sell(a, phone, { amount: "3000", memberConsent: true }); // 30 points
    const m = (await memberOf(phone))!;
    touched.add(m.id);
    const c = await counter(a);
    const docs = () => db().wmsDocument.count({ where: { posId: c.posId } });
    const entries = () => db().memberPointEntry.count({ where: { memberId: m.id } });
    const [d0, e0, s0] = [await docs(), await entries(), await onHand(c.locationId)];
    await expect(counterSale(a.viewer, a.ctx, saleOf(c, 1, { memberPhone: phone, redeemPoints: 31 }))).rejects.toMatchObject({
      key: "Members.errors.notEnoughPoints",
      field: "redeemPoints",
    });
    await expect(counterSale(a.viewer, a.ctx, saleOf(c, 1, { memberPhone: phone, redeemPoints: 30 }))).resolves.toBeDefined();
    const [d1, e1, s1] = [await docs(), await entries(), await onHand(c.locationId)];
    expect([d1, s1]).toEqual([d0 + 1, s0 - 1]);
    expect(e1).toBeGreaterThan(e0);
    // 19.99 less the discount is worth fewer than 2,000 points (0.01 yuan each).
    const big = await sell(a, phone, { amount: "500000", memberConsent: true });
    expect(big.member?.points).toBe(5000);
    const e2 = await entries();
    await expect(counterSale(a.viewer, a.ctx, saleOf(c, 1, { memberPhone: phone, redeemPoints: 2000 }))).rejects.toMatchObject({
      key: "WmsPos.errors.redeemTooMuch",
      field: "redeemPoints",
    });
    await expect(counterSale(a.viewer, a.ctx, saleOf(c, 1, { redeemPoints: 5 }))).rejects.toMatchObject({ key: "WmsPos.errors.redeemNeedsMember", field: "redeemPoints" });
    await expect(counterSale(a.viewer, a.ctx, saleOf(c, 1, { memberPhone: newPhone(), redeemPoints: 5 }))).rejects.toMatchObject({
      key: "WmsPos.errors.memberNotFound",
      field: "memberPhone",
    });
    expect([await docs(), await entries(), await onHand(c.locationId)]).toEqual([d1, e2, s1]);
  });

  it("20 concurrent counter sales redeeming 100 each from 1,000 points never go below zero", async () => {
    const a = await dealer();
    const phone = newPhone();
    await sell(a, phone, { amount: "100000", memberConsent: true }); // 1000 points
    const m = (await memberOf(phone))!;
    touched.add(m.id);
    const c = await counter(a, 100);
    // Nothing earned at the counter here, so exactly ten redemptions fit.
    const restore = await useRule({ vehicleRate: "0.01", counterRate: "0", redeemValue: "0.01", expiryMonths: 24 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => counterSale(a.viewer, a.ctx, saleOf(c, 1, { memberPhone: phone, redeemPoints: 100 }))));
      const ok = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(ok).toHaveLength(10);
      for (const r of refused) expect(r.reason).toMatchObject({ key: "Members.errors.notEnoughPoints" });
      expect((await memberOf(phone))!.balance).toBe(0);
      expect(await db().wmsDocument.count({ where: { posId: c.posId } })).toBe(10);
      expect(await onHand(c.locationId)).toBe(90);
    } finally {
      await restore();
    }
  });
});

describe("the counter's member lookup", () => {
  it("answers any dealer of the network by exact phone, masked; staff and unknown phones get nothing", async () => {
    const a = await dealer();
    const b = await dealer();
    const phone = newPhone();
    await sell(a, phone, { amount: "120000", memberConsent: true, ownerName: "张伟明" });
    const m = (await memberOf(phone))!;
    touched.add(m.id);
    const seen = await memberAtCounter(b.viewer, phone);
    expect(Object.keys(seen).sort()).toEqual(["balance", "memberNo", "name", "phone", "redeemValue", "tier"]);
    expect(seen).toMatchObject({ memberNo: m.memberNo, name: "张**", phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, balance: 1200, redeemValue: "0.0100" });
    expect(JSON.stringify(seen)).not.toContain(phone);
    expect(JSON.stringify(seen)).not.toContain("伟明");
    await expect(memberAtCounter(b.viewer, phone.slice(0, 10))).rejects.toMatchObject({ key: "WmsPos.errors.memberNotFound", status: 404 });
    const staff = await makeStaff({ roleIds: [await roleId("SALES_OPS")] });
    const sv = (await loadViewer(staff.id, null, nowSeconds()))!;
    await expect(memberAtCounter(sv, phone)).rejects.toMatchObject({ status: 403 });
    // Points already due to expire are not offered.
    await db().memberPointEntry.updateMany({ where: { memberId: m.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await memberAtCounter(b.viewer, phone)).balance).toBe(0);
  });
});
