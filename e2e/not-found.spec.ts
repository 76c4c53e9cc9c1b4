import { BASE_PATH, escapeRe, expect, setLocaleCookie, test } from "./fixtures";

// Spec section 2: any unknown path under the base path shows the translated not-found screen.
test.describe("not found", () => {
  test("an unknown path answers 404 with the English not-found screen", async ({ page }) => {
    const res = await page.goto("no/such/page-e2e");
    expect(res?.status()).toBe(404);
    const card = page.getByTestId("not-found");
    await expect(card).toBeVisible();
    await expect(card.getByRole("heading")).toHaveText("Page not found");
    await expect(card).toContainText("The page you are looking for does not exist or has moved.");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  });

  test("in zh-CN the not-found screen says 页面不存在", async ({ page, context }) => {
    await setLocaleCookie(context, "zh-CN");
    const res = await page.goto("no/such/page-e2e");
    expect(res?.status()).toBe(404);
    const card = page.getByTestId("not-found");
    await expect(card.getByRole("heading")).toHaveText("页面不存在");
    await expect(card.getByRole("link")).toHaveText("返回首页");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  });

  test("?lng=zh-CN on an unknown path is translated too", async ({ page }) => {
    const res = await page.goto("system/nothing-here?lng=zh-CN");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("not-found").getByRole("heading")).toHaveText("页面不存在");
  });

  test("the back-home link leads a signed-out visitor to sign in", async ({ page }) => {
    await page.goto("no/such/page-e2e");
    await page.getByTestId("not-found").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${escapeRe(BASE_PATH)}/system/login\\?callbackUrl=`));
  });
});
