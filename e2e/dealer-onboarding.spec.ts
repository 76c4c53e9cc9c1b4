import path from "node:path";
import type { Page } from "@playwright/test";
import { createTranslator } from "use-intl/core";
import { messagesFor } from "@/lib/i18n/messages";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { withUsccCheck } from "@/lib/companies/uscc";
import { residentIdCheck } from "@/lib/people/resident-id";
import { expect, LOGIN, SCREENS_DIR, setLocaleCookie, signInState, submitCredentials, test, waitForLogin, type Locale } from "./fixtures";
import { chooseInDrawer, confirm, drawer, field, fillDrawer, openAdmin, rowAction, rowWith, searchText } from "./admin-helpers";
import { db, makeSaleGoods, makeVehicles, signIn, uid } from "./mall-orders-db";
import { addFromMall, open, submitCart } from "./mall-ui";

// Issue 19, the dealer network end to end in each language: an administrator onboards a dealer
// on system/company (the licence number's check character refused first) with its first user
// and delivery address; that user signs in, orders a part and records a retail sale; staff see
// the sale under the new dealer; the administrator disables the dealer: the user's open
// session ends at its next request and the company can no longer be chosen at sign-in.

type T = (key: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as T;

const AREA = {
  "en-US": ["Shanghai", "Shanghai City", "Pudong New Area"],
  "zh-CN": ["上海市", "上海市", "浦东新区"],
} as const;

/** Picks province, city and district in the drawer's region cascader `name`. */
async function chooseArea(page: Page, name: string, labels: readonly string[]) {
  const menus = page.locator(".ant-cascader-dropdown").filter({ visible: true }).locator(".ant-cascader-menu");
  await expect(async () => {
    if (!(await menus.count())) await field(page, name).locator(".ant-select").first().click();
    for (const [i, label] of labels.entries())
      await menus
        .nth(i)
        .locator(".ant-cascader-menu-item")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(field(page, name)).toContainText(labels[labels.length - 1]);
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`dealer onboarding: onboard, sign in and order, staff see its sale, disable (${locale})`, async ({ page, context, browser, loginAs }) => {
    test.setTimeout(360_000);
    const t = translator(locale);
    const code = `NB${uid()}`;
    const account = `e2e.nb.${code.toLowerCase()}`;
    const password = "Onboard#Plum-2026";
    const licence = withUsccCheck(`91310115MA${uid().slice(0, 7)}`);
    const name = locale === "zh-CN" ? `新经销商${code}` : `New Dealer ${code}`;

    // The administrator onboards the dealer.
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    await openAdmin(page, "system/company");
    await expect(page.getByTestId("page-title")).toHaveText(t("CompanyAdmin.title"));
    await page.getByTestId("create").click();
    await expect(drawer(page)).toBeVisible();
    await fillDrawer(page, {
      code,
      nameEn: `New Dealer ${code}`,
      nameZh: `新经销商${code}`,
      address: "1 Zhangjiang Road",
      contact: "Sun Li",
      phone: "021-55550000",
      licenseNo: licence.slice(0, 17) + (licence[17] === "0" ? "1" : "0"),
      account,
      userName: "Sun Li",
      userPhone: `15${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`,
      password,
      receiver: "Sun Li",
      receiverPhone: "13912345678",
      receiverAddress: "1 Zhangjiang Road, gate 3",
    });
    await chooseInDrawer(page, "orgSourceId", locale === "zh-CN" ? "4S 店 (4S)" : "4S store (4S)");
    await chooseInDrawer(page, "organizationId", locale === "zh-CN" ? "华东大区 (R-EAST)" : "East China Region (R-EAST)");
    await chooseArea(page, "area", AREA[locale]);
    await chooseArea(page, "receiverArea", AREA[locale]);
    await expect(field(page, "roleIds")).toContainText(locale === "zh-CN" ? "经销商 (DEALER)" : "Dealer (DEALER)");
    await page.screenshot({ path: path.join(SCREENS_DIR, `dealer-onboarding-form-${locale}.png`), fullPage: true });
    // A licence number with a wrong check character never reaches the server.
    await drawer(page).getByTestId("drawer-save").click();
    await expect(field(page, "licenseNo").locator(".ant-form-item-explain-error")).toHaveText(t("Validation.usccCheckChar", { label: t("CompanyAdmin.fields.licenseNo") }));
    await fillDrawer(page, { licenseNo: licence.toLowerCase() });
    await drawer(page).getByTestId("drawer-save").click();
    await expect(drawer(page)).toBeHidden();
    await searchText(page, "keyword", code);
    await expect(rowWith(page, code)).toContainText(name);
    await expect(rowWith(page, code).getByTestId(`company-status-${code}`)).toHaveText(t("CompanyAdmin.options.status.ACTIVE"));
    await page.screenshot({ path: path.join(SCREENS_DIR, `dealer-onboarding-list-${locale}.png`), fullPage: true });
    const company = await db().company.findUniqueOrThrow({ where: { code }, select: { id: true, licenseNo: true } });
    expect(company.licenseNo).toBe(licence);

    // Its user signs in (the one company), orders a part from the default address and records a retail sale.
    const dealerCtx = await browser.newContext();
    await setLocaleCookie(dealerCtx, locale);
    await signIn(dealerCtx, account, password);
    const dp = await dealerCtx.newPage();
    const part = await makeSaleGoods("PART", "12.30", 20);
    await addFromMall(dp, "onlineMall/mountings/goods", part, 2, t("Cart.add.added"));
    await submitCart(dp, "onlineMall/mountings/cart", "onlineMall/mountings/order", new RegExp(t("Cart.submit.submitted", { orderNo: "\\w+" }).replace(/\./g, "\\.")));
    const car = await makeSaleGoods("VEHICLE", "150000.00", 0);
    const [vin] = await makeVehicles(car.id, 1);
    await db().vehicle.update({ where: { vin }, data: { status: "IN_STOCK", companyId: company.id } });
    await open(dp, "car/vehicleSales");
    await dp.getByTestId("sale-open").click();
    const rec = dp.getByTestId("sale-recorder");
    await rec.getByTestId("sale-vin").fill(vin);
    await rec.getByTestId("sale-query").click();
    await expect(rec.getByTestId("facts-vin")).toHaveText(vin);
    await rec.getByTestId("sale-owner-name").fill("Zhou Min");
    await rec.getByTestId("sale-phone").fill("13800001111");
    const first17 = "11010119900307011";
    await rec.getByTestId("sale-id-number").fill(first17 + residentIdCheck(first17));
    await rec.getByTestId("sale-submit").click();
    await expect(dp.getByTestId("sale-done")).toContainText(vin);

    // Staff see the sale under the new dealer.
    const staffCtx = await browser.newContext();
    await setLocaleCookie(staffCtx, locale);
    await staffCtx.addCookies((await signInState("staff")).cookies);
    const sp = await staffCtx.newPage();
    await open(sp, `car/vehicleSales?company=${code}`);
    const sale = sp.locator('tr[data-testid="sale-row"]').filter({ hasText: vin });
    await expect(sale.getByTestId("sale-row-dealer")).toHaveText(`${code} ${name}`);

    // The administrator disables the dealer.
    await rowAction(page, code, "disable");
    await confirm(page);
    await expect(rowWith(page, code).getByTestId(`company-status-${code}`)).toHaveText(t("CompanyAdmin.options.status.DISABLED"));

    // The user's open session has lost it at the next request: sent to sign in.
    await dp.goto("onlineMall/mountings/cart");
    await waitForLogin(dp);
    await expect(dp).toHaveURL(new RegExp(LOGIN));
    // And it cannot be chosen at sign-in any more.
    await submitCredentials(dp, account, password);
    await expect(dp.getByTestId("login-error")).toContainText(t("Login.errors.COMPANY_INVALID"));
    await dp.screenshot({ path: path.join(SCREENS_DIR, `dealer-onboarding-disabled-${locale}.png`), fullPage: true });
    // Its history stays readable to staff.
    await sp.reload();
    await expect(sale.getByTestId("sale-row-dealer")).toHaveText(`${code} ${name}`);
    await dealerCtx.close();
    await staffCtx.close();
  });
}
