// Every permission code an action or endpoint checks: the BUTTON menus of the menu seed
// (prisma/seed/menus.ts types its buttons with this list, and permissions.test.ts checks that
// each code here is seeded), so a misspelt code fails the typecheck instead of answering 403.
export const PERMISSIONS = [
  "address:create", "address:delete", "address:update",
  "attachment:update",
  "carGroup:create", "carGroup:delete", "carGroup:update",
  "cart:add", "cart:update",
  "codeRule:create", "codeRule:delete", "codeRule:export", "codeRule:update",
  "complaint:close", "complaint:create", "complaint:reply",
  "dict:create", "dict:delete", "dict:export", "dict:import", "dict:update",
  "download:manage",
  "goods:create", "goods:update",
  "job:create", "job:delete", "job:update",
  "loginLog:export",
  "menu:create", "menu:delete", "menu:update",
  "message:create", "message:delete", "message:update",
  "news:manage",
  "order:cancel", "order:complete", "order:confirm", "order:delete", "order:receive", "order:reject", "order:ship", "order:submit",
  "org:create", "org:delete", "org:update",
  "orgSource:create", "orgSource:delete", "orgSource:export", "orgSource:import", "orgSource:update",
  "payment:create",
  "preOrder:cancel", "preOrder:confirm", "preOrder:convert", "preOrder:create", "preOrder:reject",
  "region:create", "region:delete", "region:export", "region:import", "region:update",
  "role:create", "role:delete", "role:update",
  "salesReturn:approve", "salesReturn:create", "salesReturn:receive", "salesReturn:ship",
  "scope:update",
  "sms:outbox",
  "user:approve", "user:create", "user:disable", "user:resetPassword", "user:unlock", "user:update",
  "variable:deleteOverride", "variable:export", "variable:override", "variable:update",
  "vehicle:export", "vehicle:import", "vehicle:return", "vehicle:sell",
  "vehicleModel:create", "vehicleModel:delete", "vehicleModel:update",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** A write no role grants: only administrators (who hold every permission) pass it. */
export const ADMIN_ONLY = "__admin_only__" as const;
/** What a check may name: a permission, or ADMIN_ONLY. */
export type PermissionCheck = Permission | typeof ADMIN_ONLY;

const known: ReadonlySet<string> = new Set(PERMISSIONS);

/** For codes that arrive as data (a role's grants, a request): narrows a string to a Permission. */
export function isPermission(code: string): code is Permission {
  return known.has(code);
}
