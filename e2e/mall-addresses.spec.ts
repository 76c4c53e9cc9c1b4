import path from "node:path";
import { expect, SCREENS_DIR, setLocaleCookie, signInState, test, type Locale } from "./fixtures";
import { confirm, drawer, field, fillDrawer, saveDrawer, saveDrawerExpectingError } from "./admin-helpers";
import { listRow, listRowAction, openList, searchList } from "./list-helpers";

const ID = "address";
const rowWith = (page: Parameters<typeof listRow>[0], text: string) => listRow(page, ID, text);

// Issue 5 (first part): the dealer's address book — create with the region cascader, one
// default, edit, delete; another company's addresses stay out of sight; both languages.

const T = {
  "en-US": { title: "Delivery Addresses", phone: "Phone is not a valid mobile phone number", zhejiang: "Zhejiang", hangzhou: "Hangzhou", default: "Default" },
  "zh-CN": { title: "收货地址", phone: "联系电话不是有效的手机号码", zhejiang: "浙江省", hangzhou: "杭州市", default: "默认" },
} as const;

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`address book: create, set default, edit, delete (${locale})`, async ({ page, context, loginAs }) => {
    const t = T[locale];
    const receiver = `E2E ${locale} ${Date.now().toString(36)}`;
    await setLocaleCookie(context, locale);
    await loginAs("dealer");
    await openList(page, "onlineMall/adress", ID);
    await expect(page.getByTestId("page-title")).toHaveText(t.title);
    await expect(page.getByTestId("default-tag")).toHaveCount(1);

    await page.getByTestId("create").click();
    await fillDrawer(page, { receiver, phone: "123", address: "No. 9 West Lake Road" });
    await saveDrawerExpectingError(page, "phone", t.phone);
    await fillDrawer(page, { phone: "13712345678" });
    const menus = page.locator(".ant-cascader-dropdown").filter({ visible: true }).locator(".ant-cascader-menu");
    await expect(async () => {
      if (!(await menus.count())) await field(page, "area").locator(".ant-select").first().click();
      await menus
        .nth(0)
        .locator(".ant-cascader-menu-item")
        .filter({ hasText: new RegExp(`^${t.zhejiang}$`) })
        .click({ timeout: 2_000 });
      await menus
        .nth(1)
        .locator(".ant-cascader-menu-item")
        .filter({ hasText: new RegExp(`^${t.hangzhou}$`) })
        .click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(field(page, "area")).toContainText(t.hangzhou);
    await saveDrawer(page);
    await expect(rowWith(page, receiver)).toContainText(t.hangzhou);

    // The new address becomes the default; the old default is no longer one.
    await listRowAction(page, ID, receiver, "default");
    await expect(rowWith(page, receiver).getByTestId("default-tag")).toHaveText(t.default);
    await expect(page.getByTestId("default-tag")).toHaveCount(1);

    await searchList(page, ID, "keyword", receiver);
    await listRowAction(page, ID, receiver, "edit");
    await expect(drawer(page)).toBeVisible();
    await fillDrawer(page, { address: "No. 10 West Lake Road" });
    await saveDrawer(page);
    await expect(rowWith(page, receiver)).toContainText("No. 10 West Lake Road");
    await page.screenshot({ path: path.join(SCREENS_DIR, `mall-adress-${locale}.png`), fullPage: true });

    // Deleting the default hands it to another address.
    await listRowAction(page, ID, receiver, "delete");
    await confirm(page);
    await expect(rowWith(page, receiver)).toHaveCount(0);
    await openList(page, "onlineMall/adress", ID);
    await expect(page.getByTestId("default-tag")).toHaveCount(1);
  });
}

test("another company's addresses stay out of sight, and staff cannot open the book", async ({ page, browser, loginAs }) => {
  await loginAs("dealer");
  const mine = (await (await page.request.get("api/v1/addresses")).json()) as { items: { id: number; company: string }[] };
  expect(mine.items.length).toBeGreaterThan(0);
  expect(mine.items.every((a) => a.company === "D001")).toBe(true);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await other.addCookies((await signInState("group", "D002")).cookies);
  const theirs = (await (await otherPage.request.get("api/v1/addresses")).json()) as { items: { id: number; company: string }[] };
  expect(theirs.items.every((a) => a.company === "D002")).toBe(true);
  expect(theirs.items.some((a) => mine.items.some((m) => m.id === a.id))).toBe(false);
  await other.close();

  await page.context().clearCookies();
  await loginAs("staff");
  expect((await page.goto("onlineMall/adress"))?.status()).toBe(403);
  expect((await page.request.get("api/v1/addresses")).status()).toBe(403);
});
