import "server-only";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { dealerCompany } from "../access";
import type { TSetMinimum } from "./schemas";

// The low-stock threshold a dealer keeps for one goods (StockMinimum): set to a whole number, or
// cleared (null). One transaction with its audit row; staff change nothing (dealerCompany 403).

export async function setMinimum(viewer: Viewer, ctx: AuditCtx, input: TSetMinimum): Promise<{ goodsId: number; minQty: number | null }> {
  const companyId = dealerCompany(viewer, "inventory:setMinimum");
  return db().$transaction(async (tx) => {
    const goods = await tx.goods.findUnique({ where: { id: input.goodsId }, select: { id: true } });
    if (!goods) throw new NotFoundError();
    const key = { companyId_goodsId: { companyId, goodsId: goods.id } };
    const before = await tx.stockMinimum.findUnique({ where: key, select: { minQty: true } });
    if (input.minQty === null) {
      if (before) await tx.stockMinimum.delete({ where: key });
    } else await tx.stockMinimum.upsert({ where: key, create: { companyId, goodsId: goods.id, minQty: input.minQty }, update: { minQty: input.minQty } });
    await audit(tx, ctx, "StockMinimum", `${companyId}:${goods.id}`, input.minQty === null ? "clear" : "set", before, input.minQty === null ? null : { minQty: input.minQty });
    return { goodsId: goods.id, minQty: input.minQty };
  });
}
