import "server-only";
import { checkAssignment, loadCeiling } from "@/lib/access/ceiling";
import { companyWhereFor, resolveScope, userScopeWhere, type ResolvedScope } from "@/lib/access/scope";
import { hashPassword } from "@/lib/auth/password";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { ForbiddenError, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { Tx } from "@/lib/core/tx";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TCompanyEnable, TCompanyOnboard, TCompanyUpdate } from "./schemas";

// Dealer companies (system/company): onboarding, edits, disabling. Every write is one
// transaction with its audit rows. Staff act only inside their data scope: a company outside
// it is a 404 like a missing one, and a company can be placed only under a region they see.
// A disabled company keeps its history; no one can sign in to it, its sessions end at once
// and nothing can be ordered for it (lib/companies/guard.ts).

export const COMPANY = {
  id: true,
  code: true,
  nameEn: true,
  nameZh: true,
  organizationId: true,
  orgSourceId: true,
  regionAreaId: true,
  address: true,
  contact: true,
  phone: true,
  licenseNo: true,
  status: true,
} as const;

type CompanyFields = Omit<TCompanyUpdate, "id">;
type Before = Prisma.CompanyGetPayload<{ select: typeof COMPANY }>;

/** Under which regions the viewer may place a company (null: any). */
export function placeableOrgIds(scope: ResolvedScope): number[] | null {
  if (scope.kind === "all") return null;
  return scope.kind === "orgs" ? scope.orgIds : [];
}

