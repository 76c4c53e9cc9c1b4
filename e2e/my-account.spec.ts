import path from "node:path";
import { createTranslator } from "use-intl/core";
import type { Page } from "@playwright/test";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { abs, BASE_PATH, expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { makeDealerCompany, PASSWORD, signIn } from "./mall-orders-db";

// Issue 19: My account, from the user menu. A dealer signed in on two browsers renames
// itself, changes its password (a wrong current password is refused on its field; the other
// browser is signed out at its next request, this one stays), ends nothing it should not, and
// signs out everywhere. In both languages, on a dealer made for the test (the demo accounts'
// passwords stay as the README says).

type T = (key: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as T;
const NEW_PASSWORD = "Fresh#Winter-Plum-88";

async function open(page: Page, route: string) {
  await page.goto(abs(route), { timeout: 90_000 });
  await waitForShell(page);
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`my account: name, password, sessions (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(180_000);
    const t = translator(locale);
    const dealer = await makeDealerCompany();
    await setLocaleCookie(context, locale);
    await signIn(context, dealer.account, PASSWORD);
    const otherCtx = await browser.newContext();
    try {
      await setLocaleCookie(otherCtx, locale);
      await signIn(otherCtx, dealer.account, PASSWORD);
      const other = await otherCtx.newPage();
      await open(other, "system/workbench/home");

      // From the user menu.
      await open(page, "system/workbench/home");
      await page.getByTestId("user-menu").click();
      await page.getByTestId("my-account-link").click();
      await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/system/account$`));
      await expect(page.getByTestId("page-title")).toHaveText(t("MyAccount.title"));
      await expect(page.getByTestId("tab-bar").getByRole("link", { name: t("MyAccount.title"), exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByTestId("account-account")).toHaveText(dealer.account);
      const sessions = page.getByTestId("account-session");
      await expect(sessions).toHaveCount(2);
      await expect(page.locator('[data-testid="account-session"][data-current="true"]')).toContainText(t("MyAccount.thisDevice"));
      await expect(page.locator('[data-testid="account-sign-in"][data-ok="true"]')).toHaveCount(2);

      // The name: the header shows the new one.
      const name = `Dealer ${dealer.code}`;
      await page.getByTestId("account-name").fill(name);
      await page.getByTestId("account-profile-save").click();
      await expect(page.getByTestId("user-menu")).toContainText(name);

      // The password: a wrong current one is refused on its field; the browser checks the rules first.
      await page.getByTestId("account-current").fill(PASSWORD);
      await page.getByTestId("account-password").fill(NEW_PASSWORD);
      await page.getByTestId("account-password2").fill(`${NEW_PASSWORD}x`);
      await page.getByTestId("account-password-save").click();
      await expect(page.getByTestId("account-password2-error")).toHaveText(t("Validation.passwordMismatch", { label: t("MyAccount.fields.password2") }));
      await page.getByTestId("account-current").fill("not-my-password");
      await page.getByTestId("account-password2").fill(NEW_PASSWORD);
      await page.getByTestId("account-password-save").click();
      await expect(page.getByTestId("account-current-error")).toHaveText(t("MyAccount.errors.currentWrong"));
      await page.getByTestId("account-current").fill(PASSWORD);
      await page.getByTestId("account-password-save").click();
      await expect(page.getByTestId("account-password-done")).toContainText(t("MyAccount.passwordChanged", { count: 1 }));
      await expect(sessions).toHaveCount(1);
      await page.screenshot({ path: path.join(SCREENS_DIR, `my-account-${locale}.png`), fullPage: true });

      // The other browser is signed out at its next request; this one goes on.
      await other.goto(abs("system/workbench/home"));
      await expect(other).toHaveURL(/system\/login/);
      await open(page, "onlineMall/car/goods");
      await expect(page).toHaveURL(/onlineMall\/car\/goods/);

      // Signing in again takes the new password only.
      await signIn(otherCtx, dealer.account, NEW_PASSWORD);
      await open(page, "system/account");
      await expect(sessions).toHaveCount(2);

      // Sign out everywhere: this browser too, after a confirmation.
      await page.getByTestId("account-sign-out-everywhere").click();
      await page
        .locator(".ant-modal-confirm")
        .filter({ visible: true })
        .getByRole("button", { name: t("MyAccount.everywhere") })
        .click();
      await expect(page).toHaveURL(/system\/login/);
      await page.goto(abs("system/account"));
      await expect(page).toHaveURL(/system\/login/);
      await other.goto(abs("system/workbench/home"));
      await expect(other).toHaveURL(/system\/login/);
    } finally {
      await otherCtx.close();
    }
  });
}

test("my account at phone width: one column, touch-sized controls", async ({ page, context }) => {
  const dealer = await makeDealerCompany();
  await signIn(context, dealer.account, PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "system/account");
  for (const id of ["account-name", "account-current", "account-password-save", "account-sign-out-everywhere"]) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.height, id).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, id).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: path.join(SCREENS_DIR, "my-account-phone.png"), fullPage: true });
});
