import { mkdirSync } from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { abs, baseURL, chooseSelectOption, clickUntilGone, confirmModal, expect, setLocaleCookie, signInState, test, waitForShell, type Locale } from "./fixtures";
import { db, makeGoods, makeOrder, uid, vin, type TestGoods } from "./mall-orders-db";

// Issue 7: parts returns. A dealer files a return of a catalogue part (with one of its parts
// orders, two images, the car's VIN; a bad VIN and a fault quantity above the quantity are
// refused on their fields); staff approve it; the dealer ships it in a delivery batch with
// logistics (required for that delivery way, in the browser too); staff receive the batch and
// complete the item with the deal type carried out; the return log shows the batch completed
// with the item and its images. Dealer B gets 404 for the return, the batch and the image. In
// both languages; then the REST endpoints.

const SHOTS = "/tmp/shots/h1";
mkdirSync(SHOTS, { recursive: true });

const T = {
  "en-US": {
    title: "Parts returns",
    logs: "Return logs",
    returnType: "Quality problem",
    dealType: "Replace",
    repair: "Repair",
    delivery: "Logistics",
    status: { SUBMITTED: "Submitted", APPROVED: "Approved", SHIPPED: "Shipped", RECEIVED: "Received", COMPLETED: "Completed" },
    vinCheck: "VIN has a wrong check digit (position 9)",
    faultAbove: (q: number) => `The fault quantity cannot be more than the quantity returned (${q}).`,
    logisticsRequired: "Please enter Logistics company",
    description: "Please enter Question description",
    approvedNotice: "approved",
  },
  "zh-CN": {
    title: "配件退货",
    logs: "退货记录",
    returnType: "质量问题",
    dealType: "换货",
    repair: "维修",
    delivery: "物流",
    status: { SUBMITTED: "已提交", APPROVED: "已审核", SHIPPED: "已发货", RECEIVED: "已收货", COMPLETED: "已完成" },
    vinCheck: "VIN校验位（第9位）不正确",
    faultAbove: (q: number) => `故障数量不能超过退货数量（${q}）。`,
    logisticsRequired: "请输入物流公司",
    description: "请输入问题描述",
    approvedNotice: "已批准",
  },
} as const;

const png = (background: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

async function open(page: Page, route: string) {
  const res = await page.goto(abs(route), { timeout: 90_000 });
  await waitForShell(page);
  return res;
}

async function signedIn(browser: Browser, locale: Locale, who: "dealer" | "staff" | "group", company?: string): Promise<BrowserContext> {
  const ctx = await browser.newContext();
  await setLocaleCookie(ctx, locale);
  await ctx.addCookies((await signInState(who, company)).cookies);
  return ctx;
}

/** D001 and its demo dealer (dealer.sh), who files the returns. */
async function demoDealer(): Promise<{ companyId: number; userId: number }> {
  const company = await db().company.findUniqueOrThrow({ where: { code: "D001" }, select: { id: true } });
  const user = await db().user.findUniqueOrThrow({ where: { account: "dealer.sh" }, select: { id: true } });
  return { companyId: company.id, userId: user.id };
}

const errorsOf = (scope: ReturnType<Page["getByTestId"]>) => scope.locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)");
/** Chooses an option of an antd Select until it shows it (a click during the dropdown's opening
 * animation can be lost). */
