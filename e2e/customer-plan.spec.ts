import type { BrowserContext, Locator, Page } from "@playwright/test";
import { db } from "@/lib/db";
import { addMonths, monthDate, shanghaiMonth } from "@/lib/plans/deadline";
import { abs, ACCOUNTS, expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { makeDealerCompany, makeGoods, makeOrder, PASSWORD, signIn, uid, type TestGoods } from "./mall-orders-db";
import { addFromMall, submitCart } from "./mall-ui";
import { createTranslator } from "use-intl/core";
import { messagesFor } from "@/lib/i18n/messages";

// Issue 21: purchase plans in both languages. The demo dealer (dealer.sh, D001) creates and
// submits its plan for the third month ahead — a month no other spec plans for D001 (the seed
// plans the current month, the achievement spec its own) — with a vehicle line and a parts line;
// the demo sales operations user (staff.sales) opens it from the list, cuts the vehicle line's
// quantity and approves; the dealer sees the plan approved, the adjusted quantity beside the
// requested one and who adjusted it. Then the dealer orders that vehicle: the order counts against
// the current month's approved plan (the seed's: a dealer plans only coming months) in the
// achievement tab's table and chart, and the month just planned shows its new target. The two languages run one after the other in this file
// (fullyParallel is off), each first deleting the plan a previous run left for that month.

const T = {
  "en-US": { submitted: "Submitted", approved: "Approved", filters: "Filters" },
  "zh-CN": { submitted: "已提交", approved: "已批准", filters: "滤清器" },
} as const;

const ROUTE = "crm/customerPlan";
/** A seeded vehicle goods (prisma/seed/catalog.ts) of an enabled model. */
const VEHICLE = "V-AUR5-15T";
const ASKED = 3;
const CUT = 2;
const PARTS_QTY = 25;

/** Deletes D001's plan for `month` (lines cascade) with its history and notices, so reruns can create it again. */
async function clearPlan(companyId: number, month: string) {
  const ids = (await db().purchasePlan.findMany({ where: { companyId, month: monthDate(month) }, select: { id: true } })).map((p) => p.id);
  if (!ids.length) return;
  await db().statusEvent.deleteMany({ where: { entity: "PurchasePlan", entityId: { in: ids } } });
  await db().notification.deleteMany({ where: { link: { in: ids.map((id) => `${ROUTE}?id=${id}`) } } });
  await db().purchasePlan.deleteMany({ where: { id: { in: ids } } });
}

/** The instant a Shanghai calendar month (YYYY-MM) starts. */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00+08:00`);

/** Vehicles of `goodsId` the company ordered in `month` (orders not cancelled or rejected). */
async function orderedThisMonth(companyId: number, goodsId: number, month: string): Promise<number> {
  const r = await db().orderLine.aggregate({
    where: { goodsId, order: { companyId, status: { notIn: ["CANCELLED", "REJECTED"] }, createdAt: { gte: monthStart(month), lt: monthStart(addMonths(month, 1)) } } },
    _sum: { quantity: true },
  });
  return r._sum.quantity ?? 0;
}

async function open(page: Page, route: string) {
  const res = await page.goto(abs(route), { timeout: 90_000 });
  expect(res?.status(), route).toBe(200);
  await waitForShell(page);
}

async function signedIn(context: BrowserContext, locale: Locale, account: string, password: string, company = ""): Promise<Page> {
  await setLocaleCookie(context, locale);
  await signIn(context, account, password, company);
  return context.newPage();
}

/** Opens an antd select and picks the first visible option containing `text` (typing it first
 * into a searchable select, so a long list is filtered down to it). */
async function pick(page: Page, select: Locator, text: string, search = false) {
  await expect(async () => {
    if ((await select.textContent())?.includes(text)) return;
    await select.click({ timeout: 5_000 });
    // fill, not type: a retry replaces the search text instead of appending to it.
    if (search) await select.locator("input").first().fill(text);
    await page.locator(".ant-select-dropdown .ant-select-item-option").filter({ hasText: text }).filter({ visible: true }).first().click({ timeout: 5_000 });
    await expect(select).toContainText(text, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

for (const locale of ["en-US", "zh-CN"] as const satisfies readonly Locale[]) {
  test(`a dealer submits a plan, sales operations adjust and approve it (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const month = addMonths(shanghaiMonth(new Date()), 3);
    const company = await db().company.findUniqueOrThrow({ where: { code: ACCOUNTS.dealer.company }, select: { id: true } });
    const staff = await db().user.findUniqueOrThrow({ where: { account: ACCOUNTS.staff.account }, select: { id: true, name: true } });
    await clearPlan(company.id, month);

    // 1. The dealer creates the plan: a vehicle line and a parts line, submitted at once.
    const dealerCtx = await browser.newContext();
    const dealer = await signedIn(dealerCtx, locale, ACCOUNTS.dealer.account, ACCOUNTS.dealer.password, ACCOUNTS.dealer.company);
    await open(dealer, ROUTE);
    await dealer.getByTestId("plan-create").click();
    const form = dealer.getByTestId("plan-form");
    await expect(form).toBeVisible({ timeout: 30_000 });
    await pick(dealer, form.getByTestId("plan-month"), month);
    const vehicleLine = form.getByTestId("plan-vehicle-line").first();
    await pick(dealer, vehicleLine.getByTestId("plan-vehicle-goods"), VEHICLE, true);
    await vehicleLine.getByTestId("plan-vehicle-quantity").fill(String(ASKED));
    await form.getByTestId("plan-add-parts").click();
    const partsLine = form.getByTestId("plan-parts-line").first();
    await pick(dealer, partsLine.getByTestId("plan-parts-category"), t.filters);
    await partsLine.getByTestId("plan-parts-quantity").fill(String(PARTS_QTY));
    await form.getByTestId("plan-remark").fill(`e2e ${locale}`);
    await dealer.screenshot({ path: `${SCREENS_DIR}/plan-form-${locale}.png`, fullPage: true });
    await dealer.getByTestId("plan-form-submit").click();

    // The new plan's page: submitted, the lines as asked.
    const detail = dealer.getByTestId("plan-detail");
    await expect(detail).toHaveAttribute("data-status", "SUBMITTED", { timeout: 30_000 });
    await expect(dealer.getByTestId("plan-detail-status")).toHaveText(t.submitted);
    const plan = await db().purchasePlan.findUniqueOrThrow({
      where: { companyId_month: { companyId: company.id, month: monthDate(month) } },
      select: { id: true, planNo: true, status: true, lines: { orderBy: { id: "asc" }, select: { kind: true, partsCategory: true, requestedQty: true, quantity: true } } },
    });
    expect(plan.status).toBe("SUBMITTED");
    expect(plan.lines.map((l) => [l.kind, l.partsCategory, l.requestedQty, l.quantity])).toEqual([
      ["VEHICLE", null, ASKED, ASKED],
      ["PARTS", "FILTERS", PARTS_QTY, PARTS_QTY],
    ]);
    await expect(detail).toHaveAttribute("data-plan-no", plan.planNo);

    // 2. Sales operations find it in the month's list, cut the vehicle line and approve.
    const staffCtx = await browser.newContext();
    const ops = await signedIn(staffCtx, locale, ACCOUNTS.staff.account, ACCOUNTS.staff.password);
    await open(ops, `${ROUTE}?month=${month}&status=SUBMITTED`);
    const row = ops.locator(`[data-testid="plan-row"][data-plan-no="${plan.planNo}"]`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole("link", { name: plan.planNo }).click();
    await expect(ops.getByTestId("plan-detail")).toHaveAttribute("data-plan-no", plan.planNo, { timeout: 30_000 });
    await ops.getByTestId("plan-review").click();
    const drawer = ops.getByTestId("plan-review-drawer");
    await expect(drawer.getByTestId("plan-review-lines")).toBeVisible({ timeout: 30_000 });
    const reviewLine = drawer.getByTestId("plan-review-line").filter({ hasText: VEHICLE });
    await reviewLine.getByTestId("plan-review-quantity").fill(String(CUT));
    await ops.screenshot({ path: `${SCREENS_DIR}/plan-review-${locale}.png`, fullPage: true });
    await drawer.getByTestId("plan-review-approve").click();
    await expect(ops.getByTestId("plan-detail")).toHaveAttribute("data-status", "APPROVED", { timeout: 30_000 });
    await expect(ops.getByTestId("plan-detail-status")).toHaveText(t.approved);
    await staffCtx.close();

    // 3. The dealer sees it approved, the cut line beside what it asked for, and who cut it.
    await open(dealer, `${ROUTE}?id=${plan.id}`);
    await expect(dealer.getByTestId("plan-detail")).toHaveAttribute("data-status", "APPROVED");
    await expect(dealer.getByTestId("plan-detail-status")).toHaveText(t.approved);
    const cut = dealer.locator(`[data-testid="plan-line-row"][data-item="${VEHICLE}"]`);
    await expect(cut).toHaveAttribute("data-adjusted", "true");
    await expect(cut.getByTestId("plan-line-requested")).toHaveText(String(ASKED));
    await expect(cut.getByTestId("plan-line-quantity")).toHaveText(String(CUT));
    await expect(cut.getByTestId("plan-line-adjusted")).toContainText(staff.name);
    const parts = dealer.locator('[data-testid="plan-line-row"][data-item="FILTERS"]');
    await expect(parts).toHaveAttribute("data-adjusted", "false");
    await expect(parts.getByTestId("plan-line-quantity")).toHaveText(String(PARTS_QTY));
    await expect(dealer.getByTestId("plan-total-quantity")).toHaveText(String(CUT + PARTS_QTY));
    await dealer.screenshot({ path: `${SCREENS_DIR}/plan-approved-${locale}.png`, fullPage: true });

    const after = await db().purchasePlan.findUniqueOrThrow({
      where: { id: plan.id },
      select: { status: true, reviewedById: true, lines: { where: { kind: "VEHICLE" }, select: { requestedQty: true, quantity: true, adjustedById: true } } },
    });
    expect(after).toEqual({ status: "APPROVED", reviewedById: staff.id, lines: [{ requestedQty: ASKED, quantity: CUT, adjustedById: staff.id }] });

    // 4. An order against the target: the dealer orders the planned vehicle through the mall now.
    const tr = createTranslator({ locale, messages: messagesFor(locale) as never }) as unknown as (key: string, values?: Record<string, string>) => string;
    const current = shanghaiMonth(new Date());
    const goods = await db().goods.findUniqueOrThrow({ where: { code: VEHICLE }, select: { id: true, code: true } });
    const dealerUser = await db().user.findUniqueOrThrow({ where: { account: ACCOUNTS.dealer.account }, select: { id: true } });
    // Only this order in the vehicle cart (another spec may have left lines there).
    await db().cartLine.deleteMany({ where: { companyId: company.id, userId: dealerUser.id, goods: { kind: "VEHICLE" } } });
    const before = await orderedThisMonth(company.id, goods.id, current);
    await addFromMall(dealer, abs("onlineMall/car/goods"), goods as TestGoods, 1, tr("Cart.add.added"));
    await submitCart(dealer, abs("onlineMall/car/cart"), "onlineMall/car/order", new RegExp(tr("Cart.submit.submitted", { orderNo: "\\w+" }).replace(/\./g, "\\.")));
    expect(await orderedThisMonth(company.id, goods.id, current)).toBe(before + 1);

    // The achievement tab (the current month by default) counts it on the planned line and in the chart.
    const currentPlan = await db().purchasePlan.findUniqueOrThrow({
      where: { companyId_month: { companyId: company.id, month: monthDate(current) } },
      select: { status: true, lines: { where: { goodsId: goods.id }, select: { quantity: true } } },
    });
    expect(currentPlan.status).toBe("APPROVED");
    await open(dealer, `${ROUTE}?tab=achievement`);
    const line = dealer.getByTestId(`achievement-line-V${goods.id}`);
    await expect(line.getByTestId("achievement-planned")).toHaveText(String(currentPlan.lines[0].quantity));
    await expect(line.getByTestId("achievement-ordered")).toHaveText(String(before + 1));
    const pct = (Math.round(((before + 1) / currentPlan.lines[0].quantity) * 1000) / 10).toFixed(1);
    await expect(line.getByTestId("achievement-ordered-pct")).toHaveText(`${Number(pct)}%`);
    const chart = dealer.getByTestId("plan-achievement-chart");
    await expect(chart.getByTestId("plan-achievement-canvas")).toBeVisible({ timeout: 30_000 });
    // The chart's data (its hidden table): this month's ordered total includes the new order.
    const ordered = await db().$queryRaw<{ n: bigint }[]>`
      SELECT COALESCE(SUM(l."quantity"), 0) AS n FROM "OrderLine" l JOIN "Order" o ON o."id" = l."orderId"
      WHERE o."companyId" = ${company.id} AND o."status" NOT IN ('CANCELLED', 'REJECTED')
        AND o."createdAt" >= ${monthStart(current)} AND o."createdAt" < ${monthStart(addMonths(current, 1))}`;
    await expect(chart.getByTestId("plan-achievement-chart-table").locator("tbody tr").last().locator("td").nth(1)).toHaveText(String(ordered[0].n));
    await dealer.screenshot({ path: `${SCREENS_DIR}/plan-achievement-${locale}.png`, fullPage: true });

    // The month just planned: its approved target, nothing ordered for it yet.
    await open(dealer, `${ROUTE}?tab=achievement&month=${month}`);
    await expect(dealer.getByTestId("achievement-plan-status")).toHaveAttribute("data-status", "APPROVED");
    await expect(dealer.getByTestId(`achievement-line-V${goods.id}`).getByTestId("achievement-planned")).toHaveText(String(CUT));
    await dealerCtx.close();
  });
}

