import "server-only";
import { defineResource, duplicateKeys, loadList, type ImportIssue } from "@/lib/admin/resource";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { regionRuleBroken, ZRegionImport, type RegionNode, type TRegionImport, type TRegionSave } from "./region-schemas";

// China's administrative divisions (system/regionArea): the list, export and import
// (AdminResource), the writes, and the tree reads of the region cascader.

const NODE = { id: true, code: true, nameEn: true, nameZh: true, level: true } as const;
const SELECT = {
  ...NODE,
  sort: true,
  enabled: true,
  parentId: true,
  updatedAt: true,
  parent: { select: { ...NODE, parent: { select: NODE } } },
  _count: { select: { children: true, companies: true } },
} as const;
type Raw = Prisma.RegionAreaGetPayload<{ select: typeof SELECT }>;
export type RegionRow = Omit<Raw, "_count" | "updatedAt" | "parent"> & {
  /** Not `children`: antd Table would take it for tree rows. */ subAreas: number;
  companies: number;
  updatedAt: string;
  /** Ancestors, province first. */ path: RegionNode[];
};
const toRow = ({ _count, updatedAt, parent, ...r }: Raw): RegionRow => {
  const path = parent ? [...(parent.parent ? [parent.parent] : []), { id: parent.id, code: parent.code, nameEn: parent.nameEn, nameZh: parent.nameZh, level: parent.level }] : [];
  return { ...r, subAreas: _count.children, companies: _count.companies, updatedAt: updatedAt.toISOString(), path };
};

export const regionResource = defineResource<RegionRow, Prisma.RegionAreaWhereInput, TRegionImport>({
  name: "regionArea",
  route: "system/regionArea",
  labels: "RegionAdmin",
  spec: {
    filters: [
      { name: "keyword", type: "text", max: 100 },
      { name: "level", type: "select", options: ["1", "2", "3"] },
      { name: "parent", type: "number" },
      { name: "enabled", type: "boolean" },
    ],
    sorts: ["code", "sort", "updatedAt"],
    defaultSort: { field: "code", order: "asc" },
  },
  permissions: { create: "region:create", update: "region:update", delete: "region:delete", export: "region:export", import: "region:import" },
  // One level at a time: the sub-areas of ?parent, else the provinces; a keyword or a level
  // searches the whole tree.
  where: (_viewer, f) => ({
    ...(typeof f.parent === "number" ? { parentId: f.parent } : f.keyword || f.level ? {} : { parentId: null }),
    ...(typeof f.keyword === "string"
      ? { OR: [{ code: { startsWith: f.keyword } }, { nameEn: { contains: f.keyword, mode: "insensitive" } }, { nameZh: { contains: f.keyword } }] }
      : {}),
    ...(typeof f.level === "string" ? { level: Number(f.level) } : {}),
    ...(typeof f.enabled === "boolean" ? { enabled: f.enabled } : {}),
  }),
  page: async ({ where, sort, skip, take }) =>
    (await db().regionArea.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: SELECT })).map(toRow),
  count: (where) => db().regionArea.count({ where }),
  batch: async (where, after, take) =>
    (await db().regionArea.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: SELECT })).map(toRow),
  key: (r) => r.id,
  exportColumns: [
    { key: "code", width: 10, value: (r) => r.code },
    { key: "parentCode", width: 12, value: (r) => r.path.at(-1)?.code ?? null },
    { key: "level", width: 8, value: (r) => r.level },
    { key: "nameEn", width: 28, value: (r) => r.nameEn },
    { key: "nameZh", width: 20, value: (r) => r.nameZh },
    { key: "sort", width: 8, value: (r) => r.sort },
    { key: "enabled", width: 10, value: (r, c) => c.t(r.enabled ? "Admin.yes" : "Admin.no") },
    { key: "subAreas", width: 10, value: (r) => r.subAreas },
    { key: "companies", width: 10, value: (r) => r.companies },
  ],
  import: {
    schema: ZRegionImport,
    columns: [
      { key: "code", required: true },
      { key: "parentCode" },
      { key: "level", required: true, kind: "number" },
      { key: "nameEn", required: true },
      { key: "nameZh", required: true },
      { key: "sort", kind: "number" },
      { key: "enabled", kind: "boolean" },
    ],
    check: checkImport,
    save: async (tx, rows, viewer, requestId) => {
      let created = 0;
      let updated = 0;
      const ctx = { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId };
      // Parents first, so a file may bring a province with its cities.
      for (const { parentCode, ...r } of [...rows].sort((a, b) => a.level - b.level)) {
        const parentId = parentCode ? (await tx.regionArea.findUniqueOrThrow({ where: { code: parentCode }, select: { id: true } })).id : null;
        const before = await tx.regionArea.findUnique({ where: { code: r.code }, select: WRITE });
        const data = { ...r, parentId };
        const row = await tx.regionArea.upsert({ where: { code: r.code }, create: data, update: data, select: WRITE });
        await audit(tx, ctx, "RegionArea", row.id, before ? "import-update" : "import-create", before, row);
        if (before) updated++;
        else created++;
      }
      return { created, updated };
    },
  },
});

