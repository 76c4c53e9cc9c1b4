"use server";

import type { Permission } from "@/lib/access/permissions";
import { action } from "@/lib/actions/action";
import { changeRoleScope, deleteRole, saveRole } from "./role-service";
import { deleteMenu, saveMenu } from "./menu-service";
import { deleteJob, deleteOrganization, moveCompany, saveJob, saveOrganization } from "./organization-service";
import { approveUser, createUser, resetUserPassword, setUserEnabled, unlockUserAccount, updateUser } from "./user-service";
import { ZApprove, ZCompanyRegion, ZId, ZJobSave, ZMenuSave, ZOrganizationSave, ZResetPassword, ZRoleSave, ZRoleScope, ZUserCreate, ZUserEnable, ZUserUpdate } from "./schemas";

// The access screens' writes: each is one line of intent on top of lib/actions/action.ts.
const saving =
  <P extends "menu" | "role" | "org" | "job">(prefix: P) =>
  (input: unknown): Permission =>
    isUpdate(input) ? `${prefix}:update` : `${prefix}:create`;

const menus = { labels: "MenuAdmin.fields", revalidate: ["/"] } as const;
export const saveMenuAction = action({ ...menus, schema: ZMenuSave, permission: saving("menu") }, (v, c) => saveMenu(c.viewer, c.audit, v));
export const deleteMenuAction = action({ ...menus, schema: ZId, permission: "menu:delete" }, (v, c) => deleteMenu(c.audit, v.id));

const roles = { labels: "RoleAdmin.fields", revalidate: ["/system/role"] } as const;
export const saveRoleAction = action({ ...roles, schema: ZRoleSave, permission: saving("role") }, (v, c) => saveRole(c.viewer, c.audit, v));
export const deleteRoleAction = action({ ...roles, schema: ZId, permission: "role:delete" }, (v, c) => deleteRole(c.audit, v.id));
export const changeRoleScopeAction = action({ ...roles, revalidate: ["/system/ruleScopes"], schema: ZRoleScope, permission: "scope:update" }, (v, c) =>
  changeRoleScope(c.viewer, c.audit, v),
);

const orgs = { labels: "OrgAdmin.fields", revalidate: ["/system/organization"] } as const;
export const saveOrganizationAction = action({ ...orgs, schema: ZOrganizationSave, permission: saving("org") }, (v, c) => saveOrganization(c.audit, v));
export const deleteOrganizationAction = action({ ...orgs, schema: ZId, permission: "org:delete" }, (v, c) => deleteOrganization(c.audit, v.id));
export const moveCompanyAction = action({ ...orgs, schema: ZCompanyRegion, permission: "org:update" }, (v, c) => moveCompany(c.audit, v));

const jobs = { labels: "JobAdmin.fields", revalidate: ["/system/job"] } as const;
export const saveJobAction = action({ ...jobs, schema: ZJobSave, permission: saving("job") }, (v, c) => saveJob(c.audit, v));
export const deleteJobAction = action({ ...jobs, schema: ZId, permission: "job:delete" }, (v, c) => deleteJob(c.audit, v.id));

const users = { labels: "UserAdmin.fields", revalidate: ["/system/departmentEmployee"] } as const;
export const createUserAction = action({ ...users, schema: ZUserCreate, permission: "user:create" }, (v, c) => createUser(c.viewer, c.audit, v));
export const updateUserAction = action({ ...users, schema: ZUserUpdate, permission: "user:update" }, (v, c) => updateUser(c.viewer, c.audit, v));
export const setUserEnabledAction = action({ ...users, schema: ZUserEnable, permission: "user:disable" }, (v, c) => setUserEnabled(c.viewer, c.audit, v));
export const resetPasswordAction = action({ ...users, schema: ZResetPassword, permission: "user:resetPassword" }, (v, c) => resetUserPassword(c.viewer, c.audit, v));
export const approveUserAction = action({ ...users, schema: ZApprove, permission: "user:approve" }, (v, c) => approveUser(c.viewer, c.audit, v));
export const unlockUserAction = action({ ...users, schema: ZId, permission: "user:unlock" }, (v, c) => unlockUserAccount(c.viewer, c.audit, v.id));

function isUpdate(input: unknown): boolean {
  return !!input && typeof input === "object" && (input as { id?: unknown }).id !== undefined && (input as { id?: unknown }).id !== null;
}
