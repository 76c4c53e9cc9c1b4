import type { Page } from "@playwright/test";
import { createTranslator } from "use-intl/core";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { expectNoAxeViolations } from "./a11y-helpers";
import { abs, BASE_PATH, escapeRe, expect, LOGIN, setLocaleCookie, submitCredentials, test, waitForShell, type Locale } from "./fixtures";
import { db, makeDealerCompany, makeGoods, PASSWORD, signIn, uid, vin } from "./mall-orders-db";

// Issue 23, scanning, in both languages. A hardware scanner is a keyboard that types the code
// and Enter: on the counter sale a goods code + Enter adds a line, the same again makes it 2, an
// unknown code shows the message naming it and changes nothing; the same on the entry order's
// create form. The camera dialog opens and closes (this browser has no camera to read from).
// A vehicle label's address opened signed out (on a phone) goes to sign-in and back to the
// vehicle; another company's VIN is not found. Data made for the test.

type T = (key: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as T;

async function open(page: Page, route: string) {
  const res = await page.goto(abs(route), { timeout: 90_000 });
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
}

/** A warehouse with `quantity` of the part in A-01 (a posted opening entry: its ledger row and on-hand row), and an outlet selling from it. */
async function counterWithStock(companyId: number, userId: number, goodsId: number, quantity: number): Promise<number> {
  const w = await db().warehouse.create({
    data: { companyId, code: `QS-${uid()}`, name: "Scan counter", isDefault: true, locations: { create: [{ code: "A-01" }] } },
    include: { locations: true },
  });
  const loc = w.locations[0];
  const doc = await db().wmsDocument.create({
    data: {
      docNo: `WE-E2E-${uid()}`,
      type: "ENTRY",
      status: "POSTED",
      companyId,
      warehouseId: w.id,
      source: "OPENING",
      createdById: userId,
      postedAt: new Date(),
      lines: { create: [{ goodsId, quantity, unitCost: "50.00", toLocationId: loc.id }] },
    },
  });
  const value = (50 * quantity).toFixed(2);
  await db().stockOnHand.create({ data: { companyId, warehouseId: w.id, locationId: loc.id, goodsId, quantity, value, firstInAt: new Date() } });
  await db().stockLedger.create({
    data: { companyId, warehouseId: w.id, locationId: loc.id, goodsId, quantity, unitCost: "50.00", amount: value, balance: quantity, documentId: doc.id, userId },
  });
  const outlet = await db().pointOfSale.create({ data: { companyId, code: `Q${uid()}`.slice(0, 20), name: "Scan counter", kind: "SERVICE", warehouseId: w.id } });
  return outlet.id;
}

/** A vehicle of a vehicle goods in the company's stock; its VIN. */
async function stockVehicle(companyId: number): Promise<string> {
  const car = await makeGoods("VEHICLE", "200000.00", 0);
  const v = vin(`LS6${uid().replace(/[IOQ]/g, "A")}00001`.slice(0, 16));
  await db().vehicle.create({
    data: { vin: v, goodsId: car.id, vehicleModelId: car.vehicleModelId!, status: "IN_STOCK", companyId, entryAt: new Date(Date.now() - 5 * 86_400_000) },
  });
  return v;
}

/** Types a code into a scan input and presses Enter, as a keyboard-wedge scanner does. */
async function scan(page: Page, testId: string, code: string) {
  const input = page.getByTestId(testId);
  await input.fill(code);
  await input.press("Enter");
  // The input clears for the next scan.
  await expect(input).toHaveValue("");
}

for (const locale of ["en-US", "zh-CN"] as const satisfies readonly Locale[]) {
  test(`a scanner adds goods on the counter sale and the entry form (${locale})`, async ({ page, context }) => {
    test.setTimeout(240_000);
    const t = translator(locale);
    const dealer = await makeDealerCompany();
    const part = await makeGoods("PART", "80.00", 100);
    const posId = await counterWithStock(dealer.companyId, dealer.userId, part.id, 10);
    const unknown = `NOPE-${uid()}`;
    await setLocaleCookie(context, locale);
    await signIn(context, dealer.account, PASSWORD);

    // The counter sale: a line, then quantity 2; an unknown code names itself and changes nothing.
    await open(page, `customerWms/pointOfSale?sell=${posId}`);
    await expect(page.getByTestId("pos-code-box")).toContainText(t("Scan.label"));
    await scan(page, "pos-code", part.code);
    await expect(page.getByTestId("pos-line")).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId("pos-line-quantity")).toHaveValue("1");
    await scan(page, "pos-code", part.code);
    await expect(page.getByTestId("pos-line-quantity")).toHaveValue("2");
    await expect(page.getByTestId("pos-code-message")).toHaveText(t("Scan.added", { code: part.code, quantity: 2 }));
    await scan(page, "pos-code", unknown);
    await expect(page.getByTestId("pos-code-message")).toHaveText(t("WmsPos.errors.goodsNotFound", { code: unknown }));
    await expect(page.getByTestId("pos-line")).toHaveCount(1);
    await expect(page.getByTestId("pos-line-quantity")).toHaveValue("2");
    // A label holding an address: its ?code= is the code.
    await scan(page, "pos-code", `https://dealer.example.com${BASE_PATH}/goods?code=${encodeURIComponent(part.code)}`);
    await expect(page.getByTestId("pos-line-quantity")).toHaveValue("3");
    await expectNoAxeViolations(page);

    // The camera dialog opens over the page and closes back to the input (no camera here to read).
    await page.getByTestId("pos-code-camera").click();
    const dialog = page.getByTestId("pos-code-dialog");
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole("heading")).toHaveText(t("Scan.cameraTitle"));
    const outcomes = ["denied", "absent", "unsupported", "failed"].map((p) => t(`Scan.problem.${p}`));
    await expect(page.getByTestId("pos-code-dialog-status")).toHaveText(new RegExp([...outcomes, t("Scan.cameraHelp")].map(escapeRe).join("|")), { timeout: 30_000 });
    await page.getByTestId("pos-code-dialog-close").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("pos-code")).toBeFocused();

    // The entry order's create form: the scanned goods fills the empty line, then 2; unknown: the message.
    await open(page, "customerWms/entryWarehouseOrder");
    await page.getByTestId("wmsdoc-create").click();
    await expect(page.getByTestId("wmsdoc-form")).toBeVisible({ timeout: 30_000 });
    await scan(page, "wmsdoc-scan", part.code);
    await expect(page.getByTestId("wmsdoc-line")).toHaveCount(1);
    await expect(page.getByTestId("wmsdoc-line-pick")).toContainText(part.code);
    await expect(page.getByTestId("wmsdoc-line-quantity")).toHaveValue("1");
    await expect(page.getByTestId("wmsdoc-line-cost")).toHaveValue("80.00");
    await scan(page, "wmsdoc-scan", part.code);
    await expect(page.getByTestId("wmsdoc-line-quantity")).toHaveValue("2");
    await scan(page, "wmsdoc-scan", unknown);
    await expect(page.getByTestId("wmsdoc-scan-message")).toHaveText(t("Scan.unknown", { code: unknown }));
    await expect(page.getByTestId("wmsdoc-line")).toHaveCount(1);
    await expect(page.getByTestId("wmsdoc-line-quantity")).toHaveValue("2");
    // The server stays the judge: the draft entry holds what was scanned.
    await page.getByTestId("wmsdoc-submit").click();
    await expect(page.getByTestId("wmsdoc-detail")).toBeVisible({ timeout: 30_000 });
    const entry = await db().wmsDocument.findFirstOrThrow({ where: { companyId: dealer.companyId, type: "ENTRY", status: "DRAFT" }, include: { lines: true } });
    expect(entry.lines).toMatchObject([{ goodsId: part.id, quantity: 2 }]);
  });

  test(`a vehicle label opened signed out on a phone: sign-in, then the vehicle; another company's VIN is not found (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const t = translator(locale);
    const dealer = await makeDealerCompany();
    const other = await makeDealerCompany();
    const mine = await stockVehicle(dealer.companyId);
    const foreign = await stockVehicle(other.companyId);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      await setLocaleCookie(phone, locale);
      const page = await phone.newPage();
      // The label's content: the vehicle information address with ?vin=.
      const label = `car/vehicleInformation?vin=${mine}`;
      await page.goto(abs(label), { timeout: 90_000 });
      await expect(page).toHaveURL(new RegExp(`${escapeRe(`${BASE_PATH}/${LOGIN}?callbackUrl=${encodeURIComponent(`/${label}`)}`)}$`));
      await submitCredentials(page, dealer.account, PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${escapeRe(`${BASE_PATH}/${label}`)}$`), { timeout: 60_000 });
      await waitForShell(page);
      await expect(page.getByTestId("vehicle-info")).toHaveAttribute("data-vin", mine);

      // Another company's vehicle answers not found, as a missing one does: loaded from a label,
      // the document is the HTTP 404 page (lib/shell/record-guards.ts), nothing of the vehicle.
      const res = await page.goto(abs(`car/vehicleInformation?vin=${foreign}`), { timeout: 90_000 });
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("NotFound.title"));
      await expect(page.getByText(foreign)).toHaveCount(0);
    } finally {
      await phone.close();
    }
  });
}
