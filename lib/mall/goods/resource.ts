import "server-only";
import { assertScreen, defineResource, erase, permissionsOf, type AdminResource, type ListResult } from "@/lib/admin/resource";
import { cappedTotal, choiceParam, COUNT_CAP, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { cleanParam } from "@/lib/validation/text";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { dict } from "@/lib/dict/dict";
import type { DictItemView } from "@/lib/dict/items";
import type { GoodsKind, Prisma } from "@/lib/generated/prisma/client";
import type { RouteId } from "@/lib/routes";
import { attachmentsOfMany } from "@/lib/uploads/access";
import type { AttachmentValue, UploadRule } from "@/lib/uploads/formats";
import { imageRuleFor } from "@/lib/uploads/rules";
import { catalogOptions, type CatalogOption, type ModelOption } from "../catalog/service";
import { encodeKeyCursor } from "@/lib/list/keyset";
import { afterKeyWhere } from "@/lib/list/prisma";
import { decodeCatalogCursor, idParam } from "./schemas";
import { CARD_SELECT, orderPictures, searchWhere, toCard, visibleGoods, type GoodsCard } from "./queries";

// The dense goods tables (onlineMall/car/goods_bak: vehicles; onlineMall/mountings/goods_bak:
// parts and derivative goods) on the admin pattern: staff create, edit, put on and off sale and
// export; dealers see on-sale goods only and add them to the cart. Two queries per page plus one
// for the pictures of the whole page.

export type GoodsRow = GoodsCard & {
  remark: string | null;
  /** PART and DERIVATIVE goods: the dictionary parts_category's value (purchase plans). */
  partsCategory: string | null;
  updatedAt: string;
  pictures: AttachmentValue[];
};

const ROW_SELECT = { ...CARD_SELECT, remark: true, partsCategory: true, updatedAt: true } as const;
type RawRow = Prisma.GoodsGetPayload<{ select: typeof ROW_SELECT }>;

async function toRows(rows: RawRow[]): Promise<GoodsRow[]> {
  const pictures = await attachmentsOfMany(
    "goods",
    rows.map((r) => r.id),
  );
  return rows.map(({ remark, partsCategory, updatedAt, ...card }) => ({
    ...toCard(card),
    remark,
    partsCategory,
    updatedAt: updatedAt.toISOString(),
    pictures: orderPictures(
      (pictures.get(String(card.id)) ?? []).filter((a) => a.field === "pictures").map(({ field: _f, ...a }) => a),
      card.coverId,
    ),
  }));
}

function goodsResource(name: string, route: RouteId, labels: string, kinds: readonly GoodsKind[]): AdminResource<GoodsRow, Prisma.GoodsWhereInput> {
  return defineResource<GoodsRow, Prisma.GoodsWhereInput>({
    name,
    route,
    labels,
    spec: {
      filters: [
        { name: "keyword", type: "text", max: 50 },
        ...(kinds.length > 1 ? [{ name: "kind", type: "select" as const, options: kinds }] : []),
        { name: "carGroupId", type: "text", max: 10 },
        { name: "onSale", type: "boolean" },
      ],
      sorts: ["sort", "code", "price", "stock", "updatedAt"],
      defaultSort: { field: "sort", order: "asc" },
    },
    permissions: { create: "goods:create", update: "goods:update", export: "goods:update" },
    where: (viewer, f) => ({
      AND: [
        visibleGoods(viewer, typeof f.kind === "string" ? [f.kind as GoodsKind] : kinds),
        searchWhere(typeof f.keyword === "string" ? f.keyword : null),
        idParam(f.carGroupId) ? { carGroupId: idParam(f.carGroupId) as number } : {},
        typeof f.onSale === "boolean" ? { onSale: f.onSale } : {},
      ],
    }),
    page: async ({ where, sort, skip, take }) =>
      toRows(await db().goods.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: ROW_SELECT })),
    count: (where) => db().goods.count({ where }),
    batch: async (where, after, take) =>
      (await db().goods.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: ROW_SELECT })).map(
        ({ remark, partsCategory, updatedAt, ...card }) => ({ ...toCard(card), remark, partsCategory, updatedAt: updatedAt.toISOString(), pictures: [] }),
      ),
    key: (r) => r.id,
    exportColumns: [
      { key: "code", width: 18, value: (r) => r.code },
      { key: "nameEn", width: 30, value: (r) => r.nameEn },
      { key: "nameZh", width: 24, value: (r) => r.nameZh },
      { key: "kind", width: 12, value: (r, c) => c.t(`GoodsAdmin.options.kind.${r.kind}`) },
      { key: "carGroupId", width: 20, value: (r, c) => (r.carGroup ? (c.zh ? r.carGroup.nameZh : r.carGroup.nameEn) : null) },
      { key: "vehicleModelId", width: 20, value: (r, c) => (r.vehicleModel ? (c.zh ? r.vehicleModel.nameZh : r.vehicleModel.nameEn) : null) },
      { key: "config", width: 28, value: (r) => r.config },
      { key: "specification", width: 28, value: (r) => r.specification },
      ...(kinds.includes("VEHICLE") ? [] : [{ key: "partsCategory", width: 16, value: (r: GoodsRow) => r.partsCategory }]),
      // Text, not a float: the decimal exactly as stored.
      { key: "price", width: 14, value: (r) => r.price },
      { key: "stock", width: 10, value: (r) => r.stock },
      { key: "minOrderQty", width: 10, value: (r) => r.minOrderQty },
      { key: "onSale", width: 10, value: (r, c) => c.t(r.onSale ? "Admin.yes" : "Admin.no") },
      { key: "sort", width: 8, value: (r) => r.sort },
      { key: "remark", width: 40, value: (r) => r.remark },
    ],
  });
}

