import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { dealerCompany } from "@/lib/wms/access";
import { postCounterDelivery } from "@/lib/wms/documents";
import { memberForSale } from "@/lib/members/counter";
import { earnPoints, pointsFor, takePoints } from "@/lib/members/ledger";
import { discountOf, expiryFor, pointRule, redeemValueOf } from "@/lib/members/rules";
import type { TCounterSale, TOutletSave } from "./schemas";

// The points of sale screen's writes (customerWms/pointOfSale): an outlet saved, and a counter
// sale posted at once as a WD delivery (source COUNTER) through lib/wms/documents.ts, which takes
// the stock through the ledger (never below zero: a shortage is Wms.errors.notEnough on the
// line). Each is one transaction: a refused sale leaves nothing behind.
//
// A member's counter sale (issue 21): the member (by exact phone) is locked first, the tier's
// discount comes off the goods total, the points redeemed come off what is left (never more than
// it), and the member earns points on what is paid. WmsDocument.amount is what the customer
// pays; discountAmount the tier's discount; the redeemed points' value is the lines' total less
// both (a later change of the rule's redeemValue does not change an old receipt). Points change
// only through lib/members/ledger.ts, in the sale's transaction: not enough points refuses the
// whole sale.

const ENTITY = "PointOfSale";
const WRITE = { id: true, companyId: true, code: true, name: true, kind: true, address: true, contact: true, phone: true, warehouseId: true, enabled: true } as const;

const isUniqueViolation = (e: unknown) => e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";

export async function saveOutlet(viewer: Viewer, ctx: AuditCtx, input: TOutletSave) {
  const companyId = dealerCompany(viewer, "pos:manage");
  const codeTaken = () => new DomainError("WmsPos.errors.codeTaken", { code: input.code }, "code", 409);
  try {
    return await db().$transaction(async (tx) => {
      const before = input.id ? await tx.pointOfSale.findFirst({ where: { id: input.id, companyId }, select: WRITE }) : null;
      if (input.id && !before) throw new NotFoundError();
      const w = await tx.warehouse.findFirst({ where: { id: input.warehouseId, companyId }, select: { code: true, enabled: true } });
      if (!w) throw new DomainError("Wms.errors.warehouseUnknown", {}, "warehouseId", 404);
      // An outlet keeps the warehouse it has even when that was disabled later; a new choice must be enabled.
      if (!w.enabled && before?.warehouseId !== input.warehouseId) throw new DomainError("Wms.errors.warehouseDisabled", { code: w.code }, "warehouseId", 409);
      const clash = await tx.pointOfSale.findFirst({ where: { companyId, code: input.code, NOT: before ? { id: before.id } : undefined }, select: { id: true } });
      if (clash) throw codeTaken();
      const data = {
        code: input.code,
        name: input.name,
        kind: input.kind,
        address: input.address,
        contact: input.contact,
        phone: input.phone,
        warehouseId: input.warehouseId,
        enabled: input.enabled,
      };
      const row = before
        ? await tx.pointOfSale.update({ where: { id: before.id }, data, select: WRITE })
        : await tx.pointOfSale.create({ data: { ...data, companyId }, select: WRITE });
      await audit(tx, ctx, ENTITY, row.id, before ? "update" : "create", before, row);
      return row;
    });
  } catch (e) {
    // Two saves of the same code at once: the unique index refuses the second.
    if (isUniqueViolation(e)) throw codeTaken();
    throw e;
  }
}

