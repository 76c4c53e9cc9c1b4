import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_IDS, safeCallbackPath } from "@/lib/routes";
import { gateDecision, gateRedirectTarget, isApiPath, isPublicPath, isScreenPath, normalizePath, sessionNeeded } from "./proxy-gate";

// The proxy's session gate as a pure decision (issue 25). proxy.test.ts drives proxy.ts itself
// with real cookies.

const PUBLIC = [
  "/system/login",
  "/system/register",
  "/system/forgetpwd",
  "/news",
  "/news/12-new-model-launch",
  "/media/abc123",
  "/sitemap.xml",
  "/robots.txt",
  "/api/auth/csrf",
  "/api/auth/session",
  "/api/auth/callback/credentials",
  "/api/health",
  "/api/v1/openapi.json",
  "/api/v1/app/latest",
  "/api/v1/app/releases/12/package",
  "/locales/zh-CN/translation.json",
  "/_next/webpack-hmr",
  "/favicon.ico",
  "/brand/logo.svg",
];

describe("gateDecision", () => {
  it.each(PUBLIC)("lets %s through without a session", (p) => {
    expect(gateDecision(p, false)).toBe("pass");
    expect(gateDecision(p, false, { method: "POST" })).toBe("pass");
    expect(sessionNeeded(p)).toBe(false);
  });

  it.each(ROUTE_IDS.filter((r) => r !== "market/news"))("sends an anonymous visitor of %s to sign-in", (route) => {
    expect(gateDecision(`/${route}`, false)).toBe("redirect-login");
    expect(gateDecision(`/${route}`, true)).toBe("pass");
  });

  it("sends an anonymous visitor of the shell's news to the public news", () => {
    expect(gateDecision("/market/news", false)).toBe("redirect-public-news");
    expect(gateDecision("/market/news/", false)).toBe("redirect-public-news");
    expect(gateDecision("/market/news", true)).toBe("pass");
  });

  it.each([
    "/api/v1/orders",
    "/api/v1/goods/1",
    "/api/v1/downloads/3/file",
    "/api/v1/files/abc",
    "/api/v1/login-log/export",
    "/api/v1/admin/role/export",
    "/api/server-loader",
    "/__serverLoader",
    "/api/v1/unknown",
    "/api",
  ])("answers 401 on %s without a session, any method but OPTIONS", (p) => {
    for (const method of ["GET", "POST", "PATCH", "DELETE", "HEAD"]) expect(gateDecision(p, false, { method })).toBe("unauthorized-api");
    expect(gateDecision(p, false, { method: "OPTIONS" })).toBe("pass");
    expect(gateDecision(p, true)).toBe("pass");
  });

  it("does not let a server action header open an API path", () => {
    expect(gateDecision("/api/v1/orders", false, { method: "POST", serverAction: true })).toBe("unauthorized-api");
  });

  it("lets an anonymous server action reach the action's own check; a plain form post is redirected", () => {
    expect(gateDecision("/afterSale/complaint", false, { method: "POST", serverAction: true })).toBe("pass");
    expect(gateDecision("/market/news", false, { method: "POST", serverAction: true })).toBe("pass");
    expect(gateDecision("/afterSale/complaint", false, { method: "POST" })).toBe("redirect-login");
  });

  it("leaves unknown page paths to Next's translated 404, signed in or not", () => {
    for (const p of ["/no/such/page-e2e", "/system/nothing-here", "/afterSale/complaint/extra", "/AfterSale/complaint"]) expect(gateDecision(p, false)).toBe("pass");
  });

  it("does not mistake look-alikes for public paths", () => {
    expect(isPublicPath("/newsletter")).toBe(false);
    expect(isPublicPath("/system/login-admin")).toBe(false);
    expect(isPublicPath("/api/healthz")).toBe(false);
    expect(isPublicPath("/api/v1/openapi.json/x")).toBe(false);
    expect(isPublicPath("/api/authx")).toBe(false);
    expect(gateDecision("/api/healthz", false)).toBe("unauthorized-api");
    expect(gateDecision("/api/v1/openapi.jsonx", false)).toBe("unauthorized-api");
    // A {id} pattern matches exactly one segment.
    expect(isPublicPath("/api/v1/app/releases/12/package/x")).toBe(false);
    expect(isPublicPath("/api/v1/app/releases/12/x/package")).toBe(false);
    expect(isPublicPath("/api/v1/app/releases/package")).toBe(false);
    expect(gateDecision("/api/v1/app/releases", false)).toBe("unauthorized-api");
  });

  it("compares paths normalized: trailing and repeated slashes, escapes of unreserved characters", () => {
    expect(normalizePath("/afterSale//complaint/")).toBe("/afterSale/complaint");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("afterSale/complaint")).toBe("/afterSale/complaint");
    expect(gateDecision("/afterSale/%63omplaint", false)).toBe("redirect-login");
    expect(gateDecision("//api//v1/orders", false)).toBe("unauthorized-api");
    // An escaped "/" is not decoded: "/api%2Fv1" is one segment, not the API.
    expect(isApiPath("/api%2Fv1/orders")).toBe(false);
    expect(gateDecision("/%E0%A4%A", false)).toBe("pass");
  });
});

