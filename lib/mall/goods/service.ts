import "server-only";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { GoodsKind } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { linkAttachments } from "@/lib/uploads/access";
import { UploadError } from "@/lib/uploads/errors";
import { MAX_PICTURES, type TGoodsSave } from "./schemas";

// Goods writes (staff with goods:create / goods:update): create and edit with pictures, put on
// and off sale. Each write is one transaction with its audit rows. Stock is also changed by
// orders reserving and releasing it, so an edit of the stock only applies while the stock is
// still what the form loaded (a conditional update): never a lost update.

export const GOODS_OWNER = "goods";
const WRITE = {
  id: true,
  kind: true,
  code: true,
  nameEn: true,
  nameZh: true,
  carGroupId: true,
  vehicleModelId: true,
  config: true,
  specification: true,
  partsCategory: true,
  price: true,
  stock: true,
  minOrderQty: true,
  onSale: true,
  sort: true,
  remark: true,
  coverId: true,
} as const;

/** A part's category: an enabled item of the dictionary parts_category, or the one it has already
 * (a category disabled since stays on the goods until changed). Vehicles have none. */
async function resolveCategory(tx: Tx, input: TGoodsSave, current: string | null): Promise<string | null> {
  const value = input.kind === "VEHICLE" ? null : (input.partsCategory ?? null);
  if (value === null || value === current) return value;
  const items = await dict("parts_category", { client: tx });
  if (!items.some((i) => i.value === value)) throw new DomainError("GoodsAdmin.errors.categoryUnknown", {}, "partsCategory");
  return value;
}

/** The group a goods belongs to: its model's when it has one (a given group must match). */
async function resolveGroup(tx: Tx, input: TGoodsSave): Promise<number | null> {
  if (input.vehicleModelId) {
    const model = await tx.vehicleModel.findUnique({ where: { id: input.vehicleModelId }, select: { carGroupId: true } });
    if (!model) throw new DomainError("GoodsAdmin.errors.modelMissing", {}, "vehicleModelId");
    if (input.carGroupId && input.carGroupId !== model.carGroupId) throw new DomainError("GoodsAdmin.errors.modelGroup", {}, "vehicleModelId");
    return model.carGroupId;
  }
  if (input.carGroupId && !(await tx.carGroup.findUnique({ where: { id: input.carGroupId }, select: { id: true } })))
    throw new DomainError("GoodsAdmin.errors.groupMissing", {}, "carGroupId");
  return input.carGroupId ?? null;
}

async function linkPictures(tx: Tx, viewer: Viewer, id: number, pictures: { id: string }[]): Promise<string | null> {
  try {
    await linkAttachments(tx, { ids: pictures.map((p) => p.id), ownerType: GOODS_OWNER, ownerId: id, field: "pictures", kind: "IMAGE", viewer, max: MAX_PICTURES });
  } catch (err) {
    // Upload refusals name the upload field of the form.
    if (err instanceof UploadError) throw new DomainError(err.key, err.values, "pictures", err.status);
    throw err;
  }
  return pictures[0]?.id ?? null;
}

/**
 * Creates or edits a goods of one of `kinds` (the screen's kinds). A vehicle keeps its kind;
 * parts and derivative goods may swap (same cart, same orders).
 */
export async function saveGoods(viewer: Viewer, ctx: AuditCtx, input: TGoodsSave, kinds: readonly GoodsKind[]) {
  if (!kinds.includes(input.kind)) throw new DomainError("GoodsAdmin.errors.kindNotHere", {}, "kind");
  return db().$transaction(async (tx) => {
    try {
      return await saveInTx(tx, viewer, ctx, input, kinds);
    } catch (err) {
      // Two creates racing for one code: the unique index decides, the loser hears why.
      if ((err as { code?: string }).code === "P2002") throw new DomainError("GoodsAdmin.errors.codeTaken", { code: input.code }, "code", 409);
      throw err;
    }
  });
}

