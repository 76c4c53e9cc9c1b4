import "server-only";
import { companyScopeWhere } from "@/lib/access/scope";
import { excelTime } from "@/lib/admin/excel";
import { defineResource, loadList } from "@/lib/admin/resource";
import type { Tx } from "@/lib/core/tx";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { audit, type AuditCtx } from "@/lib/core/audit";
import { variableDef, type VariableType } from "./variable-registry";
import { storedValue, VARIABLE_TYPES, type TVariableDefaultSave, type TVariableSave } from "./variable-schemas";
import { invalidateVariables } from "./variables";

// System variables: the platform values (system/systemVariableDefault: edit and reset only,
// the variables themselves are defined in code) and the companies' own values
// (system/systemVariable, confined to the companies in the viewer's data scope). Every write is
// one transaction with its audit row, then clears this instance's variable cache; other
// instances pick the change up within the cache's 30 s.

type Ctx = { viewer: Viewer; audit: AuditCtx };
const DATE_FMT = "yyyy-mm-dd hh:mm";
const iso = (d: Date) => d.toISOString();

// ── Platform values ────────────────────────────────────────────────────────────────────────

export type VariableDefaultRow = {
  key: string;
  type: VariableType;
  value: string;
  codedDefault: string | null;
  platformOnly: boolean;
  descriptionEn: string;
  descriptionZh: string;
  overrides: number;
  updatedAt: string;
};
type DefaultWhere = { where: Prisma.SystemVariableDefaultWhereInput; companies: Prisma.CompanyWhereInput };

const defaultSelect = (companies: Prisma.CompanyWhereInput) =>
  ({
    key: true,
    type: true,
    value: true,
    descriptionEn: true,
    descriptionZh: true,
    updatedAt: true,
    _count: { select: { overrides: { where: { company: companies } } } },
  }) as const;
type DefaultRaw = Prisma.SystemVariableDefaultGetPayload<{ select: ReturnType<typeof defaultSelect> }>;
const toDefaultRow = ({ _count, updatedAt, ...r }: DefaultRaw): VariableDefaultRow => {
  const def = variableDef(r.key);
  return { ...r, codedDefault: def?.value ?? null, platformOnly: !!def?.platformOnly, overrides: _count.overrides, updatedAt: iso(updatedAt) };
};

export const variableDefaultResource = defineResource<VariableDefaultRow, DefaultWhere>({
  name: "systemVariableDefault",
  route: "system/systemVariableDefault",
  labels: "VariableDefaultAdmin",
  spec: {
    filters: [
      { name: "keyword", type: "text", max: 100 },
      { name: "type", type: "select", options: VARIABLE_TYPES },
    ],
    sorts: ["key", "updatedAt"],
    defaultSort: { field: "key", order: "asc" },
  },
  permissions: { update: "variable:update", export: "variable:export" },
  where: async (viewer, f) => ({
    companies: await companyScopeWhere(viewer),
    where: {
      ...(typeof f.keyword === "string"
        ? {
            OR: [
              { key: { startsWith: f.keyword, mode: "insensitive" } },
              { descriptionEn: { contains: f.keyword, mode: "insensitive" } },
              { descriptionZh: { contains: f.keyword } },
            ],
          }
        : {}),
      ...(typeof f.type === "string" ? { type: f.type as VariableType } : {}),
    },
  }),
  page: async ({ where, sort, skip, take }) =>
    (
      await db().systemVariableDefault.findMany({ where: where.where, orderBy: [{ [sort.field]: sort.order }, { key: "asc" }], skip, take, select: defaultSelect(where.companies) })
    ).map(toDefaultRow),
  count: (where) => db().systemVariableDefault.count({ where: where.where }),
  batch: async (where, after, take) =>
    (
      await db().systemVariableDefault.findMany({
        where: after === null ? where.where : { AND: [where.where, { key: { gt: String(after) } }] },
        orderBy: { key: "asc" },
        take,
        select: defaultSelect(where.companies),
      })
    ).map(toDefaultRow),
  key: (r) => r.key,
  exportColumns: [
    { key: "key", width: 34, value: (r) => r.key },
    { key: "description", width: 50, value: (r, c) => (c.zh ? r.descriptionZh : r.descriptionEn) },
    { key: "type", width: 10, value: (r) => r.type },
    { key: "value", width: 30, value: (r) => r.value },
    { key: "codedDefault", width: 30, value: (r) => r.codedDefault },
    { key: "overrides", width: 10, value: (r) => r.overrides },
    { key: "updatedAt", width: 18, numFmt: DATE_FMT, value: (r) => excelTime(new Date(r.updatedAt)) },
  ],
});

