import { z } from "zod";
import { blankToNull, zCode, zId, zOptionalId, zOptionalText, zSort, zText } from "@/lib/core/zod";
import { decodeKeyCursor } from "@/lib/list/keyset";
import { int4Id } from "@/lib/validation/ids";
import { zMoney } from "../orders/schemas";

// The goods forms (goods_bak drawers, the REST API): checked in the browser, parsed again by
// the server actions. Client-safe. Field labels live in the "GoodsAdmin" messages namespace.

export const GOODS_KINDS = ["VEHICLE", "PART", "DERIVATIVE"] as const;
export type GoodsKindName = (typeof GOODS_KINDS)[number];
/** The parts mall and the parts cart hold both. */
export const PARTS_KINDS = ["PART", "DERIVATIVE"] as const;

export const MAX_STOCK = 9_999_999;
export const MAX_MIN_ORDER_QTY = 99_999;
export const MAX_PICTURES = 9;
/** Keyset page sizes of the catalogue (pages and the REST list). */
export const CATALOG_PAGE_SIZE = 24;
export const MAX_CATALOG_LIMIT = 100;

const ATTACHMENT_ID = /^[a-f0-9]{32}$/;
/** The upload field's value; only the ids matter to the server (extra keys are dropped). */
export const zPictures = z.array(z.object({ id: z.string().regex(ATTACHMENT_ID) })).max(MAX_PICTURES);

export const zStock = z.number().int().min(0).max(MAX_STOCK);

export const ZGoodsSave = z
  .object({
    id: zId.optional(),
    kind: z.enum(GOODS_KINDS),
    code: zCode(40),
    nameEn: zText(120),
    nameZh: zText(120),
    carGroupId: zOptionalId,
    vehicleModelId: zOptionalId,
    config: zOptionalText(200),
    specification: zOptionalText(200),
    /** PART and DERIVATIVE goods: an enabled value of the dictionary parts_category (what purchase
     * plans plan parts by); optional. Vehicles have none (the server clears it). */
    partsCategory: z.preprocess(blankToNull, zCode(32).nullable()).optional(),
    /** A decimal string: more than 0, at most 2 decimals and 12 integer digits. */
    price: zMoney,
    stock: zStock,
    /** The stock the edit form loaded: a stock change applies only while it is still that. */
    stockSeen: zStock.optional(),
    minOrderQty: z.number().int().min(1).max(MAX_MIN_ORDER_QTY),
    onSale: z.boolean(),
    sort: zSort,
    remark: zOptionalText(1000),
    pictures: zPictures,
  })
  .superRefine((v, ctx) => {
    // A vehicle is a model + configuration.
    if (v.kind === "VEHICLE" && !v.vehicleModelId) ctx.addIssue({ code: "custom", path: ["vehicleModelId"], message: "select" });
    if (v.id && v.stockSeen === undefined) ctx.addIssue({ code: "custom", path: ["stockSeen"], message: "required" });
  });
export type TGoodsSave = z.infer<typeof ZGoodsSave>;

/** Put on / take off sale, in bulk. */
export const ZGoodsOnSale = z.object({ ids: z.array(zId).min(1).max(500), onSale: z.boolean() });
export type TGoodsOnSale = z.infer<typeof ZGoodsOnSale>;

/** The catalogue's cursor: the (sort, id) of the last goods shown, e.g. "10_245" (a key cursor,
 * lib/list/keyset.ts; sort has at most 5 digits). */
export const decodeCatalogCursor = (raw: string | null | undefined) => decodeKeyCursor(raw, 99_999);

/** A positive int4 id from a query-string value, or null. */
export function idParam(v: unknown): number | null {
  return typeof v === "string" ? int4Id(v) : null;
}
