import path from "node:path";
import { confirmModal, expect, SCREENS_DIR, setLocaleCookie, test, type Locale } from "./fixtures";
import {
  closeImport,
  exportRows,
  fillDrawer,
  importFile,
  openAdmin,
  rowAction,
  rowExactly,
  rowWith,
  saveDrawer,
  saveDrawerExpectingError,
  searchText,
  table,
  xlsxFile,
} from "./admin-helpers";

// Issue 4: dealer types (system/orgSource), the reference screen of the shared admin pattern:
// create with validation, edit, search, sort, column settings, export, import with row errors,
// bulk delete — in both languages; staff without the screen get 403.

const T = {
  "en-US": { title: "Dealer Types", required: "Please enter Code", imported: "Imported: 1 created, 0 updated.", rowsBad: "1 row has problems; nothing was imported.", yes: "Yes" },
  "zh-CN": { title: "经销商类型", required: "请输入编码", imported: "导入完成：新增 1 条，更新 0 条。", rowsBad: "有 1 行存在问题，未导入任何数据。", yes: "是" },
} as const;

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`dealer types: create, edit, search, export, import, delete (${locale})`, async ({ page, context, loginAs }) => {
    const t = T[locale];
    const code = `E2E${locale === "en-US" ? "E" : "Z"}${Date.now().toString(36).toUpperCase()}`;
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    await openAdmin(page, "system/orgSource");
    await expect(page.getByTestId("page-title")).toHaveText(t.title);

    // Create: the form's own schema refuses an empty code, then saves.
    await page.getByTestId("create").click();
    await fillDrawer(page, { nameEn: `Type ${code}`, nameZh: `类型 ${code}` });
    await saveDrawerExpectingError(page, "code", t.required);
    await fillDrawer(page, { code, sort: 500 });
    await saveDrawer(page);

    // Search narrows the table to the new type; edit it.
    await searchText(page, "keyword", code);
    await expect(table(page).locator("tr[data-row-key]")).toHaveCount(1);
    await rowAction(page, code, "edit");
    await fillDrawer(page, { nameEn: `Edited ${code}`, nameZh: `已编辑 ${code}`, enabled: false });
    await saveDrawer(page);
    await expect(rowWith(page, code)).toContainText(locale === "en-US" ? `Edited ${code}` : `已编辑 ${code}`);

    // Export: the filtered rows only.
    const rows = await exportRows(page);
    expect(rows.length).toBe(2);
    expect(rows[1][0]).toBe(code);

    // Import: a bad row saves nothing and says which row; a good file creates the type.
    let outcome = await importFile(
      page,
      await xlsxFile([
        ["Code", "Name (English)", "Name (Chinese)"],
        [`${code}I`, "", "导入"],
      ]),
    );
    await expect(outcome).toContainText(t.rowsBad);
    await expect(page.getByTestId("import-errors")).toContainText("2");
    await closeImport(page);
    outcome = await importFile(
      page,
      await xlsxFile([
        ["Code", "Name (English)", "Name (Chinese)", "Enabled"],
        [`${code}I`, "Imported", "导入", "yes"],
      ]),
    );
    await expect(outcome).toContainText(t.imported);
    await closeImport(page);
    await expect(rowWith(page, `${code}I`)).toBeVisible();

    // Column settings hide a column and remember it.
    await page.getByTestId("column-settings-button").click();
    const settings = page.getByTestId("column-settings");
    await settings.getByRole("checkbox").nth(4).uncheck();
    await expect(table(page).locator("thead th")).not.toContainText([locale === "en-US" ? "Dealers" : "经销商数"]);
    await page.screenshot({ path: path.join(SCREENS_DIR, `admin-orgSource-${locale}.png`), fullPage: true });
    await settings.getByRole("button").click();

    // Bulk delete both after confirmation.
    await rowExactly(page, code).locator("[data-testid=row-select]").check();
    await rowExactly(page, `${code}I`).locator("[data-testid=row-select]").check();
    await expect(page.getByTestId("bulk-delete")).toContainText("2");
    await page.getByTestId("bulk-delete").click();
    await confirmModal(page);
    await expect(table(page).locator("tr[data-row-key]").filter({ hasText: code })).toHaveCount(0);
  });
}

test("a dealer type used by dealers cannot be deleted from the row", async ({ page, loginAs }) => {
  await loginAs("admin");
  await openAdmin(page, "system/orgSource");
  await searchText(page, "keyword", "4S");
  await expect(rowWith(page, "4S store").getByTestId("action-delete")).toHaveCount(0);
});

test("staff without the screen get 403 on the page and its export and import", async ({ page, loginAs }) => {
  await loginAs("staff");
  expect((await page.goto("system/orgSource"))?.status()).toBe(403);
  expect((await page.request.get("api/v1/admin/orgSource/export")).status()).toBe(403);
  expect((await page.request.get("api/v1/admin/orgSource/import")).status()).toBe(403);
  expect((await page.request.get("api/v1/admin/nothing/export")).status()).toBe(404);
});

test("export and import need a session", async ({ request }) => {
  expect((await request.get("api/v1/admin/orgSource/export")).status()).toBe(401);
});
