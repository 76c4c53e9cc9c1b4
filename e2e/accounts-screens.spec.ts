import path from "node:path";
import { expect, SCREENS_DIR, setLocaleCookie, test, type Locale } from "./fixtures";

// Screenshots of the account screens in both languages (test-results/screens), for review.
for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`account screens render completely (${locale})`, async ({ page, context, loginAs }) => {
    await setLocaleCookie(context, locale);
    for (const route of ["system/register", "system/forgetpwd"]) {
      await page.goto(route);
      await expect(page.locator("form button[type=submit]")).toBeVisible();
      await page.screenshot({ path: path.join(SCREENS_DIR, `${route.replace(/\//g, "_")}.${locale}.png`) });
    }
    await loginAs("admin");
    for (const route of ["system/loginLog", "system/smsOutbox"]) {
      await page.goto(route);
      await expect(page.locator("tr[data-row-key]").first()).toBeVisible();
      await page.screenshot({ path: path.join(SCREENS_DIR, `${route.replace(/\//g, "_")}.${locale}.png`) });
    }
  });
}
