import { expect, HOME, pathRe, setLocaleCookie, switchLanguage, tabPaths, test, waitForShell, type Locale } from "./fixtures";
import type { Page } from "@playwright/test";

// Spec section 2: the tab bar of open pages and its context menu, driven as an admin through
// the side menu's System screens.
const H = "/system/workbench/home";
const MENU = "/system/menu";
const ORG = "/system/organization";
const ROLE = "/system/role";

const LABELS = {
  "en-US": {
    system: "System",
    home: "Home",
    titles: { [MENU]: "Menus", [ORG]: "Organizations", [ROLE]: "Roles" } as Record<string, string>,
    closeOthers: "Close other pages",
    closeLeft: "Close pages to the left",
    closeRight: "Close pages to the right",
    closeAll: "Close all pages",
  },
  "zh-CN": {
    system: "系统管理",
    home: "首页",
    titles: { [MENU]: "菜单管理", [ORG]: "组织机构", [ROLE]: "角色管理" } as Record<string, string>,
    closeOthers: "关闭其他页",
    closeLeft: "关闭左侧页",
    closeRight: "关闭右侧页",
    closeAll: "关闭所有页",
  },
} as const;

type Action = "closeOthers" | "closeLeft" | "closeRight" | "closeAll";

function tab(page: Page, path: string) {
  return page.locator(`[data-testid="tab"][data-path="${path}"]`);
}

/** Opens a System screen from the side menu, expanding the System submenu when it is closed. */
async function openFromMenu(page: Page, path: string, locale: Locale = "en-US") {
  const link = page.getByTestId(`menu-${path.slice(1).replace(/\//g, ".")}`);
  if (!(await link.isVisible())) {
    const group = page.getByTestId("menu-group-system");
    await expect(group).toContainText(LABELS[locale].system);
    await group.click();
  }
  await link.click();
  await expect(page).toHaveURL(pathRe(path));
  await expect(tab(page, path)).toHaveText(LABELS[locale].titles[path]);
  await expect(tab(page, path).getByRole("link")).toHaveAttribute("aria-current", "page");
}

async function expectTabs(page: Page, paths: string[], active: string) {
  await expect.poll(() => tabPaths(page)).toEqual(paths);
  await expect(page).toHaveURL(pathRe(active));
  await expect(page.getByTestId("tab-bar").locator('[aria-current="page"]')).toHaveCount(1);
  await expect(tab(page, active).getByRole("link")).toHaveAttribute("aria-current", "page");
}

async function contextAction(page: Page, path: string, action: Action, locale: Locale = "en-US") {
  const item = page.getByRole("menuitem", { name: LABELS[locale][action], exact: true }).filter({ visible: true });
  // A menu still fading out from the previous action must not take the click.
  await expect(item).toHaveCount(0);
  await tab(page, path).click({ button: "right" });
  await expect(item).toHaveCount(1);
  await item.click();
}

