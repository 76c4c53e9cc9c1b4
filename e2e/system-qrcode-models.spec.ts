import path from "node:path";
import { createTranslator } from "use-intl/core";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { confirm, drawer, field, fillDrawer, openAdmin, rowAction, rowWith, saveDrawer, saveDrawerExpectingError, chooseInDrawer } from "./admin-helpers";
import { expect, SCREENS_DIR, setLocaleCookie, test, type Locale } from "./fixtures";
import { db } from "./mall-orders-db";

// Issue 23: system/qrcodeModel — an administrator creates a QR code template (an unknown
// placeholder refused on its field first), watches the live preview change with the pattern
// and the label sketch follow the chosen fields, makes it its purpose's default and deletes
// it. Each language works on a purpose of its own that no label spec prints (download items,
// app download), and the purpose's previous default is put back afterwards.

const PURPOSE = { "en-US": "DOWNLOAD", "zh-CN": "APP_DOWNLOAD" } as const;

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`QR code templates: create with live preview, set default, delete (${locale})`, async ({ page, context, loginAs }) => {
    test.setTimeout(180_000);
    const tr = createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as (
      key: string,
      v?: Record<string, string | number>,
    ) => string;
    const purpose = PURPOSE[locale];
    const name = `QR ${locale} ${Date.now()}`;
    const before = await db().qrcodeModel.findFirst({ where: { purpose, isDefault: true }, select: { id: true } });
    try {
      await setLocaleCookie(context, locale);
      await loginAs("admin");
      await openAdmin(page, "system/qrcodeModel");
      await expect(page.getByTestId("page-title")).toHaveText(tr("QrcodeModel.title"));

      await page.getByTestId("create").click();
      await expect(drawer(page)).toBeVisible();
      await chooseInDrawer(page, "purpose", tr(`QrcodeModel.purposes.${purpose}`));
      await fillDrawer(page, { name });

      // The preview is the endpoint's SVG for the form's values; a new pattern brings a new one.
      const preview = drawer(page).getByTestId("qr-preview");
      await expect(preview).toBeVisible();
      await expect(preview).toHaveAttribute("data-url", /pattern=%7Burl%7D/);
      const first = await preview.getAttribute("src");
      await fillDrawer(page, { pattern: "APP {url}" });
      await expect(preview).toHaveAttribute("data-url", /pattern=APP\+%7Burl%7D/);
      await expect(preview).not.toHaveAttribute("src", first ?? "");
      // data-url is the endpoint's absolute path ("/customerWeb/api/qrcode/preview?…").
      const svg = await page.request.get((await preview.getAttribute("data-url"))!);
      expect(svg.headers()["content-type"]).toContain("image/svg+xml");

      // An unknown placeholder: the preview says why, and saving is refused on the field.
      await fillDrawer(page, { pattern: "{vin}" });
      await expect(drawer(page).getByTestId("qr-preview-error")).toBeVisible();
      const allowed = purpose === "DOWNLOAD" ? "{code} {url}" : "{url}";
      await saveDrawerExpectingError(page, "pattern", tr("Validation.qrPlaceholder", { label: tr("QrcodeModel.fields.pattern"), placeholder: "{vin}", allowed }));
      await fillDrawer(page, { pattern: "{url}" });
      await expect(drawer(page).getByTestId("qr-preview")).toBeVisible();

      // The label sketch shows the chosen fields with sample values.
      const sketch = drawer(page).getByTestId("label-sketch");
      const fieldName = purpose === "DOWNLOAD" ? "date" : "version";
      // Checked, whatever the purpose's default layout already holds (clicking would toggle it).
      await field(page, "layout-fields")
        .getByRole("checkbox", { name: tr(`QrcodeModel.field.${fieldName}`), exact: true })
        .check();
      await expect(sketch.getByTestId(`sketch-${fieldName}`)).toContainText(tr(`QrcodeModel.samples.${fieldName}`));
      await page.screenshot({ path: path.join(SCREENS_DIR, `admin-qrcodeModel-drawer-${locale}.png`), fullPage: true });
      await saveDrawer(page);

      const row = rowWith(page, name);
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("template-default")).toHaveCount(0);
      await rowAction(page, name, "default");
      await confirm(page);
      await expect(row.getByTestId("template-default")).toBeVisible();
      expect(await db().qrcodeModel.count({ where: { purpose, isDefault: true } })).toBe(1);
      await page.screenshot({ path: path.join(SCREENS_DIR, `admin-qrcodeModel-${locale}.png`), fullPage: true });

      await rowAction(page, name, "delete");
      await confirm(page);
      await expect(row).toHaveCount(0);
      expect(await db().qrcodeModel.count({ where: { name } })).toBe(0);
    } finally {
      await db().qrcodeModel.deleteMany({ where: { name } });
      if (before) await db().qrcodeModel.updateMany({ where: { id: before.id, purpose }, data: { isDefault: true } });
    }
  });
}

test("QR code templates fit a phone", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs("admin");
  await openAdmin(page, "system/qrcodeModel");
  await page.getByTestId("create").click();
  await expect(drawer(page).getByTestId("qr-preview")).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
