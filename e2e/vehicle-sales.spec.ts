import path from "node:path";
import { createTranslator } from "use-intl/core";
import type { Page } from "@playwright/test";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { ageOn, maskIdNumber, residentIdCheck } from "@/lib/people/resident-id";
import { abs, expect, SCREENS_DIR, setLocaleCookie, signInState, test, waitForShell, type Locale } from "./fixtures";
import { exportRows } from "./admin-helpers";
import { db, makeDealerCompany, makeGoods, PASSWORD, signIn, uid, vin } from "./mall-orders-db";

// Issue 6: retail sales (car/vehicleSales) and car returns (car/carReturn). A dealer queries a
// VIN of its own vehicle in stock, records the sale with a PRC resident ID (birthday, sex and
// age filled from it), sees it listed with the ID and phone masked; a wrong resident ID and a
// VIN with a wrong check digit show their messages on the field; another company's VIN is not
// found. Then it records the return and sees it in the return list. Staff (issue 19) then see
// that dealer's sale and return beside other dealers', with the dealer's column and filter, the
// same masking, the export, and no recorder. In both languages, on data made for the test.

type T = (key: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as T;

/** Vehicles of a goods in a dealer's stock (received 10 days ago); answers their VINs. */
async function stockVehicles(goodsId: number, companyId: number, n: number): Promise<string[]> {
  const stem = uid().replace(/[IOQ]/g, "A");
  const vins = Array.from({ length: n }, (_, i) => vin(`LS6${stem}${String(i).padStart(5, "0")}`));
  const { vehicleModelId } = await db().goods.findUniqueOrThrow({ where: { id: goodsId }, select: { vehicleModelId: true } });
  const entryAt = new Date(Date.now() - 10 * 86_400_000);
  await db().vehicle.createMany({ data: vins.map((v) => ({ vin: v, goodsId, vehicleModelId: vehicleModelId!, status: "IN_STOCK" as const, companyId, entryAt })) });
  return vins;
}

const modelName = async (goodsId: number, locale: Locale) => {
  const { vehicleModel } = await db().goods.findUniqueOrThrow({ where: { id: goodsId }, select: { vehicleModel: { select: { nameEn: true, nameZh: true } } } });
  return locale === "zh-CN" ? vehicleModel!.nameZh : vehicleModel!.nameEn;
};

/** A valid resident ID of a man born on 1990-03-07 (and one with a wrong check character). */
function residentIds(): { good: string; wrong: string } {
  const first17 = `110101199003071${String(Math.floor(Math.random() * 50) * 2 + 1).padStart(2, "0")}`;
  const check = residentIdCheck(first17);
  return { good: first17 + check, wrong: first17 + (check === "1" ? "2" : "1") };
}

function beijingToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

async function open(page: Page, route: string) {
  await page.goto(abs(route), { timeout: 90_000 });
  await waitForShell(page);
}

/** A row (`tr`) of the server-rendered sales or returns list holding `text`. */
const listRow = (page: Page, list: "sale" | "return", text: string) => page.locator(`tr[data-testid="${list}-row"]`).filter({ hasText: text });

/** The form item of a control (to read the error shown on it). */
const itemOf = (page: Page, testId: string) =>
  page
    .locator(".ant-form-item")
    .filter({ has: page.getByTestId(testId) })
    .last();

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`retail sale and car return by VIN (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(240_000);
    const t = translator(locale);
    const a = await makeDealerCompany();
    const b = await makeDealerCompany();
    const goods = await makeGoods("VEHICLE", "150000.00", 0);
    const [mine] = await stockVehicles(goods.id, a.companyId, 1);
    const [theirs] = await stockVehicles(goods.id, b.companyId, 1);
    const model = await modelName(goods.id, locale);
    const ids = residentIds();
    const phone = `138${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}0000`;
    const owner = `Owner ${uid()}`;

    await setLocaleCookie(context, locale);
    await signIn(context, a.account, PASSWORD);
    await open(page, "car/vehicleSales");
    await expect(page.getByTestId("page-title")).toHaveText(t("VehicleSales.title"));
    // The recorder loads when it is opened.
    await expect(page.getByTestId("sale-recorder")).toHaveCount(0);
    await page.getByTestId("sale-open").click();
    const rec = page.getByTestId("sale-recorder");
    await expect(rec).toContainText(t("VehicleSales.record.title"));
    const vinItem = itemOf(page, "sale-vin");

    // A VIN with a wrong check digit never reaches the server.
    const bad = mine.slice(0, 8) + (mine[8] === "1" ? "2" : "1") + mine.slice(9);
    await rec.getByTestId("sale-vin").fill(bad);
    await rec.getByTestId("sale-query").click();
    await expect(vinItem.locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(
      t("Validation.vinCheckDigit", { label: t("Vehicles.fields.vin") }),
    );

    // Another company's vehicle: not found, exactly like a VIN nobody has.
    await rec.getByTestId("sale-vin").fill(theirs);
    await rec.getByTestId("sale-query").click();
    await expect(vinItem.locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(t("Vehicles.errors.vinNotYours", { vin: theirs }));
    await expect(rec.getByTestId("car-facts")).toHaveCount(0);

    // Its own vehicle (typed in lower case): the car type, then the sale form.
    await rec.getByTestId("sale-vin").fill(mine.toLowerCase());
    await rec.getByTestId("sale-query").click();
    await expect(rec.getByTestId("facts-vin")).toHaveText(mine);
    await expect(rec.getByTestId("facts-model")).toHaveText(model);
    await expect(rec.getByTestId("sale-vin")).toHaveValue(mine);

    await rec.getByTestId("sale-owner-name").fill(owner);
    await rec.getByTestId("sale-phone").fill(phone);
    // A resident ID with a wrong check character: the message on the ID field.
    await rec.getByTestId("sale-id-number").fill(ids.wrong);
    await rec.getByTestId("sale-id-number").blur();
    await expect(itemOf(page, "sale-id-number").locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(t("Vehicles.errors.residentId_checkDigit"));
    await rec.getByTestId("sale-submit").click();
    await expect(itemOf(page, "sale-id-number").locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(t("Vehicles.errors.residentId_checkDigit"));
    await expect(page.getByTestId("sale-done")).toHaveCount(0);

    // The right one fills birthday, sex and age (on the purchase day, today).
    await rec.getByTestId("sale-id-number").fill(ids.good);
    await expect(rec.getByTestId("sale-age")).toHaveValue(String(ageOn("1990-03-07", beijingToday())));
    await expect(itemOf(page, "sale-birthday").locator("input")).toHaveValue("1990-03-07");
    await expect(itemOf(page, "sale-sex")).toContainText(locale === "zh-CN" ? "男" : "Male");
    await expect(itemOf(page, "sale-id-number").locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENS_DIR, `vehicle-sale-form-${locale}.png`), fullPage: true });
    await rec.getByTestId("sale-submit").click();
    await expect(page.getByTestId("sale-done")).toContainText(mine);
    // The form is ready for the next sale.
    await expect(rec.getByTestId("sale-vin")).toHaveValue("");
    await expect(rec.getByTestId("car-facts")).toHaveCount(0);

    // Listed with the ID number and the phone masked; the full ID is nowhere on the page.
    const row = listRow(page, "sale", mine);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("sale-row-id")).toHaveText(maskIdNumber(ids.good));
    await expect(row).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await expect(row).toContainText(owner);
    await expect(row.getByTestId("sale-row-status")).toHaveText(t("VehicleSales.status.sold"));
    await expect(page.locator("body")).not.toContainText(ids.good);
    await expect(page.locator("body")).not.toContainText(phone);

    // Sold: the sale form no longer takes it.
    await rec.getByTestId("sale-vin").fill(mine);
    await rec.getByTestId("sale-query").click();
    await expect(vinItem.locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(t("Vehicles.errors.notInStock", { vin: mine }));

    // The return: the sale, the window, the reason.
    await open(page, "car/carReturn");
    await expect(page.getByTestId("page-title")).toHaveText(t("CarReturns.title"));
    await page.getByTestId("return-open").click();
    const ret = page.getByTestId("return-recorder");
    await ret.getByTestId("return-vin").fill(theirs);
    await ret.getByTestId("return-query").click();
    await expect(itemOf(page, "return-vin").locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(
      t("Vehicles.errors.vinNotYours", { vin: theirs }),
    );
    await ret.getByTestId("return-vin").fill(mine);
    await ret.getByTestId("return-query").click();
    await expect(ret.getByTestId("facts-vin")).toHaveText(mine);
    await expect(ret.getByTestId("return-by")).toBeVisible();
    await page.screenshot({ path: path.join(SCREENS_DIR, `car-return-form-${locale}.png`), fullPage: true });
    // The reason is required.
    await ret.getByTestId("return-submit").click();
    await expect(itemOf(page, "return-reason").locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)")).toHaveText(
      t("Validation.required", { label: t("Vehicles.fields.reason") }),
    );
    const reason = `Changed mind ${uid()}`;
    await ret.getByTestId("return-reason").fill(reason);
    await ret.getByTestId("return-submit").click();
    await expect(page.getByTestId("return-done")).toContainText(mine);
    const returned = listRow(page, "return", mine);
    await expect(returned).toHaveCount(1);
    await expect(returned).toContainText(reason);

    // The sale stays in the history, marked returned.
    await open(page, `car/vehicleSales?vin=${mine}`);
    await expect(page.locator('tr[data-testid="sale-row"]')).toHaveCount(1);
    await expect(page.getByTestId("sales-count")).toHaveText(t("VehicleSales.count", { count: 1 }));
    const again = listRow(page, "sale", mine);
    await expect(again.getByTestId("sale-row-status")).toHaveText(t("VehicleSales.status.returned"));
    await page.screenshot({ path: path.join(SCREENS_DIR, `vehicle-sales-list-${locale}.png`), fullPage: true });
    // The export holds the same masked values, headers in the viewer's language.
    const sheet = await exportRows(page);
    expect(sheet[0].slice(0, 3)).toEqual([t("VehicleSales.fields.dealer"), t("VehicleSales.fields.vin"), t("VehicleSales.fields.carType")]);
    expect(sheet.slice(1).map((r) => r[1])).toEqual([mine]);
    expect(sheet[1]).toEqual(expect.arrayContaining([maskIdNumber(ids.good), `${phone.slice(0, 3)}****${phone.slice(-4)}`, t("VehicleSales.status.returned")]));
    expect(JSON.stringify(sheet)).not.toContain(ids.good);

    // Staff (sales operations, every region) see it among the dealers' sales, not to record one.
    const staffCtx = await browser.newContext();
    try {
      await setLocaleCookie(staffCtx, locale);
      await staffCtx.addCookies((await signInState("staff")).cookies);
      const staff = await staffCtx.newPage();
      await open(staff, "car/vehicleSales");
      await expect(staff.getByTestId("page-title")).toHaveText(t("VehicleSales.title"));
      await expect(staff.getByTestId("sale-open")).toHaveCount(0);
      await expect(staff.locator("thead th").first()).toHaveText(t("VehicleSales.fields.dealer"));
      await staff.getByTestId("sales-company").fill(a.code);
      await staff.getByTestId("sales-search").click();
      await expect(staff).toHaveURL(new RegExp(`company=${a.code}`));
      const seen = listRow(staff, "sale", mine);
      await expect(staff.locator('tr[data-testid="sale-row"]')).toHaveCount(1);
      await expect(seen.getByTestId("sale-row-dealer")).toHaveText(`${a.code} ${locale === "zh-CN" ? a.nameZh : a.nameEn}`);
      await expect(seen.getByTestId("sale-row-id")).toHaveText(maskIdNumber(ids.good));
      await expect(seen).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      await expect(staff.locator("body")).not.toContainText(phone);
      await staff.screenshot({ path: path.join(SCREENS_DIR, `vehicle-sales-staff-${locale}.png`), fullPage: true });
      const staffSheet = await exportRows(staff);
      expect(staffSheet.slice(1).map((r) => [r[0], r[1]])).toEqual([[`${a.code} ${locale === "zh-CN" ? a.nameZh : a.nameEn}`, mine]]);
      expect(JSON.stringify(staffSheet)).not.toContain(ids.good);
      // Another dealer's name finds none of this dealer's sales.
      await open(staff, `car/vehicleSales?company=${b.code}&vin=${mine}`);
      await expect(staff.getByTestId("sales-empty")).toBeVisible();
      // The return, under the same dealer.
      await open(staff, `car/carReturn?company=${a.code}`);
      await expect(staff.getByTestId("return-open")).toHaveCount(0);
      const back = listRow(staff, "return", mine);
      await expect(back).toContainText(reason);
      await expect(back.getByTestId("return-row-dealer")).toContainText(a.code);
    } finally {
      await staffCtx.close();
    }
  });
}
