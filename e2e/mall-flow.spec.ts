import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { ACCOUNTS, confirmModal, expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { makeAddress, makeDealerCompany, makeSaleGoods, makeVehicles, PASSWORD, signIn, vehicleStatuses, type TestGoods } from "./mall-orders-db";
import { addFromMall, open, submitCart } from "./mall-ui";

// Issue 5, the whole story in each language: a dealer (a company made for the test, with a
// default address) browses the vehicle mall and the parts malls, adds a vehicle, a part and a
// derivative to the carts, submits both orders and sees them in the order lists; staff confirm
// both and ship them (the vehicle order with VINs from factory stock); the dealer confirms
// receipt; staff record a payment and the dealer's reconciliation shows it.

const T = {
  "en-US": {
    money: (v: string) => `$${v}`,
    added: "Added to the cart.",
    submitted: /Order \w+ is submitted\./,
    yes: "Yes, go ahead",
    ship: "Ship",
    pay: "Record payment",
    vehicleOrders: "Vehicle orders",
    partsOrders: "Parts orders",
    name: (g: TestGoods) => g.nameEn,
  },
  "zh-CN": {
    money: (v: string) => `¥${v}`,
    added: "已加入购物车。",
    submitted: /订单 \w+ 已提交。/,
    yes: "是，继续",
    ship: "发货",
    pay: "登记付款",
    vehicleOrders: "整车订单",
    partsOrders: "配件订单",
    name: (g: TestGoods) => g.nameZh,
  },
} as const;

const spaced = (label: string) => new RegExp(`^${label.split("").join("\\s?")}$`);
/** After an action the page refreshes from the server; `next dev` may be compiling meanwhile. */
const SLOW = { timeout: 60_000 };

const modal = (page: Page) => page.locator(".ant-modal-wrap").filter({ visible: true });
const shot = (page: Page, name: string, locale: Locale) => page.screenshot({ path: path.join(SCREENS_DIR, `mall-flow-${name}-${locale}.png`), fullPage: true });

async function openOrder(page: Page, route: string, orderNo: string): Promise<void> {
  await open(page, `${route}?orderNo=${orderNo}`);
  await page.getByRole("link", { name: orderNo }).click();
  await expect(page.getByTestId("order-detail")).toHaveAttribute("data-order-no", orderNo);
}

async function confirmOrder(page: Page, yes: string) {
  await page.getByTestId("order-confirm").click();
  await expect(page.locator(".ant-modal-confirm").getByRole("button", { name: yes })).toBeVisible();
  await confirmModal(page);
  await expect(page.getByTestId("order-detail")).toHaveAttribute("data-status", "CONFIRMED", SLOW);
}

async function ship(page: Page, label: string, logisticsNo: string) {
  await page.getByTestId("order-ship").click();
  const dialog = modal(page);
  await dialog.getByTestId("ship-factory").fill("Ningbo Plant");
  await dialog.getByTestId("ship-logistics-company").fill("Anji Logistics");
  await dialog.getByTestId("ship-logistics-no").fill(logisticsNo);
  await dialog.getByRole("button", { name: spaced(label) }).click();
  await expect(page.getByTestId("order-detail")).toHaveAttribute("data-status", "SHIPPED", SLOW);
}

async function receive(page: Page, yes: string) {
  await page.getByTestId("order-receive").click();
  await expect(page.locator(".ant-modal-confirm").getByRole("button", { name: yes })).toBeVisible();
  await confirmModal(page);
  await expect(page.getByTestId("order-detail")).toHaveAttribute("data-status", "COMPLETED", SLOW);
}

const row = (page: Page, type: "VEHICLE" | "PARTS") => page.locator(`[data-testid="reconcile-row"][data-type="${type}"]`);

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`mall flow: browse, cart, two orders, confirm, ship with VINs, receipt, payment in reconciliation (${locale})`, async ({ browser }) => {
    test.setTimeout(480_000);
    const t = T[locale];
    const dealer = await makeDealerCompany();
    await makeAddress(dealer.companyId);
    const car = await makeSaleGoods("VEHICLE", "150000.00", 5);
    const vins = await makeVehicles(car.id, 3);
    const part = await makeSaleGoods("PART", "12.30", 50);
    const cap = await makeSaleGoods("DERIVATIVE", "0.20", 10);

    const dealerCtx: BrowserContext = await browser.newContext();
    const staffCtx: BrowserContext = await browser.newContext();
    await setLocaleCookie(dealerCtx, locale);
    await setLocaleCookie(staffCtx, locale);
    await signIn(dealerCtx, dealer.account, PASSWORD, dealer.code);
    await signIn(staffCtx, ACCOUNTS.staff.account, ACCOUNTS.staff.password);
    const dp = await dealerCtx.newPage();
    const sp = await staffCtx.newPage();

    // The dealer browses the malls and fills both carts.
    await addFromMall(dp, "onlineMall/car/goods", car, 2, t.added);
    await addFromMall(dp, "onlineMall/mountings/goods", part, 3, t.added);
    await addFromMall(dp, "onlineMall/mountings/derivativeGoods", cap, 1, t.added);

    // Both orders from the carts; each lands on its detail.
    const carNo = await submitCart(dp, "onlineMall/car/cart", "onlineMall/car/order", t.submitted);
    await expect(dp.getByTestId("detail-amount")).toHaveText(t.money("300,000.00"));
    await expect(dp.getByTestId("detail-line")).toContainText(t.name(car));
    const partsNo = await submitCart(dp, "onlineMall/mountings/cart", "onlineMall/mountings/order", t.submitted);
    await expect(dp.getByTestId("detail-amount")).toHaveText(t.money("37.10"));
    await expect(dp.getByTestId("detail-line")).toHaveCount(2);

    // …and sees them in the order lists.
    await open(dp, "onlineMall/car/order");
    await expect(dp.getByTestId("page-title")).toHaveText(t.vehicleOrders);
    await expect(dp.getByTestId("order-row")).toHaveCount(1);
    await expect(dp.getByTestId("order-row")).toHaveAttribute("data-order-no", carNo);
    await open(dp, "onlineMall/mountings/order");
    await expect(dp.getByTestId("page-title")).toHaveText(t.partsOrders);
    await expect(dp.getByTestId("order-row")).toHaveAttribute("data-order-no", partsNo);
    await shot(dp, "dealer-orders", locale);

    // Staff confirm both and ship them; the vehicle order takes the two oldest VINs offered.
    await openOrder(sp, "onlineMall/car/order", carNo);
    await confirmOrder(sp, t.yes);
    await sp.getByTestId("order-ship").click();
    const vinSelect = modal(sp).getByTestId(`ship-vins-${car.id}`);
    await expect(vinSelect).toContainText(vins[0]);
    await expect(vinSelect).toContainText(vins[1]);
    await modal(sp)
      .getByRole("button", { name: spaced(t.ship) })
      .click(); // closes only when valid
    await expect(sp.getByTestId("order-detail")).toHaveAttribute("data-status", "CONFIRMED", SLOW);
    await modal(sp).getByTestId("ship-factory").fill("Ningbo Plant");
    await modal(sp).getByTestId("ship-logistics-company").fill("Anji Logistics");
    await modal(sp).getByTestId("ship-logistics-no").fill("AJ-FLOW-1");
    await shot(sp, "staff-ship", locale);
    await modal(sp)
      .getByRole("button", { name: spaced(t.ship) })
      .click();
    await expect(sp.getByTestId("order-detail")).toHaveAttribute("data-status", "SHIPPED", SLOW);
    await expect(sp.getByTestId("detail-vin")).toHaveCount(2);
    await openOrder(sp, "onlineMall/mountings/order", partsNo);
    await confirmOrder(sp, t.yes);
    await ship(sp, t.ship, "SF-FLOW-2");

    // The dealer confirms receipt of both; the vehicles are now in its stock.
    await openOrder(dp, "onlineMall/car/order", carNo);
    await expect(dp.getByTestId("detail-logisticsNo")).toHaveText("AJ-FLOW-1");
    await receive(dp, t.yes);
    await openOrder(dp, "onlineMall/mountings/order", partsNo);
    await receive(dp, t.yes);
    expect(
      (await vehicleStatuses(vins))
        .filter((v) => v.status === "IN_STOCK")
        .map((v) => v.vin)
        .sort(),
    ).toEqual([vins[0], vins[1]].sort());

    // Staff record a payment on the vehicle order; the reconciliation follows.
    await open(dp, "onlineMall/car/orderReconcil");
    await expect(row(dp, "VEHICLE").getByTestId("reconcile-unpaid")).toHaveText(t.money("300,000.00"));
    await openOrder(sp, "onlineMall/car/order", carNo);
    await sp.getByTestId("order-pay").click();
    await modal(sp).getByTestId("pay-amount").fill("100000.50");
    await modal(sp)
      .getByRole("button", { name: spaced(t.pay) })
      .click();
    await expect(sp.getByTestId("detail-paid")).toHaveText(t.money("100,000.50"));
    await dp.reload();
    await waitForShell(dp);
    await expect(row(dp, "VEHICLE").getByTestId("reconcile-total")).toHaveText(t.money("300,000.00"));
    await expect(row(dp, "VEHICLE").getByTestId("reconcile-paid")).toHaveText(t.money("100,000.50"));
    await expect(row(dp, "VEHICLE").getByTestId("reconcile-unpaid")).toHaveText(t.money("199,999.50"));
    await expect(row(dp, "PARTS").getByTestId("reconcile-unpaid")).toHaveText(t.money("37.10"));
    await expect(dp.getByTestId("reconcile-sum")).toContainText(t.money("300,037.10"));
    await shot(dp, "dealer-reconcile", locale);

    await dealerCtx.close();
    await staffCtx.close();
  });
}