/** The company has business on record: its code is then fixed (orders, vehicles, carts…). */
export async function codeInUse(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ used: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "Order" WHERE "companyId" = ${id})
        OR EXISTS (SELECT 1 FROM "PreOrder" WHERE "companyId" = ${id})
        OR EXISTS (SELECT 1 FROM "Vehicle" WHERE "companyId" = ${id})
        OR EXISTS (SELECT 1 FROM "ReturnBatch" WHERE "companyId" = ${id})
        OR EXISTS (SELECT 1 FROM "Complaint" WHERE "companyId" = ${id})
        OR EXISTS (SELECT 1 FROM "CartLine" WHERE "companyId" = ${id}) AS "used"`;
  return row.used;
}

/** The checks of a company's fields against the database, in the save's transaction. */
async function checkFields(tx: Tx, scope: ResolvedScope, v: CompanyFields, before: Before | null) {
  const clash = await tx.company.findFirst({ where: { code: { equals: v.code, mode: "insensitive" }, NOT: before ? { id: before.id } : undefined }, select: { id: true } });
  if (clash) throw new DomainError("CompanyAdmin.errors.codeTaken", { code: v.code }, "code", 409);
  if (before && before.code !== v.code && (await codeInUse(tx, before.id))) throw new DomainError("CompanyAdmin.errors.codeFixed", { code: before.code }, "code", 409);
  const licence = await tx.company.findFirst({ where: { licenseNo: v.licenseNo, NOT: before ? { id: before.id } : undefined }, select: { code: true } });
  if (licence) throw new DomainError("CompanyAdmin.errors.licenseTaken", { code: licence.code }, "licenseNo", 409);
  const org = await tx.organization.findUnique({ where: { id: v.organizationId }, select: { type: true } });
  if (!org || org.type !== "REGION") throw new DomainError("CompanyAdmin.errors.notRegion", {}, "organizationId");
  const placeable = placeableOrgIds(scope);
  if (placeable && !placeable.includes(v.organizationId) && v.organizationId !== before?.organizationId)
    throw new DomainError("CompanyAdmin.errors.regionOutOfScope", {}, "organizationId", 403);
  // A type or area that was switched off stays allowed only where it is already set.
  if (v.orgSourceId !== before?.orgSourceId && !(await tx.orgSource.findFirst({ where: { id: v.orgSourceId, enabled: true }, select: { id: true } })))
    throw new DomainError("CompanyAdmin.errors.orgSourceMissing", {}, "orgSourceId");
  const areaId = v.area[v.area.length - 1];
  if (areaId !== before?.regionAreaId && !(await tx.regionArea.findFirst({ where: { id: areaId, enabled: true }, select: { id: true } })))
    throw new DomainError("CompanyAdmin.errors.areaMissing", {}, "area");
}

const dataOf = (v: CompanyFields) => ({
  code: v.code,
  nameEn: v.nameEn,
  nameZh: v.nameZh,
  organizationId: v.organizationId,
  orgSourceId: v.orgSourceId,
  regionAreaId: v.area[v.area.length - 1],
  address: v.address,
  contact: v.contact,
  phone: v.phone,
  licenseNo: v.licenseNo,
});

/** A concurrent save that took the same code or licence number first (the unique indexes). */
function uniqueClash(err: unknown, v: { code: string; licenseNo: string }): never {
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
    const target = JSON.stringify(err.meta ?? {});
    if (target.includes("licenseNo")) throw new DomainError("CompanyAdmin.errors.licenseTaken", { code: v.code }, "licenseNo", 409);
    if (target.includes("code")) throw new DomainError("CompanyAdmin.errors.codeTaken", { code: v.code }, "code", 409);
    if (target.includes("account")) throw new DomainError("UserAdmin.errors.accountTaken", { account: "" }, "account", 409);
    if (target.includes("phone")) throw new DomainError("UserAdmin.errors.phoneTaken", {}, "userPhone", 409);
  }
  throw err;
}

/**
 * A new dealer: the company, its first user (a new dealer account with the chosen roles, or
 * existing dealer users linked to it) and its default delivery address. Creating an account
 * also needs `user:create`, linking `user:update`; the roles go through the same ceiling as
 * the employee screen (no one grants what they do not hold).
 */
export async function onboardCompany(viewer: Viewer, ctx: AuditCtx, input: TCompanyOnboard) {
  const creating = input.userMode === "new";
  if (creating && !hasPermission(viewer, "user:create")) throw new ForbiddenError("user:create");
  if (!creating && !hasPermission(viewer, "user:update")) throw new ForbiddenError("user:update");
  let passwordHash: string | null = null;
  if (creating) {
    await assertPasswordAllowed(input.password!, [input.account, input.userName, input.userPhone]);
    passwordHash = await hashPassword(input.password!);
  }
  const scope = await resolveScope(viewer);
  const userScope = creating ? null : await userScopeWhere(viewer);
  try {
    return await db().$transaction(async (tx) => {
      await checkFields(tx, scope, input, null);
      const company = await tx.company.create({ data: { ...dataOf(input), status: "ACTIVE" }, select: COMPANY });
      await audit(tx, ctx, "Company", company.id, "create", null, company);
      let userIds: number[];
      if (creating) {
        if (await tx.user.findUnique({ where: { account: input.account! }, select: { id: true } }))
          throw new DomainError("UserAdmin.errors.accountTaken", { account: input.account! }, "account", 409);
        if (await tx.user.findUnique({ where: { phone: input.userPhone! }, select: { id: true } })) throw new DomainError("UserAdmin.errors.phoneTaken", {}, "userPhone", 409);
        const roleIds = [...new Set(input.roleIds ?? [])];
        const roles = await tx.role.findMany({ where: { id: { in: roleIds } }, select: { code: true } });
        if (roles.length !== roleIds.length) throw new DomainError("UserAdmin.errors.unknownRole", {}, "roleIds");
        if (roles.some((r) => r.code === "ADMIN")) throw new DomainError("CompanyAdmin.errors.adminRole", {}, "roleIds", 403);
        await checkAssignment(tx, await loadCeiling(tx, viewer), null, { userType: "DEALER", organizationId: null, roleIds: input.roleIds ?? [] });
        const user = await tx.user.create({
          data: {
            account: input.account!,
            name: input.userName!,
            phone: input.userPhone!,
            userType: "DEALER",
            status: "ACTIVE",
            passwordHash: passwordHash!,
            lastCompanyId: company.id,
          },
          select: { id: true, account: true, name: true, phone: true, userType: true, status: true },
        });
        await tx.userRole.createMany({ data: roleIds.map((roleId) => ({ userId: user.id, roleId })) });
        await audit(tx, ctx, "User", user.id, "create", null, { ...user, roleIds, companyIds: [company.id] });
        userIds = [user.id];
      } else {
        const ids = [...new Set(input.linkUserIds)].sort((a, b) => a - b);
        // Locked so that a user being disabled or re-typed meanwhile is seen as it ends up.
        await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ANY(${ids}::int[]) ORDER BY "id" FOR SHARE`;
        const users = await tx.user.findMany({ where: { AND: [{ id: { in: ids } }, { userType: "DEALER" }, userScope!] }, select: { id: true } });
        if (users.length !== ids.length) throw new DomainError("CompanyAdmin.errors.unknownUser", {}, "linkUserIds");
        userIds = ids;
      }
      await tx.userCompany.createMany({ data: userIds.map((userId) => ({ userId, companyId: company.id })) });
      if (!creating) for (const userId of userIds) await audit(tx, ctx, "User", userId, "link-company", null, { companyId: company.id });
      const receiverAreaId = input.receiverArea[input.receiverArea.length - 1];
      if (!(await tx.regionArea.findFirst({ where: { id: receiverAreaId, enabled: true }, select: { id: true } })))
        throw new DomainError("CompanyAdmin.errors.areaMissing", {}, "receiverArea");
      const address = await tx.address.create({
        data: {
          companyId: company.id,
          receiver: input.receiver,
          phone: input.receiverPhone,
          regionAreaId: receiverAreaId,
          address: input.receiverAddress,
          isDefault: true,
          createdById: viewer.userId,
        },
        select: { id: true, companyId: true, receiver: true, phone: true, regionAreaId: true, address: true, isDefault: true },
      });
      await audit(tx, ctx, "Address", address.id, "create", null, address);
      return { id: company.id, code: company.code, userIds };
    });
  } catch (err) {
    uniqueClash(err, input);
  }
}

