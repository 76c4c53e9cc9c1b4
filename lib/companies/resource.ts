import "server-only";
import { companyScopeWhere, resolveScope } from "@/lib/access/scope";
import { defineResource, duplicateKeys, type ImportIssue } from "@/lib/admin/resource";
import { audit } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { COMPANY_STATUSES } from "./options";
import { ZCompanyImport, type TCompanyImport } from "./schemas";
import { codeInUse, COMPANY, placeableOrgIds } from "./service";

// The dealer companies list (system/company), its export and its import, on the admin pattern:
// a manufacturer has hundreds to a few thousand dealers, a bounded table that pages by number.
// Every query is scoped by the viewer's data scope; the import creates or updates companies
// by code, within that scope (onboarding users and addresses is the screen's, not the sheet's).

const AREA = { id: true, code: true, nameEn: true, nameZh: true, level: true } as const;
const NAMED = { id: true, code: true, nameEn: true, nameZh: true } as const;
const SELECT = {
  ...COMPANY,
  createdAt: true,
  updatedAt: true,
  disabledAt: true,
  orgSource: { select: NAMED },
  organization: { select: NAMED },
  regionArea: { select: { ...AREA, parent: { select: { ...AREA, parent: { select: AREA } } } } },
  _count: { select: { users: true } },
} as const;
type Raw = Prisma.CompanyGetPayload<{ select: typeof SELECT }>;
type Area = { id: number; code: string; nameEn: string; nameZh: string; level: number };
type Named = { id: number; code: string; nameEn: string; nameZh: string };
export type CompanyRow = Omit<Raw, "_count" | "regionArea" | "createdAt" | "updatedAt" | "disabledAt" | "orgSource" | "organization"> & {
  orgSource: Named | null;
  organization: Named;
  areaPath: Area[];
  users: number;
  createdAt: string;
  updatedAt: string;
  disabledAt: string | null;
};

function areaPath(a: Raw["regionArea"]): Area[] {
  if (!a) return [];
  const { parent, ...self } = a;
  if (!parent) return [self];
  const { parent: top, ...mid } = parent;
  return [...(top ? [top] : []), mid, self];
}

const toRow = ({ _count, regionArea, createdAt, updatedAt, disabledAt, ...r }: Raw): CompanyRow => ({
  ...r,
  areaPath: areaPath(regionArea),
  users: _count.users,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
  disabledAt: disabledAt?.toISOString() ?? null,
});

const localized = (n: { nameEn: string; nameZh: string } | null, zh: boolean) => (n ? (zh ? n.nameZh : n.nameEn) : null);

