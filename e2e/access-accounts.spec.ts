import { expect, LOGIN, setLocaleCookie, shellHeader, submitCredentials, test, waitForShell } from "./fixtures";
import { db } from "@/lib/db";
import { chooseMany, confirm, E2E_PASSWORD, findUser, insertUser, signInWithForm, uniq } from "./access-helpers";

// Issue 3: the administrator's side of accounts: approving registrations and unlocking.
test.describe("access: approving and unlocking accounts", () => {
  test("register → approve with company D001 and role DEALER → sign in", async ({ page, loginAs, browser }) => {
    const account = uniq("e2e.pending.");
    await insertUser({ account, status: "PENDING" });
    try {
      // Before approval the account cannot sign in.
      const context = await browser.newContext();
      const other = await context.newPage();
      await other.goto(LOGIN);
      await submitCredentials(other, account, E2E_PASSWORD);
      await expect(other.getByText("Your registration is waiting for an administrator's approval.")).toBeVisible();

      await loginAs("admin");
      await page.goto("system/departmentEmployee?status=PENDING");
      await waitForShell(page);
      const row = await findUser(page, account);
      await expect(row.getByTestId("user-status")).toHaveText("Pending approval");
      await row.getByTestId("action-approve").click();
      const drawer = page.getByTestId("approve-drawer");
      await expect(drawer).toBeVisible();
      await chooseMany(page, drawer.locator(".ant-form-item").filter({ hasText: "Companies" }).locator(".ant-select"), ["Green Motors Shanghai (D001)"]);
      await chooseMany(page, drawer.locator(".ant-form-item").filter({ hasText: "Roles" }).locator(".ant-select"), ["Dealer (DEALER)"]);
      await page.getByTestId("drawer-save").filter({ visible: true }).click();
      await expect(drawer).toBeHidden();
      const saved = await db().user.findUniqueOrThrow({ where: { account }, select: { status: true, approvedById: true } });
      expect(saved.status).toBe("ACTIVE");
      expect(saved.approvedById).not.toBeNull();

      await signInWithForm(other, account);
      await expect(shellHeader(other)).toContainText("Green Motors Shanghai");
      await context.close();
    } finally {
      await db().user.deleteMany({ where: { account } });
    }
  });

  test("a locked account shows the locked message; after an unlock on the screen it signs in (zh-CN)", async ({ page, context, loginAs, browser }) => {
    const account = uniq("e2e.locked.");
    await insertUser({ account, userType: "STAFF", roles: ["SALES_OPS"], lockedUntil: new Date(Date.now() + 30 * 60_000) });
    try {
      const userContext = await browser.newContext();
      const other = await userContext.newPage();
      await setLocaleCookie(userContext, "zh-CN");
      await other.goto(LOGIN);
      await submitCredentials(other, account, E2E_PASSWORD);
      await expect(other.getByText("登录失败次数过多，账号已被锁定。请稍后再试或联系管理员。")).toBeVisible();

      await setLocaleCookie(context, "zh-CN");
      await loginAs("admin");
      await page.goto("system/departmentEmployee");
      await waitForShell(page);
      const row = await findUser(page, account);
      await row.getByTestId("action-unlock").click();
      await confirm(page);
      await expect(page.getByText("已解锁")).toBeVisible();
      await expect(row.getByTestId("action-unlock")).toHaveCount(0);

      await signInWithForm(other, account);
      await expect(other).toHaveURL(/system\/workbench\/home/);
      await userContext.close();
    } finally {
      await db().user.deleteMany({ where: { account } });
    }
  });

  test("disable and reset password take effect at sign-in", async ({ page, loginAs, browser }) => {
    const account = uniq("e2e.disable.");
    await insertUser({ account, userType: "STAFF", roles: ["SALES_OPS"] });
    try {
      await loginAs("admin");
      await page.goto("system/departmentEmployee");
      await waitForShell(page);
      let row = await findUser(page, account);
      await row.getByTestId("action-reset-password").click();
      const drawer = page.locator(".ant-drawer").filter({ visible: true });
      await drawer.locator("#password").fill("Renewed#Green-2026");
      await drawer.locator("#confirmPassword").fill("Renewed#Green-2026");
      await page.getByTestId("drawer-save").filter({ visible: true }).click();
      await expect(page.getByText("Password reset.", { exact: false })).toBeVisible();

      row = await findUser(page, account);
      await row.getByTestId("action-disable").click();
      await confirm(page);
      await expect(row.getByTestId("user-status")).toHaveText("Disabled");

      const ctx = await browser.newContext();
      const other = await ctx.newPage();
      await other.goto(LOGIN);
      await submitCredentials(other, account, "Renewed#Green-2026");
      await expect(other.getByText("This account has been disabled.", { exact: false })).toBeVisible();
      await ctx.close();
      // The status filter finds it among disabled accounts.
      await page.getByTestId("search-status").selectOption({ label: "Disabled" });
      await expect(row).toBeVisible();
    } finally {
      await db().user.deleteMany({ where: { account } });
    }
  });
});