/** The company, locked for the change, when it is in the viewer's scope (else 404). */
async function lockInScope(tx: Tx, viewer: Viewer, scope: ResolvedScope, id: number): Promise<Before> {
  await tx.$queryRaw`SELECT "id" FROM "Company" WHERE "id" = ${id} FOR UPDATE`;
  const before = await tx.company.findFirst({ where: { AND: [{ id }, companyWhereFor(viewer, scope)] }, select: COMPANY });
  if (!before) throw new NotFoundError();
  return before;
}

export async function updateCompany(viewer: Viewer, ctx: AuditCtx, input: TCompanyUpdate) {
  const scope = await resolveScope(viewer);
  try {
    return await db().$transaction(async (tx) => {
      const before = await lockInScope(tx, viewer, scope, input.id);
      await checkFields(tx, scope, input, before);
      const after = await tx.company.update({ where: { id: input.id }, data: dataOf(input), select: COMPANY });
      await audit(tx, ctx, "Company", input.id, "update", before, after);
      return after;
    });
  } catch (err) {
    uniqueClash(err, input);
  }
}

/**
 * Disables or re-enables a company. Disabling ends every open session acting in it in the same
 * transaction (each request also checks the company, lib/auth/viewer.ts), so its users lose it
 * at their next request; orders for it are refused from the commit on (the order's
 * transaction reads the company's status under a lock, lib/companies/guard.ts).
 */
export async function setCompanyEnabled(viewer: Viewer, ctx: AuditCtx, input: TCompanyEnable) {
  const scope = await resolveScope(viewer);
  return db().$transaction(async (tx) => {
    const before = await lockInScope(tx, viewer, scope, input.id);
    const status = input.enabled ? "ACTIVE" : "DISABLED";
    if (before.status === status) return { ...before, sessionsEnded: 0 };
    const now = new Date();
    const after = await tx.company.update({ where: { id: input.id }, data: { status, disabledAt: input.enabled ? null : now }, select: COMPANY });
    const ended = input.enabled ? { count: 0 } : await tx.userSession.updateMany({ where: { companyId: input.id, revokedAt: null }, data: { revokedAt: now } });
    await audit(tx, ctx, "Company", input.id, input.enabled ? "enable" : "disable", before, { ...after, sessionsEnded: ended.count });
    return { ...after, sessionsEnded: ended.count };
  });
}
