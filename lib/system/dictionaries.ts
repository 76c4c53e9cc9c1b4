import "server-only";
import { defineResource, duplicateKeys } from "@/lib/admin/resource";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { isSeededItem } from "@/lib/dict/catalog";
import { notifyInTransaction } from "@/lib/cache/bus";
import { DICTS_CACHE, invalidateDicts } from "@/lib/dict/dict";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { ZDictItemImport, type TDictItemImport, type TDictItemSave, type TDictTypeSave } from "./dict-schemas";

// Dictionaries (system/systemCode): types with their items. The list pages types and brings the
// page's items along (one more query, not one per type); the export has one row per item with
// its type, in the import's columns, so an exported file can be edited and imported back. The
// import upserts items by (type code, value). Every write invalidates the dict() cache.

const ITEM = { id: true, typeId: true, value: true, labelEn: true, labelZh: true, color: true, sort: true, enabled: true } as const;
const TYPE = { id: true, code: true, nameEn: true, nameZh: true, remark: true, system: true } as const;
const SELECT = { ...TYPE, updatedAt: true, items: { select: ITEM, orderBy: [{ sort: "asc" }, { id: "asc" }] } } as const satisfies Prisma.DictTypeSelect;
type Raw = Prisma.DictTypeGetPayload<{ select: typeof SELECT }>;

/** `locked`: a product item of a system type, whose value records store (not renamed or deleted). */
export type DictItemRow = Prisma.DictItemGetPayload<{ select: typeof ITEM }> & { locked: boolean };
/** `item` is set on export rows only (one row per item). */
export type DictTypeRow = Omit<Raw, "updatedAt" | "items"> & { updatedAt: string; items: DictItemRow[]; item?: DictItemRow };

const toRow = ({ updatedAt, items, ...t }: Raw): DictTypeRow => ({
  ...t,
  updatedAt: updatedAt.toISOString(),
  items: items.map((i) => ({ ...i, locked: t.system && isSeededItem(t.code, i.value) })),
});
const perItem = (t: DictTypeRow): DictTypeRow[] => (t.items.length ? t.items.map((item) => ({ ...t, items: [], item })) : [{ ...t, items: [] }]);

export const dictTypeResource = defineResource<DictTypeRow, Prisma.DictTypeWhereInput, TDictItemImport>({
  name: "dict",
  route: "system/systemCode",
  labels: "DictAdmin",
  spec: {
    filters: [
      { name: "keyword", type: "text", max: 100 },
      { name: "system", type: "boolean" },
    ],
    sorts: ["code", "updatedAt"],
    defaultSort: { field: "code", order: "asc" },
  },
  permissions: { create: "dict:create", update: "dict:update", delete: "dict:delete", export: "dict:export", import: "dict:import" },
  where: (_viewer, f) => ({
    ...(typeof f.keyword === "string"
      ? { OR: [{ code: { contains: f.keyword, mode: "insensitive" } }, { nameEn: { contains: f.keyword, mode: "insensitive" } }, { nameZh: { contains: f.keyword } }] }
      : {}),
    ...(typeof f.system === "boolean" ? { system: f.system } : {}),
  }),
  page: async ({ where, sort, skip, take }) =>
    (await db().dictType.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: SELECT })).map(toRow),
  count: (where) => db().dictType.count({ where }),
  batch: async (where, after, take) =>
    (await db().dictType.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: SELECT }))
      .map(toRow)
      .flatMap(perItem),
  key: (r) => r.id,
  exportColumns: [
    { key: "typeCode", width: 24, value: (r) => r.code },
    { key: "nameEn", width: 24, value: (r) => r.nameEn },
    { key: "nameZh", width: 16, value: (r) => r.nameZh },
    { key: "value", width: 20, value: (r) => r.item?.value },
    { key: "labelEn", width: 24, value: (r) => r.item?.labelEn },
    { key: "labelZh", width: 16, value: (r) => r.item?.labelZh },
    { key: "sort", width: 8, value: (r) => r.item?.sort },
    // Not c.t(): its keys' namespace differs between screens; both words import back.
    { key: "enabled", width: 10, value: (r, c) => (r.item ? (c.zh ? (r.item.enabled ? "是" : "否") : r.item.enabled ? "Yes" : "No") : null) },
    { key: "color", width: 12, value: (r) => r.item?.color },
  ],
  import: {
    schema: ZDictItemImport,
    columns: [
      { key: "typeCode", required: true },
      { key: "value", required: true },
      { key: "labelEn", required: true },
      { key: "labelZh", required: true },
      { key: "sort", kind: "number" },
      { key: "enabled", kind: "boolean" },
      { key: "color" },
    ],
    check: async (rows) => {
      const known = new Set(
        (await db().dictType.findMany({ where: { code: { in: [...new Set(rows.map((r) => r.value.typeCode))] } }, select: { code: true } })).map((t) => t.code),
      );
      return [
        ...rows
          .filter((r) => !known.has(r.value.typeCode))
          .map((r) => ({ row: r.row, field: "typeCode", key: "DictAdmin.errors.unknownType", values: { code: r.value.typeCode } })),
        ...duplicateKeys(
          rows.map((r) => ({ row: r.row, key: `${r.value.typeCode}\u0000${r.value.value}` })),
          "value",
        ),
      ];
    },
    save: async (tx, rows, viewer, requestId) => {
      const ctx = { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId };
      const types = new Map((await tx.dictType.findMany({ where: { code: { in: rows.map((r) => r.typeCode) } }, select: { id: true, code: true } })).map((t) => [t.code, t.id]));
      let created = 0;
      let updated = 0;
      for (const { typeCode, ...data } of rows) {
        const typeId = types.get(typeCode);
        if (!typeId) throw new DomainError("DictAdmin.errors.unknownType", { code: typeCode });
        const where = { typeId_value: { typeId, value: data.value } };
        const before = await tx.dictItem.findUnique({ where, select: ITEM });
        const row = await tx.dictItem.upsert({ where, create: { typeId, ...data }, update: data, select: ITEM });
        await audit(tx, ctx, "DictItem", row.id, before ? "import-update" : "import-create", before, row);
        if (before) updated++;
        else created++;
      }
      // Inside the import's transaction: a read racing the commit is cached for the TTL at most.
      // The other instances hear of it on commit (the notice is part of the transaction).
      invalidateDicts({ publish: false });
      await notifyInTransaction(tx, DICTS_CACHE);
      return { created, updated };
    },
  },
});

