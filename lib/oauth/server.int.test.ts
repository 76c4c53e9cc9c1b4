import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as revokePost } from "@/app/api/oauth/revoke/route";
import { POST as tokenPost } from "@/app/api/oauth/token/route";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeDealer, makeStaff, makeUser, roleId, uid, type TestDealer } from "@/lib/test/factories";
import { ERP_DEMO_SECRET, seedOAuthClients } from "@/prisma/seed/oauth";
import { bearerViewer } from "./bearer";
import { consentAction } from "./consent-actions";
import { decideAuthorize, inspectAuthorize } from "./server";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));
import { hashCredential } from "./tokens";

// Issue 22: the OAuth server's model and endpoints over the database (lib/oauth/server.ts).

const BASE = "http://localhost/customerWeb";
const REDIRECT = "http://127.0.0.1:8765/callback";
let dealer: TestDealer;
let appClient: string;

const b64url = (b: Buffer) => b.toString("base64url");
function pkce() {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash("sha256").update(verifier).digest()) };
}

function post(path: "token" | "revoke", form: Record<string, string>, headers: Record<string, string> = {}) {
  const req = new Request(`${BASE}/api/oauth/${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return path === "token" ? tokenPost(req) : revokePost(req);
}

async function json(res: Response) {
  return (await res.json()) as Record<string, string>;
}

async function makeAppClient(over: { grants?: string[]; scopes?: string[]; enabled?: boolean } = {}) {
  const clientId = uid("app-");
  await db().oAuthClient.create({
    data: {
      clientId,
      name: `App ${clientId}`,
      confidential: false,
      grants: over.grants ?? ["authorization_code", "refresh_token"],
      redirectUris: [REDIRECT, "com.dealerplatform.app:/oauth/callback"],
      scopes: over.scopes ?? ["orders:read", "orders:write", "goods:read"],
      enabled: over.enabled ?? true,
    },
  });
  return clientId;
}

function authorizeParams(clientId: string, challenge: string, over: Record<string, string> = {}) {
  return {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: "orders:read goods:read",
    state: "st-123",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...over,
  };
}

/** A code for the dealer through the consent decision (allow). */
async function codeFor(clientId: string, challenge: string, over: Record<string, string> = {}) {
  const out = await decideAuthorize(authorizeParams(clientId, challenge, over), { id: dealer.userId, companyId: dealer.companyId }, true);
  expect(out).not.toBeNull();
  const url = new URL(out!.location);
  expect(url.origin + url.pathname).toBe(REDIRECT);
  expect(url.searchParams.get("state")).toBe("st-123");
  return url.searchParams.get("code")!;
}

const exchange = (clientId: string, code: string, verifier: string, extra: Record<string, string> = {}) =>
  post("token", { grant_type: "authorization_code", client_id: clientId, code, redirect_uri: REDIRECT, code_verifier: verifier, ...extra });

const refresh = (clientId: string, refreshToken: string, extra: Record<string, string> = {}) =>
  post("token", { grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken, ...extra });

const apiRequest = (token: string, path = "/api/v1/orders") => new Request(`${BASE}${path}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  dealer = await makeDealer();
  appClient = await makeAppClient();
  await seedOAuthClients();
});