test.describe("tab bar", () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs("admin");
  });

  test("screens opened from the side menu become tabs after the pinned Home tab", async ({ page }) => {
    await page.goto(HOME);
    await waitForShell(page);
    await expectTabs(page, [H], H);
    await openFromMenu(page, MENU);
    await openFromMenu(page, ORG);
    await openFromMenu(page, ROLE);
    await expectTabs(page, [H, MENU, ORG, ROLE], ROLE);
    // Opening a screen that already has a tab selects it instead of adding another.
    await openFromMenu(page, MENU);
    await expectTabs(page, [H, MENU, ORG, ROLE], MENU);
    // Home is pinned: only the other tabs can be closed by their × button.
    await expect(tab(page, H).getByRole("button", { name: /close/i })).toHaveCount(0);
    await expect(tab(page, ORG).getByRole("button", { name: /close/i })).toHaveCount(1);
  });

  test("the × button closes a tab, and closing the active one moves to its neighbour", async ({ page }) => {
    await page.goto(HOME);
    await waitForShell(page);
    await openFromMenu(page, MENU);
    await openFromMenu(page, ORG);
    await openFromMenu(page, ROLE);
    await tab(page, MENU).getByRole("button", { name: /close/i }).click();
    await expectTabs(page, [H, ORG, ROLE], ROLE);
    await tab(page, ROLE).getByRole("button", { name: /close/i }).click();
    await expectTabs(page, [H, ORG], ORG);
  });

  test("close pages to the right / to the left / other pages / all pages", async ({ page }) => {
    await page.goto(HOME);
    await waitForShell(page);
    await openFromMenu(page, MENU);
    await openFromMenu(page, ORG);
    await openFromMenu(page, ROLE);
    await expectTabs(page, [H, MENU, ORG, ROLE], ROLE);

    // To the right of Organizations: Roles closes and Organizations becomes the page shown.
    await contextAction(page, ORG, "closeRight");
    await expectTabs(page, [H, MENU, ORG], ORG);

    // To the left of Organizations: Menus closes, the pinned Home stays.
    await openFromMenu(page, ROLE);
    await contextAction(page, ORG, "closeLeft");
    await expectTabs(page, [H, ORG, ROLE], ORG);

    // Other pages than Roles: only Home and Roles stay.
    await openFromMenu(page, MENU);
    await expectTabs(page, [H, ORG, ROLE, MENU], MENU);
    await contextAction(page, ROLE, "closeOthers");
    await expectTabs(page, [H, ROLE], ROLE);

    // All pages: lands on Home.
    await openFromMenu(page, MENU);
    await openFromMenu(page, ORG);
    await expectTabs(page, [H, ROLE, MENU, ORG], ORG);
    await contextAction(page, MENU, "closeAll");
    await expectTabs(page, [H], H);
    await expect(page.getByTestId("home-welcome")).toBeVisible();
  });

  test("the context menu disables what cannot be closed", async ({ page }) => {
    await page.goto(HOME);
    await waitForShell(page);
    await openFromMenu(page, MENU);
    await tab(page, H).click({ button: "right" });
    const item = (name: string) => page.getByRole("menuitem", { name, exact: true }).filter({ visible: true });
    await expect(item("Close")).toBeDisabled();
    await expect(item(LABELS["en-US"].closeLeft)).toBeDisabled();
    await expect(item(LABELS["en-US"].closeRight)).toBeEnabled();
    await expect(item(LABELS["en-US"].closeOthers)).toBeEnabled();
    await expect(item(LABELS["en-US"].closeAll)).toBeEnabled();
  });

  test("in zh-CN the tabs and the context menu are Chinese", async ({ page, context }) => {
    await setLocaleCookie(context, "zh-CN");
    await page.goto(HOME);
    await waitForShell(page);
    await expect(tab(page, H)).toHaveText("首页");
    await openFromMenu(page, MENU, "zh-CN");
    await openFromMenu(page, ROLE, "zh-CN");
    await openFromMenu(page, ORG, "zh-CN");
    await tab(page, ROLE).click({ button: "right" });
    const menu = page.getByRole("menu").filter({ visible: true });
    for (const name of ["关闭其他页", "关闭左侧页", "关闭右侧页", "关闭所有页"]) await expect(menu.getByRole("menuitem", { name, exact: true })).toBeVisible();
    await menu.getByRole("menuitem", { name: "关闭右侧页", exact: true }).click();
    await expectTabs(page, [H, MENU, ROLE], ROLE);
    await contextAction(page, ROLE, "closeOthers", "zh-CN");
    await expectTabs(page, [H, ROLE], ROLE);
    await contextAction(page, H, "closeAll", "zh-CN");
    await expectTabs(page, [H], H);
  });

  test("open tabs survive a reload and client navigation", async ({ page }) => {
    await page.goto(HOME);
    await waitForShell(page);
    await openFromMenu(page, MENU);
    await openFromMenu(page, ORG);
    await openFromMenu(page, ROLE);

    await page.reload();
    await waitForShell(page);
    await expectTabs(page, [H, MENU, ORG, ROLE], ROLE);

    // Clicking tabs navigates without a full load and keeps every tab.
    await tab(page, H).getByRole("link").click();
    await expectTabs(page, [H, MENU, ORG, ROLE], H);
    await expect(page.getByTestId("home-welcome")).toBeVisible();
    await tab(page, ORG).getByRole("link").click();
    await expectTabs(page, [H, MENU, ORG, ROLE], ORG);

    // The header's brand link is client navigation too.
    await page.getByRole("banner").getByRole("link").first().click();
    await expectTabs(page, [H, MENU, ORG, ROLE], H);
  });

  test("switching the language relabels the open tabs and keeps the one shown", async ({ page }) => {
    await page.goto(HOME);
    await waitForShell(page);
    await openFromMenu(page, MENU);
    await openFromMenu(page, ROLE);
    await switchLanguage(page, "简体中文");
    await expect(tab(page, H)).toHaveText("首页");
    await expect(tab(page, MENU)).toHaveText("菜单管理");
    await expect(tab(page, ROLE)).toHaveText("角色管理");
    await expectTabs(page, [H, MENU, ROLE], ROLE);
    await page.reload();
    await expect(tab(page, ROLE)).toHaveText("角色管理");
    await expectTabs(page, [H, MENU, ROLE], ROLE);
  });

  test("a screen loaded directly gets its tab next to Home", async ({ page }) => {
    await page.goto(MENU.slice(1));
    await waitForShell(page);
    await expectTabs(page, [H, MENU], MENU);
    await expect(tab(page, MENU)).toHaveText("Menus");
  });
});
