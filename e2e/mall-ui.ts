import type { Page } from "@playwright/test";
import { BASE_PATH, clickUntilGone, expect, waitForShell } from "./fixtures";
import type { TestGoods } from "./mall-orders-db";

// A dealer's steps in the malls through the screens, shared by the specs that order.

export async function open(page: Page, route: string): Promise<void> {
  const res = await page.goto(route);
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
}

/** Finds goods in a mall by searching its code and adds a quantity from its card. */
export async function addFromMall(page: Page, route: string, g: TestGoods, quantity: number, added: string) {
  await open(page, route);
  await page.getByTestId("goods-search").locator('input[name="q"]').fill(g.code);
  await page.getByTestId("goods-search").locator('input[name="q"]').press("Enter");
  const card = page.locator(`[data-testid="goods-card"][data-code="${g.code}"]`);
  await expect(card).toBeVisible();
  await expect(page.getByTestId("goods-card")).toHaveCount(1);
  const input = card.getByTestId("add-to-cart-quantity");
  await expect(input).toBeEditable();
  await input.fill(String(quantity));
  await card.getByTestId("add-to-cart-button").click();
  await expect(page.getByTestId("cart-added-toast").last()).toContainText(added);
}

/** Submits every line of a cart with the default address; returns the new order's number. */
export async function submitCart(page: Page, cart: string, orderRoute: string, submitted: RegExp): Promise<string> {
  await open(page, cart);
  await expect(page.getByTestId("cart-submit")).toBeEnabled();
  await page.getByTestId("cart-submit").click();
  await expect(page.getByTestId("submit-order-dialog")).toBeVisible();
  await expect(page.getByTestId("submit-order-phone")).not.toHaveValue("");
  await clickUntilGone(page.getByTestId("submit-order-dialog"), page.getByTestId("submit-order-ok"));
  await expect(page.locator(".ant-message").getByText(submitted)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/${orderRoute}\\?id=\\d+$`));
  const detail = page.getByTestId("order-detail");
  await expect(detail).toHaveAttribute("data-status", "SUBMITTED");
  return (await detail.getAttribute("data-order-no"))!;
}
