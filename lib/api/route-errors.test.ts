// Every route handler under app/api (and app/media, app/locales) answers its errors in the one
// shape of lib/api/handler.ts, { code, message } translated: found on disk, so a new handler is
// checked too. The exceptions are next-auth's own route, the health check and the OpenAPI
// document, which answer no API errors of their own, and OAuth's token and revocation endpoints,
// whose errors are OAuth's own { error, error_description } (RFC 6749 §5.2; lib/oauth/server.ts).
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { createTranslator } from "use-intl/core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/auth/viewer";
import type { Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";

const state = vi.hoisted(() => ({ viewer: null as unknown, locale: "en-US" as string }));

vi.mock("@/lib/db", () => ({
  db: () => {
    throw new Error("no database in this test");
  },
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-request-id": "req-1" }), cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));
vi.mock("next-intl/server", () => ({
  getTranslations: async (namespace?: string) =>
    createTranslator({ locale: state.locale as Locale, messages: messagesFor(state.locale as Locale) as never, namespace: namespace as never, timeZone: "Asia/Shanghai" }),
  getLocale: async () => state.locale,
}));
vi.mock("@/lib/auth/viewer", async (orig) => ({ ...(await orig<typeof import("@/lib/auth/viewer")>()), getViewer: async () => state.viewer }));
vi.mock("@/lib/news/media", () => ({ publicNewsMedia: async () => null, servePublicMedia: vi.fn() }));
vi.mock("@/lib/access/menus", () => ({ canOpenRoute: vi.fn(async () => false), getMenuTree: vi.fn(async () => []) }));

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXCEPTIONS = new Set([
  "app/api/auth/[...nextauth]/route.ts",
  "app/api/health/route.ts",
  "app/api/v1/openapi.json/route.ts",
  "app/api/oauth/token/route.ts",
  "app/api/oauth/revoke/route.ts",
]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Public handlers (no session): their errors are checked below, in the same shape. */
const PUBLIC = new Set(["app/api/v1/app/latest/route.ts", "app/api/v1/app/releases/[id]/package/route.ts"]);

function routeFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? routeFiles(`${dir}/${e.name}`) : e.name === "route.ts" ? [`${dir}/${e.name}`] : []));
}

/** A request to the file's path, its [segments] filled in, and the params Next would pass. */
function requestFor(file: string, method: string) {
  const params: Record<string, string> = {};
  const url =
    "/" +
    path
      .dirname(file)
      .replace(/^app\//, "")
      .replace(/\[(\w+)\]/g, (_m, name: string) => (params[name] = name === "resource" ? "dict" : name === "lng" ? "xx" : "1"));
  return { req: new NextRequest(`http://localhost:3100/customerWeb${url}`, { method }), ctx: { params: Promise.resolve(params) } };
}

const tr = (locale: Locale, key: string) =>
  (createTranslator({ locale, messages: messagesFor(locale) as never, timeZone: "Asia/Shanghai" }) as unknown as (k: string) => string)(key);

const staff: Viewer = {
  userId: 9,
  account: "s1",
  name: "Staff",
  userType: "STAFF",
  organizationId: null,
  company: null,
  companies: [],
  roles: [],
  permissions: new Set(),
  menuIds: new Set(),
  dataScope: "SELF",
};

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const load = async (file: string) => (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, Handler | undefined>;

beforeEach(() => {
  state.viewer = null;
  state.locale = "en-US";
});

describe("route handlers' errors", () => {
  const files = routeFiles("app/api").filter((f) => !EXCEPTIONS.has(f) && !PUBLIC.has(f));

  it("finds the handlers", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files).toContain("app/api/server-loader/route.ts");
  });

  it.each(["en-US", "zh-CN"] as const)(
    "every handler answers 401 { code, message } without a session (%s)",
    async (locale) => {
      state.locale = locale;
      for (const file of files) {
        const mod = await load(file);
        for (const method of METHODS) {
          const handler = mod[method];
          if (!handler) continue;
          const { req, ctx } = requestFor(file, method);
          const res = await handler(req, ctx);
          expect(res.status, `${method} ${file}`).toBe(401);
          expect(await res.json(), `${method} ${file}`).toEqual({ code: "UNAUTHORIZED", message: tr(locale, "Common.signInAgain") });
        }
      }
    },
    120_000,
  );

  it.each(["en-US", "zh-CN"] as const)("the public app endpoints answer { code, message, fieldErrors? } without a session (%s)", async (locale) => {
    state.locale = locale;
    const latest = await (
      await load("app/api/v1/app/latest/route.ts")
    ).GET!(new NextRequest("http://localhost:3100/customerWeb/api/v1/app/latest?platform=x"), {
      params: Promise.resolve({}),
    });
    expect(latest.status).toBe(422);
    const body = (await latest.json()) as { code: string; message: string; fieldErrors: Record<string, string> };
    expect(body.code).toBe("VALIDATION");
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["platform", "version"]);
    expect(body.message).toBe(body.fieldErrors.platform);
    const pkg = await (
      await load("app/api/v1/app/releases/[id]/package/route.ts")
    ).GET!(new NextRequest("http://localhost:3100/customerWeb/api/v1/app/releases/abc/package"), {
      params: Promise.resolve({ id: "abc" }),
    });
    expect(pkg.status).toBe(404);
    expect(await pkg.json()).toEqual({ code: "NOT_FOUND", message: tr(locale, "Errors.notFound") });
    // A failure inside (here: no database) is 500 in the same shape, the request id quoted.
    const broken = await (
      await load("app/api/v1/app/releases/[id]/package/route.ts")
    ).GET!(new NextRequest("http://localhost:3100/customerWeb/api/v1/app/releases/1/package"), {
      params: Promise.resolve({ id: "1" }),
    });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toMatchObject({ code: "INTERNAL" });
  });

  it("a missing permission or screen is 403 { code, message }", async () => {
    state.viewer = staff;
    for (const file of ["app/api/v1/login-log/export/route.ts", "app/api/v1/addresses/route.ts", "app/api/server-loader/route.ts"]) {
      const { req, ctx } = requestFor(file, "GET");
      const url = file.includes("server-loader") ? new NextRequest(`${req.url}?route=system/role`) : req;
      const res = await (await load(file)).GET!(url, ctx);
      expect(res.status, file).toBe(403);
      expect(await res.json(), file).toEqual({ code: "FORBIDDEN", message: tr("en-US", "Common.forbidden") });
    }
  });

  it("the server loader's unknown route and a bad region parent answer { code, message }", async () => {
    state.viewer = staff;
    const loader = await load("app/api/server-loader/route.ts");
    const missing = await loader.GET!(new NextRequest("http://localhost:3100/customerWeb/api/server-loader?route=no/such"), { params: Promise.resolve({}) });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: "NOT_FOUND", message: tr("en-US", "Errors.notFound") });
    const regions = await load("app/api/v1/regions/route.ts");
    const bad = await regions.GET!(new NextRequest("http://localhost:3100/customerWeb/api/v1/regions?parent=abc"), { params: Promise.resolve({}) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: "BAD_REQUEST", message: tr("en-US", "Api.badQuery") });
  });

  it("a write from another site is refused in the same shape (uploads, admin import, the API)", async () => {
    for (const file of ["app/api/v1/uploads/route.ts", "app/api/v1/admin/[resource]/import/route.ts", "app/api/v1/cart/route.ts"]) {
      const { ctx } = requestFor(file, "POST");
      const url = `http://localhost:3100/customerWeb/${path
        .dirname(file)
        .replace(/^app\//, "")
        .replace("[resource]", "dict")}`;
      const res = await (await load(file)).POST!(new NextRequest(url, { method: "POST", headers: { origin: "https://evil.example" } }), ctx);
      expect(res.status, file).toBe(403);
      expect(await res.json(), file).toEqual({ code: "FORBIDDEN", message: tr("en-US", "Api.crossSite") });
    }
  });

  it("media and locale resources answer 404 { code, message }", async () => {
    // Not a public news picture, no session: the media route is public, so not apiRoute, but its 404 is the same.
    const media = await (await load("app/media/[id]/route.ts")).GET!(new NextRequest("http://localhost:3100/customerWeb/media/abc"), { params: Promise.resolve({ id: "abc" }) });
    expect(media.status).toBe(404);
    expect(await media.json()).toEqual({ code: "NOT_FOUND", message: tr("en-US", "Errors.notFound") });
    const locales = await (
      await load("app/locales/[lng]/translation.json/route.ts")
    ).GET!(new NextRequest("http://localhost:3100/customerWeb/locales/xx/translation.json"), { params: Promise.resolve({ lng: "xx" }) });
    expect(locales.status).toBe(404);
    expect(await locales.json()).toEqual({ code: "NOT_FOUND", message: tr("en-US", "Errors.notFound") });
  });
});