/** Runs a write and forgets the cached dictionaries once it has committed. */
async function write<R>(run: (tx: Tx) => Promise<R>): Promise<R> {
  try {
    return await db().$transaction(run);
  } finally {
    invalidateDicts();
  }
}

export async function saveDictType(ctx: AuditCtx, input: TDictTypeSave) {
  return write(async (tx) => {
    const clash = await tx.dictType.findFirst({ where: { code: { equals: input.code, mode: "insensitive" }, NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("DictAdmin.errors.codeTaken", { code: input.code }, "code");
    const { id, ...data } = input;
    if (!id) {
      const row = await tx.dictType.create({ data, select: TYPE });
      await audit(tx, ctx, "DictType", row.id, "create", null, row);
      return row;
    }
    const before = await tx.dictType.findUnique({ where: { id }, select: TYPE });
    if (!before) throw new NotFoundError();
    if (before.system && before.code !== data.code) throw new DomainError("DictAdmin.errors.systemCode", { code: before.code }, "code");
    const row = await tx.dictType.update({ where: { id }, data, select: TYPE });
    await audit(tx, ctx, "DictType", id, "update", before, row);
    return row;
  });
}

/** Deletes all the selected types with their items, or none: system types stay. */
export async function deleteDictTypes(ctx: AuditCtx, ids: number[]) {
  return write(async (tx) => {
    const rows = await tx.dictType.findMany({ where: { id: { in: ids } }, select: { ...TYPE, items: { select: ITEM } } });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    const system = rows.find((r) => r.system);
    if (system) throw new DomainError("DictAdmin.errors.systemType", { code: system.code });
    await tx.dictType.deleteMany({ where: { id: { in: ids } } });
    for (const r of rows) await audit(tx, ctx, "DictType", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
}

export async function saveDictItem(ctx: AuditCtx, input: TDictItemSave) {
  return write(async (tx) => {
    const { id, typeId, ...data } = input;
    const type = await tx.dictType.findUnique({ where: { id: typeId }, select: { code: true, system: true } });
    if (!type) throw new NotFoundError();
    const clash = await tx.dictItem.findFirst({ where: { typeId, value: data.value, NOT: id ? { id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("DictAdmin.errors.valueTaken", { value: data.value }, "value");
    if (!id) {
      const row = await tx.dictItem.create({ data: { typeId, ...data }, select: ITEM });
      await audit(tx, ctx, "DictItem", row.id, "create", null, row);
      return row;
    }
    const before = await tx.dictItem.findFirst({ where: { id, typeId }, select: ITEM });
    if (!before) throw new NotFoundError();
    if (type.system && isSeededItem(type.code, before.value) && before.value !== data.value)
      throw new DomainError("DictAdmin.errors.seededValue", { value: before.value }, "value");
    const row = await tx.dictItem.update({ where: { id }, data, select: ITEM });
    await audit(tx, ctx, "DictItem", id, "update", before, row);
    return row;
  });
}

/** Deletes all the selected items or none: the product's items of system types stay (disable them). */
export async function deleteDictItems(ctx: AuditCtx, ids: number[]) {
  return write(async (tx) => {
    const rows = await tx.dictItem.findMany({ where: { id: { in: ids } }, select: { ...ITEM, type: { select: { code: true, system: true } } } });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    const seeded = rows.find((r) => r.type.system && isSeededItem(r.type.code, r.value));
    if (seeded) throw new DomainError("DictAdmin.errors.seededItem", { value: seeded.value });
    await tx.dictItem.deleteMany({ where: { id: { in: ids } } });
    for (const { type: _type, ...r } of rows) await audit(tx, ctx, "DictItem", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
}
