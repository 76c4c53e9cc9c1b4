// The screens that exist, by route id (the path under /customerWeb). The side menu and the
// home tiles show a Menu row only when its path is here, so menu rows seeded for screens that
// later issues build stay hidden until the screen lands. The server loader answers for these.
export const ROUTE_IDS = [
  "system/workbench/home",
  "system/menu",
  "system/organization",
  "system/company",
  "system/role",
  "system/loginLog",
  "system/smsOutbox",
  "system/ruleScopes",
  "system/job",
  "system/departmentEmployee",
  "system/orgSource",
  "system/attachmentConfig",
  "system/regionArea",
  "system/codeRule",
  "system/systemCode",
  "system/systemVariableDefault",
  "system/systemVariable",
  "system/messageSetting",
  "onlineMall/adress",
  "onlineMall/car/order",
  "onlineMall/mountings/order",
  "onlineMall/car/orderReconcil",
  "onlineMall/car/goods",
  "onlineMall/car/goods_bak",
  "onlineMall/car/carGroup",
  "onlineMall/car/vehicleModel",
  "onlineMall/mountings/goods",
  "onlineMall/mountings/goods_bak",
  "onlineMall/mountings/derivativeGoods",
  "onlineMall/car/cart",
  "onlineMall/mountings/cart",
  "onlineMall/car/preOrder",
  "onlineMall/car/inventory",
  "car/stock",
  "car/vehicleSales",
  "car/carReturn",
  "car/vehicleInformation",
  "afterSale/salesReturn",
  "afterSale/salesReturnLogs",
  "afterSale/complaint",
  "market/news",
  "download/downloadCenters",
  "system/workbench/records",
  "customerWms/pointOfSale",
  "customerWms/storeCheckPlan",
  "crm/customerPlan",
  "customerWms/inventory",
  "customerWms/warehouse",
  "customerWms/entryWarehouseOrder",
  "customerWms/deliveryWarehouseOrder",
  "customerWms/moveWarehouse",
  "customerWms/allotOrder",
  "customerWms/storeCheck",
  "system/memberSystem",
  "system/userEquipment",
  "system/client",
  "system/appVersion",
  "system/qrcodeModel",
  "system/weixinApp",
] as const;
export type RouteId = (typeof ROUTE_IDS)[number];

export const implementedRoutes: ReadonlySet<string> = new Set<string>(ROUTE_IDS);

/** Screens of every signed-in user about themselves, granted by no menu row (My account; the
 * OAuth consent page, outside the shell: app/(auth)/oauth/authorize; the label print page,
 * outside the shell too, whose records are scoped by the lists they come from: app/(print)). */
export const USER_ROUTES = ["system/account", "oauth/authorize", "labels/print"] as const;
export const userRoutes: ReadonlySet<string> = new Set<string>(USER_ROUTES);

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
    typeof search === "string" ? new URLSearchParams(search.startsWith("?") ? search.slice(1) : search) : search instanceof URLSearchParams ? search : toParams(search);
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

// Control characters, spaces and backslashes, raw or percent-encoded: browsers drop or
// rewrite them ("/\n/evil" becomes "//evil", another site) and Node refuses them in a
// Location header (a 500).
const UNSAFE_IN_PATH = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]|%(?:[01][0-9a-f]|20|7f|5c)/i;
const UNSAFE_RAW = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/;
const SCRATCH_ORIGIN = "http://callback.invalid";

/**
 * Only same-site, base-path-relative callback URLs are followed after sign-in, normalised
 * ("..", percent-encoding of anything outside ASCII) so the answer is always a valid Location;
 * anything else goes home.
 */
export function safeCallbackPath(raw: string | null | undefined): string {
  const home = "/" + HOME_ROUTE;
  if (!raw) return home;
  // The path must be free of them even percent-encoded; the query and fragment only raw (an
  // encoded space or backslash there is plain data, e.g. OAuth's space-separated `scope`).
  const cut = raw.search(/[?#]/);
  const [pathPart, rest] = cut < 0 ? [raw, ""] : [raw.slice(0, cut), raw.slice(cut)];
  if (UNSAFE_IN_PATH.test(pathPart) || UNSAFE_RAW.test(rest)) return home;
  let p = raw;
  if (p === "/customerWeb" || p.startsWith("/customerWeb/") || p.startsWith("/customerWeb?")) p = p.slice("/customerWeb".length) || "/";
  if (p.startsWith("?")) p = "/" + p;
  if (!p.startsWith("/") || p.startsWith("//")) return home;
  let url: URL;
  try {
    url = new URL(p, SCRATCH_ORIGIN);
  } catch {
    return home;
  }
  const out = url.pathname + url.search + url.hash;
  if (url.origin !== SCRATCH_ORIGIN || out.startsWith("//") || url.pathname === "/" || /^\/system\/login(\/|$)/.test(url.pathname)) return home;
  return out;
}
