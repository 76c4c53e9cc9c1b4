import { baseURL, expect, LOGIN, setLocaleCookie, test, waitForLogin, type Locale } from "./fixtures";
import type { Page } from "@playwright/test";

// Spec section 9: ?lng= → cookie i18next → local/session storage → Accept-Language → en-US.
const TITLE: Record<Locale, string> = { "en-US": "Sign in", "zh-CN": "登录" };
const BRAND: Record<Locale, string> = { "en-US": "Dealer Platform", "zh-CN": "经销商平台" };

async function expectLanguage(page: Page, locale: Locale) {
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(TITLE[locale]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(BRAND[locale]);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

async function storedLocale(page: Page) {
  return page.evaluate(() => localStorage.getItem("i18nextLng"));
}

test.describe("language detection", () => {
  test("defaults to en-US and caches it in local storage", async ({ page, context }) => {
    await page.goto(LOGIN);
    await waitForLogin(page);
    await expectLanguage(page, "en-US");
    await expect.poll(() => storedLocale(page)).toBe("en-US");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "i18next")?.value).toBe("en-US");
  });

  test("?lng=zh-CN gives Chinese and sets the i18next cookie (path /, SameSite Strict)", async ({ page, context }) => {
    const res = await page.goto(`${LOGIN}?lng=zh-CN`);
    const setCookie = (await res!.headerValue("set-cookie")) ?? "";
    expect(setCookie).toMatch(/i18next=zh-CN/);
    expect(setCookie).toMatch(/Path=\//i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    await expectLanguage(page, "zh-CN");
    await waitForLogin(page);
    const cookie = (await context.cookies()).find((c) => c.name === "i18next");
    expect(cookie).toMatchObject({ value: "zh-CN", path: "/", sameSite: "Strict" });
    await expect.poll(() => storedLocale(page)).toBe("zh-CN");

    // Remembered: the next page without the query stays Chinese.
    await page.goto(LOGIN);
    await expectLanguage(page, "zh-CN");
  });

  test("loose tags in ?lng= are understood (zh → zh-CN, en → en-US)", async ({ page }) => {
    await page.goto(`${LOGIN}?lng=zh`);
    await expectLanguage(page, "zh-CN");
    await page.goto(`${LOGIN}?lng=en`);
    await expectLanguage(page, "en-US");
  });

  test("?lng= wins over the cookie", async ({ page, context }) => {
    await setLocaleCookie(context, "zh-CN");
    await page.goto(`${LOGIN}?lng=en-US`);
    await expectLanguage(page, "en-US");
  });

  test("the i18next cookie alone gives Chinese", async ({ page, context }) => {
    await setLocaleCookie(context, "zh-CN");
    await page.goto(LOGIN);
    await expectLanguage(page, "zh-CN");
    await waitForLogin(page);
    await expect.poll(() => storedLocale(page)).toBe("zh-CN");
  });

  test("Accept-Language zh-CN,zh;q=0.9 with no cookie gives Chinese", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseURL(), locale: "zh-CN", extraHTTPHeaders: { "Accept-Language": "zh-CN,zh;q=0.9" } });
    try {
      const page = await context.newPage();
      await page.goto(LOGIN);
      await expectLanguage(page, "zh-CN");
      await waitForLogin(page);
      await expect.poll(() => storedLocale(page)).toBe("zh-CN");
    } finally {
      await context.close();
    }
  });

  test("the cookie wins over Accept-Language", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "Accept-Language": "zh-CN,zh;q=0.9" } });
    try {
      await setLocaleCookie(context, "en-US");
      const page = await context.newPage();
      await page.goto(LOGIN);
      await expectLanguage(page, "en-US");
    } finally {
      await context.close();
    }
  });

  test("with no cookie and no query, i18nextLng=zh-CN in local storage switches the page to Chinese", async ({ page, context }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem("i18nextLng")) localStorage.setItem("i18nextLng", "zh-CN");
    });
    await page.goto(LOGIN);
    // The server answers in English (no cookie); the client finds the stored language, sets the cookie and refreshes.
    await expectLanguage(page, "zh-CN");
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "i18next")?.value).toBe("zh-CN");
    await page.reload();
    await expectLanguage(page, "zh-CN");
  });
});
