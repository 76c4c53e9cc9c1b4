// The screens that exist, by route id (the path under /customerWeb). The side menu and the
// home tiles show a Menu row only when its path is here, so menu rows seeded for screens that
// later issues build stay hidden until the screen lands. The server loader answers for these.
export const ROUTE_IDS = ["system/workbench/home", "system/menu", "system/organization", "system/role", "system/loginLog", "system/smsOutbox", "system/ruleScopes", "system/job", "system/departmentEmployee", "system/orgSource", "system/attachmentConfig", "system/regionArea", "system/codeRule", "system/systemCode", "system/systemVariableDefault", "system/systemVariable", "system/messageSetting", "onlineMall/adress", "onlineMall/car/order", "onlineMall/mountings/order", "onlineMall/car/orderReconcil", "onlineMall/car/goods", "onlineMall/car/goods_bak", "onlineMall/car/carGroup", "onlineMall/car/vehicleModel", "onlineMall/mountings/goods", "onlineMall/mountings/goods_bak", "onlineMall/mountings/derivativeGoods", "onlineMall/car/cart", "onlineMall/mountings/cart", "onlineMall/car/preOrder", "onlineMall/car/inventory", "car/stock", "car/vehicleSales", "car/carReturn", "car/vehicleInformation", "afterSale/salesReturn", "afterSale/salesReturnLogs", "afterSale/complaint", "market/news", "download/downloadCenters", "system/workbench/records"] as const;
export type RouteId = (typeof ROUTE_IDS)[number];

export const implementedRoutes: ReadonlySet<string> = new Set<string>(ROUTE_IDS);

export const HOME_ROUTE: RouteId = "system/workbench/home";
export const LOGIN_ROUTE = "system/login";

/** Routes under /customerWeb that only redirect, e.g. /onlineMall → onlineMall/car/goods. */
export const redirectRoutes: Record<string, { to: string; keepQuery: boolean }> = {
  "": { to: HOME_ROUTE, keepQuery: true },
  onlineMall: { to: "onlineMall/car/goods", keepQuery: true },
  "onlineMall/car": { to: "onlineMall/car/goods", keepQuery: true },
  "onlineMall/mountings": { to: "onlineMall/mountings/goods", keepQuery: true },
  system: { to: HOME_ROUTE, keepQuery: false },
  "system/workbench": { to: HOME_ROUTE, keepQuery: false },
};

/** Builds a redirect target path (without the base path), optionally keeping the query string. */
export function redirectTarget(to: string, search: string | URLSearchParams | Record<string, string | string[] | undefined>, keepQuery: boolean): string {
  const path = "/" + to.replace(/^\/+/, "");
  if (!keepQuery) return path;
  const params =
    typeof search === "string"
      ? new URLSearchParams(search.startsWith("?") ? search.slice(1) : search)
      : search instanceof URLSearchParams
        ? search
        : toParams(search);
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

function toParams(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(record)) {
    if (Array.isArray(v)) v.forEach((x) => p.append(k, x));
    else if (v !== undefined) p.append(k, v);
  }
  return p;
}

/** Only same-site, base-path-relative callback URLs are followed after sign-in. */
export function safeCallbackPath(raw: string | null | undefined): string {
  if (!raw) return "/" + HOME_ROUTE;
  let p = raw;
  if (p.startsWith("/customerWeb")) p = p.slice("/customerWeb".length) || "/";
  if (!p.startsWith("/") || p.startsWith("//") || p.includes("\\")) return "/" + HOME_ROUTE;
  if (p === "/" || p.startsWith("/system/login")) return "/" + HOME_ROUTE;
  return p;
}