export const vehicleGoodsResource = goodsResource("vehicleGoods", "onlineMall/car/goods_bak", "VehicleGoodsAdmin", ["VEHICLE"]);
export const partsGoodsResource = goodsResource("partsGoods", "onlineMall/mountings/goods_bak", "PartsGoodsAdmin", ["PART", "DERIVATIVE"]);

export const GOODS_ADMIN_SIZES = [10, 20, 50, 100] as const;
export const GOODS_ADMIN_SIZE = 20;

/** The goods_bak list's filters as the URL carries them (the export endpoint reads the same names). */
export type GoodsAdminFilters = {
  /** Part of the name (either language) or the code. */
  keyword: string;
  /** Parts screen only: PART or DERIVATIVE. */
  kind: GoodsKind | "";
  carGroupId: number | null;
  /** Staff only (dealers see on-sale goods anyway). */
  onSale: "" | "true" | "false";
  /** "<sort>_<id>" of the last row of the previous page. */
  cursor: string;
  size: number;
};

export function parseGoodsAdminFilters(p: URLSearchParams, kinds: readonly GoodsKind[]): GoodsAdminFilters {
  const kind = p.get("kind") ?? "";
  const cursor = p.get("cursor") ?? "";
  return {
    keyword: cleanParam(p.get("keyword"), 50) ?? "",
    kind: kinds.length > 1 && (kinds as readonly string[]).includes(kind) ? (kind as GoodsKind) : "",
    carGroupId: idParam(p.get("carGroupId") ?? undefined),
    onSale: choiceParam(p, "onSale", ["true", "false"] as const),
    cursor: decodeCatalogCursor(cursor) ? cursor : "",
    size: sizeParam(p, { fallback: GOODS_ADMIN_SIZE, sizes: GOODS_ADMIN_SIZES }),
  };
}

/** The filters back as a query string (links, the export); the cursor only in `extra`. */
export function goodsAdminQuery(f: GoodsAdminFilters, extra: Record<string, string | number> = {}): string {
  return queryString({ keyword: f.keyword, kind: f.kind, carGroupId: f.carGroupId, onSale: f.onSale, size: sizeValue(f.size, GOODS_ADMIN_SIZE) }, extra);
}

export type GoodsAdminData = {
  rows: GoodsRow[];
  filters: GoodsAdminFilters;
  /** The next page's cursor; the list pages one way, in the catalogue's (sort, id) order. */
  next: string | null;
  total: Total;
  can: ListResult<GoodsRow>["can"];
  kinds: GoodsKind[];
  groups: CatalogOption[];
  models: ModelOption[];
  imageRule: UploadRule;
  /** Parts screen: the parts categories, every one for the list's labels, `enabled` the form's choices. */
  categories: (DictItemView & { enabled: boolean })[];
  addToCart: boolean;
};

/**
 * A goods_bak screen: a keyset page of the goods the viewer may see, in the catalogue's order
 * (sort, id), with a capped count (goods grow without bound), plus the pickers and what the
 * viewer may do. The same visibility as the malls: dealers see on-sale goods only.
 */
export async function loadGoodsAdmin(viewer: Viewer, which: "vehicle" | "parts", url: URL | URLSearchParams): Promise<GoodsAdminData> {
  const r = which === "vehicle" ? vehicleGoodsResource : partsGoodsResource;
  await assertScreen(viewer, r.route);
  const kinds: GoodsKind[] = which === "vehicle" ? ["VEHICLE"] : ["PART", "DERIVATIVE"];
  const f = parseGoodsAdminFilters(url instanceof URL ? url.searchParams : url, kinds);
  const can = permissionsOf(viewer, erase(r));
  const where: Prisma.GoodsWhereInput = {
    AND: [
      visibleGoods(viewer, f.kind ? [f.kind] : kinds),
      searchWhere(f.keyword),
      f.carGroupId ? { carGroupId: f.carGroupId } : {},
      f.onSale ? { onSale: f.onSale === "true" } : {},
    ],
  };
  const after = afterKeyWhere<Prisma.GoodsWhereInput>(decodeCatalogCursor(f.cursor), "sort");
  const [raw, n, options, imageRule, allCategories, enabledCategories] = await Promise.all([
    db().goods.findMany({ where: after ? { AND: [where, after] } : where, orderBy: [{ sort: "asc" }, { id: "asc" }], take: f.size + 1, select: ROW_SELECT }),
    // In the page's order: Prisma orders a counted subquery with `take` by id otherwise, and that
    // sort reads every matching goods before the cap.
    db().goods.count({ where, take: COUNT_CAP + 1, orderBy: [{ sort: "asc" }, { id: "asc" }] }),
    catalogOptions(),
    imageRuleFor("GOODS_PICTURE"),
    which === "parts" ? dict("parts_category", { includeDisabled: true }) : [],
    which === "parts" ? dict("parts_category") : [],
  ]);
  const enabled = new Set(enabledCategories.map((c) => c.value));
  const page = raw.slice(0, f.size);
  const last = page[page.length - 1];
  // The pictures only go to those who edit goods (the edit form shows them).
  const rows = can.update
    ? await toRows(page)
    : page.map(({ remark, partsCategory, updatedAt, ...card }) => ({ ...toCard(card), remark, partsCategory, updatedAt: updatedAt.toISOString(), pictures: [] }));
  return {
    rows,
    filters: f,
    next: raw.length > f.size && last ? encodeKeyCursor(last.sort, last.id) : null,
    total: cappedTotal(n),
    can,
    kinds,
    ...options,
    imageRule,
    categories: allCategories.map((c) => ({ ...c, enabled: enabled.has(c.value) })),
    addToCart: !!viewer.company && hasPermission(viewer, "cart:add"),
  };
}
