import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { chooseSelectOption, expect, layoutShift, SCREENS_DIR, test, waitForShell } from "./fixtures";
import { db, makeAddress, makeDealerCompany, makeSaleGoods, PASSWORD, signIn, uid, vin } from "./mall-orders-db";

// Issue 18: a dealer on a phone (390 × 844, touch). The core flows, driven the way a thumb does:
// the menu from its drawer, the mall → cart → order, a complaint with a photo from the camera
// button, a vehicle by VIN. On every screen the page is no wider than the phone.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS_DIR, `phone-${name}.png`), fullPage: true });

/** Nothing sticks out sideways: the document is as wide as the viewport. */
async function expectFits(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: "the page is wider than the phone" }).toBeLessThanOrEqual(390);
}

async function open(page: Page, route: string) {
  const res = await page.goto(route);
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
  await expectFits(page);
}

/** Opens the menu drawer and follows a link in it (the rail and menu are hidden on a phone). */
async function viaMenu(page: Page, groups: string[], item: string) {
  const toggle = page.getByTestId("menu-drawer-toggle");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expect(menu).toBeVisible();
  for (const group of groups) {
    const summary = menu.getByTestId(`menu-group-${group}`);
    if ((await summary.locator("xpath=..").getAttribute("open")) === null) await summary.click();
  }
  await menu.getByTestId(`menu-${item}`).click();
  // Following a link closes the drawer.
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeHidden();
  await waitForShell(page);
}

