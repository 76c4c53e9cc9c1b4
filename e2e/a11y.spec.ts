import type { Page } from "@playwright/test";
import { db } from "@/lib/db";
import * as factories from "@/lib/test/factories";
import { axeViolations, expectNoAxeViolations, formatViolations } from "./a11y-helpers";
import { abs, BASE_PATH, expect, HOME, LOGIN, setLocaleCookie, test, waitForShell, type AccountKey, type Locale } from "./fixtures";

// Issue 18: every screen of the app passes the accessibility check (e2e/a11y-helpers.ts) in both
// languages: the screens in the side menus of the demo dealer, the sales staff and the
// administrator (read from the menu each one is given at sign-in, not typed here), the sign-in
// screens, the public news, the not-found and the no-access screens; then a few opened dialogs
// and menus, and the tab bar and a dialog driven by the keyboard alone.

const LOCALES: Locale[] = ["en-US", "zh-CN"];
// The administrator's menu holds every screen the sales staff's does, each with at least the
// staff's buttons: a screen the administrator has checked is not checked again for the staff
// (it would only repeat the same page with fewer buttons, and axe takes seconds a page).
const MENU_ACCOUNTS: AccountKey[] = ["dealer", "admin", "staff"];
const checkedByAdmin: Record<Locale, Set<string>> = { "en-US": new Set(), "zh-CN": new Set() };

/** The routes of the side menu the signed-in account is given (every link, open group or not). */
async function menuRoutes(page: Page): Promise<string[]> {
  await page.goto(HOME);
  await waitForShell(page);
  const hrefs = await page.locator('nav a[data-testid^="menu-"]').evaluateAll((els) => els.map((a) => a.getAttribute("href") ?? ""));
  const routes = [...new Set(hrefs.map((h) => h.slice(BASE_PATH.length).replace(/^\/+/, "")))];
  expect(routes, "the side menu lists screens").toContain(HOME);
  return routes;
}

/** Opens a page and waits until it has settled (hydrated, its data loaded). */
async function open(page: Page, path: string, status = 200, shell = true): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  if (shell) await waitForShell(page);
  await page.waitForLoadState("networkidle");
  // A table that is still fetching is drawn faded: check it once it has its rows.
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
}

async function checkAll(page: Page, paths: string[], opts: { status?: number; shell?: boolean } = {}): Promise<string[]> {
  const reports: string[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      await open(page, path, opts.status, opts.shell);
      const report = formatViolations(path, await axeViolations(page));
      if (report) reports.push(report);
    });
  }
  return reports;
}

function expectClean(reports: string[]): void {
  expect(reports.length, `accessibility violations:\n\n${reports.join("\n\n")}\n\nscreens with violations`).toBe(0);
}

