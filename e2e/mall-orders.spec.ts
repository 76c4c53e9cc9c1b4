import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { ACCOUNTS, confirmModal, expect, pathRe, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { makeDealerCompany, makeGoods, makeOrder, makeVehicles, PASSWORD, signIn, uid, vehicleStatuses } from "./mall-orders-db";

// Issue 5: the order lists and details, dealer and staff, and reconciliation. A dealer company
// made for the test (so its lists and sums hold only this test's orders) filters its parts
// orders, opens one, cancels it after confirmation and deletes it; staff confirm a vehicle
// order and ship it choosing the VINs; the dealer confirms receipt; staff record a payment and
// the reconciliation's paid and unpaid sums follow. In both languages.

const T = {
  "en-US": {
    partsTitle: "Parts orders",
    vehicleTitle: "Vehicle orders",
    count: (n: number) => (n === 1 ? "1 order" : `${n} orders`),
    money: (v: string) => `$${v}`,
    yes: "Yes, go ahead",
    cancelOrder: "Cancel order",
    ship: "Ship",
    pay: "Record payment",
    cancelled: /Order \w+ is cancelled\./,
    deleted: /Order \w+ is deleted\./,
    shipped: /Order \w+ is shipped\./,
    paymentDone: "The payment is recorded.",
    statusSubmitted: "Submitted",
    reconcileTitle: "Order reconciliation",
    parts: "Parts orders",
    notFound: "404",
  },
  "zh-CN": {
    partsTitle: "配件订单",
    vehicleTitle: "整车订单",
    count: (n: number) => `共 ${n} 个订单`,
    money: (v: string) => `¥${v}`,
    yes: "是，继续",
    cancelOrder: "取消订单",
    ship: "发货",
    pay: "登记付款",
    cancelled: /订单 \w+ 已取消。/,
    deleted: /订单 \w+ 已删除。/,
    shipped: /订单 \w+ 已发货。/,
    paymentDone: "付款已登记。",
    statusSubmitted: "已提交",
    reconcileTitle: "订单对账",
    parts: "配件订单",
    notFound: "404",
  },
} as const;

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await waitForShell(page);
  return page;
}

/** A button's name as antd shows it: two CJK characters get a space between them ("发 货"). */
const spaced = (label: string) => new RegExp(`^${label.split("").join("\\s?")}$`);

/** After an action the page refreshes from the server; `next dev` may be compiling meanwhile. */
const SLOW = { timeout: 60_000 };

const modal = (page: Page) => page.locator(".ant-modal-wrap").filter({ visible: true });

/** The dialog offers its translated "yes"; answered with confirmModal, which clicks again when
 * a click lands during the opening animation and is lost. */
async function confirmYes(page: Page, yes: string) {
  await expect(page.locator(".ant-modal-confirm").getByRole("button", { name: yes })).toBeVisible();
  await confirmModal(page);
}

const shot = (page: Page, name: string, locale: Locale) => page.screenshot({ path: path.join(SCREENS_DIR, `mall-orders-${name}-${locale}.png`), fullPage: true });

