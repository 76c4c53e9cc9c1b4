import { readFile } from "node:fs/promises";
import { request as playwrightRequest, type Browser, type BrowserContext, type Download, type Locator, type Page } from "@playwright/test";
import { abs, baseURL, confirmModal, expect, setLocaleCookie, signInState, test, waitForShell, type Locale } from "./fixtures";
import { db, uid } from "./mall-orders-db";

// Issue 8: the download centre. A dealer searches, downloads an item without a code (the
// browser receives the file) and the seeded price list with its verify code (a wrong code is
// refused on the field, the right one downloads); each granted download counts. Staff create
// an item with an uploaded file and a code (they see the code in their form, dealers never get
// it); the dealer downloads it with the code; the file route refuses without a token, and the
// file is not readable through /api/v1/files. In both languages.

const SHOTS = "/tmp/shots/downloads";
const ROUTE = "download/downloadCenters";
const BROCHURE = { title: "Metro Sedan brochure 2026", file: "metro-sedan-brochure-2026.pdf" };
const PRICE_LIST = { title: "2026 Vehicle Price List (dealer net prices)", file: "green-motors-price-list-2026.pdf", code: "GM2026" };

const T = {
  "en-US": {
    title: "Download Center",
    locked: "Code required",
    download: "Download",
    newItem: "New item",
    search: (n: number) => (n === 1 ? "1 item" : `${n} items`),
    wrong: /^The verification code is wrong\. \d+ more tr(y|ies) this hour\.$/,
    required: "Please enter the verification code",
  },
  "zh-CN": {
    title: "下载中心",
    locked: "需验证码",
    download: "下载",
    newItem: "新增资料",
    search: (n: number) => `共 ${n} 条资料`,
    wrong: /^验证码错误，本小时内还可尝试 \d+ 次。$/,
    required: "请输入验证码",
  },
} as const;

async function signedIn(browser: Browser, locale: Locale, who: "dealer" | "staff"): Promise<BrowserContext> {
  const ctx = await browser.newContext({ acceptDownloads: true });
  await setLocaleCookie(ctx, locale);
  await ctx.addCookies((await signInState(who)).cookies);
  return ctx;
}

async function open(page: Page, route: string) {
  await page.goto(abs(route), { timeout: 90_000 });
  await waitForShell(page);
}

/** Earlier runs' wrong codes would count toward the demo dealer's hourly limit: start clean. */
async function forgetWrongCodes(account: string) {
  await db().downloadLog.deleteMany({ where: { ok: false, user: { account } } });
}

const row = (page: Page, title: string) => page.locator(`[data-testid="download-row"][data-title="${title.replace(/"/g, '\\"')}"]`);
const countOf = async (where: Locator) => Number(await where.getAttribute("data-count"));

