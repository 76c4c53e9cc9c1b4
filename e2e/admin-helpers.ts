import ExcelJS from "exceljs";
import { expect, type Locator, type Page } from "@playwright/test";
import { chooseSelectOption, waitForShell } from "./fixtures";

// Drives a screen built on the shared admin pattern (components/admin/admin-list.tsx): the
// search form, the table, the edit drawer generated from the zod schema, bulk and row
// actions, export and import. Specs of every admin screen use these.

export const table = (page: Page): Locator => page.getByTestId("admin-table");
export const drawer = (page: Page): Locator => page.getByTestId("edit-drawer");
export const rowWith = (page: Page, text: string): Locator => table(page).locator("tr[data-row-key]").filter({ hasText: text });
/** The row with a cell whose whole text is `text` (a code that prefixes other codes). */
export const rowExactly = (page: Page, text: string): Locator =>
  table(page)
    .locator("tr[data-row-key]")
    .filter({ has: page.getByRole("cell", { name: text, exact: true }) });

export async function openAdmin(page: Page, route: string): Promise<void> {
  const res = await page.goto(route);
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
  await expect(table(page)).toBeVisible();
}

/** A field of the open drawer by its schema name. */
export const field = (page: Page, name: string): Locator => drawer(page).getByTestId(`field-${name}`);

/** Fills text/number inputs of the drawer; booleans toggle the switch to the wanted state. */
export async function fillDrawer(page: Page, values: Record<string, string | number | boolean>): Promise<void> {
  await expect(drawer(page)).toBeVisible();
  for (const [name, v] of Object.entries(values)) {
    const f = field(page, name);
    if (typeof v === "boolean") {
      const sw = f.getByRole("switch");
      if ((await sw.getAttribute("aria-checked")) !== String(v)) await sw.click();
      continue;
    }
    const input = f.locator("input:not([type=hidden]), textarea").first();
    await input.fill(String(v));
  }
}

/** Picks an option of a select field of the drawer by its label. */
export async function chooseInDrawer(page: Page, name: string, label: string): Promise<void> {
  await chooseSelectOption(page, field(page, name).locator(".ant-select"), label);
}

export async function saveDrawer(page: Page): Promise<void> {
  await drawer(page).getByTestId("drawer-save").click();
  await expect(drawer(page)).toBeHidden();
}

/** Saves and expects the drawer to stay open with this error under a field. */
export async function saveDrawerExpectingError(page: Page, name: string, message: string | RegExp): Promise<void> {
  await drawer(page).getByTestId("drawer-save").click();
  await expect(field(page, name).locator(".ant-form-item-explain-error")).toHaveText(message);
  await expect(drawer(page)).toBeVisible();
}

export async function createRecord(page: Page, values: Record<string, string | number | boolean>): Promise<void> {
  await page.getByTestId("create").click();
  await fillDrawer(page, values);
  await saveDrawer(page);
}

export async function rowAction(page: Page, rowText: string, action: string): Promise<void> {
  await rowWith(page, rowText).getByTestId(`action-${action}`).click();
}

/** Types into the search form's text field `name` and searches; the URL carries the filter. */
export async function searchText(page: Page, name: string, value: string): Promise<void> {
  const form = page.getByTestId("search-form");
  await form.locator(`#${name}`).fill(value);
  await form.getByTestId("search").click();
  await expect.poll(() => new URL(page.url()).searchParams.get(name)).toBe(value);
}

/** Clicks OK in the confirmation dialog. */
export async function confirm(page: Page): Promise<void> {
  const dialog = page.locator(".ant-modal-confirm").filter({ visible: true });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  // A click that lands while the dialog is still animating in can be lost: click until it has gone.
  await expect(async () => {
    if (await dialog.count()) await dialog.locator(".ant-modal-confirm-btns .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-dangerous").last().click({ timeout: 2_000 });
    await expect(dialog).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

export async function deleteRow(page: Page, rowText: string): Promise<void> {
  await rowAction(page, rowText, "delete");
  await confirm(page);
  await expect(rowWith(page, rowText)).toHaveCount(0);
}

/** Clicks Export and reads the downloaded workbook's first sheet as rows of text. */
export async function exportRows(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export").click()]);
  const file = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return rows;
}

/** An .xlsx file for the import dialog. */
export async function xlsxFile(rows: (string | number | boolean)[][]): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("import");
  rows.forEach((r) => ws.addRow(r));
  return { name: "import.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

/** Imports through the dialog; answers the outcome panel for assertions. */
export async function importFile(page: Page, file: Awaited<ReturnType<typeof xlsxFile>>): Promise<Locator> {
  await page.getByTestId("import").click();
  await page.locator(".ant-modal").filter({ visible: true }).locator("input[type=file]").setInputFiles(file);
  const outcome = page.getByTestId("import-outcome");
  await expect(outcome).toBeVisible();
  return outcome;
}

export async function closeImport(page: Page): Promise<void> {
  await page.locator(".ant-modal").filter({ visible: true }).locator(".ant-modal-footer button").click();
}
