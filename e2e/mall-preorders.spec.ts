import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { makeGoods } from "@/lib/test/factories";
import { abs, clickUntilGone, confirmModal, expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";

// Issue 5: pre-orders. A dealer pre-orders a vehicle from its goods detail, sees it in the list;
// staff are told (bell), confirm it with an expected date and convert it into an order; the
// dealer is told, sees the pre-order converted with the linked order and opens that order.
// Another company's pre-order answers 404. In both languages.

const uid = () => randomBytes(4).toString("hex").toUpperCase();

async function makeVehicle(stock: number): Promise<{ id: number; nameEn: string; nameZh: string }> {
  const code = `E2E-PO-${uid()}`;
  return makeGoods({ kind: "VEHICLE", code, nameEn: `Pre-order car ${code}`, nameZh: `预订整车 ${code}`, price: "158000.00", stock, vehicleModelId: null });
}

const T = {
  "en-US": { title: "Pre-orders", submitted: "Submitted", confirmed: "Confirmed", converted: "Converted to order", newPreOrder: "New pre-order", convertedTitle: "converted" },
  "zh-CN": { title: "预订单", submitted: "已提交", confirmed: "已确认", converted: "已转订单", newPreOrder: "新预订单", convertedTitle: "已转为订单" },
} as const;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

async function open(page: Page, route: string) {
  await page.goto(abs(route), { timeout: 90_000 });
  await waitForShell(page);
}

/** Opens the bell and answers the panel (its list loads on first open). */
async function openBell(page: Page) {
  await page.getByTestId("notification-bell").click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel).toBeVisible();
  return panel;
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`pre-order: dealer creates from a goods, staff confirm and convert, the dealer sees the order (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const goods = await makeVehicle(3);
    const name = locale === "zh-CN" ? goods.nameZh : goods.nameEn;

    const dealerCtx = await browser.newContext();
    const staffCtx = await browser.newContext();
    try {
      for (const ctx of [dealerCtx, staffCtx]) await setLocaleCookie(ctx, locale);
      const { signInState } = await import("./fixtures");
      await dealerCtx.addCookies((await signInState("dealer")).cookies);
      await staffCtx.addCookies((await signInState("staff")).cookies);
      const dealer = await dealerCtx.newPage();
      const staff = await staffCtx.newPage();

      // The dealer opens the goods and pre-orders two.
      await open(dealer, `onlineMall/car/goods?id=${goods.id}`);
      await expect(dealer.getByTestId("goods-detail-name")).toHaveText(name);
      await dealer.getByTestId("pre-order-button").click();
      const form = dealer.getByTestId("pre-order-form");
      await expect(form).toBeVisible({ timeout: 60_000 });
      await dealer.getByTestId("pre-order-quantity").fill("2");
      await dealer.getByTestId("pre-order-remark").fill(`E2E ${locale}`);
      await dealer.screenshot({ path: path.join(SCREENS_DIR, `mall-preorder-form-${locale}.png`) });
      await dealer.getByTestId("pre-order-submit").click();
      const created = dealer.getByTestId("pre-order-created");
      await expect(created).toBeVisible({ timeout: 30_000 });
      const preOrderNo = (await created.textContent())!.match(/PO\d+/)![0];

      // It is in the dealer's list, submitted.
      await open(dealer, `onlineMall/car/preOrder?preOrderNo=${preOrderNo}`);
      await expect(dealer.getByTestId("page-title")).toHaveText(t.title);
      const row = dealer.locator(`[data-testid="pre-order-row"][data-pre-order-no="${preOrderNo}"]`);
      await expect(row).toContainText(name);
      await expect(row.getByTestId("pre-order-status")).toHaveText(t.submitted);
      await dealer.screenshot({ path: path.join(SCREENS_DIR, `mall-preorder-list-${locale}.png`), fullPage: true });
      const id = Number(new URL((await row.getByRole("link", { name: preOrderNo }).getAttribute("href")) ?? "", "http://x").searchParams.get("id"));
      expect(id).toBeGreaterThan(0);

      // Staff are told in the bell, open it and confirm with a date.
      await open(staff, "system/workbench/home");
      await expect(staff.getByTestId("notification-count")).toBeVisible({ timeout: 30_000 });
      const staffPanel = await openBell(staff);
      const item = staffPanel.getByTestId("notification-item").filter({ hasText: preOrderNo });
      await expect(item).toContainText(t.newPreOrder);
      await item.click();
      await expect(staff).toHaveURL(new RegExp(`onlineMall/car/preOrder\\?id=${id}$`));
      await expect(staff.getByTestId("pre-order-detail")).toHaveAttribute("data-status", "SUBMITTED");
      await staff.getByTestId("pre-order-confirm").click();
      await staff.getByTestId("pre-order-expected-date").fill(inDays(20));
      await clickUntilGone(staff.getByTestId("pre-order-dialog"), staff.getByTestId("pre-order-dialog-ok"));
      await expect(staff.getByTestId("pre-order-detail")).toHaveAttribute("data-status", "CONFIRMED", { timeout: 30_000 });
      await expect(staff.getByTestId("detail-expectedDate")).toHaveText(inDays(20));
      await expect(staff.getByTestId("detail-status")).toHaveText(t.confirmed);

      // …and convert it into an order.
      await staff.getByTestId("pre-order-convert").click();
      await confirmModal(staff);
      await expect(staff.getByTestId("pre-order-detail")).toHaveAttribute("data-status", "CONVERTED", { timeout: 30_000 });
      const orderLink = staff.getByTestId("detail-order");
      await expect(orderLink).toHaveText(/^SO\d+/);
      const orderNo = (await orderLink.textContent())!;
      await staff.screenshot({ path: path.join(SCREENS_DIR, `mall-preorder-detail-staff-${locale}.png`), fullPage: true });

      // The dealer is told, sees the pre-order converted and opens the linked order.
      await open(dealer, "system/workbench/home");
      const dealerPanel = await openBell(dealer);
      await expect(dealerPanel.getByTestId("notification-item").filter({ hasText: orderNo })).toContainText(t.convertedTitle);
      await dealer.screenshot({ path: path.join(SCREENS_DIR, `notification-bell-${locale}.png`) });
      await open(dealer, `onlineMall/car/preOrder?id=${id}`);
      await expect(dealer.getByTestId("detail-status")).toHaveText(t.converted);
      await expect(dealer.getByTestId("pre-order-actions")).toHaveCount(0);
      await dealer.getByTestId("detail-order").click();
      await expect(dealer).toHaveURL(/onlineMall\/car\/order\?id=\d+/);
      await expect(dealer.getByTestId("order-detail")).toHaveAttribute("data-order-no", orderNo, { timeout: 60_000 });
    } finally {
      await dealerCtx.close();
      await staffCtx.close();
    }
  });
}

test("a dealer cancels its own pre-order; another company's pre-order is 404", async ({ browser }) => {
  test.setTimeout(180_000);
  const goods = await makeVehicle(0);
  const { signInState } = await import("./fixtures");
  const ctx = await browser.newContext();
  try {
    await setLocaleCookie(ctx, "en-US");
    await ctx.addCookies((await signInState("dealer")).cookies);
    const page = await ctx.newPage();
    await open(page, `onlineMall/car/goods?id=${goods.id}`);
    await page.getByTestId("pre-order-button").click();
    await expect(page.getByTestId("pre-order-form")).toBeVisible({ timeout: 60_000 });
    // A bad phone: the server's message lands on the field and goes once it changes.
    await page.getByTestId("pre-order-phone").fill("123");
    await page.getByTestId("pre-order-submit").click();
    const error = page.getByTestId("pre-order-form").getByText("Contact phone is not a valid mobile phone number");
    await expect(error).toBeVisible();
    await page.getByTestId("pre-order-phone").fill("13912345678");
    await expect(error).toHaveCount(0);
    await page.getByTestId("pre-order-submit").click();
    const created = page.getByTestId("pre-order-created");
    await expect(created).toBeVisible({ timeout: 30_000 });
    await created.getByRole("link").click();
    await expect(page.getByTestId("pre-order-detail")).toHaveAttribute("data-status", "SUBMITTED", { timeout: 60_000 });
    const id = new URL(page.url()).searchParams.get("id");
    await page.getByTestId("pre-order-cancel").click();
    await confirmModal(page);
    await expect(page.getByTestId("pre-order-detail")).toHaveAttribute("data-status", "CANCELLED", { timeout: 30_000 });

    // dealer.group acting for D002 cannot see D001's pre-order.
    const other = await browser.newContext();
    try {
      await other.addCookies((await signInState("group", "D002")).cookies);
      const p2 = await other.newPage();
      // Another company's pre-order: the not-found screen.
      await p2.goto(abs(`onlineMall/car/preOrder?id=${id}`), { timeout: 90_000 });
      await expect(p2.getByTestId("not-found")).toBeVisible();
      await expect(p2.getByTestId("pre-order-detail")).toHaveCount(0);
      const api = await other.request.get(abs(`api/v1/pre-orders/${id}`));
      expect(api.status()).toBe(404);
    } finally {
      await other.close();
    }
  } finally {
    await ctx.close();
  }
});
