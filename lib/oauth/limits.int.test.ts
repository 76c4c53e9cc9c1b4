import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as goodsList } from "@/app/api/v1/goods/route";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, roleId, uid } from "@/lib/test/factories";
import { purgeOAuth } from "./purge";
import { hashCredential, issueTokens, newCredential } from "./tokens";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Issue 22: a client's rate limit holds under concurrency (one atomic upsert per request in
// lib/oauth/bearer.ts overLimit: exactly L of N simultaneous requests pass, the others get 429
// with Retry-After in the API's error shape), and the purge of the OAuth tables' old rows.

const URL_GOODS = "http://localhost/customerWeb/api/v1/goods?kind=PART";
let user: { id: number };
let companyId: number;

const makeClient = (rateLimitPerMinute: number) =>
  db().oAuthClient.create({ data: { clientId: uid("lim"), name: "Limits", grants: ["client_credentials"], redirectUris: [], scopes: ["goods:read"], rateLimitPerMinute } });

/** Waits out the last seconds of a minute, so that N requests fall in one rate window. */
async function midMinute() {
  const s = new Date().getSeconds();
  if (s >= 50) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
}

beforeAll(async () => {
  setTestLocale("en-US");
  await actAs(null);
  companyId = (await makeCompany()).id;
  user = await makeUser({ userType: "DEALER", companyIds: [companyId], roleIds: [await roleId("DEALER")] });
});

describe("per-client rate limit", () => {
  it("lets exactly L of N concurrent requests through and answers the others 429 with Retry-After", async () => {
    const L = 5;
    const N = 14;
    const client = await makeClient(L);
    const other = await makeClient(L);
    const issue = (clientId: number) => issueTokens({ clientId, userId: user.id, companyId, scopes: ["goods:read"], accessSeconds: 600, refreshSeconds: null });
    // Two tokens of the same client share its limit.
    const [t1, t2, t3] = await Promise.all([issue(client.id), issue(client.id), issue(other.id)]);
    await midMinute();
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => goodsList(new NextRequest(URL_GOODS, { headers: { authorization: `Bearer ${(i % 2 ? t1 : t2).accessToken}` } }))),
    );
    const ok = answers.filter((r) => r.status === 200);
    const limited = answers.filter((r) => r.status === 429);
    expect(ok.length).toBe(L);
    expect(limited.length).toBe(N - L);
    for (const r of limited) {
      const retryAfter = Number(r.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter)).toBe(true);
      expect(r.headers.get("cache-control")).toBe("private, no-store");
      expect(await r.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/\S/) });
    }
    const window = await db().oAuthRateWindow.findMany({ where: { clientId: client.id } });
    expect(window.map((w) => w.count)).toEqual([N]);
    // Another client's limit is its own.
    expect((await goodsList(new NextRequest(URL_GOODS, { headers: { authorization: `Bearer ${t3.accessToken}` } }))).status).toBe(200);
  });

  it("answers the limit in the reader's language", async () => {
    const client = await makeClient(1);
    const t = await issueTokens({ clientId: client.id, userId: user.id, companyId, scopes: ["goods:read"], accessSeconds: 600, refreshSeconds: null });
    await midMinute();
    const req = () => goodsList(new NextRequest(URL_GOODS, { headers: { authorization: `Bearer ${t.accessToken}` } }));
    expect((await req()).status).toBe(200);
    setTestLocale("zh-CN");
    const r = await req();
    setTestLocale("en-US");
    expect(r.status).toBe(429);
    const body = (await r.json()) as { code: string; message: string };
    expect(body.code).toBe("TOO_MANY_REQUESTS");
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe("purgeOAuth", () => {
  it("deletes rate windows over an hour old, codes expired a day ago, tokens whose access and refresh expired 30 days ago", async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const H = 3600_000;
    const D = 24 * H;
    const client = await makeClient(100);
    await db().oAuthRateWindow.createMany({
      data: [
        { clientId: client.id, windowStart: new Date(Math.floor(ago(2 * H).getTime() / 60_000) * 60_000), count: 3 },
        { clientId: client.id, windowStart: new Date(Math.floor(ago(10 * 60_000).getTime() / 60_000) * 60_000), count: 3 },
      ],
    });
    const code = (expiresAt: Date) => ({
      hash: hashCredential(newCredential("code")),
      clientId: client.id,
      userId: user.id,
      companyId,
      redirectUri: "https://app.example/cb",
      scopes: ["goods:read"],
      codeChallenge: "x".repeat(43),
      codeChallengeMethod: "S256",
      expiresAt,
    });
    const oldCode = code(ago(2 * D));
    const recentCode = code(ago(H));
    await db().oAuthCode.createMany({ data: [oldCode, recentCode] });
    const tok = async (accessAgo: number, refreshAgo: number | null) =>
      (
        await issueTokens(
          { clientId: client.id, userId: user.id, companyId, scopes: ["goods:read"], accessSeconds: 3600, refreshSeconds: refreshAgo === null ? null : 3600 },
          { now: ago(accessAgo + H) },
        )
      ).tokenId;
    const bothOld = await tok(40 * D, 31 * D);
    const accessOnlyOld = await tok(40 * D, null);
    expect(accessOnlyOld).toBeGreaterThan(0);
    const refreshRecent = await tok(40 * D, 10 * D);
    const recent = await tok(D, null);
    // tok() issues with lifetimes of an hour from `now - ago - 1h`; stretch the refresh ones.
    await db().oAuthToken.update({ where: { id: bothOld }, data: { refreshExpiresAt: ago(31 * D) } });
    await db().oAuthToken.update({ where: { id: refreshRecent }, data: { refreshExpiresAt: ago(10 * D) } });

    const n = await purgeOAuth(now);
    expect(n.windows).toBeGreaterThanOrEqual(1);
    expect(n.codes).toBeGreaterThanOrEqual(1);
    expect(n.tokens).toBeGreaterThanOrEqual(2);
    expect((await db().oAuthRateWindow.findMany({ where: { clientId: client.id } })).length).toBe(1);
    expect(await db().oAuthCode.findUnique({ where: { hash: oldCode.hash } })).toBeNull();
    expect(await db().oAuthCode.findUnique({ where: { hash: recentCode.hash } })).not.toBeNull();
    const left = (await db().oAuthToken.findMany({ where: { clientId: client.id }, select: { id: true } })).map((t) => t.id).sort();
    expect(left).toEqual([refreshRecent, recent].sort());
    // Nothing else to do the second time.
    expect((await purgeOAuth(now)).tokens).toBe(0);
  });
});
