import path from "node:path";
import {
  ACCOUNTS,
  COMPANIES,
  expect,
  expectLanguageChosen,
  HOME,
  layoutShift,
  LOGIN,
  SCREENS_DIR,
  setLocaleCookie,
  shellHeader,
  sideMenu,
  test,
  waitForLogin,
  waitForShell,
  type Locale,
} from "./fixtures";
import type { Page } from "@playwright/test";

// Spec section 2: the shell (header, side menu, tab bar) in both languages. The full-page
// screenshots in test-results/screens/ are for people to look at.
const TEXT = {
  "en-US": { app: "Dealer Platform", home: "Home", welcome: "Welcome back", signIn: "Sign in", dealer: "Dealer", toggle: "Toggle menu", company: COMPANIES.D002.en },
  "zh-CN": { app: "经销商平台", home: "首页", welcome: "欢迎回来", signIn: "登录", dealer: "经销商", toggle: "展开/收起菜单", company: COMPANIES.D002.zh },
} as const;

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SCREENS_DIR, name), fullPage: true, animations: "disabled" });
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  const t = TEXT[locale];

  test.describe(`shell in ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      await setLocaleCookie(context, locale);
    });

    test("header, side menu and the Home tab", async ({ page, loginAs }) => {
      await loginAs("group");
      await page.goto(HOME);
      await waitForShell(page);

      await expect(page).toHaveTitle(`${t.home} · ${t.app}`);
      const header = shellHeader(page);
      await expect(header.getByRole("link", { name: t.app })).toBeVisible();
      await expect(header.getByTestId("user-menu")).toContainText(ACCOUNTS.group.name);
      await expect(header.getByTestId("company-switcher")).toContainText(t.company);
      await expectLanguageChosen(page, locale === "zh-CN" ? "简体中文" : "English");

      const menu = sideMenu(page);
      await expect(menu).toBeVisible();
      await expect(menu.getByTestId("menu-home")).toHaveText(t.home);
      await expect(menu.locator('[aria-current="page"]')).toContainText(t.home);

      const tabs = page.getByTestId("tab-bar");
      await expect(tabs.getByTestId("tab")).toHaveCount(1);
      const home = tabs.locator('[data-testid="tab"][data-path="/system/workbench/home"]');
      await expect(home).toHaveText(t.home);
      await expect(tabs.locator('[aria-current="page"]')).toHaveText(t.home);
      // Home is pinned: it has no close button.
      await expect(tabs.getByRole("button", { name: /close|关闭|remove/i })).toHaveCount(0);

      await expect(page.getByTestId("home-welcome")).toHaveText(`${t.welcome}${locale === "zh-CN" ? "，" : ", "}${ACCOUNTS.group.name}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);

      await screenshot(page, `shell-${locale}.png`);
    });

    test("the user menu shows the account and its type", async ({ page, loginAs }) => {
      await loginAs("group");
      await page.goto(HOME);
      await waitForShell(page);
      await page.getByTestId("user-menu").click();
      await expect(page.getByRole("menuitem", { name: `${ACCOUNTS.group.account} · ${t.dealer}` })).toBeVisible();
    });

    test("the side menu can be collapsed", async ({ page, loginAs }) => {
      await loginAs("dealer");
      await page.goto(HOME);
      await waitForShell(page);
      const menu = sideMenu(page);
      const wide = (await menu.boundingBox())!.width;
      const toggle = shellHeader(page).getByRole("button", { name: t.toggle });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect.poll(async () => (await menu.boundingBox())!.width).toBeLessThan(wide / 2);
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect.poll(async () => (await menu.boundingBox())!.width).toBe(wide);
    });

    test("the folded menu is remembered, and the server paints it folded (no shift at hydration)", async ({ page, loginAs }) => {
      await loginAs("dealer");
      await page.goto(HOME);
      await waitForShell(page);
      const menu = sideMenu(page);
      const toggle = shellHeader(page).getByRole("button", { name: t.toggle });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      // The choice is in the server's HTML, before any script runs.
      const html = await (await page.request.get(HOME)).text();
      expect(html).toMatch(/data-folded="true"/);
      await page.reload();
      await waitForShell(page);
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect((await menu.boundingBox())!.width).toBeLessThanOrEqual(64);
      // The rail still names every entry (read out and as a tooltip).
      await expect(menu.getByRole("link", { name: t.home })).toHaveAttribute("title", t.home);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(await (await page.request.get(HOME)).text()).toMatch(/data-folded="false"/);
    });

    test("sign-in screen", async ({ page }) => {
      await page.goto(LOGIN);
      await waitForLogin(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.app);
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(t.signIn);
      await expect(page).toHaveTitle(`${t.signIn} · ${t.app}`);
      await screenshot(page, `login-${locale}.png`);
    });
  });
}