// Issue 24: a dealer's month of more unplanned models than the screen lists (22 ordered, 20
// listed): the largest shown, the two smallest summed in "Other unplanned models", the note under
// the table saying so; the dealer at phone width, staff of its region at 1280 px.
for (const locale of ["en-US", "zh-CN"] as const satisfies readonly Locale[]) {
  test(`a month of more unplanned models than are listed: the largest, then the rest in one line (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const month = "2024-02";
    const tr = createTranslator({ locale, messages: messagesFor(locale) as never }) as unknown as (key: string, values?: Record<string, number>) => string;
    const company = await makeDealerCompany();
    const goods: TestGoods[] = [];
    for (let i = 0; i < 22; i++) {
      const g = await makeGoods("VEHICLE", "1.00", 100);
      goods.push(g);
      const id = await makeOrder({ companyId: company.companyId, userId: company.userId, type: "VEHICLE", goods: g, quantity: i + 1, orderNo: `E2A${uid()}` });
      await db().order.update({ where: { id }, data: { createdAt: new Date(`${month}-10T10:00:00+08:00`) } });
    }
    const total = (22 * 23) / 2;
    const checks = async (page: Page) => {
      const rest = page.getByTestId("achievement-line-VREST");
      await expect(rest).toContainText(tr("PlanAchievement.restVehicles"));
      await expect(rest.getByTestId("achievement-ordered")).toHaveText("3");
      await expect(page.locator('[data-testid^="achievement-line-V"]')).toHaveCount(21);
      for (const g of goods.slice(2)) await expect(page.getByTestId(`achievement-line-V${g.id}`)).toHaveCount(1);
      await expect(page.getByTestId(`achievement-line-V${goods[0].id}`)).toHaveCount(0);
      await expect(page.getByTestId("achievement-subtotal-VEHICLE").getByTestId("achievement-ordered")).toHaveText(total.toLocaleString("en-US"));
      await expect(page.getByTestId("achievement-rest-note")).toHaveText(tr("PlanAchievement.restNote", { count: 20 }));
    };

    const dealerCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const dealer = await signedIn(dealerCtx, locale, company.account, PASSWORD, company.code);
    await open(dealer, `${ROUTE}?tab=achievement&month=${month}`);
    await checks(dealer);
    await dealer.getByTestId("achievement-line-VREST").scrollIntoViewIfNeeded();
    await dealer.screenshot({ path: `${SCREENS_DIR}/plan-achievement-rest-phone-${locale}.png` });
    await dealerCtx.close();

    const staffCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staff = await signedIn(staffCtx, locale, ACCOUNTS.staff.account, ACCOUNTS.staff.password);
    await open(staff, `${ROUTE}?tab=achievement&company=${company.companyId}&month=${month}`);
    await checks(staff);
    await staffCtx.close();
  });
}
