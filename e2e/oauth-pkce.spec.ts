import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { db } from "@/lib/db";
import { abs, ACCOUNTS, COMPANIES, expect, LOGIN, pathRe, setLocaleCookie, submitCredentials, test } from "./fixtures";

// Issue 22: the OAuth 2.1 authorization code flow with PKCE as the mobile app runs it, against
// the seeded public client `dealer-app` (README, "OAuth clients"): authorize → sign in →
// consent → code at the redirect URI (caught with page.route: nothing listens on it) → token →
// API call with the bearer token → refresh → revoke → 401. And what is refused: a wrong
// verifier, a reused code (its tokens revoked), a reused refresh token (its family revoked),
// and a redirect URI not registered (an error page, never a redirect).

const CLIENT = "dealer-app";
const REDIRECT = "http://127.0.0.1:8765/callback";
const SCOPE = "orders:read goods:read";

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeUrl(challenge: string, over: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    response_type: "code",
    client_id: CLIENT,
    redirect_uri: REDIRECT,
    scope: SCOPE,
    state: `st-${randomBytes(4).toString("hex")}`,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...over,
  });
  return abs(`oauth/authorize?${q.toString()}`);
}

/** Catches the navigation to the redirect URI; answers the URL it carried. */
async function catchRedirect(page: Page): Promise<() => Promise<URL>> {
  let caught: ((u: URL) => void) | null = null;
  const done = new Promise<URL>((resolve) => (caught = resolve));
  await page.route(`${REDIRECT}**`, async (route) => {
    caught?.(new URL(route.request().url()));
    await route.fulfill({ status: 200, contentType: "text/plain", body: "caught by the test" });
  });
  return () => done;
}

/** A signed-in dealer's consent (Allow) for a fresh code; answers the code and verifier. */
async function consentCode(page: Page, opts: { company?: string } = {}): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const redirected = await catchRedirect(page);
  const url = authorizeUrl(challenge);
  await page.goto(url);
  await expect(page.getByTestId("oauth-consent")).toBeVisible();
  if (opts.company) await page.getByTestId("oauth-company").getByRole("radio", { name: opts.company }).check();
  await page.getByRole("button", { name: "Allow" }).click();
  const back = await redirected();
  expect(back.searchParams.get("state")).toBe(new URL(url).searchParams.get("state"));
  const code = back.searchParams.get("code");
  expect(code, `code at the redirect URI: ${back.toString()}`).toBeTruthy();
  return { code: code!, verifier };
}

type Tokens = { access_token: string; refresh_token?: string; token_type: string; expires_in: number; scope: string };

const token = (request: APIRequestContext, form: Record<string, string>) => request.post(abs("api/oauth/token"), { form });
const exchange = (request: APIRequestContext, code: string, verifier: string) =>
  token(request, { grant_type: "authorization_code", client_id: CLIENT, code, redirect_uri: REDIRECT, code_verifier: verifier });
const refresh = (request: APIRequestContext, refreshToken: string) => token(request, { grant_type: "refresh_token", client_id: CLIENT, refresh_token: refreshToken });
const orders = (request: APIRequestContext, accessToken: string) =>
  request.get(abs("api/v1/orders?type=VEHICLE"), { headers: { Authorization: `Bearer ${accessToken}` }, failOnStatusCode: false });

async function tokensOf(res: Awaited<ReturnType<typeof token>>): Promise<Tokens> {
  expect(res.status(), await res.text()).toBe(200);
  expect(res.headers()["cache-control"]).toContain("no-store");
  return (await res.json()) as Tokens;
}

