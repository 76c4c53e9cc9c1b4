import { expect, type Locator, type Page } from "@playwright/test";
import { waitForShell } from "./fixtures";

// Drives a screen on the server-rendered list kit (components/list/record-list.tsx): the
// filters form `<id>-filters` with its `<id>-search` button, the table `<id>-table` (or the
// empty state `<id>-empty`) whose rows carry data-row-key, and row actions `action-<key>`.
// The drawers and confirmations are the admin pattern's: ./admin-helpers.ts drives them.

export const listTable = (page: Page, id: string): Locator => page.getByTestId(`${id}-table`);
export const listRow = (page: Page, id: string, text: string): Locator => listTable(page, id).locator("tr[data-row-key]").filter({ hasText: text });

/** Opens the list's route and waits for its table or its empty state. */
export async function openList(page: Page, route: string, id: string): Promise<void> {
  const res = await page.goto(route);
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
  await expect(listTable(page, id).or(page.getByTestId(`${id}-empty`))).toBeVisible();
}

/** Fills the filter `name` and searches; the URL carries the filter and the list is drawn. */
export async function searchList(page: Page, id: string, name: string, value: string): Promise<void> {
  const form = page.getByTestId(`${id}-filters`);
  await form.locator(`[name="${name}"]`).fill(value);
  await form.getByTestId(`${id}-search`).click();
  await expect.poll(() => new URL(page.url()).searchParams.get(name)).toBe(value);
  await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);
}

export async function listRowAction(page: Page, id: string, rowText: string, action: string): Promise<void> {
  await listRow(page, id, rowText).getByTestId(`action-${action}`).click();
}
