"use server";

import { revalidatePath } from "next/cache";
import { signedInAction } from "@/lib/actions/action";
import { changeRoleScope, deleteRole, saveRole } from "./role-service";
import { deleteMenu, saveMenu } from "./menu-service";
import { deleteJob, deleteOrganization, moveCompany, saveJob, saveOrganization } from "./organization-service";
import { approveUser, createUser, ctxOf, resetUserPassword, setUserEnabled, unlockUserAccount, updateUser } from "./user-service";
import { ZApprove, ZCompanyRegion, ZId, ZJobSave, ZMenuSave, ZOrganizationSave, ZResetPassword, ZRoleSave, ZRoleScope, ZUserCreate, ZUserEnable, ZUserUpdate } from "./schemas";

// The access screens' writes: each is one line of intent on top of signedInAction.
const done = <T>(path: string, data: T): T => {
  revalidatePath(path);
  return data;
};

export const saveMenuAction = async (input: unknown) => {
  const perm = isUpdate(input) ? "menu:update" : "menu:create";
  return signedInAction({ schema: ZMenuSave, permission: perm, labels: "MenuAdmin.fields", run: async (v, c) => done("/", await saveMenu(c.viewer, ctxOf(c.viewer, c.requestId), v)) })(input);
};
export const deleteMenuAction = signedInAction({ schema: ZId, permission: "menu:delete", labels: "MenuAdmin.fields", run: async (v, c) => done("/", await deleteMenu(ctxOf(c.viewer, c.requestId), v.id)) });

export const saveRoleAction = async (input: unknown) =>
  signedInAction({ schema: ZRoleSave, permission: isUpdate(input) ? "role:update" : "role:create", labels: "RoleAdmin.fields", run: async (v, c) => done("/system/role", await saveRole(c.viewer, ctxOf(c.viewer, c.requestId), v)) })(input);
export const deleteRoleAction = signedInAction({ schema: ZId, permission: "role:delete", labels: "RoleAdmin.fields", run: async (v, c) => done("/system/role", await deleteRole(ctxOf(c.viewer, c.requestId), v.id)) });
export const changeRoleScopeAction = signedInAction({ schema: ZRoleScope, permission: "scope:update", labels: "RoleAdmin.fields", run: async (v, c) => done("/system/ruleScopes", await changeRoleScope(c.viewer, ctxOf(c.viewer, c.requestId), v)) });

export const saveOrganizationAction = async (input: unknown) =>
  signedInAction({ schema: ZOrganizationSave, permission: isUpdate(input) ? "org:update" : "org:create", labels: "OrgAdmin.fields", run: async (v, c) => done("/system/organization", await saveOrganization(ctxOf(c.viewer, c.requestId), v)) })(input);
export const deleteOrganizationAction = signedInAction({ schema: ZId, permission: "org:delete", labels: "OrgAdmin.fields", run: async (v, c) => done("/system/organization", await deleteOrganization(ctxOf(c.viewer, c.requestId), v.id)) });
export const moveCompanyAction = signedInAction({ schema: ZCompanyRegion, permission: "org:update", labels: "OrgAdmin.fields", run: async (v, c) => done("/system/organization", await moveCompany(ctxOf(c.viewer, c.requestId), v)) });

export const saveJobAction = async (input: unknown) =>
  signedInAction({ schema: ZJobSave, permission: isUpdate(input) ? "job:update" : "job:create", labels: "JobAdmin.fields", run: async (v, c) => done("/system/job", await saveJob(ctxOf(c.viewer, c.requestId), v)) })(input);
export const deleteJobAction = signedInAction({ schema: ZId, permission: "job:delete", labels: "JobAdmin.fields", run: async (v, c) => done("/system/job", await deleteJob(ctxOf(c.viewer, c.requestId), v.id)) });

const EMP = "/system/departmentEmployee";
export const createUserAction = signedInAction({ schema: ZUserCreate, permission: "user:create", labels: "UserAdmin.fields", run: async (v, c) => done(EMP, await createUser(c.viewer, ctxOf(c.viewer, c.requestId), v)) });
export const updateUserAction = signedInAction({ schema: ZUserUpdate, permission: "user:update", labels: "UserAdmin.fields", run: async (v, c) => done(EMP, await updateUser(c.viewer, ctxOf(c.viewer, c.requestId), v)) });
export const setUserEnabledAction = signedInAction({ schema: ZUserEnable, permission: "user:disable", labels: "UserAdmin.fields", run: async (v, c) => done(EMP, await setUserEnabled(c.viewer, ctxOf(c.viewer, c.requestId), v)) });
export const resetPasswordAction = signedInAction({ schema: ZResetPassword, permission: "user:resetPassword", labels: "UserAdmin.fields", run: async (v, c) => done(EMP, await resetUserPassword(c.viewer, ctxOf(c.viewer, c.requestId), v)) });
export const approveUserAction = signedInAction({ schema: ZApprove, permission: "user:approve", labels: "UserAdmin.fields", run: async (v, c) => done(EMP, await approveUser(c.viewer, ctxOf(c.viewer, c.requestId), v)) });
export const unlockUserAction = signedInAction({ schema: ZId, permission: "user:unlock", labels: "UserAdmin.fields", run: async (v, c) => done(EMP, await unlockUserAccount(c.viewer, ctxOf(c.viewer, c.requestId), v.id)) });

function isUpdate(input: unknown): boolean {
  return !!input && typeof input === "object" && (input as { id?: unknown }).id !== undefined && (input as { id?: unknown }).id !== null;
}
