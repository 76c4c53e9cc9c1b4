import "server-only";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { unlockUser } from "@/lib/auth/account-admin";
import { hashPassword } from "@/lib/auth/password";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { revokeAllSessions } from "@/lib/auth/sessions";
import { ForbiddenError, isAdmin, type Viewer } from "@/lib/auth/viewer";
import { checkAssignment, loadCeiling } from "@/lib/access/ceiling";
import { companyScopeWhere, userScopeWhere } from "@/lib/access/scope";
import { DomainError, NotFoundError } from "@/lib/errors";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { TApprove, TResetPassword, TUserCreate, TUserEnable, TUserUpdate } from "./schemas";

const USER = {
  id: true,
  account: true,
  name: true,
  phone: true,
  userType: true,
  status: true,
  organizationId: true,
  jobId: true,
  approvedAt: true,
  approvedById: true,
  roles: { select: { roleId: true } },
  companies: { select: { companyId: true } },
} as const;

async function snapshot(tx: Tx, id: number) {
  const u = await tx.user.findUnique({ where: { id }, select: USER });
  if (!u) return null;
  const { roles, companies, ...rest } = u;
  return { ...rest, roleIds: roles.map((r) => r.roleId).sort((a, b) => a - b), companyIds: companies.map((c) => c.companyId).sort((a, b) => a - b) };
}

/** The target must be inside the viewer's data scope (else 404, as a missing one); only an
 * administrator may change an administrator. */
async function target(tx: Tx, viewer: Viewer, id: number) {
  const found = await tx.user.findFirst({ where: { AND: [{ id }, await userScopeWhere(viewer)] }, select: { id: true, userType: true } });
  if (!found) throw new NotFoundError();
  if (found.userType === "ADMIN" && !isAdmin(viewer)) throw new ForbiddenError("user:admin");
  return (await snapshot(tx, id))!;
}

/** Roles, companies, department and job exist; companies only for dealers and within scope;
 * only administrators hand out administration. What the roles give is checked against the
 * editor's own grants by checkAssignment (lib/access/ceiling.ts). */
async function checkLinks(tx: Tx, viewer: Viewer, v: { userType: string; roleIds: number[]; companyIds: number[]; organizationId?: number | null; jobId?: number | null }) {
  if (v.userType !== "DEALER" && v.companyIds.length) throw new DomainError("UserAdmin.errors.staffNoCompanies", {}, "companyIds");
  const roles = await tx.role.findMany({ where: { id: { in: v.roleIds } }, select: { code: true } });
  if (roles.length !== new Set(v.roleIds).size) throw new DomainError("UserAdmin.errors.unknownRole", {}, "roleIds");
  if (!isAdmin(viewer) && (v.userType === "ADMIN" || roles.some((r) => r.code === "ADMIN"))) throw new ForbiddenError("user:admin");
  const ids = [...new Set(v.companyIds)];
  const companies = await tx.company.count({ where: { AND: [{ id: { in: ids } }, await companyScopeWhere(viewer)] } });
  if (companies !== ids.length) throw new DomainError("UserAdmin.errors.unknownCompany", {}, "companyIds");
  if (v.organizationId && !(await tx.organization.findUnique({ where: { id: v.organizationId }, select: { id: true } })))
    throw new DomainError("UserAdmin.errors.unknownOrganization", {}, "organizationId");
  if (v.jobId && !(await tx.job.findUnique({ where: { id: v.jobId }, select: { id: true } }))) throw new DomainError("UserAdmin.errors.unknownJob", {}, "jobId");
}

