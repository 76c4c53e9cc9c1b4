import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { makeGoods } from "@/lib/test/factories";
import { db, makeDealerCompany, makeOrder, makeVehicles, PASSWORD, signIn, uid, type TestGoods } from "./mall-orders-db";

// Issue 6: available inventory (onlineMall/car/inventory). A dealer made for the test finds a
// vehicle goods by its configuration, sees its current inventory and adds it to the cart; an
// out-of-stock one cannot be added, and dealers get no VINs. Staff see the counts per status,
// open a group to its VINs (oldest entry first, the order number of one in transit, each a link
// to the vehicle's information) and filter by status. Both languages; every goods, model and
// vehicle is made for the test, so the spec re-runs on one database.

const ROUTE = "onlineMall/car/inventory";

const T = {
  "en-US": { title: "Available inventory", price: "$188,800.00", factory: "Factory stock", transit: "In transit", noPicture: "No picture" },
  "zh-CN": { title: "可售库存", price: "¥188,800.00", factory: "厂家库存", transit: "在途", noPicture: "暂无图片" },
} as const;

type Made = TestGoods & { config: string; modelEn: string; modelZh: string };

/** A vehicle goods on sale of a model made for the test, with a demo picture when one exists. */
async function makeInventoryGoods(config: string, stock: number, modelId?: number): Promise<Made & { modelId: number }> {
  const code = `E2E-INV-${uid()}`;
  const modelCode = `E2EINV${uid()}`;
  const group = await db().carGroup.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true } });
  const model = modelId
    ? await db().vehicleModel.findUniqueOrThrow({ where: { id: modelId } })
    : await db().vehicleModel.create({ data: { code: modelCode, carGroupId: group.id, nameEn: `Inventory model ${modelCode}`, nameZh: `库存车型 ${modelCode}` } });
  const cover = await db().goods.findFirst({ where: { kind: "VEHICLE", coverId: { not: null } }, orderBy: { id: "asc" }, select: { coverId: true } });
  const goods = await makeGoods({
    kind: "VEHICLE",
    code,
    nameEn: `Inventory car ${code}`,
    nameZh: `库存整车 ${code}`,
    price: "188800.00",
    stock,
    config,
    vehicleModelId: model.id,
    carGroupId: model.carGroupId,
    coverId: cover?.coverId ?? null,
  });
  return { ...goods, config, modelId: model.id, modelEn: model.nameEn, modelZh: model.nameZh };
}

async function open(page: Page, route: string): Promise<void> {
  // A dev server's hot reload can abort a navigation: once more then.
  const res = await page.goto(route).catch(() => page.goto(route));
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
}