export const companyResource = defineResource<CompanyRow, Prisma.CompanyWhereInput, TCompanyImport>({
  name: "company",
  route: "system/company",
  labels: "CompanyAdmin",
  spec: {
    filters: [
      { name: "keyword", type: "text", max: 100 },
      { name: "status", type: "select", options: COMPANY_STATUSES },
      { name: "orgSourceId", type: "number" },
      { name: "organizationId", type: "number" },
    ],
    sorts: ["code", "createdAt", "updatedAt"],
    defaultSort: { field: "code", order: "asc" },
  },
  permissions: { create: "company:create", update: "company:update", export: "company:export", import: "company:import" },
  where: async (viewer, f) => ({
    AND: [
      await companyScopeWhere(viewer),
      typeof f.keyword === "string"
        ? {
            OR: [
              { code: { startsWith: f.keyword, mode: "insensitive" } },
              { nameEn: { contains: f.keyword, mode: "insensitive" } },
              { nameZh: { contains: f.keyword } },
              { licenseNo: { startsWith: f.keyword.toUpperCase() } },
            ],
          }
        : {},
      typeof f.status === "string" ? { status: f.status as (typeof COMPANY_STATUSES)[number] } : {},
      typeof f.orgSourceId === "number" ? { orgSourceId: f.orgSourceId } : {},
      typeof f.organizationId === "number" ? { organizationId: f.organizationId } : {},
    ],
  }),
  page: async ({ where, sort, skip, take }) =>
    (await db().company.findMany({ where, orderBy: [{ [sort.field]: sort.order }, { id: "asc" }], skip, take, select: SELECT })).map(toRow),
  count: (where) => db().company.count({ where }),
  batch: async (where, after, take) =>
    (await db().company.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: SELECT })).map(toRow),
  key: (r) => r.id,
  // The import's columns first, with references as codes, so an export can be edited and
  // imported again; then what only the export says.
  exportColumns: [
    { key: "code", width: 14, value: (r) => r.code },
    { key: "nameEn", width: 30, value: (r) => r.nameEn },
    { key: "nameZh", width: 22, value: (r) => r.nameZh },
    { key: "orgSource", width: 14, value: (r) => r.orgSource?.code ?? null },
    { key: "organization", width: 14, value: (r) => r.organization.code },
    { key: "area", width: 12, value: (r) => r.areaPath.at(-1)?.code ?? null },
    { key: "address", width: 36, value: (r) => r.address },
    { key: "contact", width: 14, value: (r) => r.contact },
    { key: "phone", width: 16, value: (r) => r.phone },
    { key: "licenseNo", width: 22, value: (r) => r.licenseNo },
    { key: "status", width: 10, value: (r, c) => c.t(`CompanyAdmin.options.status.${r.status}`) },
    { key: "users", width: 8, value: (r) => r.users },
    { key: "createdAt", width: 20, numFmt: "yyyy-mm-dd hh:mm", value: (r) => new Date(r.createdAt) },
    { key: "disabledAt", width: 20, numFmt: "yyyy-mm-dd hh:mm", value: (r) => (r.disabledAt ? new Date(r.disabledAt) : null) },
  ],
  import: {
    schema: ZCompanyImport,
    columns: [
      { key: "code", required: true },
      { key: "nameEn", required: true },
      { key: "nameZh", required: true },
      { key: "orgSource", required: true },
      { key: "organization", required: true },
      { key: "area", required: true },
      { key: "address", required: true },
      { key: "contact", required: true },
      { key: "phone", required: true },
      { key: "licenseNo", required: true },
    ],
    check: async (rows, viewer) => {
      const issues: ImportIssue[] = [
        ...duplicateKeys(
          rows.map((r) => ({ row: r.row, key: r.value.code })),
          "code",
        ),
      ];
      const firstLicence = new Map<string, number>();
      for (const r of rows) {
        const first = firstLicence.get(r.value.licenseNo);
        if (first !== undefined) issues.push({ row: r.row, field: "licenseNo", key: "CompanyAdmin.errors.licenseInFile", values: { first } });
        else firstLicence.set(r.value.licenseNo, r.row);
      }
      const codes = (pick: (v: TCompanyImport) => string) => [...new Set(rows.map((r) => pick(r.value)))];
      const placeable = placeableOrgIds(await resolveScope(viewer));
      const [sources, orgs, areas, licences, existing, visible] = await Promise.all([
        db().orgSource.findMany({ where: { code: { in: codes((v) => v.orgSource) } }, select: { id: true, code: true, enabled: true } }),
        db().organization.findMany({ where: { code: { in: codes((v) => v.organization) } }, select: { id: true, code: true, type: true } }),
        db().regionArea.findMany({ where: { code: { in: codes((v) => v.area) } }, select: { id: true, code: true, enabled: true } }),
        db().company.findMany({ where: { licenseNo: { in: codes((v) => v.licenseNo) } }, select: { code: true, licenseNo: true } }),
        db().company.findMany({
          where: { OR: codes((v) => v.code).map((code) => ({ code: { equals: code, mode: "insensitive" as const } })) },
          select: { id: true, code: true, organizationId: true },
        }),
        companyScopeWhere(viewer).then((scope) =>
          db().company.findMany({
            where: { AND: [scope, { OR: codes((v) => v.code).map((code) => ({ code: { equals: code, mode: "insensitive" as const } })) }] },
            select: { id: true },
          }),
        ),
      ]);
      for (const { row, value: v } of rows) {
        const org = orgs.find((o) => o.code === v.organization && o.type === "REGION");
        const before = existing.find((c) => c.code.toLowerCase() === v.code.toLowerCase());
        if (before && !visible.some((c) => c.id === before.id)) {
          issues.push({ row, field: "code", key: "CompanyAdmin.errors.outOfScope", values: { value: v.code } });
          continue;
        }
        if (!sources.some((s) => s.code === v.orgSource && s.enabled))
          issues.push({ row, field: "orgSource", key: "CompanyAdmin.errors.unknownOrgSource", values: { value: v.orgSource } });
        if (!org || (placeable && !placeable.includes(org.id) && org.id !== before?.organizationId))
          issues.push({ row, field: "organization", key: "CompanyAdmin.errors.unknownOrganization", values: { value: v.organization } });
        if (!areas.some((a) => a.code === v.area && a.enabled)) issues.push({ row, field: "area", key: "CompanyAdmin.errors.unknownArea", values: { value: v.area } });
        const owner = licences.find((l) => l.licenseNo === v.licenseNo);
        if (owner && owner.code.toLowerCase() !== v.code.toLowerCase())
          issues.push({ row, field: "licenseNo", key: "CompanyAdmin.errors.licenseTaken", values: { code: owner.code } });
      }
      return issues;
    },
    save: async (tx, rows, viewer, requestId) => {
      const ctx = { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId };
      const scope = await resolveScope(viewer);
      const inScope = await companyScopeWhere(viewer);
      const placeable = placeableOrgIds(scope);
      let created = 0;
      let updated = 0;
      for (const r of rows) {
        const [source, org, area] = await Promise.all([
          tx.orgSource.findUniqueOrThrow({ where: { code: r.orgSource }, select: { id: true } }),
          tx.organization.findUniqueOrThrow({ where: { code: r.organization }, select: { id: true } }),
          tx.regionArea.findUniqueOrThrow({ where: { code: r.area }, select: { id: true } }),
        ]);
        const data = {
          code: r.code,
          nameEn: r.nameEn,
          nameZh: r.nameZh,
          orgSourceId: source.id,
          organizationId: org.id,
          regionAreaId: area.id,
          address: r.address,
          contact: r.contact,
          phone: r.phone,
          licenseNo: r.licenseNo,
        };
        const existing = await tx.company.findFirst({ where: { code: { equals: r.code, mode: "insensitive" } }, select: { id: true } });
        if (existing) {
          await tx.$queryRaw`SELECT "id" FROM "Company" WHERE "id" = ${existing.id} FOR UPDATE`;
          const before = await tx.company.findFirst({ where: { AND: [{ id: existing.id }, inScope] }, select: COMPANY });
          // The checks ran before the transaction; these hold should the scope change meanwhile.
          if (!before || (placeable && before.organizationId !== org.id && !placeable.includes(org.id))) throw new DomainError("CompanyAdmin.errors.regionOutOfScope");
          if (before.code !== r.code && (await codeInUse(tx, before.id))) throw new DomainError("CompanyAdmin.errors.codeFixed", { code: before.code });
          const after = await tx.company.update({ where: { id: before.id }, data, select: COMPANY });
          await audit(tx, ctx, "Company", before.id, "import-update", before, after);
          updated++;
        } else {
          if (placeable && !placeable.includes(org.id)) throw new DomainError("CompanyAdmin.errors.regionOutOfScope");
          const after = await tx.company.create({ data: { ...data, status: "ACTIVE" }, select: COMPANY });
          await audit(tx, ctx, "Company", after.id, "import-create", null, after);
          created++;
        }
      }
      return { created, updated };
    },
  },
});

/** What the screen's forms choose from: dealer types, the regions the viewer may place a
 * company under, dealer roles, and (for linking) nothing up front: users are searched. */
export async function companyFormOptions(viewer: Parameters<typeof resolveScope>[0]) {
  const scope = await resolveScope(viewer);
  const placeable = placeableOrgIds(scope);
  const [orgSources, regions, roles] = await Promise.all([
    db().orgSource.findMany({ orderBy: [{ sort: "asc" }, { id: "asc" }], select: { ...NAMED, enabled: true } }),
    db().organization.findMany({
      where: { type: "REGION", ...(placeable ? { id: { in: placeable } } : {}) },
      orderBy: [{ sort: "asc" }, { id: "asc" }],
      select: NAMED,
    }),
    db().role.findMany({ where: { code: { not: "ADMIN" } }, orderBy: { code: "asc" }, select: NAMED }),
  ]);
  return { orgSources, regions, roles };
}

export const companyLabel = (r: { code: string; nameEn: string; nameZh: string }, zh: boolean) => `${localized(r, zh)} (${r.code})`;
