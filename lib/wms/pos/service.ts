import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { dealerCompany } from "@/lib/wms/access";
import { postCounterDelivery } from "@/lib/wms/documents";
import type { TCounterSale, TOutletSave } from "./schemas";

// The points of sale screen's writes (customerWms/pointOfSale): an outlet saved, and a counter
// sale posted at once as a WD delivery (source COUNTER) through lib/wms/documents.ts, which takes
// the stock through the ledger (never below zero: a shortage is Wms.errors.notEnough on the
// line). Each is one transaction: a refused sale leaves nothing behind.

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

/** A counter sale: validated, its amount summed in decimals, posted at once. */
export async function counterSale(viewer: Viewer, ctx: AuditCtx, input: TCounterSale) {
  const companyId = dealerCompany(viewer, "pos:sell");
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
        amount: amount.toFixed(2),
        remark: input.remark,
      },
      input.lines.map((l) => ({ goodsId: l.goodsId, quantity: l.quantity, fromLocationId: l.fromLocationId, price: new Prisma.Decimal(l.price).toFixed(2) })),
    );
    return { id: doc.id, docNo: doc.docNo, amount: amount.toFixed(2) };
  });
}
