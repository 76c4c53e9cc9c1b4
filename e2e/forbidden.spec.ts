import { expect, setLocaleCookie, test } from "./fixtures";

// Spec section 2: a signed-in user opening a screen their roles do not grant sees the
// translated "no access" screen, inside the shell, and never the screen's data.
test.describe("forbidden", () => {
  test("a dealer opening an admin screen sees the no-access screen", async ({ page, loginAs }) => {
    await loginAs("dealer");
    await page.goto("system/role");
    const card = page.getByTestId("forbidden");
    await expect(card).toBeVisible();
    await expect(card.getByRole("heading")).toHaveText("No access");
    await expect(card).toContainText("Your account does not have permission to open this page.");
    await expect(page.getByRole("table")).toHaveCount(0);
    // The side menu does not offer the System screens to a dealer.
    await expect(page.getByTestId("menu-system.role")).toHaveCount(0);
  });

  test("in zh-CN the no-access screen is Chinese", async ({ page, context, loginAs }) => {
    await setLocaleCookie(context, "zh-CN");
    await loginAs("staff");
    await page.goto("system/menu");
    const card = page.getByTestId("forbidden");
    await expect(card).toBeVisible();
    await expect(card.getByRole("heading")).toHaveText("无权访问");
    await expect(card.getByRole("link")).toHaveText("返回首页");
  });

  test("the no-access screen answers HTTP 403", async ({ page, loginAs }) => {
    // The shell layout refuses before anything streams, so the status is real.
    await loginAs("dealer");
    const res = await page.goto("system/role");
    expect(res?.status()).toBe(403);
  });
});