/** A counter sale: validated, its amount summed in decimals, a member's discount and points applied, posted at once. */
export async function counterSale(viewer: Viewer, ctx: AuditCtx, input: TCounterSale) {
  const companyId = dealerCompany(viewer, "pos:sell");
  const redeem = input.redeemPoints ?? 0;
  if (redeem > 0 && !input.memberPhone) throw new DomainError("WmsPos.errors.redeemNeedsMember", {}, "redeemPoints");
  const now = new Date();
  return db().$transaction(async (tx) => {
    const outlet = await tx.pointOfSale.findFirst({
      where: { id: input.posId, companyId },
      select: { id: true, code: true, enabled: true, warehouseId: true, warehouse: { select: { code: true, enabled: true } } },
    });
    if (!outlet) throw new NotFoundError();
    if (!outlet.enabled) throw new DomainError("WmsPos.errors.outletDisabled", { code: outlet.code }, "posId", 409);
    if (!outlet.warehouse.enabled) throw new DomainError("Wms.errors.warehouseDisabled", { code: outlet.warehouse.code }, "posId", 409);
    const methods = await dict("payment_method", { client: tx });
    if (!methods.some((m) => m.value === input.paymentMethod)) throw new DomainError("WmsPos.errors.paymentUnknown", {}, "paymentMethod");
    // The member's lock before any stock lock (lib/members/counter.ts says why).
    const member = input.memberPhone ? await memberForSale(tx, input.memberPhone, now) : null;

    const goods = new Map(
      (await tx.goods.findMany({ where: { id: { in: [...new Set(input.lines.map((l) => l.goodsId))] } }, select: { id: true, code: true, kind: true } })).map((g) => [g.id, g]),
    );
    const locations = new Map(
      (
        await tx.warehouseLocation.findMany({
          where: { id: { in: [...new Set(input.lines.map((l) => l.fromLocationId))] }, warehouseId: outlet.warehouseId },
          select: { id: true, code: true, enabled: true },
        })
      ).map((l) => [l.id, l]),
    );
    let amount = new Prisma.Decimal(0);
    input.lines.forEach((l, i) => {
      const g = goods.get(l.goodsId);
      if (!g) throw new DomainError("Wms.errors.goodsUnknown", { line: i + 1 }, `lines.${i}.goodsId`);
      if (g.kind === "VEHICLE") throw new DomainError("Wms.errors.vehicleBySale", { code: g.code }, `lines.${i}.goodsId`);
      const loc = locations.get(l.fromLocationId);
      if (!loc) throw new DomainError("Wms.errors.locationUnknown", { line: i + 1 }, `lines.${i}.fromLocationId`);
      if (!loc.enabled) throw new DomainError("Wms.errors.locationDisabled", { code: loc.code, line: i + 1 }, `lines.${i}.fromLocationId`, 409);
      amount = amount.add(new Prisma.Decimal(l.price).mul(l.quantity));
    });

    // Discount, then redemption, then what is paid and the points it earns.
    const rule = member ? await pointRule(tx) : null;
    const discount = member ? discountOf(amount, member.discountPct) : new Prisma.Decimal(0);
    const afterDiscount = amount.sub(discount);
    const redeemed = rule && redeem > 0 ? redeemValueOf(redeem, rule.redeemValue) : new Prisma.Decimal(0);
    if (rule && redeem > 0 && redeemed.gt(afterDiscount)) {
      const max = rule.redeemValue.gt(0) ? afterDiscount.div(rule.redeemValue).floor().toNumber() : 0;
      throw new DomainError("WmsPos.errors.redeemTooMuch", { max }, "redeemPoints");
    }
    const paid = afterDiscount.sub(redeemed);
    const earned = rule ? pointsFor(paid.toNumber(), rule.counterRate) : 0;

    const doc = await postCounterDelivery(
      tx,
      ctx,
      {
        companyId,
        warehouseId: outlet.warehouseId,
        posId: outlet.id,
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        paymentMethod: input.paymentMethod,
        amount: paid.toFixed(2),
        remark: input.remark,
        ...(member ? { memberId: member.id, discountAmount: discount.toFixed(2), pointsRedeemed: redeem, pointsEarned: earned } : {}),
      },
      input.lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity, fromLocationId: l.fromLocationId, price: new Prisma.Decimal(l.price).toFixed(2) })),
    );
    let balance: number | null = null;
    if (member) {
      const pctx = { companyId, userId: ctx.userId, at: now };
      if (redeem > 0) balance = (await takePoints(tx, pctx, { memberId: member.id, kind: "REDEEM", points: redeem, documentId: doc.id }, "redeemPoints")).balance;
      if (earned > 0)
        balance = (await earnPoints(tx, pctx, { memberId: member.id, kind: "EARN_COUNTER", points: earned, expiresAt: expiryFor(now, rule!.expiryMonths), documentId: doc.id }))
          .balance;
      balance ??= (await tx.member.findUniqueOrThrow({ where: { id: member.id }, select: { balance: true } })).balance;
    }
    return {
      id: doc.id,
      docNo: doc.docNo,
      amount: paid.toFixed(2),
      total: amount.toFixed(2),
      ...(member ? { member: { discount: discount.toFixed(2), pointsRedeemed: redeem, redeemedValue: redeemed.toFixed(2), pointsEarned: earned, balance: balance! } } : {}),
    };
  });
}
