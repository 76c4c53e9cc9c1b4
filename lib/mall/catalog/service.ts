import "server-only";
import { defineResource, loadList } from "@/lib/admin/resource";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { TCarGroupSave, TVehicleModelSave } from "./schemas";
import { cappedCounts } from "@/lib/list/capped-counts";
import type { Total } from "@/lib/list/keyset";
import { idParam } from "../goods/schemas";

// Car groups (series) and vehicle models (car types): the staff screens onlineMall/car/carGroup
// and onlineMall/car/vehicleModel on the admin pattern, and their writes. A group or model still
// used by goods or vehicles cannot be deleted (switch it off instead).

const keyword = (k: unknown) =>
  typeof k === "string"
    ? {
        OR: [
          { code: { startsWith: k, mode: "insensitive" as const } },
          { nameEn: { contains: k, mode: "insensitive" as const } },
          { nameZh: { contains: k, mode: "insensitive" as const } },
        ],
      }
    : {};

// ---- car groups ----

const GROUP = { id: true, code: true, nameEn: true, nameZh: true, sort: true, enabled: true, updatedAt: true, _count: { select: { models: true } } } as const;
type RawGroup = Prisma.CarGroupGetPayload<{ select: typeof GROUP }>;
/** models: a group's models (a few); goods: capped (lib/list/capped-counts.ts). */
export type CarGroupRow = Omit<RawGroup, "_count" | "updatedAt"> & { models: number; goods: Total; updatedAt: string };

export const carGroupResource = defineResource<CarGroupRow, Prisma.CarGroupWhereInput>({
  name: "carGroup",
  route: "onlineMall/car/carGroup",
  labels: "CarGroupAdmin",
  spec: {
    filters: [
      { name: "keyword", type: "text", max: 100 },
      { name: "enabled", type: "boolean" },
    ],
    sorts: ["code", "sort", "updatedAt"],
    defaultSort: { field: "sort", order: "asc" },
  },
  permissions: { create: "carGroup:create", update: "carGroup:update", delete: "carGroup:delete" },
  where: (_viewer, f) => ({ ...keyword(f.keyword), ...(typeof f.enabled === "boolean" ? { enabled: f.enabled } : {}) }),
  page: async ({ where, sort, skip, take }) => {
    const rows = await db().carGroup.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: GROUP });
    const goods = await cappedCounts(
      { table: "Goods", column: "carGroupId" },
      rows.map((r) => r.id),
    );
    return rows.map(({ _count, updatedAt, ...r }) => ({ ...r, models: _count.models, goods: goods.get(r.id)!, updatedAt: updatedAt.toISOString() }));
  },
  count: (where) => db().carGroup.count({ where }),
  key: (r) => r.id,
});

const GROUP_WRITE = { id: true, code: true, nameEn: true, nameZh: true, sort: true, enabled: true } as const;

