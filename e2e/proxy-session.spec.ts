import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { ACCOUNTS, baseURL, BASE_PATH, escapeRe, expect, HOME, LOGIN, sideMenu, submitCredentials, test, waitForShell } from "./fixtures";

// Issue 25: the proxy checks the session cookie (lib/auth/proxy-gate.ts). Without a valid one, a
// signed-in screen is answered in the proxy with a tiny 307 to sign-in that keeps the path
// and query, an API path with 401 JSON; public pages stay public; signing in returns to the
// deep link.

const DEEP = "afterSale/complaint?status=PROCESSING";
const loginFor = (here: string) => new RegExp(`^[a-z]+://[^/]+${escapeRe(`${BASE_PATH}/${LOGIN}?callbackUrl=${encodeURIComponent(here)}`)}$`);

let anon: APIRequestContext;
test.beforeAll(async () => {
  anon = await playwrightRequest.newContext({ baseURL: baseURL(), timeout: 90_000 });
});
test.afterAll(async () => {
  await anon.dispose();
});

test.describe("the proxy's session gate", () => {
  test("an anonymous deep link lands on sign-in and, signed in, on the deep link", async ({ page }) => {
    await page.goto(DEEP);
    await expect(page).toHaveURL(loginFor(`/${DEEP}`));
    await submitCredentials(page, ACCOUNTS.dealer.account, ACCOUNTS.dealer.password);
    await expect(page).toHaveURL(new RegExp(`${escapeRe(`${BASE_PATH}/${DEEP}`)}$`));
    await waitForShell(page);
    await expect(page.locator("select[name=status]")).toHaveValue("PROCESSING");
  });

  test("the redirect comes from the proxy: a tiny 307, nothing rendered", async () => {
    const res = await anon.get("onlineMall/car/order?type=VEHICLE&status=SUBMITTED", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    // Next makes a same-origin Location relative.
    expect(new URL(res.headers()["location"], baseURL()).href).toMatch(loginFor("/onlineMall/car/order?type=VEHICLE&status=SUBMITTED"));
    // Next's server writes the target as the body of a redirect: a few bytes, no page.
    const body = (await res.body()).toString();
    expect(body.length).toBeLessThan(512);
    expect(body).not.toContain("<html");
    expect(res.headers()["cache-control"]).toContain("no-store");
    expect(res.headers()["x-request-id"]).toBeTruthy();
  });

  test("the shell's news sends anonymous visitors to the public news", async () => {
    const res = await anon.get("market/news", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()["location"]).toMatch(new RegExp(`${escapeRe(`${BASE_PATH}/news`)}$`));
  });

  test("a forged or foreign session cookie is not a session", async ({ page, context }) => {
    const host = new URL(baseURL()).hostname;
    // A random string, and a compact JWE of the right shape that no key of ours opened.
    for (const value of ["forged-session", "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA"]) {
      await context.clearCookies();
      await context.addCookies([{ name: "next-auth.session-token", value, domain: host, path: "/", httpOnly: true, sameSite: "Lax" }]);
      await page.goto(HOME);
      await expect(page).toHaveURL(loginFor(`/${HOME}`));
      const api = await context.request.get("api/v1/orders?type=VEHICLE");
      expect(api.status()).toBe(401);
    }
  });

  test("an anonymous API call is 401 JSON in the API's error shape, in the caller's language", async () => {
    const res = await anon.get("api/v1/orders", { headers: { "Accept-Language": "en-US" } });
    expect(res.status()).toBe(401);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect(res.headers()["www-authenticate"]).toBeUndefined();
    expect(await res.json()).toEqual({ code: "UNAUTHORIZED", message: "Your session has ended. Please sign in again." });
    const zh = await anon.get("api/v1/orders", { headers: { "Accept-Language": "zh-CN" } });
    expect(await zh.json()).toEqual({ code: "UNAUTHORIZED", message: "登录已失效，请重新登录。" });
  });

  test("public pages and endpoints stay public", async () => {
    for (const path of [
      "news",
      LOGIN,
      "system/register",
      "system/forgetpwd",
      "api/health",
      "api/v1/openapi.json",
      "api/auth/csrf",
      "locales/en-US/translation.json",
      "robots.txt",
      "sitemap.xml",
    ]) {
      const res = await anon.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
    }
    // An unknown path still answers the translated 404, not sign-in.
    expect((await anon.get("no/such/page-e2e", { maxRedirects: 0 })).status()).toBe(404);
  });

  test("an anonymous server action reaches Next's action handling instead of a redirect", async () => {
    // A made-up action id: Next answers it (not found); the proxy did not turn it into a 307.
    const res = await anon.post("afterSale/complaint", { headers: { "Next-Action": "00".repeat(21), Accept: "text/x-component" }, data: "[]", maxRedirects: 0 });
    expect([303, 307]).not.toContain(res.status());
    expect(res.headers()["location"]).toBeUndefined();
  });

  test("a session that ends while the app is open: the next client navigation lands on sign-in", async ({ page, context, loginAs }) => {
    await loginAs("dealer");
    await page.goto(HOME);
    await waitForShell(page);
    await context.clearCookies();
    const link = sideMenu(page).locator(`a[href="${BASE_PATH}/afterSale/complaint"]`);
    await link.evaluate((a) => {
      for (let d = a.closest("details"); d; d = d.parentElement?.closest("details") ?? null) d.open = true;
    });
    await link.click();
    await expect(page).toHaveURL(loginFor("/afterSale/complaint"));
    await expect(page.locator("#login_account")).toBeVisible();
  });
});
