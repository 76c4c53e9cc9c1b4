import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { encode, type JWT } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enCore from "@/messages/en-US.json";
import zhCore from "@/messages/zh-CN.json";
import { hasValidSession, sessionCookieKind } from "@/lib/auth/session-cookie";
import { proxy } from "./proxy";

// proxy.ts's session gate with real next-auth cookies (issue 25): minted with next-auth's own
// encode, forged, foreign, expired, malformed, chunked, and none, on each class of path.

const SECRET = "test-secret-of-the-proxy-gate";
// NextURL spells a loopback host "localhost".
const ORIGIN = "http://localhost:3100";
const BASE = "/customerWeb";

const mint = (token: Record<string, unknown> = { uid: 7, account: "dealer.sh", userType: "DEALER", companyId: 1, authAt: 1 }, opts: { secret?: string; maxAge?: number } = {}) =>
  encode({ token: token as JWT, secret: opts.secret ?? SECRET, maxAge: opts.maxAge ?? 12 * 60 * 60 });

function request(path: string, init: { cookies?: Record<string, string>; method?: string; headers?: Record<string, string> } = {}): NextRequest {
  const headers = new Headers(init.headers);
  const cookies = Object.entries(init.cookies ?? {}).map(([k, v]) => `${k}=${v}`);
  if (cookies.length) headers.set("cookie", cookies.join("; "));
  // As Next hands it to the proxy: nextUrl.pathname has the base path stripped.
  return new NextRequest(`${ORIGIN}${BASE}${path}`, { method: init.method ?? "GET", headers, nextConfig: { basePath: BASE } });
}

const session = async (token?: string) => ({ "next-auth.session-token": token ?? (await mint()) });

/** The cookies that must not open anything. */
async function badCookies(): Promise<[string, Record<string, string>][]> {
  return [
    ["no cookie", {}],
    ["an empty cookie", { "next-auth.session-token": "" }],
    ["a malformed cookie", { "next-auth.session-token": "not.a.jwe" }],
    ["a random string", { "next-auth.session-token": "Zm9yZ2VkLXNlc3Npb24tdG9rZW4tdGhhdC1pcy1ub3QtYS1qd2U" }],
    ["a token of another secret", { "next-auth.session-token": await mint(undefined, { secret: "another-secret" }) }],
    ["an expired token", { "next-auth.session-token": await mint(undefined, { maxAge: -3600 }) }],
    ["a token without a user", { "next-auth.session-token": await mint({ name: "x" }) }],
    ["a tampered token", { "next-auth.session-token": tamper(await mint()) }],
    ["a signed (not encrypted) JWT", { "next-auth.session-token": unsignedJwt() }],
    ["another app's cookie name", { "authjs.session-token": await mint() }],
  ];
}

/** Changes the first character of the ciphertext (the last characters of a base64url part may
 * carry unused bits, so changing one there may change nothing). */
function tamper(jwe: string): string {
  const parts = jwe.split(".");
  parts[3] = (parts[3][0] === "A" ? "B" : "A") + parts[3].slice(1);
  return parts.join(".");
}