export async function saveCarGroup(ctx: AuditCtx, input: TCarGroupSave) {
  return db().$transaction(async (tx: Tx) => {
    const clash = await tx.carGroup.findFirst({ where: { code: { equals: input.code, mode: "insensitive" }, NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("CarGroupAdmin.errors.codeTaken", { code: input.code }, "code");
    const { id, ...data } = input;
    if (!id) {
      const row = await tx.carGroup.create({ data, select: GROUP_WRITE });
      await audit(tx, ctx, "CarGroup", row.id, "create", null, row);
      return row;
    }
    const before = await tx.carGroup.findUnique({ where: { id }, select: GROUP_WRITE });
    if (!before) throw new NotFoundError();
    const row = await tx.carGroup.update({ where: { id }, data, select: GROUP_WRITE });
    await audit(tx, ctx, "CarGroup", id, "update", before, row);
    return row;
  });
}

/** Deletes all the selected groups or none: one with models or goods stays. */
export async function deleteCarGroups(ctx: AuditCtx, ids: number[]) {
  return db().$transaction(async (tx: Tx) => {
    const rows = await tx.carGroup.findMany({ where: { id: { in: ids } }, select: { ...GROUP_WRITE, _count: { select: { models: true, goods: true } } } });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    const used = rows.find((r) => r._count.models > 0 || r._count.goods > 0);
    if (used) throw new DomainError("CarGroupAdmin.errors.inUse", { name: used.code, models: used._count.models, goods: used._count.goods }, undefined, 409);
    await tx.carGroup.deleteMany({ where: { id: { in: ids } } });
    for (const { _count, ...r } of rows) await audit(tx, ctx, "CarGroup", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
}

// ---- vehicle models ----

const NAMED = { id: true, code: true, nameEn: true, nameZh: true } as const;
const MODEL = {
  id: true,
  code: true,
  carGroupId: true,
  nameEn: true,
  nameZh: true,
  warrantyMonths: true,
  sort: true,
  enabled: true,
  updatedAt: true,
  carGroup: { select: NAMED },
} as const;
type RawModel = Prisma.VehicleModelGetPayload<{ select: typeof MODEL }>;
/** goods and vehicles: capped (lib/list/capped-counts.ts). */
export type VehicleModelRow = Omit<RawModel, "updatedAt"> & { goods: Total; vehicles: Total; updatedAt: string };

export const vehicleModelResource = defineResource<VehicleModelRow, Prisma.VehicleModelWhereInput>({
  name: "vehicleModel",
  route: "onlineMall/car/vehicleModel",
  labels: "VehicleModelAdmin",
  spec: {
    filters: [
      { name: "keyword", type: "text", max: 100 },
      { name: "carGroupId", type: "text", max: 10 },
      { name: "enabled", type: "boolean" },
    ],
    sorts: ["code", "sort", "updatedAt"],
    defaultSort: { field: "sort", order: "asc" },
  },
  permissions: { create: "vehicleModel:create", update: "vehicleModel:update", delete: "vehicleModel:delete" },
  where: (_viewer, f) => ({
    ...keyword(f.keyword),
    ...(idParam(f.carGroupId) ? { carGroupId: idParam(f.carGroupId) as number } : {}),
    ...(typeof f.enabled === "boolean" ? { enabled: f.enabled } : {}),
  }),
  page: async ({ where, sort, skip, take }) => {
    const rows = await db().vehicleModel.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: MODEL });
    const ids = rows.map((r) => r.id);
    const [goods, vehicles] = await Promise.all([
      cappedCounts({ table: "Goods", column: "vehicleModelId" }, ids),
      cappedCounts({ table: "Vehicle", column: "vehicleModelId" }, ids),
    ]);
    return rows.map(({ updatedAt, ...r }) => ({ ...r, goods: goods.get(r.id)!, vehicles: vehicles.get(r.id)!, updatedAt: updatedAt.toISOString() }));
  },
  count: (where) => db().vehicleModel.count({ where }),
  key: (r) => r.id,
});

const MODEL_WRITE = { id: true, code: true, carGroupId: true, nameEn: true, nameZh: true, warrantyMonths: true, sort: true, enabled: true } as const;

export async function saveVehicleModel(ctx: AuditCtx, input: TVehicleModelSave) {
  return db().$transaction(async (tx: Tx) => {
    const clash = await tx.vehicleModel.findFirst({
      where: { code: { equals: input.code, mode: "insensitive" }, NOT: input.id ? { id: input.id } : undefined },
      select: { id: true },
    });
    if (clash) throw new DomainError("VehicleModelAdmin.errors.codeTaken", { code: input.code }, "code");
    const { id, ...data } = input;
    const before = id ? await tx.vehicleModel.findUnique({ where: { id }, select: { ...MODEL_WRITE, _count: { select: { goods: true } } } }) : null;
    if (id && !before) throw new NotFoundError();
    if (before?.carGroupId !== data.carGroupId && !(await tx.carGroup.findUnique({ where: { id: data.carGroupId }, select: { id: true } })))
      throw new DomainError("VehicleModelAdmin.errors.groupMissing", {}, "carGroupId");
    // Goods carry the model's group: moving a model with goods would leave them in the old one.
    if (before && before.carGroupId !== data.carGroupId && before._count.goods > 0)
      throw new DomainError("VehicleModelAdmin.errors.groupLocked", { goods: before._count.goods }, "carGroupId", 409);
    if (!before) {
      const row = await tx.vehicleModel.create({ data, select: MODEL_WRITE });
      await audit(tx, ctx, "VehicleModel", row.id, "create", null, row);
      return row;
    }
    const { _count, ...old } = before;
    const row = await tx.vehicleModel.update({ where: { id: old.id }, data, select: MODEL_WRITE });
    await audit(tx, ctx, "VehicleModel", row.id, "update", old, row);
    return row;
  });
}

/** Deletes all the selected models or none: one with goods or vehicles stays. */
export async function deleteVehicleModels(ctx: AuditCtx, ids: number[]) {
  return db().$transaction(async (tx: Tx) => {
    const rows = await tx.vehicleModel.findMany({ where: { id: { in: ids } }, select: { ...MODEL_WRITE, _count: { select: { goods: true, vehicles: true } } } });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    const used = rows.find((r) => r._count.goods > 0 || r._count.vehicles > 0);
    if (used) throw new DomainError("VehicleModelAdmin.errors.inUse", { name: used.code, goods: used._count.goods, vehicles: used._count.vehicles }, undefined, 409);
    await tx.vehicleModel.deleteMany({ where: { id: { in: ids } } });
    for (const { _count, ...r } of rows) await audit(tx, ctx, "VehicleModel", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
}

// ---- pickers ----

export type CatalogOption = { id: number; code: string; nameEn: string; nameZh: string; enabled: boolean };
export type ModelOption = CatalogOption & { carGroupId: number };

/** Every group and model for the goods and model forms (switched-off ones marked). */
export async function catalogOptions(): Promise<{ groups: CatalogOption[]; models: ModelOption[] }> {
  const [groups, models] = await Promise.all([
    db().carGroup.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }], select: { ...NAMED, enabled: true }, take: 500 }),
    db().vehicleModel.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }], select: { ...NAMED, enabled: true, carGroupId: true }, take: 2000 }),
  ]);
  return { groups, models };
}

/** The vehicle model screen's list with the group picker. */
export async function loadVehicleModelAdmin(viewer: Viewer, url: URL | URLSearchParams) {
  const [list, { groups }] = await Promise.all([loadList(vehicleModelResource, viewer, url), catalogOptions()]);
  return { ...list, groups };
}
