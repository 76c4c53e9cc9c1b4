import { chooseSelectOption, expect, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";

// Issue 4: dealer types and areas are used on companies — the organization screen's company
// settings choose both (the area with the region cascader) and show them when reopened.

const T = {
  "en-US": { service: "Service station (SERVICE)", fourS: "4S store (4S)", shanghai: "Shanghai", city: "Shanghai City", pudong: "Pudong New Area" },
  "zh-CN": { service: "服务站 (SERVICE)", fourS: "4S 店 (4S)", shanghai: "上海市", city: "上海市", pudong: "浦东新区" },
} as const;

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`company settings: dealer type and area (${locale})`, async ({ page, context, loginAs }) => {
    const t = T[locale];
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    expect((await page.goto("system/organization"))?.status()).toBe(200);
    await waitForShell(page);
    const drawer = page.getByTestId("company-drawer");
    // The tag answers clicks once the screen is hydrated; retry the click until the drawer opens.
    const open = () =>
      expect(async () => {
        await page.getByTestId("company-D001").click();
        await expect(drawer).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });

    await open();
    await chooseSelectOption(page, drawer.getByTestId("field-orgSourceId").locator(".ant-select"), t.service);
    const menus = page.locator(".ant-cascader-dropdown").filter({ visible: true }).locator(".ant-cascader-menu");
    await expect(async () => {
      if (!(await menus.count())) await drawer.getByTestId("field-area").locator(".ant-select").first().click();
      await menus
        .nth(0)
        .locator(".ant-cascader-menu-item")
        .filter({ hasText: new RegExp(`^${t.shanghai}$`) })
        .click({ timeout: 2_000 });
      await menus
        .nth(1)
        .locator(".ant-cascader-menu-item")
        .filter({ hasText: new RegExp(`^${t.city}$`) })
        .click({ timeout: 2_000 });
      await menus
        .nth(2)
        .locator(".ant-cascader-menu-item")
        .filter({ hasText: new RegExp(`^${t.pudong}$`) })
        .click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(drawer.getByTestId("field-area")).toContainText(t.pudong);
    await drawer.getByTestId("drawer-save").click();
    await expect(drawer).toBeHidden();

    // Reopened: the choices are there (the area's path comes from the server).
    await page.reload();
    await waitForShell(page);
    await open();
    await expect(drawer.getByTestId("field-orgSourceId")).toContainText(t.service);
    await expect(drawer.getByTestId("field-area")).toContainText(t.pudong);

    // Back to the demo values.
    await chooseSelectOption(page, drawer.getByTestId("field-orgSourceId").locator(".ant-select"), t.fourS);
    await drawer.getByTestId("drawer-save").click();
    await expect(drawer).toBeHidden();
  });
}