// Keyboard first: quick, and what a person needs before any screen's details.
test.describe("keyboard", () => {
  test("the tab bar: links in tab order, the context menu by keyboard, Escape returns focus", async ({ page, loginAs }) => {
    await loginAs("admin");
    await open(page, "system/menu");
    const bar = page.getByTestId("tab-bar");
    const home = bar.getByRole("link", { name: "Home", exact: true });
    const menus = bar.getByRole("link", { name: "Menus", exact: true });
    await expect(menus).toHaveAttribute("aria-current", "page");
    // Tab order: Home, Menus, then Menus' close button.
    await home.focus();
    await page.keyboard.press("Tab");
    await expect(menus).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(bar.getByRole("button", { name: "Close Menus" })).toBeFocused();
    // Shift+F10 opens the context menu of the focused tab, focus on its first item; arrows move.
    await menus.focus();
    await page.keyboard.press("Shift+F10");
    const items = page.getByRole("menu").filter({ visible: true }).getByRole("menuitem");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(items).toHaveCount(0);
    await expect(menus).toBeFocused();
    // Enter on "Close" closes the tab and lands on Home.
    await page.keyboard.press("Shift+F10");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/${HOME}`));
    await expect(menus).toHaveCount(0);
  });

  test("a drawer traps focus and gives it back on Escape", async ({ page, loginAs }) => {
    await loginAs("admin");
    await open(page, "system/role");
    const create = page.getByTestId("create");
    await create.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog").filter({ visible: true });
    await expect(drawer).toBeVisible();
    // antd focuses the drawer's root (which holds the dialog and its focus sentinels).
    const root = page.locator(".ant-drawer").filter({ has: drawer });
    await expect.poll(() => root.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
    await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(create).toBeFocused();
  });
});

for (const locale of LOCALES) {
  test.describe(`accessibility (${locale})`, () => {
    test.beforeEach(async ({ context }) => setLocaleCookie(context, locale));

    test("sign-in screens, public news, not found", async ({ page }) => {
      test.setTimeout(5 * 60_000);
      const reports = await checkAll(page, [LOGIN, "system/register", "system/forgetpwd", "news"], { shell: false });
      // An article: the first one the public list links to.
      const article = await page.locator('a[href*="/news/"]').first().getAttribute("href");
      expect(article, "the news list links to an article").toBeTruthy();
      reports.push(...(await checkAll(page, [article!.slice(BASE_PATH.length + 1)], { shell: false })));
      reports.push(...(await checkAll(page, ["no/such/page-a11y"], { status: 404, shell: false })));
      expectClean(reports);
    });

    test("the OAuth consent screen, at desktop and phone width", async ({ page, loginAs }) => {
      await loginAs("group");
      const q = new URLSearchParams({
        response_type: "code",
        client_id: "dealer-app",
        redirect_uri: "http://127.0.0.1:8765/callback",
        scope: "orders:read orders:write goods:read",
        state: "a11y",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      });
      const path = `oauth/authorize?${q.toString()}`;
      const reports = await checkAll(page, [path], { shell: false });
      await page.setViewportSize({ width: 390, height: 844 });
      reports.push(...(await checkAll(page, [path], { shell: false })));
      expectClean(reports);
    });

    test("not found and no access inside the shell", async ({ page, loginAs }) => {
      await loginAs("staff");
      // The no-access screen replaces the shell (the layout refuses before it renders).
      expectClean([...(await checkAll(page, ["system/menu"], { status: 403, shell: false })), ...(await checkAll(page, ["no/such/page-a11y"], { status: 404, shell: false }))]);
    });

    test("open dialogs and menus: a drawer, the header menus, the tab bar's context menu", async ({ page, loginAs }) => {
      await loginAs("admin");
      await open(page, "system/role");
      // An admin drawer.
      await page.getByTestId("create").click();
      const drawer = page.getByRole("dialog").filter({ visible: true });
      await expect(drawer.getByRole("textbox").first()).toBeVisible();
      await expectNoAxeViolations(page, "system/role with the create drawer open");
      await page.keyboard.press("Escape");
      await expect(drawer).toHaveCount(0);
      // The tab bar's context menu.
      await page.locator('[data-testid="tab"]').first().click({ button: "right" });
      await expect(page.getByRole("menuitem").filter({ visible: true }).first()).toBeVisible();
      await expectNoAxeViolations(page, "the tab bar's context menu");
      await page.keyboard.press("Escape");
      // The account menu and the notifications.
      await page.getByTestId("user-menu").click();
      await expect(page.getByTestId("sign-out")).toBeVisible();
      await expectNoAxeViolations(page, "the account menu");
      await page.keyboard.press("Escape");
      await page.getByTestId("notification-bell").click();
      await expect(page.getByTestId("notification-panel")).toBeVisible();
      await expectNoAxeViolations(page, "the notifications panel");
    });

    test("the cart with lines, its confirmation and the submit-order dialog", async ({ page }) => {
      await cartWithLine(page, locale);
      await open(page, "onlineMall/car/cart");
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
      await expectNoAxeViolations(page, "the cart with a line");
      await page.getByTestId("cart-clear").click();
      const confirm = page.locator(".ant-modal-confirm").filter({ visible: true });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page, "the cart's clear confirmation");
      await page.keyboard.press("Escape");
      await expect(confirm).toHaveCount(0);
      await page.getByTestId("cart-submit").click();
      await expect(page.getByTestId("submit-order-dialog")).toBeVisible();
      // Checked once its addresses are in: until then the submit button is disabled on purpose.
      await expect(page.getByTestId("submit-order-ok")).toBeEnabled();
      await expectNoAxeViolations(page, "the submit-order dialog");
    });

    for (const who of MENU_ACCOUNTS) {
      test(`every screen in the ${who}'s menu`, async ({ page, loginAs }) => {
        test.setTimeout(15 * 60_000);
        await loginAs(who);
        const routes = await menuRoutes(page);
        if (who === "admin") routes.forEach((r) => checkedByAdmin[locale].add(r));
        // The home page is each account's own (its work queues); without the administrator's run
        // (this test run alone) the staff checks every screen.
        const todo = who === "staff" ? routes.filter((r) => r === HOME || !checkedByAdmin[locale].has(r)) : routes;
        // My account is in the user menu, not the side menu: the dealer's run checks it.
        if (who === "dealer") todo.push("system/account");
        expectClean(await checkAll(page, todo));
      });
    }
  });
}

/** A dealer of D001 made for this test (so the demo dealer's cart stays as it is) with one vehicle in the cart. */
async function cartWithLine(page: Page, locale: Locale): Promise<void> {
  const d001 = await db().company.findUniqueOrThrow({ where: { code: "D001" }, select: { id: true } });
  const dealer = await factories.makeDealer({ companyId: d001.id, password: factories.TEST_PASSWORD });
  const goods = await factories.makeGoods({ kind: "VEHICLE", code: `E2E-A11Y-${factories.uid()}`, price: "100000", stock: 5, minOrderQty: 1, vehicleModelId: null });
  await db().cartLine.create({ data: { companyId: d001.id, userId: dealer.userId, goodsId: goods.id, quantity: 1 } });
  const api = page.context().request;
  const { csrfToken } = (await (await api.get("api/auth/csrf")).json()) as { csrfToken: string };
  const res = await api.post("api/auth/callback/credentials", {
    form: { csrfToken, account: dealer.account, password: factories.TEST_PASSWORD, companyCode: "D001", json: "true", callbackUrl: abs(HOME) },
    headers: { "X-Auth-Return-Redirect": "1" },
  });
  expect(res.ok(), `sign in as ${dealer.account} (${locale})`).toBeTruthy();
}