describe("gateRedirectTarget", () => {
  it("keeps the path and query as callbackUrl, in the shell layout's form", () => {
    const here = "/afterSale/complaint?status=PROCESSING&page=2";
    expect(gateRedirectTarget("redirect-login", "/afterSale/complaint", "?status=PROCESSING&page=2")).toBe(`/system/login?callbackUrl=${encodeURIComponent(here)}`);
    expect(gateRedirectTarget("redirect-login", "/system/workbench/home", "")).toBe("/system/login?callbackUrl=%2Fsystem%2Fworkbench%2Fhome");
  });

  it("sends the shell's news to the public list, or to the article of ?id=", () => {
    expect(gateRedirectTarget("redirect-public-news", "/market/news", "")).toBe("/news");
    expect(gateRedirectTarget("redirect-public-news", "/market/news", "?id=12")).toBe("/news/12");
    expect(gateRedirectTarget("redirect-public-news", "/market/news", "?id=x")).toBe("/news");
  });
});

describe("the OAuth consent page (issue 22)", () => {
  it("sends an anonymous visitor to sign-in with the whole authorization request as callbackUrl", () => {
    const search = "?response_type=code&client_id=dealer-app&scope=orders%3Aread%20goods%3Aread&state=s";
    expect(gateDecision("/oauth/authorize", false)).toBe("redirect-login");
    expect(gateDecision("/oauth/authorize", true)).toBe("pass");
    expect(gateRedirectTarget("redirect-login", "/oauth/authorize", search)).toBe(`/system/login?callbackUrl=${encodeURIComponent(`/oauth/authorize${search}`)}`);
    expect(safeCallbackPath(`/oauth/authorize${search}`)).toBe(`/oauth/authorize${search}`);
  });
});

describe("the label print page (issue 23)", () => {
  it("sends an anonymous visitor to sign-in and back to the same labels", () => {
    const search = "?purpose=VEHICLE&ids=1,2";
    expect(gateDecision("/labels/print", false)).toBe("redirect-login");
    expect(gateDecision("/labels/print", true)).toBe("pass");
    expect(gateRedirectTarget("redirect-login", "/labels/print", search)).toBe(`/system/login?callbackUrl=${encodeURIComponent(`/labels/print${search}`)}`);
    expect(safeCallbackPath(`/labels/print${search}`)).toBe(`/labels/print${search}`);
  });
});

describe("screens", () => {
  // Every page under app/(shell) must be a screen the gate knows, or an anonymous request for it
  // would be rendered up to the shell layout again (which would still send it to sign-in).
  it("every page of the shell is a gated screen", () => {
    const root = path.join(process.cwd(), "app", "(shell)");
    const pages: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name === "page.tsx") pages.push(path.relative(root, dir));
      }
    };
    walk(root);
    expect(pages.length).toBeGreaterThan(30);
    for (const dir of pages) {
      const route = dir
        .split(path.sep)
        .filter((s) => !/^\(.*\)$/.test(s))
        .join("/");
      expect(isScreenPath(`/${route}`), route).toBe(true);
      expect(sessionNeeded(`/${route}`), route).toBe(true);
    }
  });
});