/** Role changes of one user are made one at a time, so each is checked against what it replaces. */
async function lockUser(tx: Tx, id: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${id} FOR UPDATE`;
}

async function checkUnique(tx: Tx, v: { id?: number; account?: string; phone: string | null }) {
  if (v.account && (await tx.user.findUnique({ where: { account: v.account }, select: { id: true } })))
    throw new DomainError("UserAdmin.errors.accountTaken", { account: v.account }, "account");
  if (v.phone) {
    const p = await tx.user.findUnique({ where: { phone: v.phone }, select: { id: true } });
    if (p && p.id !== v.id) throw new DomainError("UserAdmin.errors.phoneTaken", {}, "phone");
  }
}

async function writeLinks(tx: Tx, userId: number, roleIds: number[], companyIds: number[]) {
  await tx.userRole.deleteMany({ where: { userId } });
  await tx.userCompany.deleteMany({ where: { userId } });
  await tx.userRole.createMany({ data: [...new Set(roleIds)].map((roleId) => ({ userId, roleId })) });
  await tx.userCompany.createMany({ data: [...new Set(companyIds)].map((companyId) => ({ userId, companyId })) });
}

export async function createUser(viewer: Viewer, ctx: AuditCtx, input: TUserCreate) {
  await assertPasswordAllowed(input.password, [input.account, input.name, input.phone]);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    await checkUnique(tx, input);
    await checkLinks(tx, viewer, input);
    await checkAssignment(tx, await loadCeiling(tx, viewer), null, { userType: input.userType, organizationId: input.organizationId ?? null, roleIds: input.roleIds });
    const user = await tx.user.create({
      data: {
        account: input.account,
        name: input.name,
        phone: input.phone,
        userType: input.userType,
        status: "ACTIVE",
        passwordHash,
        organizationId: input.organizationId,
        jobId: input.jobId,
      },
      select: { id: true },
    });
    await writeLinks(tx, user.id, input.roleIds, input.companyIds);
    const after = await snapshot(tx, user.id);
    await audit(tx, ctx, "User", user.id, "create", null, after);
    return after!;
  });
}

export async function updateUser(viewer: Viewer, ctx: AuditCtx, input: TUserUpdate) {
  return db().$transaction(async (tx) => {
    await lockUser(tx, input.id);
    const before = await target(tx, viewer, input.id);
    await checkUnique(tx, { id: input.id, phone: input.phone });
    await checkLinks(tx, viewer, input);
    await checkAssignment(tx, await loadCeiling(tx, viewer), before, { userType: input.userType, organizationId: input.organizationId ?? null, roleIds: input.roleIds });
    await tx.user.update({
      where: { id: input.id },
      data: { name: input.name, phone: input.phone, userType: input.userType, organizationId: input.organizationId, jobId: input.jobId },
    });
    await writeLinks(tx, input.id, input.roleIds, input.companyIds);
    const after = await snapshot(tx, input.id);
    await audit(tx, ctx, "User", input.id, "update", before, after);
    return after!;
  });
}

export async function setUserEnabled(viewer: Viewer, ctx: AuditCtx, input: TUserEnable) {
  return db().$transaction(async (tx) => {
    const before = await target(tx, viewer, input.id);
    if (input.id === viewer.userId) throw new DomainError("UserAdmin.errors.notYourself");
    const allowed = input.enabled ? before.status === "DISABLED" : before.status === "ACTIVE" || before.status === "LOCKED";
    if (!allowed) throw new DomainError("UserAdmin.errors.badStatus", { status: before.status });
    const status = input.enabled ? "ACTIVE" : "DISABLED";
    await tx.user.update({ where: { id: input.id }, data: input.enabled ? { status } : { status, sessionsValidFrom: new Date() } });
    if (!input.enabled) await revokeAllSessions(input.id, { tx });
    await audit(tx, ctx, "User", input.id, input.enabled ? "enable" : "disable", { status: before.status }, { status });
    return { id: input.id, status };
  });
}

export async function resetUserPassword(viewer: Viewer, ctx: AuditCtx, input: TResetPassword) {
  const who = await db().user.findUnique({ where: { id: input.id }, select: { account: true, name: true, phone: true } });
  await assertPasswordAllowed(input.password, [who?.account, who?.name, who?.phone]);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    await target(tx, viewer, input.id);
    const now = new Date();
    await tx.user.update({ where: { id: input.id }, data: { passwordHash, sessionsValidFrom: now } });
    await revokeAllSessions(input.id, { tx, now });
    // The password itself is never written to the audit log.
    await audit(tx, ctx, "User", input.id, "resetPassword", null, { sessionsValidFrom: now.toISOString() });
    return { id: input.id };
  });
}

export async function approveUser(viewer: Viewer, ctx: AuditCtx, input: TApprove) {
  return db().$transaction(async (tx) => {
    await lockUser(tx, input.id);
    const before = await target(tx, viewer, input.id);
    if (before.status !== "PENDING") throw new DomainError("UserAdmin.errors.notPending");
    await checkLinks(tx, viewer, input);
    await checkAssignment(tx, await loadCeiling(tx, viewer), before, { userType: input.userType, organizationId: input.organizationId ?? null, roleIds: input.roleIds });
    const now = new Date();
    await tx.user.update({
      where: { id: input.id },
      data: { status: "ACTIVE", userType: input.userType, organizationId: input.organizationId, approvedAt: now, approvedById: viewer.userId },
    });
    await writeLinks(tx, input.id, input.roleIds, input.companyIds);
    const after = await snapshot(tx, input.id);
    await audit(tx, ctx, "User", input.id, "approve", before, after);
    return after!;
  });
}

/** Lifts the sign-in throttle (lib/auth/account-admin.ts) of a user in scope; a user an
 * administrator had set to LOCKED becomes ACTIVE again. */
export async function unlockUserAccount(viewer: Viewer, ctx: AuditCtx, id: number) {
  const before = await target(db() as unknown as Tx, viewer, id);
  await unlockUser(viewer, id, ctx.requestId);
  if (before.status === "LOCKED") {
    await db().$transaction(async (tx) => {
      await tx.user.update({ where: { id }, data: { status: "ACTIVE" } });
      await audit(tx, ctx, "User", id, "unlock", { status: "LOCKED" }, { status: "ACTIVE" });
    });
  }
  return { id };
}
