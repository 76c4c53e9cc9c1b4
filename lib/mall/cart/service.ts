import "server-only";
import type { Tx } from "@/lib/core/tx";
import { getLocale } from "next-intl/server";
import { hasPermission, requirePermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { dicts } from "@/lib/dict/dict";
import type { DictItemView } from "@/lib/dict/items";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { FILES_PATH } from "@/lib/uploads/formats";
import { MAX_QUANTITY } from "../orders/schemas";
import { MAX_CART_LINES, cartTypeOf, kindsOf, quantityProblem, type CartType, type GoodsKindName, type QuantityRules, type TAddToCart, type TUpdateCartLine } from "./schemas";

// The dealer's carts (onlineMall/car/cart for vehicles, onlineMall/mountings/cart for parts and
// derivative goods). A line belongs to one user acting for one company: another company's or
// another user's line answers 404, exactly like a missing one. The cart checks the goods' rules
// when a line is added or changed and flags lines whose goods changed since; the order
// submission checks them again under lock (the cart warns, submission enforces).

type Owner = { companyId: number; userId: number };

const GOODS = {
  id: true,
  kind: true,
  code: true,
  nameEn: true,
  nameZh: true,
  config: true,
  specification: true,
  price: true,
  stock: true,
  minOrderQty: true,
  onSale: true,
  coverId: true,
} as const;
const LINE = { id: true, goodsId: true, quantity: true, remark: true, createdAt: true, updatedAt: true, goods: { select: GOODS } } as const;
type RawLine = Prisma.CartLineGetPayload<{ select: typeof LINE }>;

export type CartLineView = {
  id: number;
  goodsId: number;
  kind: GoodsKindName;
  code: string;
  name: string;
  nameEn: string;
  nameZh: string;
  config: string | null;
  specification: string | null;
  coverId: string | null;
  /** The cover's thumbnail, or null when the goods has no picture. */
  coverUrl: string | null;
  /** Decimal strings with two places. */
  price: string;
  quantity: number;
  subtotal: string;
  remark: string | null;
  minOrderQty: number;
  stock: number;
  onSale: boolean;
  /** Why the line cannot be ordered as it is (the page flags it; submission refuses it). */
  flags: { offSale: boolean; outOfStock: boolean; belowMinimum: boolean };
  updatedAt: string;
};

export type CartView = {
  type: CartType;
  lines: CartLineView[];
  /** Over every line of the cart; the page sums the selected ones itself. */
  totals: { lines: number; quantity: number; amount: string };
  /** Lines that cannot be ordered as they are. */
  flagged: number;
  maxLines: number;
};

/** Only a dealer acting for a company has a cart. */
function ownerOf(viewer: Viewer): Owner {
  if (viewer.userType !== "DEALER" || !viewer.company) throw new DomainError("Cart.errors.notDealer", {}, undefined, 403);
  return { companyId: viewer.company.id, userId: viewer.userId };
}

function toView(l: RawLine, locale: string): CartLineView {
  const g = l.goods;
  const flags = { offSale: !g.onSale, outOfStock: g.stock <= 0 || g.stock < l.quantity, belowMinimum: l.quantity < g.minOrderQty };
  return {
    id: l.id,
    goodsId: g.id,
    kind: g.kind,
    code: g.code,
    name: locale === "zh-CN" ? g.nameZh : g.nameEn,
    nameEn: g.nameEn,
    nameZh: g.nameZh,
    config: g.config,
    specification: g.specification,
    coverId: g.coverId,
    coverUrl: g.coverId ? `${FILES_PATH}/${g.coverId}?thumb=1` : null,
    price: g.price.toFixed(2),
    quantity: l.quantity,
    subtotal: g.price.mul(l.quantity).toFixed(2),
    remark: l.remark,
    minOrderQty: g.minOrderQty,
    stock: g.stock,
    onSale: g.onSale,
    flags,
    updatedAt: l.updatedAt.toISOString(),
  };
}

function totalsOf(lines: CartLineView[]): CartView["totals"] {
  let amount = new Prisma.Decimal(0);
  let quantity = 0;
  for (const l of lines) {
    amount = amount.add(l.subtotal);
    quantity += l.quantity;
  }
  return { lines: lines.length, quantity, amount: amount.toFixed(2) };
}

/** The cart of that type: its lines (most recently added first) with their flags and totals. */
export async function loadCart(viewer: Viewer, type: CartType, locale?: string): Promise<CartView> {
  const owner = ownerOf(viewer);
  const loc = locale ?? (await getLocale());
  // One query whatever the cart's size (at most MAX_CART_LINES lines).
  const rows = await db().cartLine.findMany({
    where: { ...owner, goods: { kind: { in: kindsOf(type) } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_CART_LINES,
    select: LINE,
  });
  const lines = rows.map((r) => toView(r, loc));
  return { type, lines, totals: totalsOf(lines), flagged: lines.filter((l) => l.flags.offSale || l.flags.outOfStock || l.flags.belowMinimum).length, maxLines: MAX_CART_LINES };
}

export type CartPageData = CartView & {
  /** False for staff and administrators, who have no cart (the page says so). */
  dealer: boolean;
  can: { update: boolean; submit: boolean };
  /** The submit form's choices, so the form needs no request for them. */
  dicts: { deliveryWay: DictItemView[]; carrierType: DictItemView[] };
};

/** The cart page's data (and its server loader's answer), with what the viewer may do on it. */
export async function loadCartPage(viewer: Viewer, type: CartType): Promise<CartPageData> {
  const dealer = viewer.userType === "DEALER" && !!viewer.company;
  const can = { update: dealer && hasPermission(viewer, "cart:update"), submit: dealer && hasPermission(viewer, "order:submit") };
  const [cart, d] = await Promise.all([
    dealer ? loadCart(viewer, type) : Promise.resolve<CartView>({ type, lines: [], totals: { lines: 0, quantity: 0, amount: "0.00" }, flagged: 0, maxLines: MAX_CART_LINES }),
    dicts(["delivery_way", "carrier_type"] as const),
  ]);
  return { ...cart, dealer, can, dicts: { deliveryWay: d.delivery_way, carrierType: d.carrier_type } };
}

/** The REST list of a cart's lines. */
export const cartLines = (viewer: Viewer, type: CartType) => loadCart(viewer, type);

/** A user's cart writes queue behind each other, so the line cap and the merged quantity hold
 * when requests race (the row lock lets other rows reference the user meanwhile). */
async function lockOwner(tx: Tx, owner: Owner): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${owner.userId} FOR NO KEY UPDATE`;
}

function checkQuantity(quantity: number, g: QuantityRules): void {
  if (quantity > MAX_QUANTITY) throw new DomainError("Cart.errors.invalidQuantity", { max: MAX_QUANTITY }, "quantity", 422);
  const p = quantityProblem(quantity, g);
  if (!p) return;
  // Off sale and out of stock are conflicts with the goods' state; the others are the input's.
  const status = p.key === "offSale" || p.key === "outOfStock" || p.key === "aboveStock" ? 409 : 422;
  throw new DomainError(`Cart.errors.${p.key}`, p.values, "quantity", status);
}

async function lineView(tx: Tx, id: number): Promise<CartLineView> {
  return toView(await tx.cartLine.findUniqueOrThrow({ where: { id }, select: LINE }), await getLocale());
}

/** Puts goods into the cart of their kind; goods already there get the quantity added to their
 * line, and the sum must satisfy the goods' minimum and stock. */
export async function addToCart(viewer: Viewer, input: TAddToCart): Promise<{ line: CartLineView; merged: boolean; type: CartType }> {
  requirePermission(viewer, "cart:add");
  const owner = ownerOf(viewer);
  return db().$transaction(async (tx) => {
    await lockOwner(tx, owner);
    const goods = await tx.goods.findUnique({ where: { id: input.goodsId }, select: { id: true, kind: true, stock: true, minOrderQty: true, onSale: true } });
    if (!goods) throw new NotFoundError();
    const type = cartTypeOf(goods.kind);
    if (input.type && input.type !== type) throw new DomainError("Cart.errors.wrongKind", {}, "goodsId", 422);
    const existing = await tx.cartLine.findUnique({ where: { companyId_userId_goodsId: { ...owner, goodsId: goods.id } }, select: { id: true, quantity: true } });
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    // With some already in the cart, say so: "only 5 in stock" alone would puzzle someone adding 2.
    if (existing && goods.onSale && goods.stock > 0 && quantity > goods.stock)
      throw new DomainError("Cart.errors.aboveStockInCart", { stock: goods.stock, inCart: existing.quantity }, "quantity", 409);
    checkQuantity(quantity, goods);
    if (existing) {
      await tx.cartLine.update({ where: { id: existing.id }, data: { quantity, ...(input.remark !== undefined ? { remark: input.remark } : {}) } });
      return { line: await lineView(tx, existing.id), merged: true, type };
    }
    const count = await tx.cartLine.count({ where: { ...owner, goods: { kind: { in: kindsOf(type) } } } });
    if (count >= MAX_CART_LINES) throw new DomainError("Cart.errors.full", { max: MAX_CART_LINES }, undefined, 409);
    const created = await tx.cartLine.create({ data: { ...owner, goodsId: goods.id, quantity, remark: input.remark ?? null }, select: { id: true } });
    return { line: await lineView(tx, created.id), merged: false, type };
  });
}

/** Changes a line's quantity (checked against the goods as they are now) and/or its remark. */
export async function updateCartLine(viewer: Viewer, input: TUpdateCartLine): Promise<{ line: CartLineView }> {
  requirePermission(viewer, "cart:update");
  const owner = ownerOf(viewer);
  return db().$transaction(async (tx) => {
    await lockOwner(tx, owner);
    const line = await tx.cartLine.findFirst({
      where: { id: input.id, ...owner },
      select: { id: true, quantity: true, goods: { select: { stock: true, minOrderQty: true, onSale: true } } },
    });
    if (!line) throw new NotFoundError();
    const data: Prisma.CartLineUpdateInput = {};
    if (input.quantity !== undefined && input.quantity !== line.quantity) {
      checkQuantity(input.quantity, line.goods);
      data.quantity = input.quantity;
    }
    if (input.remark !== undefined) data.remark = input.remark;
    if (Object.keys(data).length) await tx.cartLine.update({ where: { id: line.id }, data });
    return { line: await lineView(tx, line.id) };
  });
}

/** Removes all the given lines or none: one that is not the viewer's answers 404. */
export async function removeCartLines(viewer: Viewer, ids: number[]): Promise<{ deleted: number }> {
  requirePermission(viewer, "cart:update");
  const owner = ownerOf(viewer);
  const unique = [...new Set(ids)];
  return db().$transaction(async (tx) => {
    const { count } = await tx.cartLine.deleteMany({ where: { id: { in: unique }, ...owner } });
    // Throwing rolls the deletion back, so nothing changes when one of them is not ours.
    if (count !== unique.length) throw new NotFoundError();
    return { deleted: count };
  });
}

/** Empties the cart of that type. */
export async function clearCart(viewer: Viewer, type: CartType): Promise<{ deleted: number }> {
  requirePermission(viewer, "cart:update");
  const owner = ownerOf(viewer);
  const { count } = await db().cartLine.deleteMany({ where: { ...owner, goods: { kind: { in: kindsOf(type) } } } });
  return { deleted: count };
}
