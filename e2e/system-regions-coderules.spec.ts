import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, SCREENS_DIR, setLocaleCookie, test, type Locale } from "./fixtures";
import { deleteRow, drawer, exportRows, field, fillDrawer, openAdmin, rowAction, rowWith, saveDrawer, saveDrawerExpectingError, searchText, table } from "./admin-helpers";

// Issue 4: regions (system/regionArea) with the lazy province / city / district cascader, and
// numbering rules (system/codeRule) with the next number — create, edit, search, export and
// delete in both languages; staff without the screens get 403.

const T = {
  "en-US": {
    regions: "Regions",
    all: "All provinces",
    shanghai: "Shanghai",
    pudong: "Pudong New Area",
    jiangsu: "Jiangsu",
    nanjing: "Nanjing",
    city: "City",
    rules: "Numbering Rules",
    salesOrders: "Sales orders",
    month: "yyyyMM (month)",
    day: "yyyyMMdd (day)",
    patternTooShort: "The date pattern must contain the restart period (the day for a daily rule, at least the month for a monthly one), or numbers would repeat.",
  },
  "zh-CN": {
    regions: "行政区域",
    all: "全部省份",
    shanghai: "上海市",
    pudong: "浦东新区",
    jiangsu: "江苏省",
    nanjing: "南京市",
    city: "市级",
    rules: "编码规则",
    salesOrders: "销售订单",
    month: "yyyyMM（月）",
    day: "yyyyMMdd（日）",
    patternTooShort: "日期格式必须包含重置周期（按天重置需包含日，按月重置至少包含月），否则编号会重复。",
  },
} as const;

