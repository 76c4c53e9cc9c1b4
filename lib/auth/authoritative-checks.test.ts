import { encode, type JWT } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { createTranslator } from "use-intl/core";
import { z } from "zod";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";

// Issue 25: the proxy's session gate is only a first gate. Behind it, every entry point still
// asks getViewer, which decrypts the session with next-auth (getServerSession, the real one) and
// re-reads the user from the database. These tests run the real getViewer, the shell layout,
// requireScreen, apiRoute, server actions (lib/actions/action.ts) and the server loader with next-auth cookies — none,
// forged, foreign, expired, valid — and a fake database: what the proxy refuses is refused here
// too, and a valid cookie of a user the database no longer lets in is refused here only.

const env = vi.hoisted(() => {
  const saved = { secret: process.env.NEXTAUTH_SECRET, url: process.env.NEXTAUTH_URL };
  // lib/auth/options.ts reads the secret when it is imported.
  process.env.NEXTAUTH_SECRET = "test-secret-of-the-authoritative-checks";
  process.env.NEXTAUTH_URL = "http://localhost:3100/customerWeb/api/auth";
  return saved;
});
afterAll(() => {
  for (const [k, v] of [
    ["NEXTAUTH_SECRET", env.secret],
    ["NEXTAUTH_URL", env.url],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const state = vi.hoisted(() => ({ cookies: {} as Record<string, string>, pathname: "/" }));
const findUnique = vi.hoisted(() => vi.fn());

// The session row of the cookie's sid (lib/auth/sessions.ts): open, unless a test says otherwise.
const sessionRow = vi.hoisted(() => vi.fn());
vi.mock("@/lib/db", () => ({ db: () => ({ user: { findUnique }, userSession: { findUnique: sessionRow, updateMany: vi.fn(async () => ({ count: 1 })) } }) }));
// The sign-in path of next-auth (not what is tested here) and its database modules.
vi.mock("@/lib/auth/credentials", () => ({ attemptSignIn: vi.fn() }));
vi.mock("@/lib/auth/login-log", () => ({ clientIp: vi.fn() }));
// getServerSession(authOptions) reads next/headers with require(), out of vitest's reach: the
// same function is called with the request's cookies passed in.
vi.mock("next-auth", async (orig) => {
  const real = await orig<typeof import("next-auth")>();
  const res = { getHeader() {}, setCookie() {}, setHeader() {} };
  return {
    ...real,
    getServerSession: (options: Parameters<typeof real.getServerSession>[0]) =>
      real.getServerSession({ headers: { host: "localhost:3100" }, cookies: state.cookies } as never, res as never, options as never),
  };
});
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-pathname": state.pathname, "x-request-id": "test-request" }),
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
}));
vi.mock("next/navigation", () => ({
  redirect: vi.fn((to: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { to });
  }),
  forbidden: vi.fn(() => {
    throw new Error("NEXT_FORBIDDEN");
  }),
  notFound: vi.fn(() => {
    throw new Error("NEXT_NOT_FOUND");
  }),
}));
vi.mock("next-intl/server", () => ({
  getTranslations: async (namespace?: string) =>
    createTranslator({ locale: "en-US", messages: messagesFor("en-US") as never, namespace: namespace as never, timeZone: "Asia/Shanghai" }),
  getLocale: async () => "en-US",
}));
// What the shell renders once the viewer is known (not reached without one).
vi.mock("@/components/providers/app-root", () => ({ AppRoot: () => null }));
vi.mock("@/components/shell/app-shell", () => ({ AppShell: () => null }));
vi.mock("@/lib/access/menus", () => ({ canOpenRoute: vi.fn(async () => true), getMenuTree: vi.fn(async () => []) }));
vi.mock("@/lib/shell/record-guards", () => ({ recordVisible: vi.fn(async () => true) }));
vi.mock("@/lib/server-loaders", () => ({ loaderFor: () => async () => ({ rows: [] }) }));

const { redirect } = await import("next/navigation");
const { getViewer } = await import("./viewer");
const { default: ShellLayout } = await import("@/app/(shell)/layout");
const { requireScreen } = await import("@/lib/shell/guard");
const { apiRoute } = await import("@/lib/api/handler");
const { action: serverAction } = await import("@/lib/actions/action");
const { GET: serverLoader } = await import("@/app/api/server-loader/route");

const SECRET = process.env.NEXTAUTH_SECRET!;
const COOKIE = "next-auth.session-token";
const claims = { uid: 7, account: "admin", name: "Administrator", userType: "ADMIN", companyId: null, authAt: Math.floor(Date.now() / 1000), sid: "s-7" } as JWT;
const openSession = () => ({
  id: "s-7",
  userId: 7,
  companyId: null,
  createdAt: new Date(1_000),
  lastSeenAt: new Date(),
  expiresAt: new Date(Date.now() + 3_600_000),
  revokedAt: null,
});
const mint = (opts: { secret?: string; maxAge?: number } = {}) => encode({ token: claims, secret: opts.secret ?? SECRET, maxAge: opts.maxAge ?? 3600 });