const DEFAULT_WRITE = { key: true, type: true, value: true } as const;

async function writeDefault(ctx: AuditCtx, key: string, action: string, next: (before: { type: VariableType; value: string }) => { type: VariableType; value: string }) {
  const row = await db().$transaction(async (tx: Tx) => {
    const before = await tx.systemVariableDefault.findUnique({ where: { key }, select: DEFAULT_WRITE });
    if (!before) throw new NotFoundError();
    const data = next(before);
    const after = await tx.systemVariableDefault.update({ where: { key }, data, select: DEFAULT_WRITE });
    await audit(tx, ctx, "SystemVariableDefault", key, action, before, after);
    return after;
  });
  invalidateVariables();
  return row;
}

/** A new platform value, checked against the stored variable's type and rules. */
export function saveVariableDefault(ctx: AuditCtx, input: TVariableDefaultSave) {
  return writeDefault(ctx, input.id, "update", (before) => {
    if (before.type !== input.type) throw new DomainError("VariableDefaultAdmin.errors.typeChanged", {}, "value");
    return { type: before.type, value: storedValue(before.type, input.id, input.value) };
  });
}

/** Back to the value defined in code (and its type). */
export function resetVariableDefault(ctx: AuditCtx, key: string) {
  const def = variableDef(key);
  if (!def) throw new DomainError("VariableDefaultAdmin.errors.notCoded", { key });
  return writeDefault(ctx, key, "reset", () => ({ type: def.type, value: def.value }));
}

// ── Company values ─────────────────────────────────────────────────────────────────────────

export type VariableRow = {
  id: number;
  key: string;
  type: VariableType;
  value: string;
  platformValue: string;
  descriptionEn: string;
  descriptionZh: string;
  companyId: number;
  companyCode: string;
  companyNameEn: string;
  companyNameZh: string;
  updatedAt: string;
};

const SELECT = {
  id: true,
  key: true,
  value: true,
  companyId: true,
  updatedAt: true,
  variable: { select: { type: true, value: true, descriptionEn: true, descriptionZh: true } },
  company: { select: { code: true, nameEn: true, nameZh: true } },
} as const;
type Raw = Prisma.SystemVariableGetPayload<{ select: typeof SELECT }>;
const toRow = ({ variable: v, company: c, updatedAt, ...r }: Raw): VariableRow => ({
  ...r,
  type: v.type,
  platformValue: v.value,
  descriptionEn: v.descriptionEn,
  descriptionZh: v.descriptionZh,
  companyCode: c.code,
  companyNameEn: c.nameEn,
  companyNameZh: c.nameZh,
  updatedAt: iso(updatedAt),
});

const ORDER: Record<string, (o: Prisma.SortOrder) => Prisma.SystemVariableOrderByWithRelationInput> = {
  key: (o) => ({ key: o }),
  company: (o) => ({ company: { code: o } }),
  updatedAt: (o) => ({ updatedAt: o }),
};

export const variableResource = defineResource<VariableRow, Prisma.SystemVariableWhereInput>({
  name: "systemVariable",
  route: "system/systemVariable",
  labels: "VariableAdmin",
  spec: {
    filters: [
      { name: "company", type: "text", max: 100 },
      { name: "key", type: "text", max: 100 },
    ],
    sorts: Object.keys(ORDER),
    defaultSort: { field: "key", order: "asc" },
  },
  permissions: { create: "variable:override", update: "variable:override", delete: "variable:deleteOverride", export: "variable:export" },
  where: async (viewer, f) => ({
    AND: [
      { company: await companyScopeWhere(viewer) },
      typeof f.company === "string"
        ? {
            company: {
              OR: [{ code: { startsWith: f.company, mode: "insensitive" } }, { nameEn: { contains: f.company, mode: "insensitive" } }, { nameZh: { contains: f.company } }],
            },
          }
        : {},
      typeof f.key === "string" ? { key: { contains: f.key, mode: "insensitive" } } : {},
    ],
  }),
  page: async ({ where, sort, skip, take }) =>
    (await db().systemVariable.findMany({ where, orderBy: [ORDER[sort.field](sort.order), { id: "asc" }], skip, take, select: SELECT })).map(toRow),
  count: (where) => db().systemVariable.count({ where }),
  batch: async (where, after, take) =>
    (await db().systemVariable.findMany({ where: after === null ? where : { AND: [where, { id: { gt: Number(after) } }] }, orderBy: { id: "asc" }, take, select: SELECT })).map(
      toRow,
    ),
  key: (r) => r.id,
  exportColumns: [
    { key: "companyCode", width: 12, value: (r) => r.companyCode },
    { key: "company", width: 28, value: (r, c) => (c.zh ? r.companyNameZh : r.companyNameEn) },
    { key: "key", width: 34, value: (r) => r.key },
    { key: "description", width: 50, value: (r, c) => (c.zh ? r.descriptionZh : r.descriptionEn) },
    { key: "type", width: 10, value: (r) => r.type },
    { key: "value", width: 30, value: (r) => r.value },
    { key: "platformValue", width: 30, value: (r) => r.platformValue },
    { key: "updatedAt", width: 18, numFmt: DATE_FMT, value: (r) => excelTime(new Date(r.updatedAt)) },
  ],
});