async function searchFor(page: Page, keyword: string) {
  await page.getByTestId("download-keyword").fill(keyword);
  await page.getByTestId("download-search").click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=`));
}

/** Waits for the browser's download and returns its name and bytes. */
async function received(download: Download): Promise<{ name: string; bytes: Buffer }> {
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file!) };
}

/** A small PDF the upload sniffer recognises. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`dealer searches and downloads, with and without the verify code; downloads count (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const t = T[locale];
    await forgetWrongCodes("dealer.sh");
    const ctx = await signedIn(browser, locale, "dealer");
    try {
      const page = await ctx.newPage();
      await open(page, ROUTE);
      await expect(page.getByTestId("page-title")).toHaveText(t.title);
      // Dealers manage nothing here.
      await expect(page.getByTestId("download-new")).toHaveCount(0);
      await expect(page.getByTestId("download-manage")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/e2e-list-${locale}.png`, fullPage: true });

      // Search by a word of the content: the brochure is found, the price list is not.
      await searchFor(page, "Print-ready PDF for the showroom");
      await expect(page.getByTestId("download-count")).toHaveText(t.search(1));
      const brochure = row(page, BROCHURE.title);
      await expect(brochure).toBeVisible();
      await expect(row(page, PRICE_LIST.title)).toHaveCount(0);
      await expect(brochure.getByTestId("download-lock")).toHaveCount(0);

      // No code: the click downloads the file and the count goes up by one.
      const count = brochure.getByTestId("download-downloads");
      const before = await countOf(count);
      const [download] = await Promise.all([page.waitForEvent("download"), brochure.getByTestId("download-button").click()]);
      const got = await received(download);
      expect(got.name).toBe(BROCHURE.file);
      expect(got.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      await expect(count).toHaveAttribute("data-count", String(before + 1));
      await expect(page.getByTestId("download-started")).toBeVisible();

      // The price list asks for its code: none, then a wrong one, are refused on the field.
      await searchFor(page, "2026 Vehicle Price List");
      const list = row(page, PRICE_LIST.title);
      await expect(list.getByTestId("download-lock")).toHaveText(t.locked);
      const listCount = list.getByTestId("download-downloads");
      const listBefore = await countOf(listCount);
      await list.getByTestId("download-button").click();
      const dialog = page.getByTestId("download-code-dialog").filter({ visible: true });
      await expect(dialog).toBeVisible();
      let downloads = 0;
      page.on("download", () => downloads++);
      await dialog.getByTestId("download-code-submit").click();
      await expect(dialog.getByTestId("download-code-error")).toHaveText(t.required);
      await dialog.getByTestId("download-code").fill("GM2025");
      await dialog.getByTestId("download-code-submit").click();
      await expect(dialog.getByTestId("download-code-error")).toHaveText(t.wrong);
      await expect(dialog.getByTestId("download-code")).toHaveAttribute("aria-invalid", "true");
      await page.screenshot({ path: `${SHOTS}/e2e-wrong-code-${locale}.png` });
      expect(downloads).toBe(0);
      expect(await countOf(listCount)).toBe(listBefore);

      // The right code downloads it.
      await dialog.getByTestId("download-code").fill(PRICE_LIST.code);
      const [priced] = await Promise.all([page.waitForEvent("download"), dialog.getByTestId("download-code-submit").click()]);
      expect((await received(priced)).name).toBe(PRICE_LIST.file);
      await expect(dialog).toHaveCount(0);
      await expect(listCount).toHaveAttribute("data-count", String(listBefore + 1));

      // The detail shows the content, the pictures (previewed large) and the same button.
      await list.getByTestId("download-title-link").click();
      await expect(page.getByTestId("download-detail")).toBeVisible();
      await expect(page.getByTestId("download-content")).toContainText("Dealer net prices");
      await page.getByTestId("download-image").first().click();
      await expect(page.getByTestId("download-image-preview")).toBeVisible();
      await page.getByTestId("download-preview-close").click();
      await expect(page.getByTestId("detail-downloads")).toHaveText(String(listBefore + 1));
      await page.screenshot({ path: `${SHOTS}/e2e-detail-${locale}.png`, fullPage: true });

      // A switched-off item is not there for dealers: its detail answers 404, as a missing one.
      const off = await db().downloadItem.findMany({ where: { enabled: false }, orderBy: { id: "asc" }, take: 1, select: { id: true } });
      expect(off, "the demo's switched-off price list").toHaveLength(1);
      expect((await page.goto(abs(`${ROUTE}?id=${off[0].id}`)))?.status()).toBe(404);
      expect((await page.goto(abs(`${ROUTE}?id=2000000000`)))?.status()).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  test(`staff create an item with a file and a code; the dealer downloads it; the file needs a token (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const token = uid();
    const title = `E2E ${locale} manual ${token}`;
    const code = `E2E-${token}`;
    const fileName = `e2e-manual-${token.toLowerCase()}.pdf`;
    const bytes = pdf(`manual ${token}`);
    const staffCtx = await signedIn(browser, locale, "staff");
    const dealerCtx = await signedIn(browser, locale, "dealer");
    try {
      const staff = await staffCtx.newPage();
      await open(staff, ROUTE);
      await staff.getByTestId("download-new").click();
      const form = staff.getByTestId("download-form");
      await expect(form).toBeVisible({ timeout: 60_000 });
      // Nothing filled: the title and the file are asked for by name.
      await staff.getByTestId("download-form-save").click();
      await expect(form.locator(".ant-form-item-explain-error").first()).toBeVisible();

      await staff.getByTestId("download-title").fill(title);
      const upload = form.getByTestId("upload-file");
      await upload.locator("input[type=file]").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: bytes });
      // The finished item: antd may still show the uploading one while it animates out.
      await expect(upload.locator(".ant-upload-list-item-done").filter({ hasText: fileName })).toBeVisible({ timeout: 30_000 });
      await expect(upload.locator(".ant-upload-list-item-uploading")).toHaveCount(0, { timeout: 30_000 });
      await staff.getByTestId("download-verify-code").fill(code);
      const editor = staff.getByTestId("download-content-editor").locator("[contenteditable=true]");
      await expect(editor).toBeVisible({ timeout: 60_000 });
      await editor.click();
      await staff.keyboard.type(`Torque tables for the workshop ${token}.`);
      await staff.screenshot({ path: `${SHOTS}/e2e-form-${locale}.png` });
      await staff.getByTestId("download-form-save").click();
      await expect(staff.getByTestId("download-saved")).toBeVisible({ timeout: 30_000 });
      const detail = staff.getByTestId("download-detail");
      await expect(detail).toHaveAttribute("data-title", title);
      await expect(staff.getByTestId("download-lock")).toHaveText(t.locked);
      await expect(staff.getByTestId("download-content")).toContainText(`Torque tables for the workshop ${token}.`);
      const id = Number(await detail.getAttribute("data-id"));

      // Staff read the code in their form (loaded on demand); it is not in their page either.
      await staff.getByTestId("download-edit").click();
      await expect(staff.getByTestId("download-verify-code")).toHaveValue(code, { timeout: 60_000 });
      await staff.getByTestId("download-form-cancel").click();
      const row = await db().downloadItem.findUniqueOrThrow({ where: { id }, select: { fileId: true, verifyCode: true } });
      expect(row.verifyCode).not.toContain(code);
      const fileId = row.fileId!;

      // The dealer finds it, the page never holds the code, and the code downloads it.
      const dealer = await dealerCtx.newPage();
      await open(dealer, ROUTE);
      await searchFor(dealer, token);
      const item = dealer.locator(`[data-testid="download-row"][data-id="${id}"]`);
      await expect(item.getByTestId("download-lock")).toBeVisible();
      expect(await dealer.content()).not.toContain(code);
      await item.getByTestId("download-button").click();
      const dialog = dealer.getByTestId("download-code-dialog").filter({ visible: true });
      await dialog.getByTestId("download-code").fill(code);
      const [download] = await Promise.all([dealer.waitForEvent("download"), dialog.getByTestId("download-code-submit").click()]);
      const got = await received(download);
      expect(got.name).toBe(fileName);
      expect(got.bytes.equals(bytes)).toBe(true);
      await expect(item.getByTestId("download-downloads")).toHaveAttribute("data-count", "1");

      // The file goes out only with a granted token: no token or a forged one 403, signed out
      // 401; /api/v1/files does not serve it to the dealer (404) but does to the staff managing it.
      const fileRoute = abs(`api/v1/downloads/${id}/file`);
      expect((await dealerCtx.request.get(fileRoute, { maxRedirects: 0 })).status()).toBe(403);
      expect((await dealerCtx.request.get(`${fileRoute}?token=${id}.1.9999999999.${"A".repeat(43)}`, { maxRedirects: 0 })).status()).toBe(403);
      const anonymous = await playwrightRequest.newContext({ baseURL: baseURL() });
      expect((await anonymous.get(fileRoute, { maxRedirects: 0 })).status()).toBe(401);
      await anonymous.dispose();
      expect((await dealerCtx.request.get(abs(`api/v1/files/${fileId}`))).status()).toBe(404);
      expect((await staffCtx.request.get(abs(`api/v1/files/${fileId}`))).status()).toBe(200);

      // Staff delete it: gone from the list, its download refused.
      await staff.getByTestId("download-delete").click();
      await confirmModal(staff);
      await expect(staff.getByTestId("download-list")).toBeVisible({ timeout: 30_000 });
      expect(await db().downloadItem.count({ where: { id } })).toBe(0);
    } finally {
      await staffCtx.close();
      await dealerCtx.close();
    }
  });
}