function unsignedJwt(): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${b64({ alg: "none", typ: "JWT" })}.${b64({ uid: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
}

beforeEach(() => {
  vi.stubEnv("NEXTAUTH_SECRET", SECRET);
  vi.stubEnv("LOG_REQUESTS", "false");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("hasValidSession", () => {
  it("accepts a token next-auth minted with the secret", async () => {
    expect(await hasValidSession(request("/", { cookies: await session() }), SECRET)).toBe(true);
  });

  it("refuses forged, foreign, expired and malformed cookies", async () => {
    for (const [what, cookies] of await badCookies()) expect(await hasValidSession(request("/", { cookies }), SECRET), what).toBe(false);
  });

  it("reads the __Secure- cookie of an HTTPS deployment, and chunked cookies", async () => {
    const token = await mint();
    expect(await hasValidSession(request("/", { cookies: { "__Secure-next-auth.session-token": token } }), SECRET)).toBe(true);
    const half = Math.ceil(token.length / 2);
    const chunked = { "next-auth.session-token.0": token.slice(0, half), "next-auth.session-token.1": token.slice(half) };
    expect(sessionCookieKind(request("/", { cookies: chunked }).cookies)).toBe("plain");
    expect(await hasValidSession(request("/", { cookies: chunked }), SECRET)).toBe(true);
    expect(await hasValidSession(request("/", { cookies: { "next-auth.session-token.0": token.slice(0, half) } }), SECRET)).toBe(false);
  });

  it("ignores a bearer token: only the cookie counts", async () => {
    expect(await hasValidSession(request("/", { headers: { authorization: `Bearer ${await mint()}` } }), SECRET)).toBe(false);
  });
});

describe("proxy: signed-in screens", () => {
  it("sends an anonymous deep link to sign-in with a tiny 307, keeping path and query", async () => {
    for (const [what, cookies] of await badCookies()) {
      const res = await proxy(request("/afterSale/complaint?status=PROCESSING&page=2", { cookies }));
      expect(res.status, what).toBe(307);
      expect(res.headers.get("location"), what).toBe(`${ORIGIN}${BASE}/system/login?callbackUrl=${encodeURIComponent("/afterSale/complaint?status=PROCESSING&page=2")}`);
      expect(res.headers.get("x-middleware-next"), what).toBeNull();
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-request-id")).toBeTruthy();
      expect(await res.text()).toBe("");
    }
  });

  it("lets a valid session through untouched: locale, request id and path headers as before", async () => {
    const res = await proxy(request("/onlineMall/car/order?type=VEHICLE", { cookies: await session(), headers: { "accept-language": "zh-CN" } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("x-middleware-request-x-locale")).toBe("zh-CN");
    expect(res.headers.get("x-middleware-request-x-pathname")).toBe("/onlineMall/car/order?type=VEHICLE");
  });

  it("sends anonymous visitors of the shell's news to the public news", async () => {
    expect((await proxy(request("/market/news"))).headers.get("location")).toBe(`${ORIGIN}${BASE}/news`);
    expect((await proxy(request("/market/news?id=12"))).headers.get("location")).toBe(`${ORIGIN}${BASE}/news/12`);
  });

  it("answers a form post without JavaScript with 303, so it is not re-posted to sign-in", async () => {
    const res = await proxy(request("/afterSale/complaint", { method: "POST" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("/system/login?callbackUrl=");
  });

  it("lets an anonymous server action reach the action's own session check", async () => {
    const res = await proxy(request("/afterSale/complaint", { method: "POST", headers: { "next-action": "7f00aa", accept: "text/x-component" } }));
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });

  it("still applies the redirect table first (the gate then judges the target)", async () => {
    const res = await proxy(request("/onlineMall?x=1"));
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/onlineMall/car/goods?x=1`);
  });

  it("remembers ?lng= on the redirect too", async () => {
    const res = await proxy(request("/car/stock?lng=zh-CN"));
    expect(res.status).toBe(307);
    expect(res.cookies.get("i18next")?.value).toBe("zh-CN");
  });
});

describe("proxy: APIs", () => {
  it("answers 401 in the API's error shape, translated, with no WWW-Authenticate", async () => {
    for (const [what, cookies] of await badCookies()) {
      const res = await proxy(request("/api/v1/orders?type=VEHICLE", { cookies, headers: { "accept-language": "en-US" } }));
      expect(res.status, what).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("www-authenticate")).toBeNull();
      expect(await res.json()).toEqual({ code: "UNAUTHORIZED", message: enCore.Common.signInAgain });
    }
  });

  it("translates the message for the request's language (Accept-Language, cookie, ?lng=)", async () => {
    const zh = zhCore.Common.signInAgain;
    expect(await (await proxy(request("/api/v1/goods", { headers: { "accept-language": "zh-CN,zh;q=0.9" } }))).json()).toMatchObject({ message: zh });
    expect(await (await proxy(request("/api/v1/goods", { cookies: { i18next: "zh-CN" } }))).json()).toMatchObject({ message: zh });
    expect(await (await proxy(request("/api/v1/goods?lng=zh-CN", { headers: { "accept-language": "en" } }))).json()).toMatchObject({ message: zh });
    expect(zh).not.toBe(enCore.Common.signInAgain);
  });

  it("answers the server loader 401 with the body its clients read", async () => {
    const res = await proxy(request("/__serverLoader?route=system/workbench/home"));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "UNAUTHORIZED", code: "UNAUTHORIZED" });
  });

  it("covers POST, PATCH and DELETE, and the token-guarded download file route", async () => {
    for (const [method, path] of [
      ["POST", "/api/v1/orders"],
      ["PATCH", "/api/v1/cart/1"],
      ["DELETE", "/api/v1/cart/1"],
      ["GET", "/api/v1/downloads/3/file?token=abc"],
      ["GET", "/api/v1/files/abc"],
    ] as const) {
      expect((await proxy(request(path, { method }))).status, `${method} ${path}`).toBe(401);
    }
  });

  it("lets a valid session through to the handler", async () => {
    const res = await proxy(request("/api/v1/orders", { cookies: await session() }));
    expect(res.headers.get("x-middleware-next")).toBe("1");
    const secure = await proxy(request("/__serverLoader?route=car/stock", { cookies: { "__Secure-next-auth.session-token": await mint() } }));
    expect(secure.headers.get("x-middleware-next")).toBe("1");
  });
});

describe("proxy: the request log (issue 22)", () => {
  it("never writes a bearer token, a session cookie or a credential query parameter", async () => {
    vi.stubEnv("LOG_REQUESTS", "true");
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((l: string) => void lines.push(l));
    const token = `dpa_${"Qx7_-".repeat(8)}abc`;
    const cookie = await mint();
    try {
      await proxy(request(`/api/v1/goods?kind=PART&access_token=${token}`, { headers: { authorization: `Bearer ${token}`, "user-agent": `agent ${token}` } }));
      await proxy(request(`/api/v1/orders/${token}`, { cookies: { "next-auth.session-token": cookie } }));
      await proxy(request(`/oauth/authorize?client_id=app&code_verifier=${token}`));
    } finally {
      spy.mockRestore();
    }
    const out = lines.join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(out).not.toContain(token.slice(4));
    expect(out).not.toContain(cookie.slice(0, 40));
    expect(out).not.toMatch(/access_token|authorization/i);
  });
});

describe("proxy: public paths", () => {
  it.each([
    "/system/login?callbackUrl=%2FafterSale%2Fcomplaint",
    "/system/register",
    "/system/forgetpwd",
    "/news",
    "/news/12-launch?lng=zh-CN",
    "/media/abc?thumb=1",
    "/sitemap.xml",
    "/robots.txt",
    "/api/health",
    "/api/auth/csrf",
    "/api/auth/session",
    "/api/v1/openapi.json",
    "/locales/en-US/translation.json",
    "/no/such/page-e2e",
  ])("%s passes with no cookie", async (path) => {
    const res = await proxy(request(path));
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("location")).toBeNull();
  });

  it("lets next-auth's sign-in post through", async () => {
    const res = await proxy(request("/api/auth/callback/credentials", { method: "POST" }));
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });
});

describe("proxy: script policy (issue 16)", () => {
  const scriptSrc = (csp: string | null) => csp?.split("; ").find((d) => d.startsWith("script-src")) ?? "";

  it("gives every page a fresh nonce, in the response and in the request Next renders with", async () => {
    const first = await proxy(request("/system/workbench/home", { cookies: await session() }));
    const second = await proxy(request("/system/workbench/home", { cookies: await session() }));
    const csp = first.headers.get("content-security-policy");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc(csp))?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc(csp)).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'`);
    expect(scriptSrc(csp)).not.toContain("unsafe-inline");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    // NextResponse.next forwards request headers to the renderer as x-middleware-request-*.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });

  it("puts the policy on the proxy's own answers too, and HSTS only when HSTS_MAX_AGE is set", async () => {
    const redirect = await proxy(request("/system/workbench/home"));
    expect(scriptSrc(redirect.headers.get("content-security-policy"))).toContain("'strict-dynamic'");
    expect(redirect.headers.get("strict-transport-security")).toBeNull();
    vi.stubEnv("HSTS_MAX_AGE", "31536000");
    const secure = await proxy(request("/news"));
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("proxy without NEXTAUTH_SECRET", () => {
  it("leaves the check to the pages (next-auth then signs with a secret the proxy cannot know)", async () => {
    vi.stubEnv("NEXTAUTH_SECRET", "");
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    const res = await proxy(request("/afterSale/complaint"));
    expect(res.headers.get("x-middleware-next")).toBe("1");
    spy.mockRestore();
  });
});

describe("proxy stays cheap", () => {
  // The proxy runs for every request: nothing it imports may reach the database or a module
  // marked server-only (both would also pull Prisma into the proxy's bundle).
  it("imports no database and no server-only module, directly or through lib/", () => {
    expect(forbiddenImports("proxy.ts")).toEqual([]);
    // The check itself sees such imports.
    expect(forbiddenImports("lib/news/public-urls.ts")).toContain("lib/news/public-urls.ts → server-only");
  });

  it("quotes a plain-text message (next-intl's precompiled form of it is the text itself)", () => {
    for (const m of [enCore.Common.signInAgain, zhCore.Common.signInAgain]) expect(m).toMatch(/^[^{}<>']+$/);
  });
});

/** Imports of a module and of the project modules it imports, in turn, that reach the database
 * or a server-only module. */
function forbiddenImports(entry: string): string[] {
  const root = process.cwd();
  const seen = new Set<string>();
  const bad: string[] = [];
  const resolve = (base: string) => [".ts", ".tsx", "/index.ts"].map((x) => base + x).find((f) => exists(f)) ?? base;
  const visit = (file: string) => {
    if (seen.has(file) || !exists(file)) return;
    seen.add(file);
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"/gm)) {
      const spec = m[1] ?? m[2];
      if (spec === "server-only" || spec === "@/lib/db" || spec.includes("generated/prisma") || spec.startsWith("@prisma/") || spec === "pg")
        bad.push(`${path.relative(root, file)} → ${spec}`);
      if (spec.endsWith(".json")) continue;
      if (spec.startsWith("@/")) visit(resolve(path.join(root, spec.slice(2))));
      else if (spec.startsWith(".")) visit(resolve(path.join(path.dirname(file), spec)));
    }
  };
  visit(path.join(root, entry));
  return bad;
}

function exists(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}
