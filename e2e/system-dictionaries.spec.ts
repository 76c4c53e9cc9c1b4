import path from "node:path";
import { expect, SCREENS_DIR, setLocaleCookie, test, type Locale } from "./fixtures";
import { confirm, deleteRow, exportRows, fillDrawer, openAdmin, rowAction, rowWith, saveDrawer, searchText, table } from "./admin-helpers";
import type { Page } from "@playwright/test";

// Issue 4: dictionaries (system/systemCode): a type's row expands into its items. Create a
// type, add and edit an item, edit the type, search, export, delete — in both languages;
// system dictionaries keep their code; staff without the screen get 403.

const T = {
  "en-US": { title: "Dictionaries", green: "Green", system: "System", itemsOf: "Items of" },
  "zh-CN": { title: "数据字典", green: "绿色", system: "系统", itemsOf: "的数据项" },
} as const;

const items = (page: Page) => page.getByTestId("dict-items");
const itemDrawer = (page: Page) => page.getByTestId("item-drawer");

async function fillItem(page: Page, values: Record<string, string | number>) {
  await expect(itemDrawer(page)).toBeVisible();
  for (const [name, v] of Object.entries(values)) await itemDrawer(page).getByTestId(`field-${name}`).locator("input").first().fill(String(v));
}

async function saveItem(page: Page) {
  await itemDrawer(page).getByTestId("drawer-save").click();
  await expect(itemDrawer(page)).toBeHidden();
}

async function expand(page: Page, rowText: string) {
  await rowWith(page, rowText).locator("[data-testid=row-expand]").click();
  await expect(items(page)).toBeVisible();
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`dictionaries: create, items, edit, search, export, delete (${locale})`, async ({ page, context, loginAs }) => {
    const t = T[locale];
    const code = `e2e_${locale === "en-US" ? "en" : "zh"}_${Date.now().toString(36)}`;
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    await openAdmin(page, "system/systemCode");
    await expect(page.getByTestId("page-title")).toHaveText(t.title);

    // Create a type.
    await page.getByTestId("create").click();
    await fillDrawer(page, { code, nameEn: `Fleet ${code}`, nameZh: `车队 ${code}` });
    await saveDrawer(page);

    // Search narrows the list to it; expand it and add an item with a colour.
    await searchText(page, "keyword", code);
    await expect(table(page).locator("tbody > tr[data-row-key]")).toHaveCount(1);
    await expand(page, code);
    await expect(items(page)).toContainText(t.itemsOf);
    await items(page).getByTestId("add-item").click();
    await fillItem(page, { value: "TRUCK", labelEn: "Truck", labelZh: "卡车" });
    await itemDrawer(page).getByTestId("field-color").locator(".ant-select").click();
    await page.locator(".ant-select-dropdown .ant-select-item-option").filter({ hasText: t.green }).filter({ visible: true }).click();
    await saveItem(page);
    const item = items(page).locator("tr[data-row-key]").filter({ hasText: "TRUCK" });
    await expect(item).toContainText(locale === "en-US" ? "Truck" : "卡车");
    await expect(item.locator('.ant-tag-green[data-value="TRUCK"]')).toBeVisible();

    // Edit the item, then the type.
    await item.getByTestId("action-edit").click();
    await fillItem(page, { labelEn: "Heavy truck", labelZh: "重型卡车" });
    await saveItem(page);
    await expect(item).toContainText(locale === "en-US" ? "Heavy truck" : "重型卡车");
    await rowAction(page, code, "edit");
    await fillDrawer(page, { nameEn: `Edited ${code}`, nameZh: `已编辑 ${code}` });
    await saveDrawer(page);
    await expect(rowWith(page, code)).toContainText(locale === "en-US" ? `Edited ${code}` : `已编辑 ${code}`);

    // Export: the filtered type, one row per item.
    const rows = await exportRows(page);
    expect(rows.length).toBe(2);
    expect(rows[1].slice(0, 6)).toEqual([code, `Edited ${code}`, `已编辑 ${code}`, "TRUCK", "Heavy truck", "重型卡车"]);

    // Delete the item, then the type.
    await item.getByTestId("action-delete").click();
    await confirm(page);
    await expect(item).toHaveCount(0);
    await deleteRow(page, code);
    await expect(table(page).locator("tbody > tr[data-row-key]")).toHaveCount(0);
  });

  test(`a system dictionary keeps its code and its product values (${locale})`, async ({ page, context, loginAs }) => {
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    await openAdmin(page, "system/systemCode");
    await searchText(page, "keyword", "complaint_status");
    const row = rowWith(page, "complaint_status");
    await expect(row).toContainText(T[locale].system);
    await expect(row.getByTestId("action-delete")).toHaveCount(0);
    await expand(page, "complaint_status");
    const closed = items(page).locator("tr[data-row-key]").filter({ hasText: "CLOSED" });
    await expect(closed).toContainText(locale === "en-US" ? "Closed" : "已关闭");
    await expect(closed.getByTestId("action-delete")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(SCREENS_DIR, `dict-system-systemCode-${locale}.png`), fullPage: true });

    await closed.getByTestId("action-edit").click();
    await expect(itemDrawer(page).getByTestId("field-value").locator("input")).toBeDisabled();
    await itemDrawer(page).locator(".ant-drawer-close").click();
    await expect(itemDrawer(page)).toBeHidden();
    await rowAction(page, "complaint_status", "edit");
    await expect(page.getByTestId("edit-drawer").getByTestId("field-code").locator("input")).toBeDisabled();
  });
}

test("staff without the screen get 403 on the page and its export", async ({ page, loginAs }) => {
  await loginAs("staff");
  expect((await page.goto("system/systemCode"))?.status()).toBe(403);
  await expect(page.getByTestId("forbidden")).toBeVisible();
  expect((await page.request.get("api/v1/admin/dict/export")).status()).toBe(403);
  expect((await page.request.get("api/v1/admin/dict/import")).status()).toBe(403);
});
