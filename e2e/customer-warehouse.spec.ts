import type { Locator, Page } from "@playwright/test";
import { db } from "@/lib/db";
import * as factories from "@/lib/test/factories";
import { abs, chooseSelectOption, confirmModal, expect, SCREENS_DIR, setLocaleCookie, switchCompany, test, waitForShell, type Locale } from "./fixtures";
import { PASSWORD, signIn, uid } from "./mall-orders-db";

// Issue 20: the customer warehouse, in both languages, as a dealer of a two-company group:
// a warehouse and its locations → receive a parts order → post its entry into a location → move
// stock to another location → transfer some to the group's other company, which receives it
// short → a stocktake with a difference → a counter sale with its receipt. After every step the
// ledger equals on hand; a dealer outside the group gets 404 on every document.

const T = {
  "en-US": { posted: "Posted", received: "Received", counting: "Counting", inTransit: "In transit", type: "Mixed", shortfall: "Short" },
  "zh-CN": { posted: "已过账", received: "已接收", counting: "盘点中", inTransit: "在途", type: "混合", shortfall: "短少" },
} as const;

type Group = { a: { id: number; code: string; nameEn: string; nameZh: string }; b: { id: number; code: string; nameEn: string; nameZh: string }; account: string };

/** Two companies in D001's region and one dealer user linked to both (a dealer group). */
async function makeGroup(): Promise<Group> {
  const org = (await db().company.findUniqueOrThrow({ where: { code: "D001" }, select: { organizationId: true } })).organizationId!;
  const tag = uid();
  const a = await factories.makeCompany(org, "ACTIVE", { code: `E2W${tag}A`, nameEn: `Warehouse Test ${tag} A`, nameZh: `仓储测试${tag}甲` });
  const b = await factories.makeCompany(org, "ACTIVE", { code: `E2W${tag}B`, nameEn: `Warehouse Test ${tag} B`, nameZh: `仓储测试${tag}乙` });
  const user = await factories.makeUser({
    userType: "DEALER",
    companyIds: [a.id, b.id],
    roleIds: [await factories.roleId("DEALER")],
    account: `e2e.wms.${tag.toLowerCase()}`,
    password: PASSWORD,
  });
  return { a, b, account: user.account };
}

/** Fails unless every on-hand row of the companies equals its ledger's sum. */
async function expectLedgerRight(companyIds: number[]) {
  const bad = await db().$queryRaw<{ id: number }[]>`
    SELECT s."id" FROM "StockOnHand" s LEFT JOIN "StockLedger" l ON l."locationId" = s."locationId" AND l."goodsId" = s."goodsId"
    WHERE s."companyId" = ANY(${companyIds}) GROUP BY s."id" HAVING s."quantity" <> COALESCE(SUM(l."quantity"), 0)`;
  expect(bad).toEqual([]);
}

const onHand = async (companyId: number, goodsId: number) =>
  Object.fromEntries(
    (await db().stockOnHand.findMany({ where: { companyId, goodsId }, select: { quantity: true, location: { select: { code: true } } } })).map((r) => [
      r.location.code,
      r.quantity,
    ]),
  );