describe("authorization code with PKCE", () => {
  it("exchanges a code with the right verifier for tokens bound to the user and company", async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(appClient, challenge);
    expect(code.startsWith("dpc_")).toBe(true);
    const stored = await db().oAuthCode.findUniqueOrThrow({ where: { hash: hashCredential(code) } });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);

    const res = await exchange(appClient, code, verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json(res);
    expect(body.token_type).toBe("Bearer");
    expect(body.scope).toBe("orders:read goods:read");
    expect(body.access_token.startsWith("dpa_")).toBe(true);
    expect(body.refresh_token.startsWith("dpr_")).toBe(true);
    const row = await db().oAuthToken.findUniqueOrThrow({ where: { accessHash: hashCredential(body.access_token) } });
    expect(row).toMatchObject({ userId: dealer.userId, companyId: dealer.companyId, scopes: ["orders:read", "goods:read"] });

    const viewer = await bearerViewer(apiRequest(body.access_token));
    expect(viewer.ok).toBe(true);
    if (viewer.ok) expect(viewer.viewer.company?.id).toBe(dealer.companyId);
  });

  it("refuses a wrong verifier, and the code is spent", async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(appClient, challenge);
    const wrong = await exchange(appClient, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toBe("invalid_grant");
    expect((await exchange(appClient, code, verifier)).status).toBe(400);
  });

  it("refuses a reused code and revokes the tokens of its first exchange", async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(appClient, challenge);
    const first = await json(await exchange(appClient, code, verifier));
    const again = await exchange(appClient, code, verifier);
    expect(again.status).toBe(400);
    const body = await json(again);
    expect(body.error).toBe("invalid_grant");
    expect(body.error_description).toMatch(/already used/);
    const row = await db().oAuthToken.findUniqueOrThrow({ where: { accessHash: hashCredential(first.access_token) } });
    expect(row.revokedAt).not.toBeNull();
    expect((await bearerViewer(apiRequest(first.access_token))).ok).toBe(false);
    expect((await refresh(appClient, first.refresh_token)).status).toBe(400);
  });

  it("rotates refresh tokens and revokes the family when a rotated one is presented again", async () => {
    const { verifier, challenge } = pkce();
    const first = await json(await exchange(appClient, await codeFor(appClient, challenge), verifier));
    const res = await refresh(appClient, first.refresh_token);
    expect(res.status).toBe(200);
    const second = await json(res);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const [oldRow, newRow] = await Promise.all([
      db().oAuthToken.findUniqueOrThrow({ where: { refreshHash: hashCredential(first.refresh_token) } }),
      db().oAuthToken.findUniqueOrThrow({ where: { refreshHash: hashCredential(second.refresh_token) } }),
    ]);
    expect(oldRow.rotatedAt).not.toBeNull();
    expect(newRow.familyId).toBe(oldRow.familyId);
    expect((await bearerViewer(apiRequest(second.access_token))).ok).toBe(true);

    const reuse = await refresh(appClient, first.refresh_token);
    expect(reuse.status).toBe(400);
    expect((await json(reuse)).error).toBe("invalid_grant");
    const family = await db().oAuthToken.findMany({ where: { familyId: oldRow.familyId } });
    expect(family.every((t) => t.revokedAt !== null)).toBe(true);
    expect((await bearerViewer(apiRequest(second.access_token))).ok).toBe(false);
    expect((await refresh(appClient, second.refresh_token)).status).toBe(400);
  });

  it("revokes a family at the revocation endpoint, and answers 200 for unknown tokens", async () => {
    const { verifier, challenge } = pkce();
    const t = await json(await exchange(appClient, await codeFor(appClient, challenge), verifier));
    expect((await post("revoke", { client_id: appClient, token: t.refresh_token, token_type_hint: "refresh_token" })).status).toBe(200);
    expect((await bearerViewer(apiRequest(t.access_token))).ok).toBe(false);
    expect((await post("revoke", { client_id: appClient, token: "dpa_unknown" })).status).toBe(200);
    expect((await post("revoke", { client_id: "nobody", token: "dpa_unknown" })).status).toBe(401);
  });

  it("never redirects to an unregistered redirect URI, and refuses it at the token endpoint", async () => {
    const { challenge } = pkce();
    expect(await inspectAuthorize(authorizeParams(appClient, challenge, { redirect_uri: "https://evil.example/cb" }))).toEqual({ kind: "error", error: "invalid_redirect_uri" });
    expect(await inspectAuthorize(authorizeParams(appClient, challenge, { redirect_uri: `${REDIRECT}/x` }))).toEqual({ kind: "error", error: "invalid_redirect_uri" });
    expect(await inspectAuthorize(authorizeParams("no-such-client", challenge))).toEqual({ kind: "error", error: "invalid_client" });
    expect(
      await decideAuthorize(authorizeParams(appClient, challenge, { redirect_uri: "https://evil.example/cb" }), { id: dealer.userId, companyId: dealer.companyId }, true),
    ).toBeNull();

    const { verifier, challenge: c2 } = pkce();
    const code = await codeFor(appClient, c2);
    const res = await exchange(appClient, code, verifier, { redirect_uri: "com.dealerplatform.app:/oauth/callback" });
    expect(res.status).toBe(400);
  });

  it("refuses scopes outside the client's and unknown scope names", async () => {
    const { challenge } = pkce();
    for (const scope of ["admin:read", "orders:read nonsense:read"]) {
      const inspected = await inspectAuthorize(authorizeParams(appClient, challenge, { scope }));
      expect(inspected.kind).toBe("redirect");
      if (inspected.kind === "redirect") expect(new URL(inspected.location).searchParams.get("error")).toBe("invalid_scope");
      const decided = await decideAuthorize(authorizeParams(appClient, challenge, { scope }), { id: dealer.userId, companyId: dealer.companyId }, true);
      expect(new URL(decided!.location).searchParams.get("error")).toBe("invalid_scope");
    }
  });

  it("answers access_denied when the user denies, and requires PKCE S256", async () => {
    const { challenge } = pkce();
    const denied = await decideAuthorize(authorizeParams(appClient, challenge), { id: dealer.userId, companyId: dealer.companyId }, false);
    const url = new URL(denied!.location);
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe("st-123");
    expect(url.searchParams.get("code")).toBeNull();
    const plain = await decideAuthorize(authorizeParams(appClient, challenge, { code_challenge_method: "plain" }), { id: dealer.userId, companyId: dealer.companyId }, true);
    expect(new URL(plain!.location).searchParams.get("error")).toBe("invalid_request");
  });

  it("gives a disabled client nothing", async () => {
    const { verifier, challenge } = pkce();
    const clientId = await makeAppClient();
    const code = await codeFor(clientId, challenge);
    await db().oAuthClient.update({ where: { clientId }, data: { enabled: false } });
    expect(await inspectAuthorize(authorizeParams(clientId, challenge))).toEqual({ kind: "error", error: "invalid_client" });
    const res = await exchange(clientId, code, verifier);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe("invalid_client");
  });

  it("refuses a public client that sends a secret, and a grant the client lacks", async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(appClient, challenge);
    expect((await exchange(appClient, code, verifier, { client_secret: "dps_guess" })).status).toBe(400);
    const cc = await post("token", { grant_type: "client_credentials", client_id: appClient, client_secret: "x" });
    expect((await json(cc)).error).toBe("invalid_client");
  });
});

