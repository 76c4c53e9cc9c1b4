import { NextResponse, type NextRequest } from "next/server";
import { gateDecision, gateRedirectTarget, isServerLoaderPath, sessionNeeded, type GateDecision } from "@/lib/auth/proxy-gate";
import { hasValidSession } from "@/lib/auth/session-cookie";
import { contentSecurityPolicy, newNonce, strictTransportSecurity } from "@/lib/http/security-headers";
import { LOCALE_COOKIE, LOCALE_HEADER, LOCALE_QUERY, normalizeLocale, resolveLocale, type Locale } from "@/lib/i18n/config";
import { log, logRequest } from "@/lib/log";
import { clientIpOf } from "@/lib/http/client-ip";
import { redirectRoutes, redirectTarget } from "@/lib/routes";
import enCore from "@/messages/en-US.json";
import zhCore from "@/messages/zh-CN.json";

// Resolves the language and a request id for every request and logs one JSON line. It also
// makes a first, optimistic session check (lib/auth/proxy-gate.ts): without a valid session
// cookie, a signed-in screen is sent to sign-in and an API path answers 401, before anything is
// rendered or queried. The check reads no database, so it is not the authorization: pages,
// actions and route handlers still check the viewer themselves.
export async function proxy(req: NextRequest) {
  const started = Date.now();
  const requestId = validId(req.headers.get("x-request-id")) ?? crypto.randomUUID();
  const query = req.nextUrl.searchParams.get(LOCALE_QUERY);
  const cookie = req.cookies.get(LOCALE_COOKIE)?.value;
  const locale = resolveLocale({ query, cookie, acceptLanguage: req.headers.get("accept-language") });
  const csp = contentSecurityPolicy({ nonce: newNonce(), dev: process.env.NODE_ENV === "development" });

  // Routes that only redirect (e.g. /customerWeb → home, /customerWeb/onlineMall → the vehicle
  // mall), optionally keeping the query string.
  const redirect = redirectRoutes[req.nextUrl.pathname.replace(/^\/+|\/+$/g, "")];
  if (redirect) {
    const url = req.nextUrl.clone();
    const target = redirectTarget(redirect.to, req.nextUrl.search, redirect.keepQuery);
    const [pathname, search = ""] = target.split("?");
    url.pathname = pathname;
    url.search = search ? `?${search}` : "";
    const res = NextResponse.redirect(url, 307);
    secure(res, csp);
    res.headers.set("x-request-id", requestId);
    logRequest({ requestId, method: req.method, path: req.nextUrl.pathname, redirect: pathname, ms: Date.now() - started });
    return res;
  }

  const gate = await sessionGate(req);
  if (gate !== "pass") {
    const res = gateResponse(req, gate, locale);
    secure(res, csp);
    rememberLocale(res, query, cookie, locale);
    res.headers.set("x-request-id", requestId);
    logRequest({ requestId, method: req.method, path: req.nextUrl.pathname, gate, locale, ms: Date.now() - started });
    return res;
  }

  const headers = new Headers(req.headers);
  headers.set(LOCALE_HEADER, locale);
  headers.set("x-request-id", requestId);
  headers.set("x-pathname", req.nextUrl.pathname + req.nextUrl.search);
  // Next takes the nonce for its own scripts from the request's policy.
  headers.set("Content-Security-Policy", csp);
  const res = NextResponse.next({ request: { headers } });
  secure(res, csp);
  rememberLocale(res, query, cookie, locale);
  res.headers.set("x-request-id", requestId);
  logRequest({
    requestId,
    method: req.method,
    path: req.nextUrl.pathname,
    locale,
    ip: clientIpOf(req.headers),
    userAgent: req.headers.get("user-agent"),
    ms: Date.now() - started,
  });
  return res;
}

let warnedNoSecret = false;

/** The gate's decision; the cookie is decrypted only on paths that need a session. */
async function sessionGate(req: NextRequest): Promise<GateDecision> {
  const opts = {
    method: req.method,
    serverAction: req.method === "POST" && req.headers.has("next-action"),
    bearer: /^bearer\s/i.test(req.headers.get("authorization") ?? ""),
  };
  if (!sessionNeeded(req.nextUrl.pathname, opts)) return "pass";
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) {
    // next-auth then signs with a secret of its own making (development only; production
    // refuses to start sessions): the proxy cannot tell, so it leaves the check to the pages.
    if (!warnedNoSecret) log.warn("proxy: NEXTAUTH_SECRET is not set, the session gate is off");
    warnedNoSecret = true;
    return "pass";
  }
  return gateDecision(req.nextUrl.pathname, await hasValidSession(req, secret), opts);
}

const NO_STORE = "private, no-store";

// Common.signInAgain, the message the API's own 401 answers with (lib/api/handler.ts). A plain
// text, so next-intl's precompiled form of it is the text itself.
const SIGN_IN_AGAIN: Record<Locale, string> = {
  "en-US": enCore.Common.signInAgain,
  "zh-CN": zhCore.Common.signInAgain || enCore.Common.signInAgain,
};

/** A tiny answer, with no rendering: a redirect for pages, 401 JSON for APIs. */
function gateResponse(req: NextRequest, gate: Exclude<GateDecision, "pass">, locale: Locale): NextResponse {
  const { pathname, search } = req.nextUrl;
  if (gate === "unauthorized-api") {
    // The API's error shape ({ code, message }, lib/api/handler.ts); the server loader's own
    // 401 body is { error: "UNAUTHORIZED" }, which its clients read, so it gets that too.
    const body = { code: "UNAUTHORIZED", message: SIGN_IN_AGAIN[locale], ...(isServerLoaderPath(pathname) ? { error: "UNAUTHORIZED" } : {}) };
    return NextResponse.json(body, { status: 401, headers: { "Cache-Control": NO_STORE } });
  }
  const url = req.nextUrl.clone();
  const [path, query = ""] = gateRedirectTarget(gate, pathname, search).split("?");
  url.pathname = path;
  url.search = query ? `?${query}` : "";
  // 307 keeps the method: fine for GET and HEAD; a form post (no JavaScript) must not be re-posted
  // to the sign-in page, so it gets 303 (the browser then GETs it).
  const res = NextResponse.redirect(url, req.method === "GET" || req.method === "HEAD" ? 307 : 303);
  res.headers.set("Cache-Control", NO_STORE);
  return res;
}

/** The page's script policy (its nonce) and, when configured, HSTS. */
function secure(res: NextResponse, csp: string): void {
  res.headers.set("Content-Security-Policy", csp);
  const hsts = strictTransportSecurity();
  if (hsts) res.headers.set("Strict-Transport-Security", hsts);
}

/** ?lng= is remembered, as the language switcher does. */
function rememberLocale(res: NextResponse, query: string | null, cookie: string | undefined, locale: Locale): void {
  if (normalizeLocale(query) && cookie !== locale) {
    res.cookies.set(LOCALE_COOKIE, locale, { path: "/", sameSite: "strict", maxAge: 60 * 60 * 24 * 365 });
  }
}

function validId(id: string | null): string | null {
  return id && /^[A-Za-z0-9._-]{8,64}$/.test(id) ? id : null;
}

export const config = {
  // Static assets and images need neither a locale nor a log line. Uploads skip the proxy: Next
  // buffers, and cuts at 10 MB, the body of any request a proxy sees (lib/uploads/upload-handler.ts
  // makes its own request id and log line, and checks the session itself).
  matcher: ["/", "/((?!_next/static|_next/image|favicon.ico|brand/|api/v1/uploads).*)"],
};
