import path from "node:path";
import sharp from "sharp";
import { createTranslator } from "use-intl/core";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { expect, SCREENS_DIR, setLocaleCookie, signInState, test, waitForShell, type Locale } from "./fixtures";
import { db } from "./mall-orders-db";
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

// Issue 19: cropping is a setting per image use that the business forms follow. It changes a
// setting every complaint form reads, so it is put back however the test ends.
for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`image cropping per use: the complaint form crops to the chosen shape (${locale})`, async ({ page, context, browser, loginAs }) => {
    test.setTimeout(180_000);
    const tr = createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as (
      key: string,
      v?: Record<string, string>,
    ) => string;
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    try {
      expect((await page.goto("system/attachmentConfig"))?.status()).toBe(200);
      await waitForShell(page);
      const crops = page.getByTestId("crops-table");
      await expect(crops).toContainText(tr("AttachmentConfig.uses.COMPLAINT_IMAGE"));
      await crops.getByTestId("crop-aspect-COMPLAINT_IMAGE").selectOption("1:1");
      await expect(page.locator(".ant-message")).toContainText(tr("AttachmentConfig.cropSaved", { use: tr("AttachmentConfig.uses.COMPLAINT_IMAGE") }));
      if ((await crops.getByTestId("crop-COMPLAINT_IMAGE").getAttribute("aria-checked")) !== "true") await crops.getByTestId("crop-COMPLAINT_IMAGE").click();
      await expect(crops.getByTestId("crop-COMPLAINT_IMAGE")).toHaveAttribute("aria-checked", "true");
      await expect.poll(async () => (await db().imageCrop.findUnique({ where: { use: "COMPLAINT_IMAGE" } }))?.enabled).toBe(true);
      await page.screenshot({ path: path.join(SCREENS_DIR, `admin-attachmentConfig-crops-${locale}.png`), fullPage: true });

      // The dealer's complaint form now crops: a 64 × 48 picture goes up square. (The rules are
      // cached per process for up to 30 s, so the form is opened until it follows.)
      const dealerCtx = await browser.newContext();
      await setLocaleCookie(dealerCtx, locale);
      await dealerCtx.addCookies((await signInState("dealer")).cookies);
      const dealer = await dealerCtx.newPage();
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#1d39c4" } })
        .png()
        .toBuffer();
      const cropper = dealer.locator(".ant-modal").filter({ hasText: tr("Uploads.cropTitle") });
      await expect(async () => {
        await dealer.goto("afterSale/complaint");
        await waitForShell(dealer);
        await dealer.getByTestId("complaint-file").click();
        const images = dealer.getByTestId("complaint-form").getByTestId("upload-image");
        await images.locator("input[type=file]").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: png });
        await expect(cropper).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 90_000 });
      await dealer.screenshot({ path: path.join(SCREENS_DIR, `complaint-crop-${locale}.png`), fullPage: true });
      // The cropper's OK (antd spaces a two-character Chinese label, "确 定", so not by its name).
      await cropper.locator(".ant-btn-primary").click();
      const images = dealer.getByTestId("complaint-form").getByTestId("upload-image");
      await expect(images.locator(".ant-upload-list-item img")).toBeVisible();
      const src = await images.locator(".ant-upload-list-item img").getAttribute("src");
      const id = /files\/([0-9a-f]+)/.exec(src ?? "")?.[1];
      const stored = await db().attachment.findUniqueOrThrow({ where: { id: id! }, select: { width: true, height: true } });
      expect(stored.width).toBe(stored.height);
      await dealerCtx.close();
    } finally {
      await db().imageCrop.updateMany({ where: { use: "COMPLAINT_IMAGE" }, data: { enabled: false, aspect: "FREE" } });
    }
  });
}