test.describe("OAuth authorization code with PKCE (dealer-app)", () => {
  test("authorize → sign in → consent → token → API → refresh → revoke → 401", async ({ page, request }) => {
    const { verifier, challenge } = pkce();
    const redirected = await catchRedirect(page);
    const url = authorizeUrl(challenge);

    // Not signed in: the sign-in page, with the authorization request kept as callbackUrl.
    await page.goto(url);
    await expect(page).toHaveURL(pathRe(LOGIN));
    const callback = new URL(page.url()).searchParams.get("callbackUrl") ?? "";
    expect(callback).toContain("/oauth/authorize?");
    expect(callback).toContain(`code_challenge=${challenge}`);
    await submitCredentials(page, ACCOUNTS.dealer.account, ACCOUNTS.dealer.password);

    // Back at the consent screen: the client, each scope, the company.
    await expect(page).toHaveURL(pathRe("oauth/authorize"));
    const consent = page.getByTestId("oauth-consent");
    await expect(consent).toBeVisible();
    await expect(consent).toContainText("Dealer Platform app");
    await expect(consent.locator('[data-scope="orders:read"]')).toContainText("See your orders");
    await expect(consent.locator('[data-scope="goods:read"]')).toBeVisible();
    await expect(consent).toContainText(COMPANIES.D001.en);
    await page.getByRole("button", { name: "Allow" }).click();

    const back = await redirected();
    expect(back.searchParams.get("state")).toBe(new URL(url).searchParams.get("state"));
    const code = back.searchParams.get("code")!;
    expect(code).toMatch(/^dpc_/);

    const first = await tokensOf(await exchange(request, code, verifier));
    expect(first.token_type).toBe("Bearer");
    expect(first.scope).toBe(SCOPE);
    expect(first.refresh_token).toMatch(/^dpr_/);
    expect((await orders(request, first.access_token)).status()).toBe(200);

    const second = await tokensOf(await refresh(request, first.refresh_token!));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await orders(request, second.access_token)).status()).toBe(200);
    // Rotated away: the first access token no longer works.
    expect((await orders(request, first.access_token)).status()).toBe(401);

    const revoked = await request.post(abs("api/oauth/revoke"), { form: { client_id: CLIENT, token: second.refresh_token!, token_type_hint: "refresh_token" } });
    expect(revoked.status()).toBe(200);
    const after = await orders(request, second.access_token);
    expect(after.status()).toBe(401);
    expect(after.headers()["www-authenticate"]).toContain("invalid_token");
    expect((await refresh(request, second.refresh_token!)).status()).toBe(400);
  });

  test("Deny answers access_denied to the client", async ({ page, loginAs }) => {
    await loginAs("dealer");
    const { challenge } = pkce();
    const redirected = await catchRedirect(page);
    await page.goto(authorizeUrl(challenge));
    await page.getByRole("button", { name: "Deny" }).click();
    const back = await redirected();
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
  });

  test("a wrong verifier is refused, and the code is spent", async ({ page, request, loginAs }) => {
    await loginAs("dealer");
    const { code, verifier } = await consentCode(page);
    const wrong = await exchange(request, code, pkce().verifier);
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).error).toBe("invalid_grant");
    expect((await exchange(request, code, verifier)).status()).toBe(400);
  });

  test("a reused code is refused and the tokens of its first exchange are revoked", async ({ page, request, loginAs }) => {
    await loginAs("dealer");
    const { code, verifier } = await consentCode(page);
    const first = await tokensOf(await exchange(request, code, verifier));
    expect((await orders(request, first.access_token)).status()).toBe(200);
    const again = await exchange(request, code, verifier);
    expect(again.status()).toBe(400);
    expect((await again.json()).error).toBe("invalid_grant");
    expect((await orders(request, first.access_token)).status()).toBe(401);
    expect((await refresh(request, first.refresh_token!)).status()).toBe(400);
  });

  test("a reused refresh token is refused and revokes the whole family", async ({ page, request, loginAs }) => {
    await loginAs("dealer");
    const { code, verifier } = await consentCode(page);
    const first = await tokensOf(await exchange(request, code, verifier));
    const second = await tokensOf(await refresh(request, first.refresh_token!));
    const reuse = await refresh(request, first.refresh_token!);
    expect(reuse.status()).toBe(400);
    expect((await reuse.json()).error).toBe("invalid_grant");
    expect((await orders(request, second.access_token)).status()).toBe(401);
    expect((await refresh(request, second.refresh_token!)).status()).toBe(400);
  });

  test("a redirect URI not registered shows an error page and never redirects", async ({ page, loginAs }) => {
    await loginAs("dealer");
    const { challenge } = pkce();
    let hit = false;
    await page.route("https://evil.example/**", async (route) => {
      hit = true;
      await route.abort();
    });
    await page.goto(authorizeUrl(challenge, { redirect_uri: "https://evil.example/callback" }));
    await expect(page).toHaveURL(pathRe("oauth/authorize"));
    const error = page.getByTestId("oauth-error");
    await expect(error).toBeVisible();
    await expect(error).toContainText("not registered");
    await expect(page.getByTestId("oauth-consent")).toHaveCount(0);
    expect(hit).toBe(false);
    // A prefix of a registered URI is not it either.
    await page.goto(authorizeUrl(challenge, { redirect_uri: `${REDIRECT}/more` }));
    await expect(page.getByTestId("oauth-error")).toBeVisible();
  });

  test("a dealer of several companies picks the company the token acts in", async ({ page, request, loginAs }) => {
    await loginAs("group");
    const { code, verifier } = await consentCode(page, { company: `${COMPANIES.D001.en} (D001)` });
    const t = await tokensOf(await exchange(request, code, verifier));
    const row = await db().oAuthToken.findUniqueOrThrow({ where: { accessHash: createHash("sha256").update(t.access_token).digest("hex") }, select: { companyId: true } });
    const d001 = await db().company.findUniqueOrThrow({ where: { code: "D001" }, select: { id: true } });
    expect(row.companyId).toBe(d001.id);
  });

  test("the consent screen speaks Chinese", async ({ page, context, loginAs }) => {
    await setLocaleCookie(context, "zh-CN");
    await loginAs("dealer");
    const { challenge } = pkce();
    await page.goto(authorizeUrl(challenge));
    await expect(page.getByTestId("oauth-consent")).toContainText("授权应用");
    await expect(page.getByRole("button", { name: /^允\s?许$/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^拒\s?绝$/ })).toBeVisible();
  });
});
