import { publicNewsPathFor } from "@/lib/news/slug";
import { implementedRoutes, LOGIN_ROUTE, userRoutes } from "@/lib/routes";

// The proxy's session gate (proxy.ts), as pure functions of the path so it is tested without
// Next. It is only a first, cheap gate: pages, actions, route handlers and services keep their
// own, authoritative checks (getViewer re-reads the user from the database on every request).
// Paths are as proxy.ts sees them: under the base path, with the base path stripped
// (req.nextUrl.pathname), e.g. "/afterSale/complaint".

export type GateDecision =
  /** Let it through: public, signed in, or not the gate's to judge. */
  | "pass"
  /** A signed-in screen without a session: to sign-in, keeping the path as callbackUrl. */
  | "redirect-login"
  /** The shell's news screen without a session: to the public news, as the shell layout does. */
  | "redirect-public-news"
  /** An API path (/api/…, /__serverLoader) without a session: 401 JSON. */
  | "unauthorized-api";

export type GateOptions = {
  /** The HTTP method (default GET). */
  method?: string;
  /** A server action: a POST with the Next-Action header. */
  serverAction?: boolean;
  /** The request carries `Authorization: Bearer …` (an API client's token, lib/oauth/bearer.ts). */
  bearer?: boolean;
};

/**
 * What anyone may open, without a session. A pattern ending in "*" matches every path that
 * starts with what precedes it; any other pattern matches exactly that path.
 */
export const PUBLIC_PATHS: readonly string[] = [
  // The screens before sign-in.
  `/${LOGIN_ROUTE}`,
  "/system/register",
  "/system/forgetpwd",
  // The public news, its pictures, and what search engines read.
  "/news",
  "/news/*",
  "/media/*",
  "/sitemap.xml",
  "/robots.txt",
  // next-auth itself (csrf, providers, session, sign-in and sign-out).
  "/api/auth/*",
  // For load balancers.
  "/api/health",
  // The API's description; it holds no data.
  "/api/v1/openapi.json",
  // The mobile app's update check, asked before anyone signs in.
  "/api/v1/app/latest",
  // A published release's package, downloaded by the app (or a browser) before sign-in.
  "/api/v1/app/releases/{id}/package",
  // OAuth's token and revocation endpoints: clients authenticate there themselves.
  "/api/oauth/*",
  // Message resources for other clients.
  "/locales/*",
  // Static files (most never reach the proxy: see its matcher), hot reload and Next's
  // development endpoints.
  "/_next/*",
  "/__nextjs*",
  "/favicon.ico",
  "/brand/*",
];

/** The server loader's public path (next.config.ts rewrites it to /api/server-loader). */
export const SERVER_LOADER_PATH = "/__serverLoader";

/** The path as the gate compares it: percent-escapes decoded (except those of reserved
 * characters such as "/", as decodeURI does), repeated slashes collapsed, no trailing slash. */
export function normalizePath(pathname: string): string {
  let p = pathname;
  try {
    p = decodeURI(p);
  } catch {
    // a malformed escape: compare it as it is
  }
  p = p.replace(/\/{2,}/g, "/");
  if (p.length > 1) p = p.replace(/\/+$/, "");
  return p.startsWith("/") ? p : `/${p}`;
}

/**
 * Whether a path matches a pattern: exact, "prefix/*" (anything below), or with "{name}"
 * segments, each matching one whole segment ("/app/releases/{id}/package" matches
 * "/app/releases/12/package" and not "/app/releases/12/x/package").
 */
export function matchesPathPattern(p: string, pattern: string): boolean {
  if (pattern.endsWith("*")) return p.startsWith(pattern.slice(0, -1));
  if (!pattern.includes("{")) return p === pattern;
  const want = pattern.split("/");
  const got = p.split("/");
  return want.length === got.length && want.every((seg, i) => (/^\{\w+\}$/.test(seg) ? got[i].length > 0 : seg === got[i]));
}

export function isPublicPath(pathname: string): boolean {
  const p = normalizePath(pathname);
  return PUBLIC_PATHS.some((pattern) => matchesPathPattern(p, pattern));
}

/** The server loader, by its public path or the route handler's own. */
export function isServerLoaderPath(pathname: string): boolean {
  const p = normalizePath(pathname);
  return p === SERVER_LOADER_PATH || p === "/api/server-loader";
}

/** Route handlers that answer JSON: the REST API, next-auth, health, and the server loader. */
export function isApiPath(pathname: string): boolean {
  const p = normalizePath(pathname);
  return p === "/api" || p.startsWith("/api/") || p === SERVER_LOADER_PATH;
}

/** A signed-in screen: one of the shell's routes or every user's own (lib/routes.ts). Any other
 * page path is not the gate's to judge: it is public (above) or unknown, and an unknown path
 * answers the translated 404 to everyone, signed in or not. */
export function isScreenPath(pathname: string): boolean {
  const route = normalizePath(pathname).slice(1);
  return implementedRoutes.has(route) || userRoutes.has(route);
}

/** The gate's answer for a path, given whether the request carries a valid session cookie. */
export function gateDecision(pathname: string, hasValidSession: boolean, opts: GateOptions = {}): GateDecision {
  if (hasValidSession || isPublicPath(pathname)) return "pass";
  const method = (opts.method ?? "GET").toUpperCase();
  if (isApiPath(pathname)) {
    // A CORS preflight never carries cookies; Next answers it without running the handler. A
    // bearer token is checked by the handler itself (the proxy reads no database).
    return method === "OPTIONS" || opts.bearer ? "pass" : "unauthorized-api";
  }
  if (!isScreenPath(pathname)) return "pass";
  // A server action posts to the page it was called from, but its id, not the page, says which
  // action runs, and some run without a session (sign-in, register). Each action checks the
  // session itself (signedInAction answers "sign in again"), and Next's client cannot follow a
  // redirect from here (fetch would re-post the action to the sign-in page).
  if (opts.serverAction) return "pass";
  return publicNewsPathFor(normalizePath(pathname)) ? "redirect-public-news" : "redirect-login";
}

/** Whether the gate would stop this request without a session: only then is the cookie read. */
export function sessionNeeded(pathname: string, opts: GateOptions = {}): boolean {
  return gateDecision(pathname, false, opts) !== "pass";
}

/**
 * Where a redirect decision sends the visitor, under the base path: sign-in with the path and
 * query asked for as callbackUrl (the same form as the shell layout's), or the public news.
 * `search` is "" or "?…" (req.nextUrl.search: Next has already removed its internal `_rsc`).
 */
export function gateRedirectTarget(decision: "redirect-login" | "redirect-public-news", pathname: string, search: string): string {
  if (decision === "redirect-public-news") return publicNewsPathFor(normalizePath(pathname) + search) ?? "/news";
  // The path as the request spelled it, as the shell layout quotes it (x-pathname).
  const here = pathname + search;
  return `/${LOGIN_ROUTE}?callbackUrl=${encodeURIComponent(here)}`;
}
