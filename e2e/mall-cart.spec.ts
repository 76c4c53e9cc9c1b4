import path from "node:path";
import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { db } from "@/lib/db";
import * as factories from "@/lib/test/factories";
import { abs, BASE_PATH, clickUntilGone, expect, HOME, SCREENS_DIR, setLocaleCookie, signInState, test, waitForShell, type Locale } from "./fixtures";

// Issue 5: the carts and the submit-order form. A dealer made for this test (company D001, so
// its cart starts empty and specs can re-run on one database) adds a vehicle and parts from the
// malls, is told why a quantity cannot be ordered, edits a quantity (too many → the message),
// deletes a line after confirmation, meets an out-of-stock refusal at submission, and submits
// both orders from the carts, landing on each order. In both languages.

const uid = () => randomBytes(4).toString("hex").toUpperCase();
const PASSWORD = "Dealer@123456";

type Goods = { id: number; code: string; nameEn: string; nameZh: string };

async function makeGoods(kind: "VEHICLE" | "PART" | "DERIVATIVE", o: { price: string; stock: number; min: number }): Promise<Goods> {
  const code = `E2E-CART-${uid()}`;
  const nameEn = `${kind === "VEHICLE" ? "Cart car" : "Cart part"} ${code}`;
  const nameZh = `${kind === "VEHICLE" ? "购物车整车" : "购物车配件"} ${code}`;
  return factories.makeGoods({ kind, code, nameEn, nameZh, price: o.price, stock: o.stock, minOrderQty: o.min, vehicleModelId: null });
}

const setStock = (id: number, stock: number) => db().goods.update({ where: { id }, data: { stock } });

/** A dealer of D001 with the demo dealer role, for this test only. */
async function makeDealer(): Promise<string> {
  const d001 = await db().company.findUniqueOrThrow({ where: { code: "D001" }, select: { id: true } });
  const account = `e2e.cart.${uid().toLowerCase()}`;
  await factories.makeDealer({ companyId: d001.id, account, password: PASSWORD, name: `E2E ${account}` });
  return account;
}

/** Signs in through next-auth's credentials endpoint, as the sign-in screen does. */
async function signIn(context: BrowserContext, account: string): Promise<void> {
  const api = context.request;
  const { csrfToken } = (await (await api.get("api/auth/csrf")).json()) as { csrfToken: string };
  const res = await api.post("api/auth/callback/credentials", {
    form: { csrfToken, account, password: PASSWORD, companyCode: "D001", json: "true", callbackUrl: abs(HOME) },
    headers: { "X-Auth-Return-Redirect": "1" },
  });
  expect(res.ok(), `sign in as ${account}`).toBeTruthy();
  expect((await context.cookies()).some((c) => c.name.endsWith("next-auth.session-token"))).toBe(true);
}

const T = {
  "en-US": {
    vehicleCart: "Vehicle Cart",
    partsCart: "Parts Cart",
    only5: "Quantity is too large: only 5 in stock.",
    only20: "Quantity is too large: only 20 in stock.",
    atLeast2: "Quantity must be at least 2 (the minimum order quantity).",
    added: "Added to the cart.",
    lowStock: "Only 1 in stock",
    conflict: /Not enough stock for .*: 1 left/,
    submitted: /Order \w+ is submitted\./,
    name: (g: Goods) => g.nameEn,
    amount: "$0.40",
  },
  "zh-CN": {
    vehicleCart: "整车购物车",
    partsCart: "配件购物车",
    only5: "数量过多：库存仅剩 5。",
    only20: "数量过多：库存仅剩 20。",
    atLeast2: "数量不能少于 2（最小起订量）。",
    added: "已加入购物车。",
    lowStock: "库存仅剩 1",
    conflict: /库存不足：仅剩 1/,
    submitted: /订单 \w+ 已提交。/,
    name: (g: Goods) => g.nameZh,
    amount: "¥0.40",
  },
} as const;

