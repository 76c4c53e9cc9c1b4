import type { Permission } from "@/lib/access/permissions";
import { matchesPathPattern } from "@/lib/auth/proxy-gate";

// OAuth scopes of the REST API: named sets of the existing permissions (docs/DECISIONS.md,
// "Issue 22 — scopes"). A bearer token reaches an /api/v1 endpoint only when
//   1. the endpoint's area (its path, AREAS below) is covered by one of the token's scopes:
//      `<area>:read` for GET and HEAD, `<area>:write` for everything else (write includes read);
//   2. and then, inside the endpoint, the viewer is the token's user restricted to the screens
//      (menu routes) and button permissions of the token's scopes (Viewer.grant): hasPermission
//      and canOpenRoute both need the user's roles AND the scope to allow it.
// A token therefore never does more than both its scopes and its user may.
// Pure and client-safe: the client screen lists the scopes, the OpenAPI document declares them.

export type ScopeArea = "goods" | "orders" | "after-sales" | "warehouse" | "plans" | "members" | "notifications" | "files" | "admin";

type AreaDef = {
  /** Path prefixes under /api/v1 (a prefix matches itself and everything below it). */
  api: readonly string[];
  /** Screens (menu routes) whose reading the area's scopes allow. */
  routes: readonly string[];
  /** Button permissions that `:read` allows (exports). */
  readPermissions?: readonly Permission[];
  /** Button permissions that `:write` allows besides. */
  writePermissions: readonly Permission[];
};

const ADMIN_ROUTES = [
  "system/attachmentConfig",
  "system/codeRule",
  "system/company",
  "system/departmentEmployee",
  "system/job",
  "system/loginLog",
  "system/menu",
  "system/messageSetting",
  "system/orgSource",
  "system/organization",
  "system/regionArea",
  "system/role",
  "system/ruleScopes",
  "system/systemCode",
  "system/systemVariable",
  "system/systemVariableDefault",
  "onlineMall/car/carGroup",
  "onlineMall/car/vehicleModel",
  "car/vehicleInformation",
] as const;

export const AREAS: Readonly<Record<ScopeArea, AreaDef>> = {
  goods: {
    api: ["/goods", "/regions"],
    routes: ["onlineMall/car/goods", "onlineMall/mountings/goods", "onlineMall/mountings/derivativeGoods", "onlineMall/car/inventory"],
    writePermissions: [],
  },
  orders: {
    api: ["/orders", "/pre-orders", "/cart", "/addresses"],
    routes: [
      "onlineMall/car/order",
      "onlineMall/mountings/order",
      "onlineMall/car/preOrder",
      "onlineMall/car/cart",
      "onlineMall/mountings/cart",
      "onlineMall/adress",
      "onlineMall/car/orderReconcil",
    ],
    writePermissions: [
      "address:create",
      "address:delete",
      "address:update",
      "cart:add",
      "cart:update",
      "order:cancel",
      "order:complete",
      "order:confirm",
      "order:delete",
      "order:receive",
      "order:reject",
      "order:ship",
      "order:submit",
      "payment:create",
      "preOrder:cancel",
      "preOrder:confirm",
      "preOrder:convert",
      "preOrder:create",
      "preOrder:reject",
    ],
  },
  "after-sales": {
    api: ["/sales-returns", "/complaints"],
    routes: ["afterSale/salesReturn", "afterSale/salesReturnLogs", "afterSale/complaint"],
    writePermissions: ["complaint:close", "complaint:create", "complaint:reply", "salesReturn:approve", "salesReturn:create", "salesReturn:receive", "salesReturn:ship"],
  },
  warehouse: {
    api: ["/wms"],
    routes: [
      "customerWms/warehouse",
      "customerWms/inventory",
      "customerWms/entryWarehouseOrder",
      "customerWms/deliveryWarehouseOrder",
      "customerWms/moveWarehouse",
      "customerWms/allotOrder",
      "customerWms/storeCheck",
      "customerWms/storeCheckPlan",
      "customerWms/pointOfSale",
      "car/stock",
    ],
    readPermissions: ["inventory:export"],
    writePermissions: [
      "inventory:setMinimum",
      "pos:manage",
      "pos:sell",
      "stocktake:manage",
      "stocktakePlan:manage",
      "warehouse:manage",
      "wmsDelivery:manage",
      "wmsEntry:manage",
      "wmsMove:manage",
      "wmsTransfer:manage",
    ],
  },
  plans: {
    api: ["/plans"],
    routes: ["crm/customerPlan"],
    writePermissions: ["plan:review", "plan:submit"],
  },
  members: {
    api: ["/members", "/member-tiers", "/member-rules"],
    routes: ["system/memberSystem"],
    writePermissions: ["memberPoints:adjust", "memberRule:manage", "memberTier:manage"],
  },
  notifications: { api: ["/notifications"], routes: [], writePermissions: [] },
  files: {
    api: ["/files", "/downloads", "/uploads"],
    routes: ["download/downloadCenters"],
    writePermissions: ["attachment:update"],
  },
  admin: {
    api: ["/admin", "/login-log"],
    routes: ADMIN_ROUTES,
    readPermissions: ["codeRule:export", "company:export", "dict:export", "loginLog:export", "orgSource:export", "region:export", "variable:export", "vehicle:export"],
    writePermissions: [
      "carGroup:create",
      "carGroup:delete",
      "carGroup:update",
      "codeRule:create",
      "codeRule:delete",
      "codeRule:update",
      "company:create",
      "company:disable",
      "company:import",
      "company:update",
      "dict:create",
      "dict:delete",
      "dict:import",
      "dict:update",
      "job:create",
      "job:delete",
      "job:update",
      "orgSource:create",
      "orgSource:delete",
      "orgSource:import",
      "orgSource:update",
      "region:create",
      "region:delete",
      "region:import",
      "region:update",
      "variable:deleteOverride",
      "variable:override",
      "variable:update",
      "vehicle:import",
      "vehicleModel:create",
      "vehicleModel:delete",
      "vehicleModel:update",
    ],
  },
};