const group = (page: Page, code: string) => page.locator(`[data-testid=inventory-group][data-code="${code}"]`);

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  const t = T[locale];

  test(`a dealer finds a vehicle by configuration, sees its count and adds it to the cart (${locale})`, async ({ page, context }) => {
    const dealer = await makeDealerCompany();
    const config = `INV ${uid()} AWD`;
    const goods = await makeInventoryGoods(config, 3);
    const empty = await makeInventoryGoods(`${config} Plus`, 0, goods.modelId);
    await makeVehicles(goods.id, 3);
    await setLocaleCookie(context, locale);
    await signIn(context, dealer.account, PASSWORD);

    await open(page, ROUTE);
    await expect(page.getByTestId("page-title")).toHaveText(t.title);
    await expect(page.getByTestId("inventory")).toHaveAttribute("data-viewer", "dealer");
    // The configuration filter is a GET form: the URL keeps it.
    const filters = page.getByTestId("inventory-filters");
    await filters.locator("input[name=config]").fill(config.toLowerCase());
    await filters.getByTestId("inventory-search").click();
    await expect(page).toHaveURL(/config=/);
    await expect(page.getByTestId("inventory-group")).toHaveCount(2);

    const row = group(page, goods.code);
    await expect(row.getByTestId("inventory-name")).toHaveText(locale === "zh-CN" ? goods.nameZh : goods.nameEn);
    await expect(row.getByTestId("inventory-config")).toHaveText(config);
    await expect(row.getByTestId("inventory-model")).toHaveText(locale === "zh-CN" ? goods.modelZh : goods.modelEn);
    await expect(row.getByTestId("inventory-price")).toHaveText(t.price);
    await expect(row.getByTestId("inventory-stock")).toHaveText("3");
    await expect(page.getByTestId("vins-toggle")).toHaveCount(0);
    await expect(page.getByTestId("inventory-import")).toHaveCount(0);

    // Out of stock: shown, marked, and cannot be added.
    const none = group(page, empty.code);
    await expect(none.getByTestId("inventory-stock")).toHaveText("0");
    await expect(none.getByTestId("inventory-out")).toBeVisible();
    await expect(none.getByTestId("add-to-cart-button")).toBeDisabled();
    // "Available to order" leaves it out.
    await filters.locator("select[name=status]").selectOption("available");
    await filters.getByTestId("inventory-search").click();
    await expect(page).toHaveURL(/status=available/);
    await expect(page.getByTestId("inventory-group")).toHaveCount(1);
    await page.screenshot({ path: path.join(SCREENS_DIR, `vehicle-inventory-dealer-${locale}.png`), fullPage: true });

    await group(page, goods.code).getByTestId("add-to-cart-button").click();
    await expect(page.getByTestId("cart-added-toast")).toBeVisible();
    const lines = await db().cartLine.findMany({ where: { companyId: dealer.companyId, goodsId: goods.id }, select: { quantity: true } });
    expect(lines).toEqual([{ quantity: 1 }]);
  });

  test(`staff see the counts per status and open a group to its VINs (${locale})`, async ({ page, context, loginAs }) => {
    const config = `INV ${uid()} RWD`;
    const goods = await makeInventoryGoods(config, 2);
    const vins = await makeVehicles(goods.id, 3);
    // The newest vehicle was shipped in a dealer's order: in transit, with its order number.
    const dealer = await makeDealerCompany();
    const orderNo = `VO${uid()}${uid()}`.slice(0, 20);
    const orderId = await makeOrder({ companyId: dealer.companyId, userId: dealer.userId, type: "VEHICLE", goods, quantity: 1, status: "SHIPPED", orderNo });
    await db().vehicle.update({ where: { vin: vins[2] }, data: { status: "IN_TRANSIT", orderId, sendOrderNo: orderNo, sendDate: new Date() } });
    await setLocaleCookie(context, locale);
    await loginAs("staff");

    await open(page, `${ROUTE}?config=${encodeURIComponent(config)}`);
    await expect(page.getByTestId("page-title")).toHaveText(t.title);
    await expect(page.getByTestId("inventory-import")).toBeVisible();
    const row = group(page, goods.code);
    await expect(page.getByTestId("inventory-group")).toHaveCount(1);
    await expect(row.getByTestId("inventory-stock")).toHaveText("1");
    await expect(row.getByTestId("inventory-count-FACTORY_STOCK")).toHaveText("2");
    await expect(row.getByTestId("inventory-count-ALLOCATED")).toHaveText("0");
    await expect(row.getByTestId("inventory-count-IN_TRANSIT")).toHaveText("1");

    await row.getByTestId("vins-toggle").click();
    await expect(row.getByTestId("vins-toggle")).toHaveAttribute("aria-expanded", "true");
    const vinRows = row.getByTestId("vin-row");
    await expect(vinRows).toHaveCount(3);
    // Oldest warehouse entry first.
    expect(await vinRows.evaluateAll((els) => els.map((e) => e.getAttribute("data-vin")))).toEqual(vins);
    const transit = row.locator(`[data-testid=vin-row][data-vin="${vins[2]}"]`);
    await expect(transit).toContainText(t.transit);
    await expect(transit).toContainText(orderNo);
    await expect(row.locator(`[data-testid=vin-row][data-vin="${vins[0]}"]`)).toContainText(t.factory);
    await expect(transit.getByTestId("vin-link")).toHaveAttribute("href", new RegExp(`/car/vehicleInformation\\?vin=${vins[2]}$`));
    await page.screenshot({ path: path.join(SCREENS_DIR, `vehicle-inventory-staff-${locale}.png`), fullPage: true });

    // The status filter keeps groups with such a vehicle, and the panel lists only those.
    const filters = page.getByTestId("inventory-filters");
    await filters.locator("select[name=status]").selectOption("IN_TRANSIT");
    await filters.getByTestId("inventory-search").click();
    await expect(page).toHaveURL(/status=IN_TRANSIT/);
    await group(page, goods.code).getByTestId("vins-toggle").click();
    await expect(group(page, goods.code).getByTestId("vin-row")).toHaveCount(1);
    await expect(group(page, goods.code).getByTestId("vin-row")).toHaveAttribute("data-vin", vins[2]);
    await filters.locator("select[name=status]").selectOption("ALLOCATED");
    await filters.getByTestId("inventory-search").click();
    await expect(page).toHaveURL(/status=ALLOCATED/);
    await expect(page.getByTestId("inventory-empty")).toBeVisible();
  });
}