async function open(page: Page, route: string): Promise<void> {
  const res = await page.goto(route);
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
}

const line = (page: Page, g: Goods) => page.locator(`[data-testid="cart-line"][data-goods-code="${g.code}"]`);

/** Adds goods from its detail page in the mall, trying a quantity that is refused first. */
async function addFromMall(page: Page, route: string, g: Goods, refused: string, message: string, quantity: string, added: string) {
  await open(page, `${route}?id=${g.id}`);
  const island = page.getByTestId("add-to-cart").first();
  const input = island.getByTestId("add-to-cart-quantity");
  await expect(input).toBeEditable();
  await input.fill(refused);
  await expect(island.getByTestId("add-to-cart-reason")).toHaveText(message);
  await expect(island.getByTestId("add-to-cart-button")).toBeDisabled();
  await input.fill(quantity);
  await expect(island.getByTestId("add-to-cart-reason")).toHaveCount(0);
  await island.getByTestId("add-to-cart-button").click();
  await expect(page.getByTestId("cart-added-toast").last()).toContainText(added);
}

/** Submits the selected lines from the cart with the default address and lands on the order. */
async function submitFromCart(page: Page, submitted: RegExp, orderRoute: string): Promise<void> {
  await page.getByTestId("cart-submit").click();
  const dialog = page.getByTestId("submit-order-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("submit-order-phone")).not.toHaveValue("");
  await clickUntilGone(dialog, page.getByTestId("submit-order-ok"));
  await expect(page.locator(".ant-message").getByText(submitted)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/${orderRoute}\\?id=\\d+$`));
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`cart: add vehicles and parts, edit, delete, submit both orders (${locale})`, async ({ page, context }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const car = await makeGoods("VEHICLE", { price: "199999.99", stock: 5, min: 1 });
    const dime = await makeGoods("PART", { price: "0.10", stock: 20, min: 2 });
    const other = await makeGoods("DERIVATIVE", { price: "12.50", stock: 9, min: 1 });
    await setLocaleCookie(context, locale);
    await signIn(context, await makeDealer());

    // The malls: the reason shows before the server is asked.
    await addFromMall(page, "onlineMall/car/goods", car, "9", t.only5, "2", t.added);
    await addFromMall(page, "onlineMall/mountings/goods", dime, "1", t.atLeast2, "3", t.added);
    await addFromMall(page, "onlineMall/mountings/derivativeGoods", other, "10", t.only5.replace("5", "9"), "1", t.added);

    // The parts cart: edit a quantity (too many → the message; then a good one → new subtotal).
    await open(page, "onlineMall/mountings/cart");
    await expect(page.getByTestId("page-title")).toHaveText(t.partsCart);
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const qty = line(page, dime).getByTestId("cart-line-quantity");
    await qty.fill("999");
    await qty.press("Tab");
    await expect(line(page, dime).getByTestId("cart-line-error")).toHaveText(t.only20);
    await qty.fill("4");
    await qty.press("Enter");
    await expect(line(page, dime).getByTestId("cart-line-subtotal")).toHaveText(t.amount);
    await page.screenshot({ path: path.join(SCREENS_DIR, `mall-cart-parts-${locale}.png`), fullPage: true });

    // Delete one line after confirmation.
    await page.getByTestId("cart-select-all").uncheck();
    await line(page, other).getByTestId("cart-line-check").check();
    await page.getByTestId("cart-delete-selected").click();
    const confirm = page.locator(".ant-modal-confirm").filter({ visible: true });
    await expect(confirm).toContainText(t.name(other));
    await confirm.locator(".ant-btn-dangerous, .ant-btn-primary").last().click();
    await expect(line(page, other)).toHaveCount(0);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);

    // Submit the parts order: only the remaining line, the default address.
    await line(page, dime).getByTestId("cart-line-check").check();
    await expect(page.getByTestId("cart-total-amount")).toHaveText(t.amount);
    await submitFromCart(page, t.submitted, "onlineMall/mountings/order");
    await expect(page.getByTestId("order-detail")).toContainText(t.name(dime));
    await open(page, "onlineMall/mountings/cart");
    await expect(page.getByTestId("cart-empty")).toBeVisible();

    // The vehicle cart: the stock runs out while the form is open → refused, the cart refreshes.
    await open(page, "onlineMall/car/cart");
    await expect(page.getByTestId("page-title")).toHaveText(t.vehicleCart);
    await expect(line(page, car)).toHaveCount(1);
    await page.getByTestId("cart-submit").click();
    await expect(page.getByTestId("submit-order-phone")).not.toHaveValue("");
    await setStock(car.id, 1);
    await page.getByTestId("submit-order-ok").click();
    await expect(page.getByTestId("submit-order-failure")).toContainText(t.conflict);
    await page.locator(".ant-modal-close").filter({ visible: true }).click();
    await expect(line(page, car).getByTestId("cart-line-flags")).toContainText(t.lowStock);
    await expect(page.getByTestId("cart-submit")).toBeDisabled();
    await page.screenshot({ path: path.join(SCREENS_DIR, `mall-cart-vehicle-flagged-${locale}.png`), fullPage: true });
    const carQty = line(page, car).getByTestId("cart-line-quantity");
    await carQty.fill("1");
    await carQty.press("Enter");
    await expect(line(page, car).getByTestId("cart-line-flags")).toHaveCount(0);
    await expect(page.getByTestId("cart-submit")).toBeEnabled();
    await submitFromCart(page, t.submitted, "onlineMall/car/order");
    await expect(page.getByTestId("order-detail")).toContainText(t.name(car));
  });
}

test("another dealer's cart line answers 404, another user's too, and staff have no cart", async ({ browser, loginAs, page }) => {
  const g = await makeGoods("PART", { price: "1.00", stock: 10, min: 1 });
  const mine = await browser.newContext();
  await signIn(mine, await makeDealer());
  const added = await mine.request.post("api/v1/cart", { data: { goodsId: g.id, quantity: 2 } });
  expect(added.status()).toBe(201);
  const { line } = (await added.json()) as { line: { id: number } };
  const me = await mine.newPage();
  await open(me, "onlineMall/mountings/cart");
  await expect(me.locator(`[data-testid="cart-line"][data-line-id="${line.id}"]`)).toBeVisible();

  // Another user of the same company, and a dealer of another company: the line is not theirs.
  const colleague = await browser.newContext();
  await signIn(colleague, await makeDealer());
  const other = await browser.newContext();
  await other.addCookies((await signInState("group", "D002")).cookies);
  for (const ctx of [colleague, other]) {
    expect((await ctx.request.patch(`api/v1/cart/${line.id}`, { data: { quantity: 3 } })).status()).toBe(404);
    expect((await ctx.request.delete(`api/v1/cart/${line.id}`)).status()).toBe(404);
    const cart = (await (await ctx.request.get("api/v1/cart?type=PARTS")).json()) as { lines: { id: number }[] };
    expect(cart.lines.some((l) => l.id === line.id)).toBe(false);
  }
  const them = await colleague.newPage();
  await open(them, "onlineMall/mountings/cart");
  await expect(them.locator(`[data-testid="cart-line"][data-line-id="${line.id}"]`)).toHaveCount(0);
  const still = (await (await mine.request.get("api/v1/cart?type=PARTS")).json()) as { lines: { id: number; quantity: number }[] };
  expect(still.lines.find((l) => l.id === line.id)?.quantity).toBe(2);
  await Promise.all([mine.close(), colleague.close(), other.close()]);

  await loginAs("staff");
  expect((await page.goto("onlineMall/car/cart"))?.status()).toBe(403);
  expect((await page.goto("onlineMall/mountings/cart"))?.status()).toBe(403);
  expect((await page.request.post("api/v1/cart", { data: { goodsId: g.id, quantity: 1 } })).status()).toBe(403);
});