/** Opens an antd select and picks the first visible option containing `text`. */
async function pick(page: Page, select: Locator, text: string) {
  await expect(async () => {
    if ((await select.textContent())?.includes(text)) return;
    await select.click({ timeout: 5_000 });
    await page.locator(".ant-select-dropdown .ant-select-item-option").filter({ hasText: text }).filter({ visible: true }).first().click({ timeout: 5_000 });
    await expect(select).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

async function open(page: Page, route: string) {
  const res = await page.goto(abs(route), { timeout: 90_000 });
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
}

async function expectStatus(page: Page, label: string) {
  await expect(page.getByTestId("wmsdoc-detail-status")).toHaveText(label, { timeout: 30_000 });
}

for (const locale of ["en-US", "zh-CN"] as const satisfies readonly Locale[]) {
  test(`a dealer group's warehouse from receipt to counter sale (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(300_000);
    const t = T[locale];
    const shot = (name: string) => page.screenshot({ path: `${SCREENS_DIR}/wms-${name}-${locale}.png`, fullPage: true });
    const g = await makeGroup();
    const part = await factories.makeGoods({
      kind: "PART",
      code: `E2W-P-${uid()}`,
      nameEn: "Brake pads (warehouse test)",
      nameZh: "刹车片（仓储测试）",
      price: "80.00",
      stock: 100,
    });
    // The receiving company's warehouse (made as its dealer would, on its own screen).
    const wb = await db().warehouse.create({ data: { companyId: g.b.id, code: "BJ-W", name: "Beijing", isDefault: true, locations: { create: [{ code: "R-01" }] } } });
    await setLocaleCookie(context, locale);
    await signIn(context, g.account, PASSWORD, g.a.code);

    // 1. A warehouse and two locations, on the warehouse screen.
    await open(page, "customerWms/warehouse");
    await page.getByTestId("warehouse-create").click();
    const whDrawer = page.getByTestId("warehouse-drawer");
    await expect(whDrawer).toBeVisible();
    await whDrawer.getByTestId("field-code").locator("input").fill("MAIN-E2E");
    await whDrawer.getByTestId("field-name").locator("input").fill("Shanghai main");
    await chooseSelectOption(page, whDrawer.getByTestId("field-type").locator(".ant-select"), t.type);
    await whDrawer.getByTestId("drawer-save").click();
    await expect(whDrawer).toBeHidden();
    await page.getByTestId("warehouse-row").filter({ hasText: "MAIN-E2E" }).getByTestId("warehouse-link").click();
    await expect(page.getByTestId("warehouse-detail")).toBeVisible();
    const locDrawer = page.getByTestId("location-drawer");
    for (const code of ["A-01", "A-02"]) {
      await page.getByTestId("location-create").click();
      await expect(locDrawer).toBeVisible();
      await locDrawer.getByTestId("field-code").locator("input").fill(code);
      await locDrawer.getByTestId("drawer-save").click();
      await expect(locDrawer).toBeHidden();
      await expect(page.getByTestId("location-row").filter({ hasText: code })).toBeVisible();
    }
    await shot("warehouse");
    const wa = await db().warehouse.findFirstOrThrow({ where: { companyId: g.a.id, code: "MAIN-E2E" } });
    expect(wa.isDefault).toBe(true);

    // 2. A parts order arrives: confirming receipt makes its draft entry; posting puts it in A-01.
    const orderNo = `SO-E2W-${uid()}`;
    const order = await factories.makeOrder({
      companyId: g.a.id,
      userId: (await db().user.findUniqueOrThrow({ where: { account: g.account } })).id,
      goods: part,
      quantity: 10,
      status: "SHIPPED",
      orderNo,
    });
    await open(page, `onlineMall/mountings/order?id=${order.id}`);
    await page.getByTestId("order-receive").click();
    await confirmModal(page);
    await expect(page.getByTestId("order-receive")).toHaveCount(0, { timeout: 30_000 });
    const entry = await db().wmsDocument.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(entry.warehouseId).toBe(wa.id);
    await open(page, "customerWms/entryWarehouseOrder");
    await page.getByTestId("wmsdoc-row").filter({ hasText: orderNo }).getByRole("link", { name: entry.docNo }).click();
    await expect(page.getByTestId("wmsdoc-detail")).toHaveAttribute("data-doc-no", entry.docNo);
    await page.getByTestId("wmsdoc-place-location").first().selectOption({ label: "A-01" });
    await shot("entry");
    await page.getByTestId("wmsdoc-post").click();
    await confirmModal(page);
    await expectStatus(page, t.posted);
    expect(await onHand(g.a.id, part.id)).toEqual({ "A-01": 10 });
    await expectLedgerRight([g.a.id, g.b.id]);

    // 3. Move 4 from.
    await open(page, "customerWms/moveWarehouse");
    await page.getByTestId("wmsdoc-create").click();
    await pick(page, page.getByTestId("wmsdoc-line-pick"), part.code);
    await page.getByTestId("wmsdoc-line-quantity").fill("4");
    await pick(page, page.getByTestId("wmsdoc-line-location"), "A-02");
    await page.getByTestId("wmsdoc-submit").click();
    await expect(page.getByTestId("wmsdoc-detail")).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("wmsdoc-post").click();
    await confirmModal(page);
    await expectStatus(page, t.posted);
    expect(await onHand(g.a.id, part.id)).toEqual({ "A-01": 6, "A-02": 4 });

    // 4. Transfer 3 from A-02 to the group's other company; it receives 2 (one short).
    await open(page, "customerWms/allotOrder");
    await page.getByTestId("wmsdoc-create").click();
    await pick(page, page.getByTestId("wmsdoc-to-company"), g.b.code);
    await pick(page, page.getByTestId("wmsdoc-to-warehouse"), "BJ-W");
    await pick(page, page.getByTestId("wmsdoc-line-pick"), "A-02");
    await page.getByTestId("wmsdoc-line-quantity").fill("3");
    await shot("transfer-form");
    await page.getByTestId("wmsdoc-submit").click();
    await expect(page.getByTestId("wmsdoc-detail")).toBeVisible({ timeout: 30_000 });
    const transferNo = (await page.getByTestId("wmsdoc-detail").getAttribute("data-doc-no"))!;
    await page.getByTestId("wmsdoc-ship").click();
    await confirmModal(page);
    await expectStatus(page, t.inTransit);
    expect(await onHand(g.a.id, part.id)).toEqual({ "A-01": 6, "A-02": 1 });
    const transferUrl = page.url().replace(/^.*customerWeb\//, "");

    await switchCompany(page, g.b.code, locale === "zh-CN" ? g.b.nameZh : g.b.nameEn);
    await expect(page.getByTestId("company-switcher")).toContainText(locale === "zh-CN" ? g.b.nameZh : g.b.nameEn, { timeout: 30_000 });
    await open(page, transferUrl);
    await page.getByTestId("wmsdoc-received").fill("2");
    await page.getByTestId("wmsdoc-receive").click();
    await expectStatus(page, t.received);
    await expect(page.getByTestId("wmsdoc-lines-table")).toContainText(`${t.shortfall} 1`);
    expect(await onHand(g.b.id, part.id)).toEqual({ "R-01": 2 });
    expect(wb.id).toBeGreaterThan(0);
    await shot("transfer-received");
    await expectLedgerRight([g.a.id, g.b.id]);
    await switchCompany(page, g.a.code, locale === "zh-CN" ? g.a.nameZh : g.a.nameEn);
    await expect(page.getByTestId("company-switcher")).toContainText(locale === "zh-CN" ? g.a.nameZh : g.a.nameEn, { timeout: 30_000 });

    // 5. A stocktake of the warehouse: A-01 holds 6 and 5 are found; A-02's 1 is there.
    await open(page, "customerWms/storeCheck");
    await page.getByTestId("wmsdoc-create").click();
    await page.getByTestId("wmsdoc-submit").click();
    await expect(page.getByTestId("wmsdoc-detail")).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("wmsdoc-count").click();
    await confirmModal(page);
    await expectStatus(page, t.counting);
    const rows = page.getByTestId("wmsdoc-counts").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: "A-01" }).locator("input").fill("5");
    await rows.filter({ hasText: "A-02" }).locator("input").fill("1");
    // The book quantity is hidden from counters unless the stocktake shows it.
    await expect(page.getByTestId("wmsdoc-line-quantity").first()).not.toHaveText(/^\d+$/);
    await shot("stocktake");
    await page.getByTestId("wmsdoc-post").click();
    await confirmModal(page);
    await expectStatus(page, t.posted);
    expect(await onHand(g.a.id, part.id)).toEqual({ "A-01": 5, "A-02": 1 });
    await expectLedgerRight([g.a.id, g.b.id]);

    // 6. A counter sale of 2 at an outlet selling from the warehouse, and its receipt.
    const outlet = await db().pointOfSale.create({ data: { companyId: g.a.id, code: "SHOP", name: "Showroom counter", kind: "SHOWROOM", warehouseId: wa.id } });
    await open(page, `customerWms/pointOfSale?sell=${outlet.id}`);
    await page.getByTestId("pos-code").fill(part.code);
    await page.getByTestId("pos-code").press("Enter");
    await expect(page.getByTestId("pos-line")).toHaveCount(1, { timeout: 30_000 });
    await page.getByTestId("pos-line-quantity").fill("2");
    await page.getByTestId("pos-confirm").click();
    await expect(page.getByTestId("pos-receipt")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("pos-receipt-docno")).toContainText("WD");
    await shot("receipt");
    expect(await onHand(g.a.id, part.id)).toEqual({ "A-01": 3, "A-02": 1 });
    await expectLedgerRight([g.a.id, g.b.id]);

    // The inventory shows what is left, with its ledger.
    await open(page, "customerWms/inventory");
    await expect(page.locator("body")).toContainText(part.code);
    await shot("inventory");

    // A dealer outside the group: every one of these documents is a 404.
    const outsider = await browser.newContext();
    await signIn(outsider, "dealer.sh", PASSWORD, "D001");
    const other = await outsider.newPage();
    const docs = await db().wmsDocument.findMany({ where: { OR: [{ companyId: g.a.id }, { toCompanyId: g.b.id }] }, select: { id: true, type: true, docNo: true } });
    expect(docs.map((d) => d.docNo)).toContain(transferNo);
    const ROUTE = { ENTRY: "entryWarehouseOrder", DELIVERY: "deliveryWarehouseOrder", MOVE: "moveWarehouse", TRANSFER: "allotOrder", STOCKTAKE: "storeCheck" } as const;
    for (const d of docs) {
      const res = await other.goto(abs(`customerWms/${ROUTE[d.type]}?id=${d.id}`));
      expect(res?.status(), d.docNo).toBe(404);
    }
    await outsider.close();
  });
}