async function saveInTx(tx: Tx, viewer: Viewer, ctx: AuditCtx, input: TGoodsSave, kinds: readonly GoodsKind[]) {
  {
    const clash = await tx.goods.findFirst({ where: { code: { equals: input.code, mode: "insensitive" }, NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("GoodsAdmin.errors.codeTaken", { code: input.code }, "code", 409);
    const carGroupId = await resolveGroup(tx, input);
    const current = input.id ? ((await tx.goods.findUnique({ where: { id: input.id }, select: { partsCategory: true } }))?.partsCategory ?? null) : null;
    const partsCategory = await resolveCategory(tx, input, current);
    const data = {
      kind: input.kind,
      code: input.code,
      nameEn: input.nameEn,
      nameZh: input.nameZh,
      carGroupId,
      vehicleModelId: input.vehicleModelId ?? null,
      config: input.config,
      specification: input.specification,
      partsCategory,
      price: input.price,
      minOrderQty: input.minOrderQty,
      onSale: input.onSale,
      sort: input.sort,
      remark: input.remark,
    };

    if (!input.id) {
      const created = await tx.goods.create({ data: { ...data, stock: input.stock }, select: { id: true } });
      const coverId = await linkPictures(tx, viewer, created.id, input.pictures);
      const row = await tx.goods.update({ where: { id: created.id }, data: { coverId }, select: WRITE });
      await audit(tx, ctx, "Goods", row.id, "create", null, row);
      return row;
    }

    const before = await tx.goods.findUnique({ where: { id: input.id }, select: WRITE });
    if (!before || !kinds.includes(before.kind)) throw new NotFoundError();
    if (before.kind !== input.kind && (before.kind === "VEHICLE" || input.kind === "VEHICLE")) throw new DomainError("GoodsAdmin.errors.kindLocked", {}, "kind");
    const coverId = await linkPictures(tx, viewer, input.id, input.pictures);
    // A new parts category re-keys the goods' plan achievement facts (a trigger on Goods, the
    // migration achievement_line_groups), which locks them against writers. Taken here, before
    // the goods row: an order submission holds its facts before it locks its goods rows, so
    // taking the goods row first could deadlock with it.
    if (partsCategory !== before.partsCategory) await tx.$executeRaw`LOCK TABLE "AchievementFact" IN SHARE ROW EXCLUSIVE MODE`;
    // The stock is written only when the form changed it, and only if nobody (an order) has
    // changed it since the form loaded; otherwise the current stock stays as it is.
    if (input.stock !== input.stockSeen) {
      const { count } = await tx.goods.updateMany({ where: { id: input.id, stock: input.stockSeen }, data: { ...data, coverId, stock: input.stock } });
      if (count !== 1) {
        const now = await tx.goods.findUnique({ where: { id: input.id }, select: { stock: true } });
        throw new DomainError("GoodsAdmin.errors.stockChanged", { stock: now?.stock ?? 0 }, "stock", 409);
      }
    } else {
      await tx.goods.update({ where: { id: input.id }, data: { ...data, coverId } });
    }
    const row = await tx.goods.findUniqueOrThrow({ where: { id: input.id }, select: WRITE });
    await audit(tx, ctx, "Goods", row.id, "update", before, row);
    return row;
  }
}

/** Puts the selected goods on or off sale: all of them or none (another screen's goods: 404). */
export async function setGoodsOnSale(ctx: AuditCtx, ids: number[], onSale: boolean, kinds: readonly GoodsKind[]) {
  return db().$transaction(async (tx) => {
    const rows = await tx.goods.findMany({ where: { id: { in: ids }, kind: { in: [...kinds] } }, select: { id: true, code: true, onSale: true } });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    const changing = rows.filter((r) => r.onSale !== onSale);
    if (changing.length) await tx.goods.updateMany({ where: { id: { in: changing.map((r) => r.id) } }, data: { onSale } });
    for (const r of changing) await audit(tx, ctx, "Goods", r.id, onSale ? "onSale" : "offSale", { onSale: r.onSale }, { onSale });
    return { changed: changing.length };
  });
}
