import path from "node:path";
import sharp from "sharp";
import { expect, SCREENS_DIR, setLocaleCookie, test, type Locale } from "./fixtures";
import { drawer, fillDrawer, saveDrawer } from "./admin-helpers";

// Issue 4: system/attachmentConfig — storage settings with a connection test, the upload
// limits per kind, and a trial upload that the server checks and re-encodes; both languages.

const T = {
  "en-US": { title: "Attachment Settings", testOk: "The storage works", saved: "Saved", format: "Only jpg/png/webp format can be uploaded" },
  "zh-CN": { title: "附件配置", testOk: "存储可用", saved: "保存成功", format: "只能上传jpg/png/webp格式" },
} as const;

const rulesRow = (page: import("@playwright/test").Page, n: number) => page.getByTestId("rules-table").locator("tr[data-row-key]").nth(n);

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`attachment settings: test storage, edit a limit, try an upload (${locale})`, async ({ page, context, loginAs }) => {
    const t = T[locale];
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    expect((await page.goto("system/attachmentConfig"))?.status()).toBe(200);
    await expect(page.getByTestId("page-title")).toHaveText(t.title);

    await page.getByTestId("storage-test").click();
    await expect(page.locator(".ant-message")).toContainText(t.testOk);
    await page.getByTestId("storage-save").click();
    await expect(page.locator(".ant-message")).toContainText(t.saved);

    // The image limit: 8 is saved and shown, then 9 again.
    await rulesRow(page, 0).getByTestId("action-edit").click();
    await fillDrawer(page, { maxCount: 8 });
    await saveDrawer(page);
    await expect(rulesRow(page, 0)).toContainText("8");
    await rulesRow(page, 0).getByTestId("action-edit").click();
    await expect(drawer(page)).toBeVisible();
    await fillDrawer(page, { maxCount: 9 });
    await saveDrawer(page);
    await expect(rulesRow(page, 0)).toContainText("9");

    // A real image goes up and comes back as a thumbnail served by the app.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#237804" } })
      .png()
      .toBuffer();
    const input = page.getByTestId("try-uploads").locator("input[type=file]").first();
    await input.setInputFiles({ name: "green.png", mimeType: "image/png", buffer: png });
    const thumb = page.getByTestId("try-uploads").locator(".ant-upload-list-item img").first();
    await expect(thumb).toBeVisible();
    const src = await thumb.getAttribute("src");
    expect(src).toContain("/api/v1/files/");
    const res = await page.request.get(new URL(src!, page.url()).toString());
    expect(res.status()).toBe(200);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");

    // HTML named .png is refused with the spec's message.
    await input.setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script></html>") });
    await expect(page.locator(".ant-message")).toContainText(t.format);
    await page.screenshot({ path: path.join(SCREENS_DIR, `admin-attachmentConfig-${locale}.png`), fullPage: true });
  });
}

test("staff without the screen get 403", async ({ page, loginAs }) => {
  await loginAs("staff");
  expect((await page.goto("system/attachmentConfig"))?.status()).toBe(403);
});