const reconcileRow = (page: Page, type: "VEHICLE" | "PARTS") => page.locator(`[data-testid="reconcile-row"][data-type="${type}"]`);

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`orders: dealer cancels and deletes, staff confirm and ship with VINs, receipt, payment in reconciliation (${locale})`, async ({ browser }) => {
    test.setTimeout(420_000);
    const t = T[locale];
    const dealer = await makeDealerCompany();
    const part = await makeGoods("PART", "0.10");
    const car = await makeGoods("VEHICLE", "200000.00");
    const vins = await makeVehicles(car.id, 3);
    const prefix = `SOE${uid()}`;
    const cancelNo = `${prefix}1`;
    const carNo = `${prefix}2`;
    const payNo = `${prefix}3`;
    const cancelId = await makeOrder({ companyId: dealer.companyId, userId: dealer.userId, type: "PARTS", goods: part, quantity: 301, orderNo: cancelNo });
    await makeOrder({ companyId: dealer.companyId, userId: dealer.userId, type: "VEHICLE", goods: car, quantity: 2, orderNo: carNo });
    await makeOrder({ companyId: dealer.companyId, userId: dealer.userId, type: "PARTS", goods: part, quantity: 3, orderNo: payNo, status: "CONFIRMED" });

    const dealerCtx = await browser.newContext();
    const staffCtx = await browser.newContext();
    await setLocaleCookie(dealerCtx, locale);
    await setLocaleCookie(staffCtx, locale);
    await signIn(dealerCtx, dealer.account, PASSWORD, dealer.code);
    await signIn(staffCtx, ACCOUNTS.staff.account, ACCOUNTS.staff.password);

    // The dealer's parts orders: two, then filtered by status and by number.
    const dp = await open(dealerCtx, "onlineMall/mountings/order");
    await expect(dp.getByTestId("page-title")).toHaveText(t.partsTitle);
    await expect(dp.getByTestId("order-count")).toHaveText(t.count(2));
    await dp.locator("#orders-status").selectOption("SUBMITTED");
    await dp.getByTestId("order-search").click();
    await expect(dp).toHaveURL(/status=SUBMITTED/);
    await expect(dp.getByTestId("order-row")).toHaveCount(1);
    await expect(dp.getByTestId("order-row")).toHaveAttribute("data-order-no", cancelNo);
    await expect(dp.getByTestId("order-status")).toHaveText(t.statusSubmitted);
    await dp.locator("#orders-status").selectOption("");
    await dp.locator("#orders-orderNo").fill(payNo.toLowerCase());
    await dp.getByTestId("order-search").click();
    await expect(dp.getByTestId("order-row")).toHaveCount(1);
    await expect(dp.getByTestId("order-row")).toHaveAttribute("data-order-no", payNo);
    await dp.getByTestId("order-reset").click();
    await expect(dp.getByTestId("order-row")).toHaveCount(2);
    await expect(dp.locator("#orders-orderNo")).toHaveValue("");
    await shot(dp, "dealer-list", locale);

    // Its detail: every field, then cancel (with a reason) and delete, each after confirmation.
    await dp.getByRole("link", { name: cancelNo }).click();
    const detail = dp.getByTestId("order-detail");
    await expect(detail).toHaveAttribute("data-status", "SUBMITTED");
    await expect(dp.getByTestId("detail-amount")).toHaveText(t.money("30.10"));
    await expect(dp.getByTestId("detail-quantity")).toHaveText("301");
    await expect(dp.getByTestId("detail-customer")).toContainText(dealer.code);
    await expect(dp.getByTestId("detail-line")).toContainText(locale === "zh-CN" ? part.nameZh : part.nameEn);
    await expect(dp.getByTestId("history-step")).toHaveCount(1);
    await expect(dp.getByTestId("order-delete")).toHaveCount(0);
    await shot(dp, "dealer-detail", locale);
    await dp.getByTestId("order-cancel").click();
    await modal(dp).getByTestId("reason-input").fill("Ordered twice");
    await modal(dp).getByRole("button", { name: t.cancelOrder }).click();
    await expect(dp.getByText(t.cancelled)).toBeVisible();
    await expect(detail).toHaveAttribute("data-status", "CANCELLED", SLOW);
    await expect(dp.getByTestId("detail-reason")).toContainText("Ordered twice");
    await expect(dp.getByTestId("history-step")).toHaveCount(2);
    await dp.getByTestId("order-delete").click();
    await confirmYes(dp, t.yes);
    await expect(dp.getByText(t.deleted)).toBeVisible();
    await expect(dp).toHaveURL(pathRe("onlineMall/mountings/order"));
    await expect(dp.getByTestId("order-row")).toHaveCount(1);
    await expect(dp.getByTestId("order-count")).toHaveText(t.count(1));
    // Deleted: gone for the dealer (404 like any order not theirs), kept for the manufacturer.
    await dp.goto(`onlineMall/mountings/order?id=${cancelId}`);
    await expect(dp.getByTestId("not-found")).toBeVisible();

    // Staff find the vehicle order by dealer, confirm it and ship it with VINs of their choice.
    const sp = await open(staffCtx, `onlineMall/car/order?company=${dealer.code}`);
    await expect(sp.getByTestId("page-title")).toHaveText(t.vehicleTitle);
    await expect(sp.getByTestId("order-row")).toHaveCount(1);
    await sp.getByRole("link", { name: carNo }).click();
    await expect(sp.getByTestId("order-detail")).toHaveAttribute("data-status", "SUBMITTED");
    await sp.getByTestId("order-confirm").click();
    await confirmYes(sp, t.yes);
    await expect(sp.getByTestId("order-detail")).toHaveAttribute("data-status", "CONFIRMED", SLOW);
    await sp.getByTestId("order-ship").click();
    const ship = modal(sp);
    const vinSelect = ship.getByTestId(`ship-vins-${car.id}`);
    // The two oldest are offered first; swap the second for the third.
    await expect(vinSelect).toContainText(vins[0]);
    await expect(vinSelect).toContainText(vins[1]);
    await vinSelect.locator(".ant-select-selection-item").filter({ hasText: vins[1] }).locator(".ant-select-selection-item-remove").click();
    await expect(vinSelect.locator(".ant-select-selection-item")).toHaveCount(1);
    const search = vinSelect.locator("input");
    await search.fill(vins[2].slice(-6));
    await expect(sp.locator(`.ant-select-dropdown .ant-select-item-option[title="${vins[2]}"]`).filter({ visible: true })).toBeVisible();
    await search.press("Enter");
    await expect(vinSelect.locator(".ant-select-selection-item")).toHaveCount(2);
    await expect(vinSelect).toContainText(vins[2]);
    await ship.getByTestId("ship-factory").fill("Ningbo Plant");
    await ship.getByTestId("ship-logistics-company").fill("Anji Logistics");
    await ship.getByTestId("ship-logistics-no").fill(`AJ${uid()}`);
    await shot(sp, "staff-ship", locale);
    await ship.getByRole("button", { name: spaced(t.ship) }).click();
    await expect(sp.getByText(t.shipped)).toBeVisible();
    await expect(sp.getByTestId("order-detail")).toHaveAttribute("data-status", "SHIPPED", SLOW);
    await expect(sp.getByTestId("detail-vin")).toHaveCount(2);
    await expect(sp.locator(`[data-testid="detail-vin"][data-vin="${vins[0]}"]`)).toBeVisible();
    await expect(sp.locator(`[data-testid="detail-vin"][data-vin="${vins[2]}"]`)).toBeVisible();
    await expect(sp.getByTestId("detail-factoryName")).toHaveText("Ningbo Plant");
    await shot(sp, "staff-shipped", locale);

    // The dealer confirms receipt: the vehicles enter its inventory.
    await dp.goto(`onlineMall/car/order?orderNo=${carNo}`);
    await dp.getByRole("link", { name: carNo }).click();
    await expect(dp.getByTestId("order-detail")).toHaveAttribute("data-status", "SHIPPED", SLOW);
    await dp.getByTestId("order-receive").click();
    await confirmYes(dp, t.yes);
    await expect(dp.getByTestId("order-detail")).toHaveAttribute("data-status", "COMPLETED", SLOW);
    expect(await vehicleStatuses([vins[0], vins[1], vins[2]])).toEqual(
      [vins[0], vins[1], vins[2]].sort().map((v) => ({ vin: v, status: v === vins[1] ? "FACTORY_STOCK" : "IN_STOCK" })),
    );

    // Reconciliation before the payment (the cancelled order does not count).
    await dp.goto("onlineMall/car/orderReconcil");
    await expect(dp.getByTestId("page-title")).toHaveText(t.reconcileTitle);
    await expect(reconcileRow(dp, "PARTS").getByTestId("reconcile-total")).toHaveText(t.money("0.30"));
    await expect(reconcileRow(dp, "PARTS").getByTestId("reconcile-paid")).toHaveText(t.money("0.00"));
    await expect(reconcileRow(dp, "PARTS").getByTestId("reconcile-unpaid")).toHaveText(t.money("0.30"));
    await expect(reconcileRow(dp, "VEHICLE").getByTestId("reconcile-total")).toHaveText(t.money("400,000.00"));

    // Staff record a payment of 0.10 on the confirmed parts order.
    await sp.goto(`onlineMall/mountings/order?orderNo=${payNo}`);
    await sp.getByRole("link", { name: payNo }).click();
    await sp.getByTestId("order-pay").click();
    const pay = modal(sp);
    await expect(pay.getByTestId("pay-unpaid")).toContainText(t.money("0.30"));
    await pay.getByTestId("pay-amount").fill("0.10");
    await pay.getByTestId("pay-reference").fill("BANK-REF-1");
    await pay.getByRole("button", { name: spaced(t.pay) }).click();
    await expect(sp.getByText(t.paymentDone)).toBeVisible();
    await expect(sp.getByTestId("detail-paid")).toHaveText(t.money("0.10"));
    await expect(sp.getByTestId("detail-payment")).toHaveAttribute("data-value", "PARTIALLY_PAID");
    await expect(sp.getByTestId("detail-payment-row")).toContainText("BANK-REF-1");

    // The reconciliation follows, for the dealer and for staff filtering by the dealer.
    await dp.reload();
    await waitForShell(dp);
    await expect(reconcileRow(dp, "PARTS").getByTestId("reconcile-paid")).toHaveText(t.money("0.10"));
    await expect(reconcileRow(dp, "PARTS").getByTestId("reconcile-unpaid")).toHaveText(t.money("0.20"));
    await sp.goto(`onlineMall/car/orderReconcil?company=${dealer.code}`);
    await expect(reconcileRow(sp, "PARTS").getByTestId("reconcile-paid")).toHaveText(t.money("0.10"));
    await expect(reconcileRow(sp, "VEHICLE").getByTestId("reconcile-unpaid")).toHaveText(t.money("400,000.00"));
    await shot(sp, "staff-reconcile", locale);
    // Drill down from the unpaid sum to the orders not fully paid.
    await reconcileRow(dp, "PARTS").getByTestId("reconcile-unpaid").click();
    await expect(dp).toHaveURL(/mountings\/order\?.*payment=OUTSTANDING/);
    await expect(dp.getByTestId("page-title")).toHaveText(t.parts);
    await expect(dp.getByTestId("order-row")).toHaveCount(1);
    await expect(dp.getByTestId("order-row")).toHaveAttribute("data-order-no", payNo);

    await dealerCtx.close();
    await staffCtx.close();
  });
}