describe("devices", () => {
  it("registers the device, binds the tokens, and refuses a blocked device", async () => {
    const { verifier, challenge } = pkce();
    const deviceId = uid("dev-");
    const device = { device_id: deviceId, device_platform: "ANDROID", device_model: "Pixel 9", device_os: "Android 16", app_version: "1.2.0", push_token: "push-1" };
    const t = await json(await exchange(appClient, await codeFor(appClient, challenge), verifier, device));
    const row = await db().userDevice.findUniqueOrThrow({ where: { userId_deviceId: { userId: dealer.userId, deviceId } } });
    expect(row).toMatchObject({ platform: "ANDROID", model: "Pixel 9", appVersion: "1.2.0" });
    const token = await db().oAuthToken.findUniqueOrThrow({ where: { accessHash: hashCredential(t.access_token) } });
    expect(token.deviceId).toBe(row.id);

    await db().userDevice.update({ where: { id: row.id }, data: { blockedAt: new Date() } });
    const refused = await refresh(appClient, t.refresh_token, device);
    expect(refused.status).toBe(400);
    const body = await json(refused);
    expect(body.error).toBe("invalid_grant");
    expect(body.error_description).toMatch(/device is blocked/);
    // Refresh without reporting the device: still refused, the token is bound to it.
    expect((await refresh(appClient, t.refresh_token)).status).toBe(400);

    const again = pkce();
    const blocked = await exchange(appClient, await codeFor(appClient, again.challenge), again.verifier, device);
    expect(blocked.status).toBe(400);
    expect((await json(blocked)).error_description).toMatch(/device is blocked/);
  });

  it("refuses an invalid platform", async () => {
    const { verifier, challenge } = pkce();
    const res = await exchange(appClient, await codeFor(appClient, challenge), verifier, { device_id: uid("dev-"), device_platform: "SYMBIAN" });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe("invalid_request");
  });
});