test.describe("a dealer on a phone", () => {
  test.setTimeout(240_000);

  test("the shell fits, and the menu opens as a drawer that Escape closes", async ({ browser }) => {
    const dealer = await makeDealerCompany();
    const ctx = await browser.newContext();
    try {
      await signIn(ctx, dealer.account, PASSWORD, dealer.code);
      const page = await ctx.newPage();
      await open(page, "system/workbench/home");
      // The header's controls stay, the wide-screen ones are replaced.
      const header = page.locator("header");
      await expect(header.getByRole("link", { name: "Dealer Platform" })).toBeVisible();
      await expect(header.getByTestId("language-switcher")).toBeHidden();
      await expect(header.getByTestId("user-menu")).toBeVisible();
      // The first paint is the final layout: the page starts at the left edge, no rail, no shift.
      const box = await page.locator("main").boundingBox();
      expect(box!.x).toBe(0);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      const toggle = page.getByTestId("menu-drawer-toggle");
      await toggle.click();
      await expect(page.getByTestId("menu-language-switcher")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main menu" }).locator("a, summary").first()).toBeFocused();
      await shot(page, "menu-drawer");
      await page.keyboard.press("Escape");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toBeFocused();
      // Touch targets of the header are at least 44 px.
      for (const el of [toggle, header.getByTestId("user-menu")]) {
        const b = (await el.boundingBox())!;
        expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
      }
    } finally {
      await ctx.close();
    }
  });

  test("every screen of the dealer's menu fits the phone and does not move as it loads", async ({ page, loginAs }) => {
    await loginAs("dealer");
    await open(page, "system/workbench/home");
    // The dealer's menu, as the server rendered it (links inside closed groups included).
    const routes = await page
      .locator('nav[aria-label="Main menu"] a[href]')
      .evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).pathname.replace(/^\/customerWeb\//, "")));
    expect(routes.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const route of routes) {
      const res = await page.goto(route);
      expect(res?.status(), route).toBe(200);
      await waitForShell(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      const shift = await layoutShift(page);
      if (width > 390) problems.push(`${route}: ${width} px wide`);
      if (shift >= 0.01) problems.push(`${route}: layout shift ${shift.toFixed(3)}`);
    }
    expect(problems).toEqual([]);
  });

  test("browse the mall, add to the cart, submit the order", async ({ browser }) => {
    const dealer = await makeDealerCompany();
    await makeAddress(dealer.companyId);
    const part = await makeSaleGoods("PART", "8.80", 40);
    const ctx = await browser.newContext();
    try {
      await signIn(ctx, dealer.account, PASSWORD, dealer.code);
      const page = await ctx.newPage();
      await open(page, "system/workbench/home");
      await viaMenu(page, ["onlineMall", "onlineMall.mountings"], "onlineMall.mountings.goods");
      await expect(page).toHaveURL(/onlineMall\/mountings\/goods/);
      await expectFits(page);
      const q = page.getByTestId("goods-search").locator('input[name="q"]');
      await q.fill(part.code);
      await q.press("Enter");
      const card = page.locator(`[data-testid="goods-card"][data-code="${part.code}"]`);
      await expect(card).toBeVisible();
      await expectFits(page);
      await card.getByTestId("add-to-cart-quantity").fill("4");
      await card.getByTestId("add-to-cart-button").tap();
      await expect(page.getByTestId("cart-added-toast").last()).toBeVisible();
      await shot(page, "mall");

      await open(page, "onlineMall/mountings/cart");
      const submit = page.getByTestId("cart-submit");
      await expect(submit).toBeEnabled();
      // Reachable by a thumb: inside the screen without scrolling sideways, and big enough.
      const b = (await submit.boundingBox())!;
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
      await shot(page, "cart");
      await submit.tap();
      await expect(page.getByTestId("submit-order-dialog")).toBeVisible();
      await expect(page.getByTestId("submit-order-phone")).not.toHaveValue("");
      await page.getByTestId("submit-order-ok").tap();
      await expect(page).toHaveURL(/onlineMall\/mountings\/order\?id=\d+$/);
      await expect(page.getByTestId("order-detail")).toHaveAttribute("data-status", "SUBMITTED");
      await expectFits(page);
      await shot(page, "order");
    } finally {
      await ctx.close();
    }
  });

  test("file a complaint with a photo from the camera", async ({ browser }) => {
    const dealer = await makeDealerCompany();
    const description = `Phone ${uid()}: the tailgate rattles on cobbles.`;
    const ctx = await browser.newContext();
    try {
      await signIn(ctx, dealer.account, PASSWORD, dealer.code);
      const page = await ctx.newPage();
      await open(page, "afterSale/complaint");
      await page.getByTestId("complaint-file").tap();
      const form = page.getByTestId("complaint-form");
      await expect(form).toBeVisible({ timeout: 60_000 });
      // The camera button (a touch screen's) opens the back camera; the picker stays beside it.
      const camera = form.getByTestId("upload-camera");
      await expect(camera).toBeVisible({ timeout: 60_000 });
      const input = camera.locator("input[type=file]");
      await expect(input).toHaveAttribute("capture", "environment");
      await expect(input).toHaveAttribute("accept", "image/*");
      const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#8a6d3b" } })
        .jpeg()
        .toBuffer();
      await input.setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
      const images = form.getByTestId("upload-image");
      await expect(images.locator(".ant-upload-list-item")).toHaveCount(1);
      await expect(form.locator(".ant-upload-list-item-uploading, .ant-upload-list-item-error")).toHaveCount(0, { timeout: 30_000 });
      await chooseSelectOption(page, page.getByTestId("complaint-category"), "Warranty claim");
      await page.getByTestId("complaint-description").fill(description);
      await expectFits(page);
      await shot(page, "complaint-form");
      await page.getByTestId("complaint-submit").tap();
      await expect(page.getByTestId("complaint-filed")).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveURL(/afterSale\/complaint\?id=\d+$/, { timeout: 60_000 });
      await expect(page.getByTestId("complaint-image")).toHaveCount(1);
      await expectFits(page);
    } finally {
      await ctx.close();
    }
  });

  test("look up a vehicle by VIN", async ({ browser }) => {
    const dealer = await makeDealerCompany();
    const model = await db().vehicleModel.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true } });
    const goods = await db().goods.findFirstOrThrow({ where: { vehicleModelId: model.id }, select: { id: true } });
    const v = vin(`LPH${uid()}${uid().slice(0, 5)}`.replace(/[IOQ]/g, "A"));
    await db().vehicle.create({
      data: { vin: v, goodsId: goods.id, vehicleModelId: model.id, status: "IN_STOCK", companyId: dealer.companyId, colour: "Pearl white", entryAt: new Date() },
    });
    const ctx = await browser.newContext();
    try {
      await signIn(ctx, dealer.account, PASSWORD, dealer.code);
      const page = await ctx.newPage();
      await open(page, "car/vehicleInformation");
      await page.getByTestId("vin-input").fill(v.toLowerCase());
      await page.getByTestId("vin-submit").tap();
      await expect(page.getByTestId("vehicle-info")).toHaveAttribute("data-vin", v);
      await expectFits(page);
      await shot(page, "vehicle-info");
    } finally {
      await ctx.close();
    }
  });
});
