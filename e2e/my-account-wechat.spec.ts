import { createTranslator } from "use-intl/core";
import type { Page } from "@playwright/test";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { abs, BASE_PATH, confirmModal, expect, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { makeDealerCompany, PASSWORD, signIn } from "./mall-orders-db";

// Issue 23: a dealer binds their WeChat from My account through the official account's web
// authorization. The e2e server talks to the local fake of WeChat (scripts/test.ts starts it and
// passes WECHAT_API_BASE/WECHAT_OPEN_BASE), which consents at once with a fresh openid; the demo
// data has the enabled official account (appId wx0d1e2a3b4c5d6e7f). The dealer sees "bound",
// turns the notifications off and unbinds. In both languages, on a dealer made for the test.

type T = (key: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as T;

async function open(page: Page, route: string) {
  await page.goto(abs(route), { timeout: 90_000 });
  await waitForShell(page);
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`my account: bind WeChat, notifications off, unbind (${locale})`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const t = translator(locale);
    const dealer = await makeDealerCompany();
    await setLocaleCookie(context, locale);
    await signIn(context, dealer.account, PASSWORD);
    await open(page, "system/account");

    const card = page.getByTestId("account-wechat");
    await expect(card.getByRole("heading", { name: t("MyAccount.wechat.title") })).toBeVisible();
    await expect(card.getByTestId("account-wechat-state")).toHaveText(t("MyAccount.wechat.notBound"));

    // Bind: to WeChat's authorization (the fake consents) and back with the result.
    await card.getByTestId("account-wechat-bind").click();
    await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/system/account\\?wechat=bound`), { timeout: 60_000 });
    await waitForShell(page);
    await expect(card).toHaveAttribute("data-bound", "true");
    await expect(card.getByTestId("account-wechat-state")).toHaveText(t("MyAccount.wechat.bound"));
    await expect(card.getByTestId("account-wechat-result")).toHaveText(t("MyAccount.wechat.result.bound"));

    // The notifications off, and it stays off after a reload.
    const notify = card.getByTestId("account-wechat-notify");
    await expect(notify).toBeChecked();
    await notify.click();
    await expect(notify).not.toBeChecked();
    await expect(notify).toBeEnabled();
    await page.reload();
    await waitForShell(page);
    await expect(page.getByTestId("account-wechat-notify")).not.toBeChecked();

    // Unbind (asked first).
    await page.getByTestId("account-wechat-unbind").click();
    await confirmModal(page);
    await expect(page.getByTestId("account-wechat")).toHaveAttribute("data-bound", "false");
    await expect(page.getByTestId("account-wechat-state")).toHaveText(t("MyAccount.wechat.notBound"));
    await expect(page.getByTestId("account-wechat-bind")).toBeVisible();

    // A phone's width (the page opened at it, as a phone does): the card's buttons stay inside
    // the screen and are touch-sized.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await waitForShell(page);
    const box = await page.getByTestId("account-wechat-bind").boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    expect(box && box.height).toBeGreaterThanOrEqual(44);
  });
}
