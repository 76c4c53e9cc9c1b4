// The system screens' fixed choices (client-safe, without zod: the lists of system/menu,
// system/ruleScopes, system/organization and system/departmentEmployee read them in their first
// load; the schemas are in ./schemas.ts, loaded with the drawers).

export const MENU_TYPES = ["DIRECTORY", "MENU", "BUTTON"] as const;
export const DATA_SCOPES = ["ALL", "ORG_AND_CHILDREN", "ORG", "SELF", "CUSTOM"] as const;
export const ORG_TYPES = ["HEADQUARTERS", "REGION", "DEPARTMENT"] as const;
export const USER_TYPES = ["DEALER", "STAFF", "ADMIN"] as const;
export const USER_STATUSES = ["PENDING", "ACTIVE", "LOCKED", "DISABLED"] as const;
