import path from "node:path";
import { createTranslator } from "use-intl/core";
import type { Page } from "@playwright/test";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { residentIdCheck } from "@/lib/people/resident-id";
import { warrantyEnd } from "@/lib/vehicles/warranty";
import { abs, expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { db, makeDealerCompany, makeGoods, makeOrder, makeVehicles, PASSWORD, signIn, uid, vehicleStatuses } from "./mall-orders-db";

// Issue 6, the vehicle's life end to end: a vehicle shipped in an order enters the dealer's
// stock when the dealer confirms receipt; the dealer sells it and vehicle information shows the
// warranty from the sale day; the dealer records the car return and the vehicle is in stock
// again with the warranty cleared; another dealer cannot look the VIN up (HTTP 404 on the page,
// "not found" from the search box). In both languages.

type T = (key: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as T;
const SLOW = { timeout: 60_000 };

async function open(page: Page, route: string) {
  await page.goto(abs(route), { timeout: 90_000 });
  await waitForShell(page);
}

/** What staff shipping does (orders.ts shipOrder): VINs allocated and in transit on the order. */
async function ship(orderId: number, orderNo: string, vins: string[]) {
  await db().$transaction(async (tx) => {
    await tx.order.update({ where: { id: orderId }, data: { status: "SHIPPED" } });
    await tx.statusEvent.create({ data: { entity: "Order", entityId: orderId, fromStatus: "CONFIRMED", toStatus: "SHIPPED" } });
    await tx.vehicle.updateMany({ where: { vin: { in: vins } }, data: { status: "IN_TRANSIT", orderId, sendDate: new Date(), sendOrderNo: orderNo } });
    for (const { id } of await tx.vehicle.findMany({ where: { vin: { in: vins } }, select: { id: true } })) {
      await tx.vehicleEvent.createMany({
        data: [
          { vehicleId: id, fromStatus: "FACTORY_STOCK", toStatus: "ALLOCATED", orderId },
          { vehicleId: id, fromStatus: "ALLOCATED", toStatus: "IN_TRANSIT", orderId },
        ],
      });
    }
  });
}

const beijingToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const itemOf = (page: Page, testId: string) =>
  page
    .locator(".ant-form-item")
    .filter({ has: page.getByTestId(testId) })
    .last();

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`a vehicle from factory to customer and back: receipt, stock, sale, warranty, return, tenancy (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(300_000);
    const t = translator(locale);
    const a = await makeDealerCompany();
    const b = await makeDealerCompany();
    const goods = await makeGoods("VEHICLE", "210000.00", 1);
    const [vin] = await makeVehicles(goods.id, 1);
    const orderNo = `SOL${uid()}`;
    const orderId = await makeOrder({ companyId: a.companyId, userId: a.userId, type: "VEHICLE", goods, quantity: 1, orderNo, status: "CONFIRMED" });
    await ship(orderId, orderNo, [vin]);
    const model = (await db().goods.findUniqueOrThrow({ where: { id: goods.id }, select: { vehicleModel: { select: { warrantyMonths: true } } } })).vehicleModel;
    const months = model?.warrantyMonths ?? 36;

    await setLocaleCookie(context, locale);
    await signIn(context, a.account, PASSWORD);

    // In transit: not yet in the dealer's stock.
    await open(page, `car/stock?vin=${vin}`);
    await expect(page.getByTestId("stock-empty")).toBeVisible();
    await expect(page.getByTestId("stock-vin")).toHaveCount(0);

    // The dealer confirms receipt of the shipped order.
    await open(page, `onlineMall/car/order?orderNo=${orderNo}`);
    await page.getByRole("link", { name: orderNo }).click();
    await expect(page.getByTestId("order-detail")).toHaveAttribute("data-status", "SHIPPED", SLOW);
    await page.getByTestId("order-receive").click();
    await page
      .locator(".ant-modal-confirm")
      .getByRole("button", { name: t("OrderActions.yes") })
      .click();
    await expect(page.getByTestId("order-detail")).toHaveAttribute("data-status", "COMPLETED", SLOW);
    expect(await vehicleStatuses([vin])).toEqual([{ vin, status: "IN_STOCK" }]);

    // Now it is in the dealer's stock, in stock.
    await open(page, `car/stock?vin=${vin}`);
    await expect(page.getByTestId("stock-vin")).toHaveText(vin);
    await expect(page.locator('tr[data-testid="stock-row"]').filter({ hasText: vin }).getByTestId("stock-status")).toHaveAttribute("data-value", "IN_STOCK");
    await page.screenshot({ path: path.join(SCREENS_DIR, `vehicle-lifecycle-stock-${locale}.png`), fullPage: true });

    // The dealer sells it.
    await open(page, "car/vehicleSales");
    await page.getByTestId("sale-open").click();
    const rec = page.getByTestId("sale-recorder");
    await rec.getByTestId("sale-vin").fill(vin);
    await rec.getByTestId("sale-query").click();
    await expect(rec.getByTestId("facts-vin")).toHaveText(vin);
    await rec.getByTestId("sale-owner-name").fill(`Owner ${uid()}`);
    await rec.getByTestId("sale-phone").fill("13800138000");
    const first17 = "31011519880808001";
    await rec.getByTestId("sale-id-number").fill(first17 + residentIdCheck(first17));
    await rec.getByTestId("sale-submit").click();
    await expect(page.getByTestId("sale-done")).toContainText(vin, SLOW);
    expect(await vehicleStatuses([vin])).toEqual([{ vin, status: "SOLD" }]);

    // Vehicle information: warranty from today for the model's months, in warranty.
    const start = beijingToday();
    await open(page, `car/vehicleInformation?vin=${vin}`);
    await expect(page.getByTestId("vehicle-info")).toHaveAttribute("data-status", "SOLD");
    await expect(page.getByTestId("info-warrantyStart")).toHaveText(start);
    await expect(page.getByTestId("info-warrantyEnd")).toHaveText(warrantyEnd(start, months));
    await expect(page.getByTestId("info-sendOrderNo")).toHaveText(orderNo);
    await expect(page.getByTestId("warranty-state")).toHaveAttribute("data-value", "IN_WARRANTY");
    await expect(page.getByTestId("history-step")).toHaveCount(4);
    await page.screenshot({ path: path.join(SCREENS_DIR, `vehicle-lifecycle-info-sold-${locale}.png`), fullPage: true });

    // Dealer B cannot look it up: the page is a 404, the search box says not found.
    const other = await browser.newContext();
    await setLocaleCookie(other, locale);
    await signIn(other, b.account, PASSWORD);
    const bp = await other.newPage();
    const res = await bp.goto(abs(`car/vehicleInformation?vin=${vin}`), { timeout: 90_000 });
    expect(res?.status()).toBe(404);
    await open(bp, "car/vehicleInformation");
    await bp.getByTestId("vin-input").fill(vin);
    await bp.getByTestId("vin-submit").click();
    await expect(bp.getByTestId("vehicle-not-found")).toBeVisible(SLOW);
    await expect(bp.getByTestId("vehicle-info")).toHaveCount(0);
    // …nor sell it or return it.
    await open(bp, "car/carReturn");
    await bp.getByTestId("return-open").click();
    await bp.getByTestId("return-recorder").getByTestId("return-vin").fill(vin);
    await bp.getByTestId("return-recorder").getByTestId("return-query").click();
    await expect(itemOf(bp, "return-vin").locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(t("Vehicles.errors.vinNotYours", { vin }));
    await other.close();

    // The customer returns it: back in stock, warranty cleared, the sale kept as returned.
    await open(page, "car/carReturn");
    await page.getByTestId("return-open").click();
    const ret = page.getByTestId("return-recorder");
    await ret.getByTestId("return-vin").fill(vin);
    await ret.getByTestId("return-query").click();
    await expect(ret.getByTestId("facts-vin")).toHaveText(vin);
    await ret.getByTestId("return-reason").fill("The customer's loan was refused");
    await ret.getByTestId("return-submit").click();
    await expect(page.getByTestId("return-done")).toContainText(vin, SLOW);

    await open(page, `car/vehicleInformation?vin=${vin}`);
    await expect(page.getByTestId("vehicle-info")).toHaveAttribute("data-status", "IN_STOCK");
    await expect(page.getByTestId("warranty-state")).toHaveAttribute("data-value", "NOT_STARTED");
    await expect(page.getByTestId("info-warrantyStart")).toHaveText("—");
    await expect(page.locator('[data-testid="sale-row"][data-returned="true"]')).toHaveCount(1);
    await expect(page.getByTestId("history-step")).toHaveCount(5);
    await page.screenshot({ path: path.join(SCREENS_DIR, `vehicle-lifecycle-info-returned-${locale}.png`), fullPage: true });
  });
}