export const SCOPE_AREAS = Object.keys(AREAS) as ScopeArea[];
export const SCOPES: readonly string[] = SCOPE_AREAS.flatMap((a) => [`${a}:read`, `${a}:write`]);

export function isScope(s: string): boolean {
  return SCOPES.includes(s);
}

/** Paths under /api/v1 that need no token at all ("{id}": any one path segment). */
export const PUBLIC_API_PATHS: readonly string[] = ["/openapi.json", "/app/latest", "/app/releases/{id}/package"];

/** Whether an /api/v1 path (with or without the prefix) is public: PUBLIC_API_PATHS, patterns matched. */
export function isPublicApiPath(apiPath: string): boolean {
  const p = apiPath.replace(/^.*?\/api\/v1(?=\/|$)/, "").replace(/\/+$/, "");
  return PUBLIC_API_PATHS.some((pattern) => matchesPathPattern(p, pattern));
}

/** The area of an /api/v1 path ("/api/v1/orders/12" → orders); null: public, or no area (refused). */
export function areaOfPath(apiPath: string): ScopeArea | null {
  const p = apiPath.replace(/^.*?\/api\/v1(?=\/|$)/, "").replace(/\/+$/, "");
  for (const area of SCOPE_AREAS) if (AREAS[area].api.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))) return area;
  return null;
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/** The scope an /api/v1 request needs (null: it belongs to no area, and no token reaches it). */
export function scopeNeeded(apiPath: string, method: string): string | null {
  const area = areaOfPath(apiPath);
  if (!area) return null;
  return `${area}:${READ_METHODS.has(method.toUpperCase()) ? "read" : "write"}`;
}

/** Whether granted scopes cover a needed one (`x:write` covers `x:read`). */
export function scopesCover(granted: readonly string[], needed: string): boolean {
  if (granted.includes(needed)) return true;
  return needed.endsWith(":read") && granted.includes(needed.replace(/:read$/, ":write"));
}

export type ScopeGrant = { scopes: string[]; routes: ReadonlySet<string>; permissions: ReadonlySet<string> };

/** What a set of scopes allows inside endpoints: screens to read and button permissions. */
export function grantOf(scopes: readonly string[]): ScopeGrant {
  const routes = new Set<string>();
  const permissions = new Set<string>();
  for (const s of scopes) {
    const [area, level] = s.split(":") as [ScopeArea, string];
    const def = AREAS[area];
    if (!def || (level !== "read" && level !== "write")) continue;
    def.routes.forEach((r) => routes.add(r));
    def.readPermissions?.forEach((p) => permissions.add(p));
    if (level === "write") def.writePermissions.forEach((p) => permissions.add(p));
  }
  return { scopes: [...scopes], routes, permissions };
}

/** Space-separated scope string of a request, parsed; unknown names are refused by the caller. */
export function parseScopeParam(raw: string | null | undefined): string[] {
  return [...new Set((raw ?? "").split(/\s+/).filter(Boolean))];
}