/** Chooses a select option of the drawer, again if a click landed while the list was still moving. */
async function pick(page: Page, name: string, label: string): Promise<void> {
  const option = page.locator(`.ant-select-dropdown .ant-select-item-option[title="${label}"]`).filter({ visible: true });
  await expect(async () => {
    if (!(await option.count())) await field(page, name).locator(".ant-select").first().click();
    await option.click({ timeout: 2_000 });
    await expect(field(page, name).locator(".ant-select")).toContainText(label, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

const shot = (name: string) => path.join(SCREENS_DIR, `${name}.png`);
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date()).replace(/-/g, "");

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`regions: drill down, create with the cascader, edit, search, export, delete (${locale})`, async ({ page, context, loginAs }) => {
    const t = T[locale];
    // A city of Jiangsu that does not exist (real ones are 320100–321300); each language its own range.
    const nn = (locale === "en-US" ? 50 : 75) + Math.floor(Math.random() * 24);
    const code = `32${nn}00`;
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    await openAdmin(page, "system/regionArea");
    await expect(page.getByTestId("page-title")).toHaveText(t.regions);
    await expect(rowWith(page, "310000")).toContainText(t.shanghai);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: shot(`admin-regionArea-${locale}`), fullPage: true });

    // One level at a time: Shanghai → its city level → the 16 districts, and back.
    await rowAction(page, "310000", "children");
    await expect(page.getByTestId("region-breadcrumb")).toContainText(t.shanghai);
    await rowAction(page, "310100", "children");
    await expect(page).toHaveURL(/[?&]parent=\d+/);
    await expect(table(page).locator("tr[data-row-key]")).toHaveCount(16);
    await expect(rowWith(page, "310115")).toContainText(t.pudong);
    await page.screenshot({ path: shot(`admin-regionArea-districts-${locale}`), fullPage: true });
    await page.getByTestId("region-breadcrumb").getByRole("link", { name: t.all }).click();
    await expect(rowWith(page, "110000")).toBeVisible();

    // Create a city: the parent cascader lists the provinces and loads Jiangsu's cities on demand.
    await page.getByTestId("create").click();
    await fillDrawer(page, { code, nameEn: `E2E City ${nn}`, nameZh: `测试市${nn}` });
    await pick(page, "level", t.city);
    const menus = page.locator(".ant-cascader-dropdown").filter({ visible: true }).locator(".ant-cascader-menu");
    const jiangsu = menus
      .nth(0)
      .locator(".ant-cascader-menu-item")
      .filter({ hasText: new RegExp(`^${t.jiangsu}$`) });
    await expect(async () => {
      if (!(await menus.count())) await field(page, "parentPath").locator(".ant-select").first().click();
      await jiangsu.click({ timeout: 2_000 });
      await expect(menus.nth(1)).toContainText(t.nanjing, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await page.screenshot({ path: shot(`admin-regionArea-cascader-${locale}`) });
    await drawer(page).locator(".ant-drawer-title").click();
    await expect(menus).toHaveCount(0);
    await expect(field(page, "parentPath")).toContainText(t.jiangsu);
    await saveDrawer(page);

    // Search finds it at any level; the edit drawer shows its parent; the edit shows in the list.
    await searchText(page, "keyword", code);
    await expect(table(page).locator("tr[data-row-key]")).toHaveCount(1);
    await expect(rowWith(page, code)).toContainText(t.jiangsu);
    await rowAction(page, code, "edit");
    await expect(field(page, "parentPath")).toContainText(t.jiangsu);
    await fillDrawer(page, { nameEn: `E2E Edited ${nn}`, nameZh: `已编辑${nn}` });
    await saveDrawer(page);
    await expect(rowWith(page, code)).toContainText(locale === "en-US" ? `E2E Edited ${nn}` : `已编辑${nn}`);

    // Export: the searched row, with its parent's code (ready to import again).
    const rows = await exportRows(page);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 3)).toEqual([code, "320000", "2"]);

    await deleteRow(page, code);
  });

  test(`numbering rules: create, edit, search, export, delete (${locale})`, async ({ page, context, loginAs }) => {
    const t = T[locale];
    const code = `E2E${locale === "en-US" ? "E" : "Z"}${Date.now().toString(36).toUpperCase()}`;
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    await openAdmin(page, "system/codeRule");
    await expect(page.getByTestId("page-title")).toHaveText(t.rules);
    // A system rule shows its next number and cannot be deleted.
    const so = rowWith(page, t.salesOrders);
    await expect(so).toContainText(new RegExp(`SO${today()}\\d{6}`));
    await expect(so.getByTestId("action-delete")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: shot(`admin-codeRule-${locale}`), fullPage: true });

    // Create: a monthly date under a daily restart is refused, a daily date saves.
    await page.getByTestId("create").click();
    await fillDrawer(page, { code, nameEn: `Rule ${code}`, nameZh: `规则 ${code}`, prefix: "EE" });
    await pick(page, "datePattern", t.month);
    await saveDrawerExpectingError(page, "datePattern", t.patternTooShort);
    await pick(page, "datePattern", t.day);
    await saveDrawer(page);

    await searchText(page, "keyword", code);
    await expect(table(page).locator("tr[data-row-key]")).toHaveCount(1);
    await expect(rowWith(page, code)).toContainText(`EE${today()}000001`);
    await rowAction(page, code, "edit");
    await fillDrawer(page, { prefix: "EF", seqLength: 4 });
    await saveDrawer(page);
    await expect(rowWith(page, code)).toContainText(`EF${today()}0001`);

    const rows = await exportRows(page);
    expect(rows).toHaveLength(2);
    expect(rows[1][0]).toBe(code);
    expect(rows[1].at(-1)).toBe(`EF${today()}0001`);

    await deleteRow(page, code);
  });
}

test("staff without the screens get 403 on regions and numbering rules", async ({ page, loginAs }) => {
  await loginAs("staff");
  for (const route of ["system/regionArea", "system/codeRule"]) expect((await page.goto(route))?.status(), route).toBe(403);
  expect((await page.request.get("api/v1/admin/regionArea/export")).status()).toBe(403);
  expect((await page.request.get("api/v1/admin/codeRule/export")).status()).toBe(403);
  // The cascader's endpoint serves any signed-in user.
  const res = await page.request.get("api/v1/regions");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("private, max-age=300");
  expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(34);
});

test("the regions endpoint needs a session", async ({ request }) => {
  expect((await request.get("api/v1/regions")).status()).toBe(401);
});
