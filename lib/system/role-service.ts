import "server-only";
import type { Tx } from "@/lib/core/tx";
import { checkRoleChange, loadCeiling } from "@/lib/access/ceiling";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { audit, type AuditCtx } from "@/lib/core/audit";
import type { TRoleSave, TRoleScope } from "./schemas";

/** Seeded roles other code refers to by code: their code is fixed and they stay while held. */
export const SYSTEM_ROLES: readonly string[] = ["ADMIN", "DEALER", "SALES_OPS"];

/** Serialises edits of one role with each other and with assignments of it (which lock it FOR SHARE). */
async function lockRole(tx: Tx, id: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Role" WHERE "id" = ${id} FOR UPDATE`;
}

async function snapshot(tx: Tx, id: number) {
  const role = await tx.role.findUnique({
    where: { id },
    select: { id: true, code: true, nameEn: true, nameZh: true, dataScope: true, menus: { select: { menuId: true } }, organizations: { select: { organizationId: true } } },
  });
  if (!role) return null;
  const { menus, organizations, ...rest } = role;
  return { ...rest, menuIds: menus.map((m) => m.menuId).sort((a, b) => a - b), organizationIds: organizations.map((o) => o.organizationId).sort((a, b) => a - b) };
}

/** Replaces the grants; the links are written first and checked after, so an unknown id
 * rolls the whole save back (nothing half-done). */
async function writeLinks(tx: Tx, roleId: number, menuIds: number[], organizationIds: number[]): Promise<void> {
  const menus = [...new Set(menuIds)];
  const orgs = [...new Set(organizationIds)];
  await tx.roleMenu.deleteMany({ where: { roleId } });
  await tx.roleOrganization.deleteMany({ where: { roleId } });
  if ((await tx.menu.count({ where: { id: { in: menus } } })) !== menus.length) throw new DomainError("RoleAdmin.errors.unknownMenu", {}, "menuIds");
  if ((await tx.organization.count({ where: { id: { in: orgs } } })) !== orgs.length) throw new DomainError("RoleAdmin.errors.unknownOrganization", {}, "organizationIds");
  await tx.roleMenu.createMany({ data: menus.map((menuId) => ({ roleId, menuId })) });
  await tx.roleOrganization.createMany({ data: orgs.map((organizationId) => ({ roleId, organizationId })) });
}

/** Creates or edits a role within the editor's own grants (lib/access/ceiling.ts): the role
 * row is locked first, so the check and the write see the same holders and grants. */
export async function saveRole(viewer: Viewer, ctx: AuditCtx, input: TRoleSave) {
  return db().$transaction(async (tx) => {
    const clash = await tx.role.findFirst({ where: { code: input.code, NOT: input.id ? { id: input.id } : undefined }, select: { id: true } });
    if (clash) throw new DomainError("RoleAdmin.errors.codeTaken", { code: input.code }, "code");
    const orgIds = input.dataScope === "CUSTOM" ? input.organizationIds : [];
    const fields = { code: input.code, nameEn: input.nameEn, nameZh: input.nameZh, dataScope: input.dataScope };
    const ceiling = await loadCeiling(tx, viewer);
    const wanted = { dataScope: input.dataScope, organizationIds: [...new Set(orgIds)], menuIds: [...new Set(input.menuIds)] };
    if (!input.id) {
      await checkRoleChange(tx, ceiling, null, null, wanted);
      const role = await tx.role.create({ data: fields, select: { id: true } });
      await writeLinks(tx, role.id, input.menuIds, orgIds);
      const after = await snapshot(tx, role.id);
      await audit(tx, ctx, "Role", role.id, "create", null, after);
      return after!;
    }
    await lockRole(tx, input.id);
    const before = await snapshot(tx, input.id);
    if (!before) throw new NotFoundError();
    await checkRoleChange(tx, ceiling, input.id, before, wanted);
    if (SYSTEM_ROLES.includes(before.code) && before.code !== input.code) throw new DomainError("RoleAdmin.errors.systemCode", {}, "code");
    await tx.role.update({ where: { id: input.id }, data: fields });
    await writeLinks(tx, input.id, input.menuIds, orgIds);
    const after = await snapshot(tx, input.id);
    await audit(tx, ctx, "Role", input.id, "update", before, after);
    return after!;
  });
}

export async function changeRoleScope(viewer: Viewer, ctx: AuditCtx, input: TRoleScope) {
  return db().$transaction(async (tx) => {
    await lockRole(tx, input.id);
    const before = await snapshot(tx, input.id);
    if (!before) throw new NotFoundError();
    const organizationIds = input.dataScope === "CUSTOM" ? [...new Set(input.organizationIds)] : [];
    await checkRoleChange(tx, await loadCeiling(tx, viewer), input.id, before, { dataScope: input.dataScope, organizationIds });
    await tx.role.update({ where: { id: input.id }, data: { dataScope: input.dataScope } });
    await writeLinks(tx, input.id, before.menuIds, input.dataScope === "CUSTOM" ? input.organizationIds : []);
    const after = await snapshot(tx, input.id);
    await audit(
      tx,
      ctx,
      "Role",
      input.id,
      "scope",
      { dataScope: before.dataScope, organizationIds: before.organizationIds },
      { dataScope: after!.dataScope, organizationIds: after!.organizationIds },
    );
    return after!;
  });
}

export async function deleteRole(ctx: AuditCtx, id: number) {
  return db().$transaction(async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) throw new NotFoundError();
    const users = await tx.userRole.count({ where: { roleId: id } });
    if (SYSTEM_ROLES.includes(before.code) && users > 0) throw new DomainError("RoleAdmin.errors.systemInUse", { users });
    await tx.role.delete({ where: { id } });
    await audit(tx, ctx, "Role", id, "delete", { ...before, users }, null);
    return { id };
  });
}
