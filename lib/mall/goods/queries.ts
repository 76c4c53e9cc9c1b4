import "server-only";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { GoodsKind, Prisma } from "@/lib/generated/prisma/client";
import { attachmentsOf } from "@/lib/uploads/access";
import { fileUrl, type AttachmentValue } from "@/lib/uploads/formats";
import { cleanParam } from "@/lib/validation/text";
import { encodeKeyCursor } from "@/lib/list/keyset";
import { afterKeyWhere } from "@/lib/list/prisma";
import { CATALOG_PAGE_SIZE, decodeCatalogCursor, idParam, MAX_CATALOG_LIMIT } from "./schemas";

// The catalogue's reads: the dealer malls (onlineMall/car/goods, mountings/goods,
// mountings/derivativeGoods), the goods detail, and the REST list. Dealers (and anyone who
// cannot manage goods) see on-sale goods only; an off-sale goods answers 404 like a missing one.
// Lists page by keyset on (sort, id) in one goods query whatever the page size: the cover is
// Goods.coverId, the group and model come with it. The caller has checked the screen.

export type Named = { id: number; code: string; nameEn: string; nameZh: string };
export type Picture = { url: string; thumbUrl: string };

export type GoodsCard = {
  id: number;
  kind: GoodsKind;
  code: string;
  nameEn: string;
  nameZh: string;
  carGroup: Named | null;
  vehicleModel: Named | null;
  config: string | null;
  specification: string | null;
  /** Decimal text with two places, e.g. "189900.00". */
  price: string;
  stock: number;
  minOrderQty: number;
  onSale: boolean;
  sort: number;
  cover: Picture | null;
};

export type GoodsDetail = GoodsCard & { remark: string | null; pictures: AttachmentValue[]; updatedAt: string };

/** Staff who create or edit goods also see those off sale. */
export function canManageGoods(viewer: Viewer): boolean {
  return hasPermission(viewer, "goods:create") || hasPermission(viewer, "goods:update");
}

/** What the viewer may see of goods of these kinds. */
export function visibleGoods(viewer: Viewer, kinds: readonly GoodsKind[]): Prisma.GoodsWhereInput {
  return { kind: kinds.length === 1 ? kinds[0] : { in: [...kinds] }, ...(canManageGoods(viewer) ? {} : { onSale: true }) };
}

const NAMED = { id: true, code: true, nameEn: true, nameZh: true } as const;
export const CARD_SELECT = {
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
  sort: true,
  coverId: true,
  carGroup: { select: NAMED },
  vehicleModel: { select: NAMED },
} as const;
type RawCard = Prisma.GoodsGetPayload<{ select: typeof CARD_SELECT }>;

export const coverOf = (coverId: string | null): Picture | null => (coverId ? { url: fileUrl(coverId), thumbUrl: fileUrl(coverId, true) } : null);

export function toCard({ coverId, price, ...r }: RawCard): GoodsCard {
  return { ...r, price: price.toFixed(2), cover: coverOf(coverId) };
}

/** Name (either language, any case) or code contains the text. */
export function searchWhere(q: string | null | undefined): Prisma.GoodsWhereInput {
  const text = cleanParam(q, 50);
  if (!text) return {};
  return { OR: [{ nameEn: { contains: text, mode: "insensitive" } }, { nameZh: { contains: text, mode: "insensitive" } }, { code: { contains: text, mode: "insensitive" } }] };
}

export type ListGoodsInput = { kind: GoodsKind; carGroupId?: number | null; q?: string | null; cursor?: string | null; limit?: number };
export type GoodsPage = { items: GoodsCard[]; nextCursor: string | null };

/** One page of the catalogue after `cursor`, in (sort, id) order: plain JSON (price as text). */
export async function listGoods(viewer: Viewer, input: ListGoodsInput): Promise<GoodsPage> {
  const limit = Math.min(Math.max(1, Math.floor(input.limit ?? CATALOG_PAGE_SIZE)), MAX_CATALOG_LIMIT);
  const after = decodeCatalogCursor(input.cursor);
  const where: Prisma.GoodsWhereInput = {
    AND: [
      visibleGoods(viewer, [input.kind]),
      input.carGroupId ? { carGroupId: input.carGroupId } : {},
      searchWhere(input.q),
      afterKeyWhere<Prisma.GoodsWhereInput>(after, "sort") ?? {},
    ],
  };
  const rows = await db().goods.findMany({ where, orderBy: [{ sort: "asc" }, { id: "asc" }], take: limit + 1, select: CARD_SELECT });
  const items = rows.slice(0, limit).map(toCard);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeKeyCursor(last.sort, last.id) : null };
}

