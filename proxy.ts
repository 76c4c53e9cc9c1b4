import { NextResponse, type NextRequest } from "next/server";
import { LOCALE_COOKIE, LOCALE_HEADER, LOCALE_QUERY, normalizeLocale, resolveLocale } from "@/lib/i18n/config";
import { clientIpOf } from "@/lib/http/client-ip";
import { logRequest } from "@/lib/log";
import { redirectRoutes, redirectTarget } from "@/lib/routes";

// Resolves the language and a request id for every request and logs one JSON line.
// It never authorizes: pages, actions and route handlers check the session themselves.
export function proxy(req: NextRequest) {
  const started = Date.now();
  const requestId = validId(req.headers.get("x-request-id")) ?? crypto.randomUUID();
  const query = req.nextUrl.searchParams.get(LOCALE_QUERY);
  const cookie = req.cookies.get(LOCALE_COOKIE)?.value;
  const locale = resolveLocale({ query, cookie, acceptLanguage: req.headers.get("accept-language") });

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
    res.headers.set("x-request-id", requestId);
    logRequest({ requestId, method: req.method, path: req.nextUrl.pathname, redirect: pathname, ms: Date.now() - started });
    return res;
  }

  const headers = new Headers(req.headers);
  headers.set(LOCALE_HEADER, locale);
  headers.set("x-request-id", requestId);
  headers.set("x-pathname", req.nextUrl.pathname + req.nextUrl.search);
  const res = NextResponse.next({ request: { headers } });
  // ?lng= is remembered, as the language switcher does.
  if (normalizeLocale(query) && cookie !== locale) {
    res.cookies.set(LOCALE_COOKIE, locale, { path: "/", sameSite: "strict", maxAge: 60 * 60 * 24 * 365 });
  }
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

function validId(id: string | null): string | null {
  return id && /^[A-Za-z0-9._-]{8,64}$/.test(id) ? id : null;
}

export const config = {
  // Static assets and images need neither a locale nor a log line. Uploads skip the proxy: Next
  // buffers, and cuts at 10 MB, the body of any request a proxy sees (lib/uploads/upload-handler.ts
  // makes its own request id and log line).
  matcher: ["/", "/((?!_next/static|_next/image|favicon.ico|brand/|api/v1/uploads).*)"],
};
