import type { Page } from "@playwright/test";
import { createTranslator } from "use-intl/core";
import { formatMoney } from "@/lib/format/money";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { residentIdCheck } from "@/lib/people/resident-id";
import { abs, expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { db, makeDealerCompany, makeGoods, PASSWORD, signIn, uid, vin } from "./mall-orders-db";

// Issue 21: membership in both languages. A dealer records a retail sale with the owner's
// consent and a retail amount → the success message names the new member and its points (and
// the member exists with them) → at the dealer's counter, that phone finds the member (masked
// name, tier, balance) → a counter sale redeems points: the receipt shows the tier's discount,
// the points redeemed and earned, and what was paid. Data made for the test (its own dealer,
// vehicle, part and stock); the demo's tiers and point rule (prisma/seed/members.ts).

type T = (key: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as T;

async function open(page: Page, route: string) {
  const res = await page.goto(abs(route), { timeout: 90_000 });
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
}

/** A vehicle of `goodsId` in the company's stock, received 10 days ago. */
async function stockVehicle(goodsId: number, companyId: number): Promise<string> {
  const v = vin(`LS6${uid().replace(/[IOQ]/g, "A")}00001`.slice(0, 16));
  const { vehicleModelId } = await db().goods.findUniqueOrThrow({ where: { id: goodsId }, select: { vehicleModelId: true } });
  await db().vehicle.create({ data: { vin: v, goodsId, vehicleModelId: vehicleModelId!, status: "IN_STOCK", companyId, entryAt: new Date(Date.now() - 10 * 86_400_000) } });
  return v;
}

/** A warehouse with `quantity` of the part in A-01 (a posted opening entry: its ledger row and on-hand row), and an outlet selling from it. */
async function counterWithStock(companyId: number, userId: number, goodsId: number, quantity: number): Promise<number> {
  const w = await db().warehouse.create({
    data: { companyId, code: `MB-${uid()}`, name: "Member counter", isDefault: false, locations: { create: [{ code: "A-01" }] } },
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
  const outlet = await db().pointOfSale.create({ data: { companyId, code: `C${uid()}`.slice(0, 20), name: "Member counter", kind: "SERVICE", warehouseId: w.id } });
  return outlet.id;
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`a sale with consent makes a member with points, redeemed at a counter sale (${locale})`, async ({ page, context }) => {
    test.setTimeout(240_000);
    const t = translator(locale);
    const shot = (name: string) => page.screenshot({ path: `${SCREENS_DIR}/membership-${name}-${locale}.png`, fullPage: true });
    const dealer = await makeDealerCompany();
    const car = await makeGoods("VEHICLE", "200000.00", 0);
    const part = await makeGoods("PART", "100.00", 100);
    const mine = await stockVehicle(car.id, dealer.companyId);
    const posId = await counterWithStock(dealer.companyId, dealer.userId, part.id, 10);
    const phone = `19${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
    const first17 = `110101199003071${String(Math.floor(Math.random() * 50) * 2 + 1).padStart(2, "0")}`;
    const rule = await db().memberPointRule.findUniqueOrThrow({ where: { id: 1 } });
    const points = Math.floor(200000 * Number(rule.vehicleRate));

    await setLocaleCookie(context, locale);
    await signIn(context, dealer.account, PASSWORD);

    // 1. The retail sale, with a retail amount and the owner's consent.
    await open(page, "car/vehicleSales");
    await page.getByTestId("sale-open").click();
    const rec = page.getByTestId("sale-recorder");
    await rec.getByTestId("sale-vin").fill(mine);
    await rec.getByTestId("sale-query").click();
    await expect(rec.getByTestId("facts-vin")).toHaveText(mine);
    await rec.getByTestId("sale-owner-name").fill("张伟明");
    await rec.getByTestId("sale-phone").fill(phone);
    await rec.getByTestId("sale-id-number").fill(first17 + residentIdCheck(first17));
    await rec.getByTestId("sale-amount").fill("200000");
    // antd puts the test id on the checkbox's input; the wording is its accessible name.
    const consent = rec.getByTestId("sale-member-consent");
    await expect(consent).toHaveAccessibleName(t("VehicleSales.record.consent"));
    await consent.check();
    await shot("sale-form");
    await rec.getByTestId("sale-submit").click();
    await expect(page.getByTestId("sale-done")).toContainText(mine);

    // 2. The member exists with the sale's points; the message says so.
    const member = await db().member.findUniqueOrThrow({ where: { phone }, include: { tier: true } });
    expect(member).toMatchObject({ companyId: dealer.companyId, balance: points });
    await expect(page.getByTestId("sale-member")).toHaveText(t("VehicleSales.record.memberJoined", { created: "true", memberNo: member.memberNo, points, balance: points }));
    const sale = await db().vehicleSale.findFirstOrThrow({ where: { vehicle: { vin: mine } } });
    expect(sale.memberId).toBe(member.id);

    // 3. The counter: the phone finds the member, masked, with its tier and points.
    await open(page, `customerWms/pointOfSale?sell=${posId}`);
    await page.getByTestId("pos-code").fill(part.code);
    await page.getByTestId("pos-code").press("Enter");
    await expect(page.getByTestId("pos-line")).toHaveCount(1, { timeout: 30_000 });
    await page.getByTestId("pos-line-quantity").fill("2");
    await page.getByTestId("pos-member-phone").fill(phone);
    await page.getByTestId("pos-member-find").click();
    const card = page.getByTestId("pos-member-card");
    await expect(card).toContainText(member.memberNo);
    await expect(card).toContainText("张**");
    await expect(card).not.toContainText("伟明");
    const pct = Number(member.tier!.discountPct);
    await expect(page.getByTestId("pos-member-tier")).toHaveText(
      t("WmsPos.counter.memberTier", { tier: locale === "zh-CN" ? member.tier!.nameZh : member.tier!.nameEn, discount: pct }),
    );
    await expect(page.getByTestId("pos-member-balance")).toHaveText(t("WmsPos.counter.memberBalance", { balance: points, value: Number(rule.redeemValue) }));

    // 4. Redeem 1,000 points on 2 × 100.00, after the tier's discount.
    const redeem = 1000;
    const discountCents = Math.round(20000 * pct) / 100;
    const redeemedCents = Math.round(redeem * Number(rule.redeemValue) * 100);
    const paidCents = 20000 - discountCents - redeemedCents;
    const money = (c: number) => formatMoney((c / 100).toFixed(2), locale);
    await page.getByTestId("pos-redeem-points").fill(String(redeem));
    await expect(page.getByTestId("pos-to-pay")).toHaveText(money(paidCents));
    await shot("counter");
    await page.getByTestId("pos-confirm").click();
    await expect(page.getByTestId("pos-receipt")).toBeVisible({ timeout: 30_000 });

    // 5. The receipt: the member, the discount, the points redeemed and earned, what was paid.
    const earned = Math.floor((paidCents / 100) * Number(rule.counterRate));
    await expect(page.getByTestId("pos-receipt-member")).toHaveText(member.memberNo);
    await expect(page.getByTestId("pos-receipt-subtotal")).toHaveText(money(20000));
    await expect(page.getByTestId("pos-receipt-discount")).toHaveText(`−${money(discountCents)}`);
    await expect(page.getByTestId("pos-receipt-redeemed")).toHaveText(t("WmsPos.receipt.pointsRedeemedValue", { points: redeem, value: money(redeemedCents) }));
    await expect(page.getByTestId("pos-receipt-earned")).toHaveText(String(earned));
    await expect(page.getByTestId("pos-receipt-total")).toHaveText(money(paidCents));
    await shot("receipt");
    expect(await db().member.findUniqueOrThrow({ where: { id: member.id }, select: { balance: true } })).toEqual({ balance: points - redeem + earned });
  });
}