/** The car groups that hold goods of this kind the viewer may see (the filter chips). */
export async function catalogGroups(viewer: Viewer, kind: GoodsKind): Promise<Named[]> {
  return db().carGroup.findMany({ where: { goods: { some: visibleGoods(viewer, [kind]) } }, orderBy: [{ sort: "asc" }, { id: "asc" }], select: NAMED });
}

/** Pictures in the form's order as far as it is known: the cover first, then by upload. */
export function orderPictures(pictures: AttachmentValue[], coverId: string | null): AttachmentValue[] {
  const cover = pictures.find((p) => p.id === coverId);
  return cover ? [cover, ...pictures.filter((p) => p !== cover)] : pictures;
}

/** A goods with all its pictures; 404 when it does not exist, is of another kind, or is off
 * sale and the viewer cannot manage goods. */
export async function goodsDetail(viewer: Viewer, id: number, kinds?: readonly GoodsKind[]): Promise<GoodsDetail> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFoundError();
  const row = await db().goods.findFirst({
    where: { id, ...(canManageGoods(viewer) ? {} : { onSale: true }), ...(kinds ? { kind: { in: [...kinds] } } : {}) },
    select: { ...CARD_SELECT, remark: true, updatedAt: true },
  });
  if (!row) throw new NotFoundError();
  const { remark, updatedAt, ...card } = row;
  const pictures = (await attachmentsOf("goods", id)).filter((a) => a.field === "pictures").map(({ field: _f, ...a }) => a);
  return { ...toCard(card), remark, updatedAt: updatedAt.toISOString(), pictures: orderPictures(pictures, card.coverId) };
}

export type CatalogCan = { addToCart: boolean; preOrder: boolean; manage: boolean };
export type CatalogData =
  | { mode: "list"; kind: GoodsKind; items: GoodsCard[]; nextCursor: string | null; groups: Named[]; group: number | null; q: string; cursor: string | null; can: CatalogCan }
  | { mode: "detail"; kind: GoodsKind; goods: GoodsDetail | null; can: CatalogCan };

/** A mall page as its URL asks: `?id=` the detail, else the grid (`group`, `q`, `cursor`). */
export async function loadCatalog(viewer: Viewer, kind: GoodsKind, url: URL | URLSearchParams): Promise<CatalogData> {
  const p = url instanceof URL ? url.searchParams : url;
  const dealer = !!viewer.company;
  const can: CatalogCan = {
    addToCart: dealer && hasPermission(viewer, "cart:add"),
    preOrder: dealer && kind === "VEHICLE" && hasPermission(viewer, "preOrder:create"),
    manage: canManageGoods(viewer),
  };
  // ?code= opens goods by its code (a scanned goods label, lib/qrcode/labels.ts), as ?id= does.
  if (p.has("id") || p.has("code")) {
    const code = cleanParam(p.get("code"), 40);
    const id = p.has("id") ? idParam(p.get("id")) : code ? ((await db().goods.findUnique({ where: { code }, select: { id: true } }))?.id ?? null) : null;
    try {
      return { mode: "detail", kind, goods: id ? await goodsDetail(viewer, id, [kind]) : null, can };
    } catch (err) {
      if (err instanceof NotFoundError) return { mode: "detail", kind, goods: null, can };
      throw err;
    }
  }
  const group = idParam(p.get("group"));
  const q = cleanParam(p.get("q"), 50);
  const cursor = decodeCatalogCursor(p.get("cursor")) ? p.get("cursor") : null;
  const [page, groups] = await Promise.all([listGoods(viewer, { kind, carGroupId: group, q, cursor }), catalogGroups(viewer, kind)]);
  return { mode: "list", kind, ...page, groups, group, q, cursor, can };
}