describe("client credentials", () => {
  const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` });

  it("gives erp-demo a token of its service user, without a refresh token, usable on the API", async () => {
    const res = await post("token", { grant_type: "client_credentials", scope: "orders:read" }, basic("erp-demo", ERP_DEMO_SECRET));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.refresh_token).toBeUndefined();
    expect(body.scope).toBe("orders:read");
    const viewer = await bearerViewer(apiRequest(body.access_token));
    expect(viewer.ok).toBe(true);
    if (viewer.ok) {
      expect(viewer.viewer.account).toBe("svc.erp-demo");
      expect(viewer.viewer.grant?.scopes).toEqual(["orders:read"]);
    }
    // Beyond its scopes: 403.
    const outside = await bearerViewer(apiRequest(body.access_token, "/api/v1/complaints"));
    expect(outside.ok).toBe(false);
    if (!outside.ok) expect(outside.refusal.status).toBe(403);
  });

  it("accepts client_secret_post, refuses a wrong secret and scopes outside the client's", async () => {
    expect((await post("token", { grant_type: "client_credentials", client_id: "erp-demo", client_secret: ERP_DEMO_SECRET })).status).toBe(200);
    const wrong = await post("token", { grant_type: "client_credentials" }, basic("erp-demo", "dps_wrong"));
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error).toBe("invalid_client");
    const scope = await post("token", { grant_type: "client_credentials", scope: "orders:write" }, basic("erp-demo", ERP_DEMO_SECRET));
    expect((await json(scope)).error).toBe("invalid_scope");
    const code = await post("token", { grant_type: "authorization_code", code: "dpc_x", redirect_uri: REDIRECT }, basic("erp-demo", ERP_DEMO_SECRET));
    expect((await json(code)).error).toBe("unauthorized_client");
  });

  it("accepts a rotated-out secret until its expiry only", async () => {
    const client = await db().oAuthClient.findUniqueOrThrow({ where: { clientId: "erp-demo" } });
    const old = `dps_${uid()}`;
    const row = await db().oAuthClientSecret.create({ data: { clientId: client.id, hash: hashCredential(old), hint: old.slice(-4), expiresAt: new Date(Date.now() + 60_000) } });
    expect((await post("token", { grant_type: "client_credentials" }, basic("erp-demo", old))).status).toBe(200);
    await db().oAuthClientSecret.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await post("token", { grant_type: "client_credentials" }, basic("erp-demo", old))).status).toBe(401);
    await db().oAuthClientSecret.delete({ where: { id: row.id } });
  });

  it("answers form errors in OAuth's JSON form", async () => {
    const res = await tokenPost(new Request(`${BASE}/api/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request" });
    const dup = await tokenPost(
      new Request(`${BASE}/api/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=a&grant_type=b" }),
    );
    expect((await dup.json()).error).toBe("invalid_request");
    expect((await json(await post("token", { grant_type: "implicit" }, basic("erp-demo", ERP_DEMO_SECRET)))).error).toBe("unsupported_grant_type");
    // The password grant is gone from OAuth 2.1.
    expect((await json(await post("token", { grant_type: "password", username: "a", password: "b" }, basic("erp-demo", ERP_DEMO_SECRET)))).error).toBe("unsupported_grant_type");
  });

  it("holds a client to its rate limit at the token and revocation endpoints, under concurrent requests", async () => {
    const clientId = await makeAppClient();
    await db().oAuthClient.update({ where: { clientId }, data: { rateLimitPerMinute: 3 } });
    // All in one minute window: wait out the end of a minute.
    const s = new Date().getSeconds();
    if (s > 50) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
    const tries = Array.from({ length: 6 }, () =>
      post("token", { grant_type: "authorization_code", client_id: clientId, code: "dpc_unknown", redirect_uri: REDIRECT, code_verifier: "v".repeat(43) }),
    );
    const answers = await Promise.all(tries);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(3);
    for (const r of answers.filter((r) => r.status !== 429)) expect((await json(r)).error).toBe("invalid_grant");
    for (const r of limited) {
      expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await json(r)).toMatchObject({ error: "slow_down" });
    }
    // Revocation counts in the same minute; a client nobody registered counts nowhere.
    expect((await post("revoke", { client_id: clientId, token: "dpr_unknown" })).status).toBe(429);
    expect((await post("token", { grant_type: "authorization_code", client_id: uid("nobody-"), code: "dpc_x", redirect_uri: REDIRECT })).status).not.toBe(429);
  });
});

describe("the consent action", () => {
  it("binds the code to the company the dealer picks, only one of its own", async () => {
    setTestLocale("en-US");
    const [a, b, other] = await Promise.all([makeCompany(), makeCompany(), makeCompany()]);
    const group = await makeUser({ userType: "DEALER", companyIds: [a.id, b.id], roleIds: [await roleId("DEALER")] });
    await actAs(group, a.id);
    const { challenge } = pkce();
    const params = authorizeParams(appClient, challenge);

    const refused = await consentAction({ params, companyId: other.id, allow: true });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.fieldErrors?.companyId).toBe("Pick one of your companies.");

    const picked = await consentAction({ params, companyId: b.id, allow: true });
    expect(picked.ok).toBe(true);
    if (!picked.ok) return;
    const code = new URL(picked.data.location).searchParams.get("code")!;
    const row = await db().oAuthCode.findUniqueOrThrow({ where: { hash: hashCredential(code) } });
    expect(row).toMatchObject({ userId: group.id, companyId: b.id, scopes: ["orders:read", "goods:read"], codeChallengeMethod: "S256" });

    // The session's company by default; staff act in none.
    const byDefault = await consentAction({ params, companyId: null, allow: true });
    if (byDefault.ok)
      expect((await db().oAuthCode.findUniqueOrThrow({ where: { hash: hashCredential(new URL(byDefault.data.location).searchParams.get("code")!) } })).companyId).toBe(a.id);
    else expect.fail(byDefault.message);
    await actAs(await makeStaff());
    const staff = await consentAction({ params, companyId: b.id, allow: true });
    if (staff.ok)
      expect((await db().oAuthCode.findUniqueOrThrow({ where: { hash: hashCredential(new URL(staff.data.location).searchParams.get("code")!) } })).companyId).toBeNull();
    else expect.fail(staff.message);
  });

  it("never answers a redirect for an unregistered redirect URI, and needs a session", async () => {
    await actAs({ id: dealer.userId }, dealer.companyId);
    const { challenge } = pkce();
    const bad = await consentAction({ params: authorizeParams(appClient, challenge, { redirect_uri: "https://evil.example/cb" }), companyId: null, allow: true });
    expect(bad.ok).toBe(false);
    await actAs(null);
    const anonymous = await consentAction({ params: authorizeParams(appClient, challenge), companyId: null, allow: true });
    expect(anonymous.ok).toBe(false);
    if (!anonymous.ok) expect(anonymous.code).toBe("UNAUTHENTICATED");
  });
});
