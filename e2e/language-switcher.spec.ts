import { ACCOUNTS, expect, expectLanguageChosen, HOME, LOGIN, pathRe, shellHeader, sideMenu, switchLanguage, test, waitForLogin, waitForShell } from "./fixtures";
import type { BrowserContext, Page } from "@playwright/test";

// Spec section 9: the language switcher on the sign-in screen and in the shell header.
async function cookieLocale(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "i18next")?.value;
}

function search(page: Page) {
  return new URL(page.url()).searchParams;
}

test.describe("language switcher", () => {
  test("on the sign-in screen: 简体中文 switches the text, drops ?lng= and is remembered", async ({ page, context }) => {
    await page.goto(`${LOGIN}?callbackUrl=%2Fsystem%2Fworkbench%2Fhome&lng=en-US`);
    await waitForLogin(page);
    const heading = page.getByRole("heading", { level: 2 });
    await expect(heading).toHaveText("Sign in");

    await expectLanguageChosen(page, "English");
    await switchLanguage(page, "简体中文");

    await expect(heading).toHaveText("登录");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("经销商平台");
    await expect(page.locator("#login_password")).toBeVisible();
    await expect(page.getByText("密码", { exact: true })).toBeVisible();
    await expectLanguageChosen(page, "简体中文");
    await expect.poll(() => search(page).has("lng")).toBe(false);
    expect(search(page).get("callbackUrl")).toBe("/system/workbench/home");
    await expect.poll(() => cookieLocale(context)).toBe("zh-CN");
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("zh-CN");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

    await page.reload();
    await expect(heading).toHaveText("登录");

    const other = await context.newPage();
    await other.goto(LOGIN);
    await expect(other.getByRole("heading", { level: 2 })).toHaveText("登录");
    await expect(other.locator("html")).toHaveAttribute("lang", "zh-CN");

    // And back.
    await waitForLogin(other);
    await expectLanguageChosen(other, "简体中文");
    await switchLanguage(other, "English");
    await expect(other.getByRole("heading", { level: 2 })).toHaveText("Sign in");
    await expect.poll(() => cookieLocale(context)).toBe("en-US");
  });

  test("in the shell header: 简体中文 switches the shell and the screen, and is remembered", async ({ page, context, loginAs }) => {
    await loginAs("dealer");
    await page.goto(`${HOME}?lng=en-US`);
    await waitForShell(page);
    const header = shellHeader(page);
    await expect(header).toContainText("Dealer Platform");
    await expect(page.getByTestId("home-welcome")).toHaveText(`Welcome back, ${ACCOUNTS.dealer.name}`);

    await expectLanguageChosen(page, "English");
    await switchLanguage(page, "简体中文");

    await expect(header).toContainText("经销商平台");
    await expect(page.getByTestId("home-welcome")).toHaveText(`欢迎回来，${ACCOUNTS.dealer.name}`);
    await expect(page.getByTestId("tab").first()).toHaveText("首页");
    await expect(sideMenu(page).getByTestId("menu-home")).toHaveText("首页");
    await expect(page).toHaveURL(pathRe(HOME));
    expect(search(page).has("lng")).toBe(false);
    await expect.poll(() => cookieLocale(context)).toBe("zh-CN");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

    await page.reload();
    await expect(page.getByTestId("home-welcome")).toHaveText(`欢迎回来，${ACCOUNTS.dealer.name}`);
    await expect(header).toContainText("经销商平台");

    const other = await context.newPage();
    await other.goto(HOME);
    await expect(other.getByTestId("home-welcome")).toHaveText(`欢迎回来，${ACCOUNTS.dealer.name}`);
    await expect(shellHeader(other)).toContainText("经销商平台");
  });

  test("switching the language keeps the shell as it was (a folded side menu stays folded)", async ({ page, loginAs }) => {
    // The shell has no antd provider and AntdScope always passes a locale, so a switch keeps the tree's shape (no remount).
    await loginAs("dealer");
    await page.goto(HOME);
    await waitForShell(page);
    // The displayed menu button (the narrow layout's one is hidden on this width).
    const toggle = shellHeader(page).locator("button[aria-controls='app-menu']").filter({ visible: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await switchLanguage(page, "简体中文");
    await expect(page.getByTestId("home-welcome")).toHaveText(`欢迎回来，${ACCOUNTS.dealer.name}`);
    await expect(toggle).toHaveAttribute("aria-expanded", "false", { timeout: 5_000 });
  });
});
