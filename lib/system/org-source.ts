import "server-only";
import { defineResource, duplicateKeys } from "@/lib/admin/resource";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { ZOrgSourceImport, type TOrgSourceSave } from "./org-source-schemas";

// Dealer types (system/orgSource): the list, export and import (AdminResource) and the writes.

const SELECT = { id: true, code: true, nameEn: true, nameZh: true, sort: true, enabled: true, remark: true, updatedAt: true, _count: { select: { companies: true } } } as const;
type Raw = Prisma.OrgSourceGetPayload<{ select: typeof SELECT }>;
export type OrgSourceRow = Omit<Raw, "_count" | "updatedAt"> & { companies: number; updatedAt: string };
const toRow = ({ _count, updatedAt, ...r }: Raw): OrgSourceRow => ({ ...r, companies: _count.companies, updatedAt: updatedAt.toISOString() });

export const orgSourceResource = defineResource<OrgSourceRow, Prisma.OrgSourceWhereInput, Omit<TOrgSourceSave, "id">>({
  name: "orgSource",
  route: "system/orgSource",
  labels: "OrgSourceAdmin",
  spec: {
    filters: [
      { name: "keyword", type: "text", max: 100 },
      { name: "enabled", type: "boolean" },
    ],
    sorts: ["code", "sort", "updatedAt"],
    defaultSort: { field: "sort", order: "asc" },
  },
  permissions: { create: "orgSource:create", update: "orgSource:update", delete: "orgSource:delete", export: "orgSource:export", import: "orgSource:import" },
  where: (_viewer, f) => ({
    ...(typeof f.keyword === "string"
      ? { OR: [{ code: { startsWith: f.keyword, mode: "insensitive" } }, { nameEn: { contains: f.keyword, mode: "insensitive" } }, { nameZh: { contains: f.keyword } }] }
      : {}),
    ...(typeof f.enabled === "boolean" ? { enabled: f.enabled } : {}),
  }),
  page: async ({ where, sort, skip, take }) =>
    (await db().orgSource.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: SELECT })).map(toRow),
  count: (where) => db().orgSource.count({ where }),
  batch: async (where, after, take) =>
    (await db().orgSource.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: SELECT })).map(toRow),
  key: (r) => r.id,
  exportColumns: [
    { key: "code", width: 16, value: (r) => r.code },
    { key: "nameEn", width: 28, value: (r) => r.nameEn },
    { key: "nameZh", width: 20, value: (r) => r.nameZh },
    { key: "sort", width: 8, value: (r) => r.sort },
    { key: "enabled", width: 10, value: (r, c) => c.t(r.enabled ? "Admin.yes" : "Admin.no") },
    { key: "remark", width: 40, value: (r) => r.remark },
    { key: "companies", width: 10, value: (r) => r.companies },
  ],
  import: {
    schema: ZOrgSourceImport,
    columns: [
      { key: "code", required: true },
      { key: "nameEn", required: true },
      { key: "nameZh", required: true },
      { key: "sort", kind: "number", fallback: 0 },
      { key: "enabled", kind: "boolean", fallback: true },
      { key: "remark", fallback: null },
    ],
    check: async (rows) =>
      duplicateKeys(
        rows.map((r) => ({ row: r.row, key: r.value.code })),
        "code",
      ),
    save: async (tx, rows, viewer, requestId) => {
      let created = 0;
      let updated = 0;
      const ctx = { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId };
      for (const r of rows) {
        const before = await tx.orgSource.findUnique({ where: { code: r.code }, select: WRITE });
        const row = await tx.orgSource.upsert({ where: { code: r.code }, create: r, update: r, select: WRITE });
        await audit(tx, ctx, "OrgSource", row.id, before ? "import-update" : "import-create", before, row);
        if (before) updated++;
        else created++;
      }
      return { created, updated };
    },
  },
});

const WRITE = { id: true, code: true, nameEn: true, nameZh: true, sort: true, enabled: true, remark: true } as const;

export async function saveOrgSource(ctx: AuditCtx, input: TOrgSourceSave) {
  return db().$transaction(async (tx: Tx) => {
    const clash = await tx.orgSource.findFirst({
      where: { code: { equals: input.code, mode: "insensitive" }, NOT: input.id ? { id: input.id } : undefined },
      select: { id: true },
    });
    if (clash) throw new DomainError("OrgSourceAdmin.errors.codeTaken", { code: input.code }, "code");
    const { id, ...data } = input;
    if (!id) {
      const row = await tx.orgSource.create({ data, select: WRITE });
      await audit(tx, ctx, "OrgSource", row.id, "create", null, row);
      return row;
    }
    const before = await tx.orgSource.findUnique({ where: { id }, select: WRITE });
    if (!before) throw new NotFoundError();
    const row = await tx.orgSource.update({ where: { id }, data, select: WRITE });
    await audit(tx, ctx, "OrgSource", id, "update", before, row);
    return row;
  });
}

/** Deletes all the selected types or none: a type still used by dealers stays. */
export async function deleteOrgSources(ctx: AuditCtx, ids: number[]) {
  return db().$transaction(async (tx: Tx) => {
    const rows = await tx.orgSource.findMany({ where: { id: { in: ids } }, select: { ...WRITE, _count: { select: { companies: true } } } });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    const used = rows.find((r) => r._count.companies > 0);
    if (used) throw new DomainError("OrgSourceAdmin.errors.inUse", { name: used.code, companies: used._count.companies });
    await tx.orgSource.deleteMany({ where: { id: { in: ids } } });
    for (const { _count, ...r } of rows) await audit(tx, ctx, "OrgSource", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
}

/** Enabled types for pickers (company forms), in display order. */
export async function orgSourceOptions(_viewer: Viewer) {
  return db().orgSource.findMany({ where: { enabled: true }, orderBy: [{ sort: "asc" }, { id: "asc" }], select: { id: true, code: true, nameEn: true, nameZh: true } });
}
