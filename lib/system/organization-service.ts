import "server-only";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { TCompanyRegion, TJobSave, TOrganizationSave } from "./schemas";

const ORG = { id: true, parentId: true, code: true, nameEn: true, nameZh: true, type: true, sort: true } as const;

export async function saveOrganization(ctx: AuditCtx, input: TOrganizationSave) {
  return db().$transaction(async (tx) => {
    const clash = await tx.organization.findFirst({ where: { code: input.code, NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("OrgAdmin.errors.codeTaken", { code: input.code }, "code");
    if (input.parentId) {
      if (!(await tx.organization.findUnique({ where: { id: input.parentId }, select: { id: true } }))) throw new DomainError("OrgAdmin.errors.parentMissing", {}, "parentId");
      // Not under itself or one of its descendants.
      for (let at: number | null = input.parentId; at !== null && input.id;) {
        if (at === input.id) throw new DomainError("OrgAdmin.errors.parentCycle", {}, "parentId");
        at = (await tx.organization.findUnique({ where: { id: at }, select: { parentId: true } }))?.parentId ?? null;
      }
    }
    const fields = { parentId: input.parentId, code: input.code, nameEn: input.nameEn, nameZh: input.nameZh, type: input.type, sort: input.sort };
    if (!input.id) {
      const row = await tx.organization.create({ data: fields, select: ORG });
      await audit(tx, ctx, "Organization", row.id, "create", null, row);
      return row;
    }
    const before = await tx.organization.findUnique({ where: { id: input.id }, select: ORG });
    if (!before) throw new NotFoundError();
    const row = await tx.organization.update({ where: { id: input.id }, data: fields, select: ORG });
    await audit(tx, ctx, "Organization", row.id, "update", before, row);
    return row;
  });
}

export async function deleteOrganization(ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const before = await tx.organization.findUnique({ where: { id }, select: { ...ORG, _count: { select: { children: true, companies: true, users: true } } } });
    if (!before) throw new NotFoundError();
    const { _count: n, ...row } = before;
    if (n.children || n.companies || n.users) throw new DomainError("OrgAdmin.errors.inUse", { children: n.children, companies: n.companies, users: n.users });
    await tx.organization.delete({ where: { id } });
    await audit(tx, ctx, "Organization", id, "delete", row, null);
    return { id };
  });
}

export async function moveCompany(ctx: AuditCtx, input: TCompanyRegion) {
  const SEL = { id: true, code: true, organizationId: true, orgSourceId: true, regionAreaId: true } as const;
  return db().$transaction(async (tx) => {
    const before = await tx.company.findUnique({ where: { id: input.companyId }, select: SEL });
    if (!before) throw new NotFoundError();
    const org = await tx.organization.findUnique({ where: { id: input.organizationId }, select: { type: true } });
    if (!org) throw new DomainError("OrgAdmin.errors.parentMissing", {}, "organizationId");
    if (org.type !== "REGION") throw new DomainError("OrgAdmin.errors.companyRegion", {}, "organizationId");
    // A type or area that was switched off stays allowed only where it is already set.
    if (
      input.orgSourceId !== null &&
      input.orgSourceId !== before.orgSourceId &&
      !(await tx.orgSource.findFirst({ where: { id: input.orgSourceId, enabled: true }, select: { id: true } }))
    )
      throw new DomainError("OrgAdmin.errors.orgSourceMissing", {}, "orgSourceId");
    if (
      input.regionAreaId !== null &&
      input.regionAreaId !== before.regionAreaId &&
      !(await tx.regionArea.findFirst({ where: { id: input.regionAreaId, enabled: true }, select: { id: true } }))
    )
      throw new DomainError("OrgAdmin.errors.regionAreaMissing", {}, "regionAreaId");
    const after = await tx.company.update({
      where: { id: input.companyId },
      data: { organizationId: input.organizationId, orgSourceId: input.orgSourceId, regionAreaId: input.regionAreaId },
      select: SEL,
    });
    await audit(tx, ctx, "Company", after.id, "placing", before, after);
    return after;
  });
}

const JOB = { id: true, code: true, nameEn: true, nameZh: true, sort: true, enabled: true } as const;

export async function saveJob(ctx: AuditCtx, input: TJobSave) {
  return db().$transaction(async (tx) => {
    const clash = await tx.job.findFirst({ where: { code: input.code, NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("JobAdmin.errors.codeTaken", { code: input.code }, "code");
    const { id, ...fields } = input;
    if (!id) {
      const row = await tx.job.create({ data: fields, select: JOB });
      await audit(tx, ctx, "Job", row.id, "create", null, row);
      return row;
    }
    const before = await tx.job.findUnique({ where: { id }, select: JOB });
    if (!before) throw new NotFoundError();
    const row = await tx.job.update({ where: { id }, data: fields, select: JOB });
    await audit(tx, ctx, "Job", id, "update", before, row);
    return row;
  });
}

export async function deleteJob(ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const before = await tx.job.findUnique({ where: { id }, select: { ...JOB, _count: { select: { users: true } } } });
    if (!before) throw new NotFoundError();
    const { _count, ...row } = before;
    if (_count.users) throw new DomainError("JobAdmin.errors.inUse", { users: _count.users });
    await tx.job.delete({ where: { id } });
    await audit(tx, ctx, "Job", id, "delete", row, null);
    return { id };
  });
}