const activeAdmin = (over: Record<string, unknown> = {}) => ({
  id: 7,
  account: "admin",
  name: "Administrator",
  userType: "ADMIN",
  status: "ACTIVE",
  organizationId: null,
  sessionsValidFrom: new Date(0),
  companies: [],
  roles: [],
  ...over,
});

async function refusedCookies(): Promise<[string, Record<string, string>][]> {
  return [
    ["no cookie", {}],
    ["a random string", { [COOKIE]: "Zm9yZ2VkLXNlc3Npb24tdG9rZW4tdGhhdC1pcy1ub3QtYS1qd2U" }],
    ["a token of another secret", { [COOKIE]: await mint({ secret: "another-secret" }) }],
    ["an expired token", { [COOKIE]: await mint({ maxAge: -3600 }) }],
  ];
}

beforeEach(() => {
  state.cookies = {};
  state.pathname = "/afterSale/complaint?status=PROCESSING";
  findUnique.mockReset();
  sessionRow.mockReset();
  sessionRow.mockResolvedValue(openSession());
  vi.mocked(redirect).mockClear();
  // next-auth logs a decryption failure as an error; expected here.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("getViewer (the authoritative check)", () => {
  it("refuses forged, foreign and expired cookies without reading the database", async () => {
    for (const [what, cookies] of await refusedCookies()) {
      state.cookies = cookies;
      expect(await getViewer(), what).toBeNull();
    }
    expect(findUnique).not.toHaveBeenCalled();
  });

  it("re-reads the user of a valid cookie from the database (loadViewer)", async () => {
    state.cookies = { [COOKIE]: await mint() };
    findUnique.mockResolvedValue(activeAdmin());
    expect(await getViewer()).toMatchObject({ userId: 7, userType: "ADMIN" });
    expect(findUnique).toHaveBeenCalledWith(expect.objectContaining({ where: { id: 7 } }));
  });

  it("refuses a valid cookie the proxy lets through: a deleted or disabled user, a voided session", async () => {
    state.cookies = { [COOKIE]: await mint() };
    findUnique.mockResolvedValueOnce(null);
    expect(await getViewer()).toBeNull();
    findUnique.mockResolvedValueOnce(activeAdmin({ status: "DISABLED" }));
    expect(await getViewer()).toBeNull();
    findUnique.mockResolvedValueOnce(activeAdmin({ sessionsValidFrom: new Date(Date.now() + 60_000) }));
    expect(await getViewer()).toBeNull();
  });
});

describe("entry points behind the proxy still check", () => {
  it("the shell layout sends a visitor without a valid session to sign-in, or to the public news", async () => {
    for (const [what, cookies] of await refusedCookies()) {
      state.cookies = cookies;
      await expect(ShellLayout({ children: null }), what).rejects.toMatchObject({
        to: `/system/login?callbackUrl=${encodeURIComponent("/afterSale/complaint?status=PROCESSING")}`,
      });
    }
    state.pathname = "/market/news?id=12";
    await expect(ShellLayout({ children: null })).rejects.toMatchObject({ to: "/news/12" });
  });

  it("the shell layout renders for a valid session of an active user", async () => {
    state.cookies = { [COOKIE]: await mint() };
    findUnique.mockResolvedValue(activeAdmin());
    await expect(ShellLayout({ children: null })).resolves.toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
  });

  it("requireScreen (every page's first line) sends a visitor without a valid session to sign-in", async () => {
    for (const [what, cookies] of await refusedCookies()) {
      state.cookies = cookies;
      await expect(requireScreen("afterSale/complaint"), what).rejects.toMatchObject({ to: "/system/login?callbackUrl=%2FafterSale%2Fcomplaint" });
    }
  });

  it("apiRoute answers 401 UNAUTHORIZED, translated", async () => {
    const handler = apiRoute({ permission: null }, async () => ({ ok: true }));
    for (const [what, cookies] of await refusedCookies()) {
      state.cookies = cookies;
      const res = await handler(new NextRequest("http://localhost:3100/customerWeb/api/v1/orders"));
      expect(res.status, what).toBe(401);
      expect(await res.json()).toEqual({ code: "UNAUTHORIZED", message: messagesFor("en-US").Common.signInAgain });
    }
  });

  it("a server action answers UNAUTHENTICATED 'sign in again' and does not run the action", async () => {
    const run = vi.fn();
    const action = serverAction({ schema: z.object({}), permission: null, labels: "Common" }, run);
    for (const [what, cookies] of await refusedCookies()) {
      state.cookies = cookies;
      expect(await action({}), what).toEqual({ ok: false, code: "UNAUTHENTICATED", message: messagesFor("en-US").Common.signInAgain });
    }
    expect(run).not.toHaveBeenCalled();
  });

  it("the server loader answers 401", async () => {
    for (const [what, cookies] of await refusedCookies()) {
      state.cookies = cookies;
      const res = await serverLoader(new NextRequest("http://localhost:3100/customerWeb/api/server-loader?route=afterSale/complaint"));
      expect(res.status, what).toBe(401);
    }
  });
});