/** Row-numbered findings of an import: repeated codes, unknown parents, the tree rules. */
async function checkImport(rows: { row: number; value: TRegionImport }[]): Promise<ImportIssue[]> {
  const issues = duplicateKeys(
    rows.map((r) => ({ row: r.row, key: r.value.code })),
    "code",
  );
  if (issues.length) return issues;
  const codes = [...new Set(rows.flatMap((r) => [r.value.code, r.value.parentCode ?? ""]).filter(Boolean))];
  const known = await db().regionArea.findMany({ where: { code: { in: codes } }, select: { code: true, level: true, _count: { select: { children: true } } } });
  const inDb = new Map(known.map((k) => [k.code, k]));
  const inFile = new Map(rows.map((r) => [r.value.code, r.value.level]));
  for (const { row, value: v } of rows) {
    const parentLevel = v.parentCode ? (inFile.get(v.parentCode) ?? inDb.get(v.parentCode)?.level) : undefined;
    const existing = inDb.get(v.code);
    if (v.parentCode && parentLevel === undefined) issues.push({ row, field: "parentCode", key: "RegionAdmin.errors.parentMissing", values: { code: v.parentCode } });
    else if (existing && existing.level !== v.level && existing._count.children)
      issues.push({ row, field: "level", key: "RegionAdmin.errors.hasChildrenLocked", values: { name: v.code } });
    else {
      const broken = regionRuleBroken(v.code, v.level, v.parentCode ? { code: v.parentCode, level: parentLevel! } : null);
      if (broken) issues.push({ row, field: broken.field === "parent" ? "parentCode" : "code", key: `RegionAdmin.errors.${broken.key}` });
    }
  }
  return issues;
}

const WRITE = { id: true, code: true, parentId: true, level: true, nameEn: true, nameZh: true, sort: true, enabled: true } as const;

export async function saveRegion(ctx: AuditCtx, input: TRegionSave) {
  return db().$transaction(async (tx: Tx) => {
    const { id, parentPath, ...data } = input;
    const parentId = parentPath.at(-1) ?? null;
    const parent = parentId ? await tx.regionArea.findUnique({ where: { id: parentId }, select: { code: true, level: true } }) : null;
    if (parentId && !parent) throw new DomainError("RegionAdmin.errors.parentMissing", { code: String(parentId) }, "parentPath");
    const broken = regionRuleBroken(data.code, data.level, parent);
    if (broken) throw new DomainError(`RegionAdmin.errors.${broken.key}`, {}, broken.field === "parent" ? "parentPath" : "code");
    const clash = await tx.regionArea.findFirst({ where: { code: data.code, NOT: id ? { id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("RegionAdmin.errors.codeTaken", { code: data.code }, "code");
    if (!id) {
      const row = await tx.regionArea.create({ data: { ...data, parentId }, select: WRITE });
      await audit(tx, ctx, "RegionArea", row.id, "create", null, row);
      return row;
    }
    const before = await tx.regionArea.findUnique({ where: { id }, select: { ...WRITE, _count: { select: { children: true } } } });
    if (!before) throw new NotFoundError();
    const { _count, ...old } = before;
    if (_count.children && (old.code !== data.code || old.level !== data.level)) throw new DomainError("RegionAdmin.errors.hasChildrenLocked", { name: old.code }, "code");
    const row = await tx.regionArea.update({ where: { id }, data: { ...data, parentId }, select: WRITE });
    await audit(tx, ctx, "RegionArea", id, "update", old, row);
    return row;
  });
}

/** Deletes all the selected areas or none: an area with sub-areas or dealers stays. */
export async function deleteRegions(ctx: AuditCtx, ids: number[]) {
  return db().$transaction(async (tx: Tx) => {
    const rows = await tx.regionArea.findMany({ where: { id: { in: ids } }, select: { ...WRITE, _count: { select: { children: true, companies: true, addresses: true } } } });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    const parent = rows.find((r) => r._count.children > 0);
    if (parent) throw new DomainError("RegionAdmin.errors.hasChildren", { name: parent.code, children: parent._count.children });
    const used = rows.find((r) => r._count.companies > 0);
    if (used) throw new DomainError("RegionAdmin.errors.inUse", { name: used.code, companies: used._count.companies });
    const addressed = rows.find((r) => r._count.addresses > 0);
    if (addressed) throw new DomainError("RegionAdmin.errors.inAddresses", { name: addressed.code, addresses: addressed._count.addresses });
    await tx.regionArea.deleteMany({ where: { id: { in: ids } } });
    for (const { _count, ...r } of rows) await audit(tx, ctx, "RegionArea", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
}

/** The enabled sub-areas of a parent (null: the provinces), in display order, for pickers. */
export async function regionChildren(parentId: number | null): Promise<RegionNode[]> {
  const rows = await db().regionArea.findMany({
    where: { parentId, enabled: true },
    orderBy: [{ sort: "asc" }, { code: "asc" }],
    select: { ...NODE, _count: { select: { children: { where: { enabled: true } } } } },
  });
  return rows.map(({ _count, ...r }) => ({ ...r, leaf: _count.children === 0 }));
}

/** The chain from the province down to the area itself (empty when it does not exist). */
export async function regionPath(id: number): Promise<RegionNode[]> {
  const chain: RegionNode[] = [];
  let next: number | null = id;
  while (next !== null && chain.length < 5) {
    const row: (RegionNode & { parentId: number | null }) | null = await db().regionArea.findUnique({ where: { id: next }, select: { ...NODE, parentId: true } });
    if (!row) return [];
    chain.unshift({ id: row.id, code: row.code, nameEn: row.nameEn, nameZh: row.nameZh, level: row.level });
    next = row.parentId;
  }
  return chain;
}

/** The screen: one level of the list and, below a parent, the breadcrumb's chain. */
export async function loadRegionAdmin(viewer: Viewer, url: URL | URLSearchParams) {
  const list = await loadList(regionResource, viewer, url);
  const chain = typeof list.filters.parent === "number" ? await regionPath(list.filters.parent) : [];
  return { list, chain };
}
export type RegionAdminData = Awaited<ReturnType<typeof loadRegionAdmin>>;
