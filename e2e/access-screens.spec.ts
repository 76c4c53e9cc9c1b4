import path from "node:path";
import { expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";

// Issue 3: every access screen renders for an administrator in both languages, with its
// create button (the admin holds every permission code); screenshots for review.
const SCREENS: { path: string; en: string; zh: string }[] = [
  { path: "system/menu", en: "Menus", zh: "菜单管理" },
  { path: "system/role", en: "Roles", zh: "角色管理" },
  { path: "system/ruleScopes", en: "Data Scopes", zh: "数据权限" },
  { path: "system/organization", en: "Organizations", zh: "组织机构" },
  { path: "system/job", en: "Jobs", zh: "岗位管理" },
  { path: "system/departmentEmployee", en: "Employees", zh: "部门员工" },
];

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test.describe(`access screens (${locale})`, () => {
    for (const s of SCREENS) {
      test(`${s.path} renders`, async ({ page, context, loginAs }) => {
        await setLocaleCookie(context, locale);
        await loginAs("admin");
        const res = await page.goto(s.path);
        expect(res?.status()).toBe(200);
        await waitForShell(page);
        await expect(page.getByTestId("page-title")).toHaveText(locale === "en-US" ? s.en : s.zh);
        await expect(page.locator("tr[data-row-key]").first()).toBeVisible();
        if (s.path !== "system/ruleScopes") await expect(page.getByTestId("create")).toBeVisible();
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: path.join(SCREENS_DIR, `access-${s.path.replace(/\//g, "-")}-${locale}.png`), fullPage: true });
      });
    }
  });
}

test("staff without the access buttons gets 403 on every access screen", async ({ page, loginAs }) => {
  await loginAs("staff");
  for (const s of SCREENS) {
    const res = await page.goto(s.path);
    expect(res?.status(), s.path).toBe(403);
  }
});