async function pick(page: Page, select: Locator, label: string) {
  await expect(async () => {
    if (!(await select.textContent())?.includes(label)) await chooseSelectOption(page, select, label);
    await expect(select).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Answers the confirmation dialog (approve, receive). */
const confirm = confirmModal;

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`parts return: filed with images, approved, shipped in a batch, received, completed; dealer B gets 404 (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const zh = locale === "zh-CN";
    const token = uid();
    const { companyId, userId } = await demoDealer();
    const part: TestGoods = await makeGoods("PART", "86.00", 20);
    const orderNo = `SOE2R${token}`;
    await makeOrder({ companyId, userId, type: "PARTS", goods: part, quantity: 4, orderNo });
    const carVin = vin(`LRT${token.replace(/[IOQ]/g, "A")}12345`.slice(0, 16));
    const description = `E2E ${locale} ${token}: the brake pad squeals after 200 km.`;

    const dealerCtx = await signedIn(browser, locale, "dealer");
    const staffCtx = await signedIn(browser, locale, "staff");
    const otherCtx = await signedIn(browser, locale, "group", "D002");
    try {
      const dealer = await dealerCtx.newPage();
      const staff = await staffCtx.newPage();
      const other = await otherCtx.newPage();
      // These pages are not the fixture's: watch them for messages missing in the browser too.
      const missing: string[] = [];
      for (const p of [dealer, staff, other]) p.on("console", (m) => void (m.text().includes("MISSING_MESSAGE") && missing.push(m.text().split("\n")[0])));

      // The dealer opens the form from the list.
      await open(dealer, "afterSale/salesReturn");
      await expect(dealer.getByTestId("page-title")).toHaveText(t.title);
      await dealer.getByTestId("sales-return-file").click();
      const form = dealer.getByTestId("sales-return-form");
      await expect(form).toBeVisible({ timeout: 60_000 });

      // A VIN with a wrong check digit and a fault quantity above the quantity are refused on
      // their fields, in the browser, before anything is sent; so is the missing description.
      const badVin = carVin.slice(0, 8) + (carVin[8] === "1" ? "2" : "1") + carVin.slice(9);
      await dealer.getByTestId("sales-return-vin").fill(badVin);
      await dealer.getByTestId("sales-return-quantity").fill("2");
      await dealer.getByTestId("sales-return-fault-quantity").fill("5");
      await dealer.getByTestId("sales-return-submit").click();
      const errors = errorsOf(form);
      await expect(errors.filter({ hasText: t.vinCheck })).toBeVisible();
      await expect(errors.filter({ hasText: t.faultAbove(2) })).toBeVisible();
      await expect(errors.filter({ hasText: t.description })).toBeVisible();

      // The part from the catalogue (searched by its code), then one of the dealer's orders holding it.
      await pick(dealer, dealer.getByTestId("sales-return-type"), t.returnType);
      await pick(dealer, dealer.getByTestId("sales-return-deal-type"), t.dealType);
      const partSelect = dealer.getByTestId("sales-return-part");
      await partSelect.click();
      await partSelect.locator("input").fill(part.code);
      const partLabel = `${part.code} · ${zh ? part.nameZh : part.nameEn}`;
      await dealer.locator(`.ant-select-dropdown .ant-select-item-option[title="${partLabel}"]`).filter({ visible: true }).click({ timeout: 30_000 });
      await expect(partSelect).toContainText(partLabel);
      const orderSelect = dealer.getByTestId("sales-return-order");
      await expect(orderSelect).not.toHaveClass(/ant-select-disabled/, { timeout: 30_000 });
      await expect(async () => {
        if (!(await orderSelect.textContent())?.includes(orderNo)) {
          await orderSelect.click();
          await dealer.locator(".ant-select-dropdown .ant-select-item-option").filter({ hasText: orderNo }).filter({ visible: true }).click({ timeout: 5_000 });
        }
        await expect(orderSelect).toContainText(orderNo, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });

      await dealer.getByTestId("sales-return-fault-quantity").fill("1");
      await dealer.getByTestId("sales-return-vin").fill(carVin.toLowerCase());
      await dealer.getByTestId("sales-return-buyer").fill("Li Lei");
      await dealer.getByTestId("sales-return-buy-date").fill("2026-01-05");
      await dealer.getByTestId("sales-return-description").fill(description);
      const images = form.getByTestId("upload-image");
      await images.locator("input[type=file]").setInputFiles([
        { name: "pad-1.png", mimeType: "image/png", buffer: await png("#cf1322") },
        { name: "pad-2.png", mimeType: "image/png", buffer: await png("#1d39c4") },
      ]);
      await expect(images.locator(".ant-upload-list-item")).toHaveCount(2);
      await expect(form.locator(".ant-upload-list-item-uploading, .ant-upload-list-item-error")).toHaveCount(0, { timeout: 30_000 });
      await expect.poll(() => errors.allTextContents()).toEqual([]);
      await dealer.screenshot({ path: path.join(SHOTS, `return-form-${locale}.png`) });
      await dealer.getByTestId("sales-return-submit").click();
      const created = dealer.getByTestId("sales-return-created");
      await expect(created).toBeVisible({ timeout: 30_000 });
      const returnNo = (await created.textContent())!.match(/SR\d+/)![0];

      // It is in the dealer's list, submitted, found by its VIN too.
      await open(dealer, `afterSale/salesReturn?vin=${carVin.slice(-6)}&returnNo=${returnNo}`);
      const row = dealer.locator(`[data-testid="sales-return-row"][data-return-no="${returnNo}"]`);
      await expect(row).toContainText(zh ? part.nameZh : part.nameEn);
      await expect(row).toContainText(carVin);
      await expect(row.getByTestId("sales-return-status")).toHaveText(t.status.SUBMITTED);
      await dealer.screenshot({ path: path.join(SHOTS, `return-list-${locale}.png`), fullPage: true });
      const id = Number(new URL((await row.getByRole("link", { name: returnNo }).getAttribute("href")) ?? "", "http://x").searchParams.get("id"));
      expect(id).toBeGreaterThan(0);

      // Staff approve it.
      await open(staff, `afterSale/salesReturn?id=${id}`);
      const staffDetail = staff.getByTestId("sales-return-detail");
      await expect(staffDetail).toHaveAttribute("data-status", "SUBMITTED");
      await expect(staff.getByTestId("detail-order")).toHaveText(orderNo);
      await expect(staffDetail.getByTestId("part-image")).toHaveCount(2);
      await staff.getByTestId("sales-return-approve").click();
      await confirm(staff);
      await expect(staffDetail).toHaveAttribute("data-status", "APPROVED", { timeout: 30_000 });
      await expect(staff.getByTestId("detail-status")).toHaveText(t.status.APPROVED);
      // Staff's list names the dealer and filters by it.
      await open(staff, `afterSale/salesReturn?company=D001&returnNo=${returnNo}`);
      const staffRow = staff.locator(`[data-testid="sales-return-row"][data-return-no="${returnNo}"]`);
      await expect(staffRow).toContainText("D001");
      await expect(staffRow.getByTestId("sales-return-status")).toHaveText(t.status.APPROVED);
      await expect(staff.getByTestId("sales-return-file")).toHaveCount(0);
      await staff.screenshot({ path: path.join(SHOTS, `return-list-staff-${locale}.png`) });

      // The dealer is told in the bell, in the page's language, and the notice opens the return.
      await open(dealer, "system/workbench/home");
      await dealer.getByTestId("notification-bell").click();
      const notice = dealer.getByTestId("notification-panel").getByTestId("notification-item").filter({ hasText: returnNo });
      await expect(notice).toContainText(t.approvedNotice, { timeout: 30_000 });
      await notice.click();
      await expect(dealer).toHaveURL(new RegExp(`afterSale/salesReturn\\?id=${id}$`), { timeout: 60_000 });

      // The dealer ships it: logistics needs the carrier and the number (checked in the browser).
      await open(dealer, `afterSale/salesReturn?id=${id}`);
      await dealer.getByTestId("sales-return-ship").click();
      const ship = dealer.getByTestId("ship-form");
      await expect(ship).toBeVisible({ timeout: 60_000 });
      await expect(dealer.locator(`[data-testid="ship-returns"] tr[data-row-key="${id}"] input[type=checkbox]`)).toBeChecked();
      await ship.locator("#shippingAddress").fill(`Plant 2, 88 Factory Road, Wuhan (${token})`);
      await pick(dealer, dealer.getByTestId("ship-delivery-way"), t.delivery);
      await dealer.getByTestId("ship-contact-phone").fill("13912345678");
      await dealer.getByTestId("ship-car-no").fill("沪A12345");
      await dealer.getByTestId("ship-submit").click();
      await expect(errorsOf(ship).filter({ hasText: t.logisticsRequired })).toBeVisible();
      await dealer.getByTestId("ship-logistics-company").fill("SF Express");
      await dealer.getByTestId("ship-logistics-no").fill(`SF${token}`);
      await dealer.screenshot({ path: path.join(SHOTS, `return-ship-${locale}.png`) });
      await dealer.getByTestId("ship-submit").click();
      await expect(dealer).toHaveURL(/afterSale\/salesReturnLogs\?id=\d+/, { timeout: 60_000 });
      const batchDetail = dealer.getByTestId("return-batch-detail");
      await expect(batchDetail).toHaveAttribute("data-status", "SHIPPED", { timeout: 60_000 });
      const batchNo = (await batchDetail.getAttribute("data-batch-no"))!;
      expect(batchNo).toMatch(/^RB\d+$/);
      const batchId = Number(new URL(dealer.url()).searchParams.get("id"));
      await expect(dealer.getByTestId("detail-logisticsNo")).toHaveText(`SF${token}`);

      // Staff receive everything shipped in the batch, then complete the item (repaired).
      await open(staff, `afterSale/salesReturnLogs?id=${batchId}`);
      const item = staff.locator(`[data-testid="return-log-item"][data-return-no="${returnNo}"]`);
      await expect(item).toHaveAttribute("data-status", "SHIPPED");
      await staff.getByTestId("return-batch-receive-all").click();
      await confirm(staff);
      await expect(item).toHaveAttribute("data-status", "RECEIVED", { timeout: 30_000 });
      await expect(staff.getByTestId("return-batch-detail")).toHaveAttribute("data-status", "RECEIVED");
      await item.getByTestId("return-item-complete").click();
      const dialog = staff.getByTestId("sales-return-dialog");
      await expect(dialog).toBeVisible({ timeout: 60_000 });
      await pick(staff, staff.getByTestId("sales-return-deal-type-done"), t.repair);
      await clickUntilGone(dialog, staff.getByTestId("sales-return-dialog-ok"));
      await expect(item).toHaveAttribute("data-status", "COMPLETED", { timeout: 30_000 });
      await expect(item.getByTestId("return-log-item-done")).toContainText(t.repair);
      await expect(staff.getByTestId("return-batch-detail")).toHaveAttribute("data-status", "COMPLETED");
      await staff.screenshot({ path: path.join(SHOTS, `return-log-staff-${locale}.png`), fullPage: true });
      await open(staff, `afterSale/salesReturnLogs?company=D001&batchNo=${batchNo}`);
      await expect(staff.locator(`[data-testid="return-batch-row"][data-batch-no="${batchNo}"]`)).toContainText("D001");
      await staff.screenshot({ path: path.join(SHOTS, `return-logs-staff-${locale}.png`) });

      // The dealer's logs: the batch completed; its log holds the item with its two images.
      await open(dealer, `afterSale/salesReturnLogs?batchNo=${batchNo}`);
      await expect(dealer.getByTestId("page-title")).toHaveText(t.logs);
      const batchRow = dealer.locator(`[data-testid="return-batch-row"][data-batch-no="${batchNo}"]`);
      await expect(batchRow.getByTestId("return-batch-status")).toHaveText(t.status.COMPLETED);
      await batchRow.getByRole("link", { name: batchNo }).click();
      const logItem = dealer.locator(`[data-testid="return-log-item"][data-return-no="${returnNo}"]`);
      await expect(logItem).toHaveAttribute("data-status", "COMPLETED", { timeout: 60_000 });
      await expect(logItem).toContainText(zh ? part.nameZh : part.nameEn);
      await expect(logItem.getByTestId("return-log-item-status")).toHaveText(t.status.COMPLETED);
      const thumbs = logItem.getByTestId("part-image");
      await expect(thumbs).toHaveCount(2);
      await expect(logItem.locator("img").first()).toHaveJSProperty("complete", true);
      await dealer.screenshot({ path: path.join(SHOTS, `return-log-${locale}.png`), fullPage: true });
      const imageUrl = new URL((await thumbs.first().getAttribute("href"))!, baseURL()).toString();
      expect((await dealerCtx.request.get(imageUrl)).status()).toBe(200);

      // The return's detail: completed with what was carried out, and its whole history.
      await open(dealer, `afterSale/salesReturn?id=${id}`);
      await expect(dealer.getByTestId("detail-dealTypeDone")).toHaveText(t.repair);
      await expect(dealer.getByTestId("detail-batch")).toHaveText(batchNo);
      await expect(dealer.getByTestId("sales-return-history").locator("li")).toHaveCount(5);
      await dealer.screenshot({ path: path.join(SHOTS, `return-detail-${locale}.png`), fullPage: true });

      // Dealer B: the return, the batch and the image are missing (404), not forbidden.
      expect((await other.goto(abs(`afterSale/salesReturn?id=${id}`), { timeout: 90_000 }))?.status()).toBe(404);
      expect((await other.goto(abs(`afterSale/salesReturnLogs?id=${batchId}`), { timeout: 90_000 }))?.status()).toBe(404);
      expect((await otherCtx.request.get(imageUrl)).status()).toBe(404);
      await open(other, `afterSale/salesReturn?returnNo=${returnNo}`);
      await expect(other.getByTestId("sales-return-empty")).toBeVisible();
      expect(missing, "messages missing in the browser").toEqual([]);
    } finally {
      await dealerCtx.close();
      await staffCtx.close();
      await otherCtx.close();
    }
  });
}

test("REST: POST and GET /api/v1/sales-returns, scoped to the company, in the OpenAPI document", async () => {
  const ctx = async (who: "dealer" | "group", company?: string): Promise<APIRequestContext> =>
    playwrightRequest.newContext({ baseURL: baseURL(), storageState: await signInState(who, company), extraHTTPHeaders: { "Accept-Language": "en-US" } });
  const dealer = await ctx("dealer");
  const other = await ctx("group", "D002");
  try {
    const body = {
      returnType: "QUALITY",
      materialName: `E2E API part ${uid()}`,
      quantity: 2,
      faultQuantity: 1,
      dealType: "REFUND",
      vin: vin(`LRA${uid().replace(/[IOQ]/g, "A")}54321`.slice(0, 16)),
      description: "Cracked housing.",
    };
    const bad = await dealer.post("api/v1/sales-returns", { data: { ...body, faultQuantity: 3 } });
    expect(bad.status()).toBe(422);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.faultQuantity).toBe("The fault quantity cannot be more than the quantity returned (2).");
    const invalid = await dealer.post("api/v1/sales-returns", { data: { ...body, vin: "123" } });
    expect(invalid.status()).toBe(422);
    expect(((await invalid.json()) as { fieldErrors: Record<string, string> }).fieldErrors.vin).toBe("VIN must be 17 characters");

    const res = await dealer.post("api/v1/sales-returns", { data: body });
    expect(res.status()).toBe(201);
    const out = (await res.json()) as { id: number; returnNo: string };
    expect(out.returnNo).toMatch(/^SR\d+$/);
    expect(res.headers()["location"]).toBe(`/customerWeb/api/v1/sales-returns/${out.id}`);

    const list = (await (await dealer.get(`api/v1/sales-returns?returnNo=${out.returnNo}`)).json()) as { rows: { id: number; status: string; materialName: string }[] };
    expect(list.rows).toEqual([expect.objectContaining({ id: out.id, status: "SUBMITTED", materialName: body.materialName })]);
    const one = await dealer.get(`api/v1/sales-returns/${out.id}`);
    expect(one.status()).toBe(200);
    expect(await one.json()).toMatchObject({ returnNo: out.returnNo, vin: body.vin, events: [expect.objectContaining({ to: "SUBMITTED" })] });

    const theirs = (await (await other.get(`api/v1/sales-returns?returnNo=${out.returnNo}`)).json()) as { rows: unknown[] };
    expect(theirs.rows).toEqual([]);
    expect((await other.get(`api/v1/sales-returns/${out.id}`)).status()).toBe(404);

    const doc = (await (await dealer.get("api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths["/sales-returns"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(doc.paths["/sales-returns/{id}"].get).toBeDefined();
    expect(doc.components.schemas.FileReturn).toBeDefined();
  } finally {
    await dealer.dispose();
    await other.dispose();
  }
});
