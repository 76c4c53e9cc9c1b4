import { chooseSelectOption, expect, setLocaleCookie, sideMenu, test, waitForShell } from "./fixtures";
import { db } from "@/lib/db";
import { chooseMany, E2E_PASSWORD, rowWith, signInWithForm, uniq } from "./access-helpers";

// Issue 3: roles grant menus; the side menu and the screens follow the grants at once.
test.describe("access: roles and menus", () => {
  test("an admin creates a role with only Home and a user with it; that user sees no System and gets 403", async ({ page, loginAs, browser }) => {
    const code = uniq("E2E_ROLE_").toUpperCase();
    const account = uniq("e2e.role.");
    try {
      await loginAs("admin");
      await page.goto("system/role");
      await waitForShell(page);
      await page.getByTestId("create").click();
      const drawer = page.getByTestId("role-drawer");
      await expect(drawer).toBeVisible();
      await drawer.locator("#code").fill(code);
      await drawer.locator("#nameEn").fill(`Home only ${code}`);
      await drawer.locator("#nameZh").fill(`仅首页 ${code}`);
      await page
        .getByTestId("menu-tree")
        .locator(".ant-tree-treenode")
        .filter({ has: page.getByTestId("menu-node-home") })
        .locator(".ant-tree-checkbox")
        .click();
      await page.getByTestId("drawer-save").filter({ visible: true }).click();
      await expect(drawer).toBeHidden();
      await expect(rowWith(page, code)).toBeVisible();
      const granted = (await db().roleMenu.findMany({ where: { role: { code } }, select: { menu: { select: { key: true } } } })).map((g) => g.menu);
      expect(granted.map((g) => g.key)).toEqual(["home"]);

      await page.goto("system/departmentEmployee");
      await waitForShell(page);
      await page.getByTestId("create").click();
      const userDrawer = page.getByTestId("user-drawer");
      await userDrawer.locator("#account").fill(account);
      await userDrawer.locator("#name").fill("Home Only");
      await chooseMany(page, userDrawer.locator(".ant-form-item").filter({ hasText: "Roles" }).locator(".ant-select"), [`Home only ${code} (${code})`]);
      await userDrawer.locator("#password").fill(E2E_PASSWORD);
      await page.getByTestId("drawer-save").filter({ visible: true }).click();
      await expect(userDrawer).toBeHidden();

      const context = await browser.newContext();
      const other = await context.newPage();
      await signInWithForm(other, account);
      await expect(sideMenu(other)).toBeVisible();
      await expect(sideMenu(other)).not.toContainText("System");
      await expect(other.getByTestId("menu-system.role")).toHaveCount(0);
      const res = await other.goto("system/role");
      expect(res?.status()).toBe(403);
      await expect(other.getByTestId("forbidden")).toBeVisible();
      await context.close();
    } finally {
      await db().user.deleteMany({ where: { account } });
      await db().role.deleteMany({ where: { code } });
    }
  });

  test("an admin renames a menu and sees the new name in the side menu, in both languages", async ({ page, context, loginAs }) => {
    const before = await db().menu.findUniqueOrThrow({ where: { key: "system.job" }, select: { id: true, nameEn: true, nameZh: true } });
    const suffix = uniq("");
    try {
      await loginAs("admin");
      await page.goto("system/menu");
      await waitForShell(page);
      const dir = await db().menu.findUniqueOrThrow({ where: { key: "system" }, select: { id: true } });
      await page.locator(`tr[data-row-key="${dir.id}"] [data-testid=row-expand]`).click();
      const row = page.locator(`tr[data-row-key="${before.id}"]`);
      await row.getByTestId("action-edit").click();
      const drawer = page.getByTestId("menu-drawer");
      await drawer.locator("#nameEn").fill(`Posts ${suffix}`);
      await drawer.locator("#nameZh").fill(`职位 ${suffix}`);
      await page.getByTestId("drawer-save").filter({ visible: true }).click();
      await expect(drawer).toBeHidden();
      await expect(page.getByTestId("menu-system.job")).toHaveText(`Posts ${suffix}`);

      await setLocaleCookie(context, "zh-CN");
      await page.reload();
      await waitForShell(page);
      await expect(page.getByTestId("menu-system.job")).toHaveText(`职位 ${suffix}`);
      await expect(page.getByTestId("page-title")).toHaveText("菜单管理");
    } finally {
      await db().menu.update({ where: { id: before.id }, data: { nameEn: before.nameEn, nameZh: before.nameZh } });
    }
  });

  test("an invalid role shows translated errors on the fields", async ({ page, context, loginAs }) => {
    await setLocaleCookie(context, "zh-CN");
    await loginAs("admin");
    await page.goto("system/role");
    await waitForShell(page);
    await page.getByTestId("create").click();
    const drawer = page.getByTestId("role-drawer");
    await chooseSelectOption(page, drawer.locator(".ant-form-item").filter({ hasText: "数据权限" }).locator(".ant-select"), "自定义组织");
    await page.getByTestId("drawer-save").filter({ visible: true }).click();
    await expect(drawer.locator(".ant-form-item-explain-error").filter({ hasText: "角色编码" })).toBeVisible();
    // The cross-field rule (CUSTOM needs organizations) answers once the fields themselves are valid.
    await drawer.locator("#code").fill(uniq("E2E_BAD_").toUpperCase());
    await drawer.locator("#nameEn").fill("Custom");
    await drawer.locator("#nameZh").fill("自定义");
    await page.getByTestId("drawer-save").filter({ visible: true }).click();
    await expect(drawer.locator(".ant-form-item-explain-error").filter({ hasText: "组织机构" })).toBeVisible();
  });
});
