import path from "node:path";
import type { Page } from "@playwright/test";
import type { VehicleStatus } from "@/lib/generated/prisma/enums";
import { makeGoods } from "@/lib/test/factories";
import { warrantyEnd } from "@/lib/vehicles/warranty";
import { closeImport, drawer, field, importFile, xlsxFile } from "./admin-helpers";
import { expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { db, makeDealerCompany, PASSWORD, signIn, uid, vin } from "./mall-orders-db";

// Issue 6: the vehicle stock (car/stock) and vehicle information (car/vehicleInformation) in
// both languages. A dealer sees its own vehicles and exports them; staff add a vehicle by form
// and import a file (a bad row shows its error, nothing saved); a sold vehicle's information
// shows its warranty. Every test makes its own dealer, goods and vehicles in the database.

const T = {
  "en-US": {
    stock: "Vehicle Stock",
    info: "Vehicle Information",
    inStock: "In stock",
    sold: "Sold",
    factoryStock: "Factory stock",
    factory: "Factory",
    vinHeader: "VIN",
    checkDigit: "VIN has a wrong check digit (position 9)",
    length: "VIN must be 17 characters",
    added: "added to factory stock",
    rowsInvalid: "1 row has problems; nothing was imported.",
    imported: "Imported: 2 created, 0 updated.",
    inWarranty: "In warranty",
    notFound: "No vehicle with this VIN in your records",
    count: (n: number) => `${n} vehicle${n === 1 ? "" : "s"}`,
    noRows: "No vehicles",
  },
  "zh-CN": {
    stock: "车辆库存",
    info: "车辆信息",
    inStock: "在库",
    sold: "已售",
    factoryStock: "厂家库存",
    factory: "厂家",
    vinHeader: "车架号",
    checkDigit: "车架号校验位（第9位）不正确",
    length: "车架号必须为17位",
    added: "已加入厂家库存",
    rowsInvalid: "有 1 行存在问题，未导入任何数据。",
    imported: "导入完成：新增 2 条，更新 0 条。",
    inWarranty: "保修期内",
    notFound: "您的记录中没有此车架号的车辆",
    count: (n: number) => `共 ${n} 条车辆`,
    noRows: "没有车辆",
  },
} as const;

/** A fresh valid VIN. */
const newVin = () => vin(`LS4${uid()}${uid().slice(0, 5)}`.replace(/[IOQ]/g, "A"));
/** The same VIN with a wrong check digit. */
const badCheckDigit = (v: string) => v.slice(0, 8) + (v[8] === "1" ? "2" : "1") + v.slice(9);
const shot = (name: string) => path.join(SCREENS_DIR, `${name}.png`);
const beijingDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Vehicle goods with a configuration of its own, so a filter on it shows this test's rows only. */
async function makeStockGoods(): Promise<{ id: number; code: string; config: string; nameEn: string; nameZh: string }> {
  const code = `E2E-STK-${uid()}`;
  const config = `E2E ${uid()} AWD`;
  const model = await db().vehicleModel.findFirstOrThrow({ orderBy: { id: "asc" }, select: { id: true } });
  const goods = await makeGoods({ kind: "VEHICLE", code, nameEn: `Stock car ${code}`, nameZh: `库存车 ${code}`, price: "168000.00", stock: 0, config, vehicleModelId: model.id });
  return { id: goods.id, code, config, nameEn: goods.nameEn, nameZh: goods.nameZh };
}

const daysAgoDate = (days: number) => new Date(Date.now() - days * 86_400_000);
const dateOnly = (day: string) => new Date(`${day}T00:00:00Z`);

async function makeVehicle(goodsId: number, status: VehicleStatus, companyId: number | null, daysAgo: number): Promise<string> {
  const v = newVin();
  const goods = await db().goods.findUniqueOrThrow({ where: { id: goodsId }, select: { vehicleModelId: true } });
  await db().vehicle.create({ data: { vin: v, goodsId, vehicleModelId: goods.vehicleModelId!, status, companyId, colour: "Pearl white", entryAt: daysAgoDate(daysAgo) } });
  return v;
}

/** A vehicle the dealer sold `daysAgo` days ago with a 36-month warranty, its history and sale. */
async function makeSoldVehicle(goodsId: number, dealer: { companyId: number; userId: number }, daysAgo: number): Promise<{ vin: string; start: string; end: string }> {
  const v = await makeVehicle(goodsId, "SOLD", dealer.companyId, daysAgo + 20);
  const soldAt = new Date(Date.now() - daysAgo * 86_400_000);
  const start = beijingDay(soldAt);
  const end = warrantyEnd(start, 36);
  const { id } = await db().vehicle.update({
    where: { vin: v },
    data: { marketDate: soldAt, warrantyStart: dateOnly(start), warrantyEnd: dateOnly(end), sendOrderNo: `SO${uid()}`, sendDate: daysAgoDate(daysAgo + 25) },
  });
  await db().vehicleEvent.create({
    data: { vehicleId: id, fromStatus: null, toStatus: "FACTORY_STOCK", companyId: null, note: "factory stock entry", createdAt: daysAgoDate(60) },
  });
  await db().vehicleEvent.create({
    data: { vehicleId: id, fromStatus: "IN_TRANSIT", toStatus: "IN_STOCK", companyId: dealer.companyId, userId: dealer.userId, note: "received", createdAt: daysAgoDate(20) },
  });
  await db().vehicleEvent.create({
    data: { vehicleId: id, fromStatus: "IN_STOCK", toStatus: "SOLD", companyId: dealer.companyId, userId: dealer.userId, note: "sale", createdAt: soldAt },
  });
  await db().vehicleSale.create({
    data: {
      vehicleId: id,
      companyId: dealer.companyId,
      soldAt,
      ownerName: "Li Lei",
      phone: "13912345678",
      idType: "PASSPORT",
      idNumberSealed: "sealed-in-test",
      idNumberMasked: "E1****78",
      warrantyStart: dateOnly(start),
      warrantyEnd: dateOnly(end),
      warrantyMonths: 36,
      createdById: dealer.userId,
    },
  });
  return { vin: v, start, end };
}

/** The server-rendered list's rows (`tr` elements), and the row of one VIN. */
const stockRows = (page: Page) => page.locator('tr[data-testid="stock-row"]');
const rowWith = (page: Page, v: string) => stockRows(page).filter({ hasText: v });

async function filterStock(page: Page, params: Record<string, string>): Promise<void> {
  const res = await page.goto(`car/stock?${new URLSearchParams(params)}`);
  expect(res?.status()).toBe(200);
  await waitForShell(page);
  await expect(page.getByTestId("stock-filters")).toBeVisible();
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`a dealer sees its own stock, opens a vehicle and exports the list (${locale})`, async ({ page, context }) => {
    const t = T[locale];
    const dealer = await makeDealerCompany();
    const other = await makeDealerCompany();
    const goods = await makeStockGoods();
    const inStock = await makeVehicle(goods.id, "IN_STOCK", dealer.companyId, 3);
    const sold = await makeVehicle(goods.id, "SOLD", dealer.companyId, 9);
    const others = await makeVehicle(goods.id, "IN_STOCK", other.companyId, 2);
    const factory = await makeVehicle(goods.id, "FACTORY_STOCK", null, 1);
    await setLocaleCookie(context, locale);
    await signIn(context, dealer.account, PASSWORD);

    await filterStock(page, {});
    await expect(page.getByTestId("page-title")).toHaveText(t.stock);
    await expect(page.getByTestId("stock-table")).toBeVisible();
    await expect(stockRows(page)).toHaveCount(2);
    await expect(page.getByTestId("stock-count")).toHaveText(t.count(2));
    await expect(rowWith(page, inStock)).toContainText(t.inStock);
    await expect(rowWith(page, inStock)).toContainText(goods.config);
    await expect(rowWith(page, sold)).toContainText(t.sold);
    for (const hidden of [others, factory]) await expect(rowWith(page, hidden)).toHaveCount(0);
    await expect(page.getByTestId("import")).toHaveCount(0);
    await expect(page.getByTestId("add-vehicle")).toHaveCount(0);
    await page.screenshot({ path: shot(`car-stock-dealer-${locale}`), fullPage: true });

    // Export: an .xlsx of the dealer's rows with headers in the language.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export").click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    expect(rows[0]).toContain(t.vinHeader);
    expect(
      rows
        .slice(1)
        .map((r) => r[rows[0].indexOf(t.vinHeader)])
        .sort(),
    ).toEqual([inStock, sold].sort());

    // The VIN opens the vehicle's information.
    await rowWith(page, inStock).getByTestId("stock-vin").click();
    await expect(page).toHaveURL(new RegExp(`car/vehicleInformation\\?vin=${inStock}$`));
    await expect(page.getByTestId("vehicle-info")).toHaveAttribute("data-vin", inStock);
    await expect(page.getByTestId("page-title")).toHaveText(t.info);
  });

  test(`staff add a vehicle by form and import vehicles from Excel (${locale})`, async ({ page, context, loginAs }) => {
    const t = T[locale];
    const goods = await makeStockGoods();
    await setLocaleCookie(context, locale);
    await loginAs("staff");
    await filterStock(page, { config: goods.config });
    await expect(stockRows(page)).toHaveCount(0);
    await expect(page.getByTestId("stock-count")).toHaveText(t.noRows);
    await expect(page.getByTestId("stock-empty")).toBeVisible();
    // The list is server-rendered: antd arrives with the drawer, not before.
    expect(await page.locator(".ant-table").count()).toBe(0);

    // The form: the VIN is checked in the browser, then saved into factory stock.
    const added = newVin();
    await page.getByTestId("add-vehicle").click();
    await expect(drawer(page)).toBeVisible();
    await field(page, "vin").locator("input").fill(badCheckDigit(added));
    await expect(field(page, "vin").locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(t.checkDigit);
    await field(page, "vin").locator("input").fill(added.toLowerCase());
    const select = field(page, "goodsId").locator(".ant-select");
    await select.click();
    await page.keyboard.type(goods.code);
    await page.locator(".ant-select-dropdown .ant-select-item-option").filter({ visible: true, hasText: goods.code }).click();
    await field(page, "colour").locator("input").fill("Graphite");
    const picker = field(page, "entryAt").locator("input");
    await picker.click();
    await picker.fill("2026-01-05 09:30");
    await page.locator(".ant-picker-dropdown .ant-picker-ok button").filter({ visible: true }).click();
    await expect(picker).toHaveValue("2026-01-05 09:30");
    await drawer(page).getByTestId("drawer-save").click();
    await expect(drawer(page)).toBeHidden();
    await expect(page.locator(".ant-message-notice").filter({ hasText: t.added })).toBeVisible();
    await expect(rowWith(page, added)).toContainText(t.factoryStock);
    await expect(rowWith(page, added)).toContainText(t.factory);
    await expect(rowWith(page, added)).toContainText("Graphite");
    await page.screenshot({ path: shot(`car-stock-staff-${locale}`), fullPage: true });

    // Import: a file with a bad row saves nothing and shows the row's error.
    const [v1, v2] = [newVin(), newVin()];
    const head = [t.vinHeader, "goodsCode", "colour", "entryAt"];
    let outcome = await importFile(page, await xlsxFile([head, [v1, goods.code, "Red", "2026-01-06 10:00"], ["LS4SHORT", goods.code, "Red", ""]]));
    await expect(outcome).toContainText(t.rowsInvalid);
    const errors = outcome.getByTestId("import-errors");
    await expect(errors.locator("tr[data-row-key]")).toHaveCount(1);
    await expect(errors.locator("tr[data-row-key]").first()).toContainText("3");
    await expect(errors.locator("tr[data-row-key]").first()).toContainText(t.length);
    await closeImport(page);

    // The corrected file adds both vehicles.
    outcome = await importFile(page, await xlsxFile([head, [v1, goods.code, "Red", "2026-01-06 10:00"], [v2, goods.code, "Blue", ""]]));
    await expect(outcome).toContainText(t.imported);
    await closeImport(page);
    await expect(stockRows(page)).toHaveCount(3);
    await expect(page.getByTestId("stock-count")).toHaveText(t.count(3));
    for (const v of [v1, v2]) await expect(rowWith(page, v)).toContainText(t.factoryStock);
    const { stock } = await db().goods.findUniqueOrThrow({ where: { id: goods.id }, select: { stock: true } });
    expect(stock).toBe(3);
  });

  test(`vehicle information of a sold vehicle shows its warranty; other VINs are not found (${locale})`, async ({ page, context }) => {
    const t = T[locale];
    const dealer = await makeDealerCompany();
    const other = await makeDealerCompany();
    const goods = await makeStockGoods();
    const sold = await makeSoldVehicle(goods.id, dealer, 10);
    const foreign = await makeVehicle(goods.id, "IN_STOCK", other.companyId, 5);
    await setLocaleCookie(context, locale);
    await signIn(context, dealer.account, PASSWORD);

    const res = await page.goto(`car/vehicleInformation?vin=${sold.vin}`);
    expect(res?.status()).toBe(200);
    await waitForShell(page);
    await expect(page.getByTestId("vehicle-info")).toHaveAttribute("data-status", "SOLD");
    await expect(page.getByTestId("info-warrantyStart")).toHaveText(sold.start);
    await expect(page.getByTestId("info-warrantyEnd")).toHaveText(sold.end);
    await expect(page.getByTestId("warranty-state")).toHaveText(t.inWarranty);
    await expect(page.getByTestId("info-saleCreator")).toHaveText(`E2E ${dealer.code}`);
    await expect(page.getByTestId("info-carType")).toContainText(goods.config);
    await expect(page.getByTestId("history-step")).toHaveCount(3);
    await expect(page.getByTestId("sale-row")).toHaveCount(1);
    await expect(page.getByTestId("sale-id-number")).toHaveText("E1****78");
    await page.screenshot({ path: shot(`car-vehicleInformation-${locale}`), fullPage: true });

    // A malformed VIN is refused in the browser; another dealer's VIN is not found.
    await page.getByTestId("vin-input").fill(sold.vin.slice(0, 15));
    await page.getByTestId("vin-submit").click();
    await expect(page.getByTestId("vin-error")).toHaveText(t.length);
    await page.getByTestId("vin-input").fill(foreign);
    await page.getByTestId("vin-submit").click();
    await expect(page.getByTestId("vehicle-not-found")).toContainText(t.notFound);
    await expect(page).toHaveURL(new RegExp(`vin=${foreign}$`));
    // Loaded directly, the same URL is an HTTP 404.
    expect((await page.goto(`car/vehicleInformation?vin=${foreign}`))?.status()).toBe(404);
  });
}