const WRITE = { id: true, key: true, companyId: true, value: true } as const;

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";

/** Creates or changes a company's value; the company (and the edited row's) must be in scope. */
export async function saveVariable(ctx: Ctx, input: TVariableSave) {
  const scope = await companyScopeWhere(ctx.viewer);
  const run = () =>
    db().$transaction(async (tx: Tx) => {
      const company = await tx.company.findFirst({ where: { AND: [{ id: input.companyId }, scope] }, select: { id: true, code: true } });
      const before = input.id ? await tx.systemVariable.findFirst({ where: { id: input.id, company: scope }, select: WRITE }) : null;
      if (!company || (input.id && !before)) throw new NotFoundError();
      const variable = await tx.systemVariableDefault.findUnique({ where: { key: input.key }, select: { type: true } });
      if (!variable) throw new DomainError("VariableAdmin.errors.unknownKey", { key: input.key }, "key");
      if (variableDef(input.key)?.platformOnly) throw new DomainError("VariableAdmin.errors.platformOnly", { key: input.key }, "key");
      if (variable.type !== input.type) throw new DomainError("VariableDefaultAdmin.errors.typeChanged", {}, "value");
      const clash = await tx.systemVariable.findFirst({ where: { key: input.key, companyId: company.id, NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
      if (clash) throw new DomainError("VariableAdmin.errors.exists", { key: input.key, company: company.code }, "companyId");
      const data = { key: input.key, companyId: company.id, value: storedValue(variable.type, input.key, input.value) };
      const row = before ? await tx.systemVariable.update({ where: { id: before.id }, data, select: WRITE }) : await tx.systemVariable.create({ data, select: WRITE });
      await audit(tx, ctx.audit, "SystemVariable", row.id, before ? "update" : "create", before, row);
      return row;
    });
  try {
    return await run();
  } catch (err) {
    // Two people adding the same company value at once: the loser hears what the check says.
    if (isUniqueViolation(err)) return await run();
    throw err;
  } finally {
    invalidateVariables();
  }
}

/** Deletes all the selected company values or none (any outside the scope: not found). */
export async function deleteVariables(ctx: Ctx, ids: number[]) {
  const scope = await companyScopeWhere(ctx.viewer);
  const out = await db().$transaction(async (tx: Tx) => {
    const rows = await tx.systemVariable.findMany({ where: { id: { in: ids }, company: scope }, select: WRITE });
    if (rows.length !== new Set(ids).size) throw new NotFoundError();
    await tx.systemVariable.deleteMany({ where: { id: { in: ids } } });
    for (const r of rows) await audit(tx, ctx.audit, "SystemVariable", r.id, "delete", r, null);
    return { deleted: rows.length };
  });
  invalidateVariables();
  return out;
}

export type CompanyOption = { id: number; code: string; nameEn: string; nameZh: string };
export type VariableOption = { key: string; type: VariableType; value: string; descriptionEn: string; descriptionZh: string };

/** The list plus what the form picks from: companies in scope, variables a company may set. */
export async function loadVariableAdmin(viewer: Viewer, url: URL | URLSearchParams) {
  const list = await loadList(variableResource, viewer, url);
  const [companies, variables] = await Promise.all([
    db().company.findMany({ where: await companyScopeWhere(viewer), orderBy: { code: "asc" }, take: 5000, select: { id: true, code: true, nameEn: true, nameZh: true } }),
    db().systemVariableDefault.findMany({ orderBy: { key: "asc" }, select: { key: true, type: true, value: true, descriptionEn: true, descriptionZh: true } }),
  ]);
  return { list, companies: companies satisfies CompanyOption[], variables: variables.filter((v) => !variableDef(v.key)?.platformOnly) satisfies VariableOption[] };
}
export type VariableAdminData = Awaited<ReturnType<typeof loadVariableAdmin>>;
