import type { BrowserContext, Page } from "@playwright/test";
import { db } from "@/lib/db";
import { abs, ACCOUNTS, expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { makeDealerCompany, PASSWORD, signIn, uid } from "./mall-orders-db";

// Issue 21: the member system screen in both languages. An administrator edits a tier's
// counter-sale discount and sees it in the list; a dealer opens the register and sees only the
// members it enrolled (another dealer's member is 404); the administrator adjusts a member's
// points and the ledger shows the row with its reason and the new balance. The rows are made
// with Prisma (enrolment at a sale is the sales screen's spec); the demo tiers are left alone.

const T = {
  "en-US": { tiers: "Tiers", adjust: "Adjustment", noTier: "No tier" },
  "zh-CN": { tiers: "会员等级", adjust: "调整", noTier: "无等级" },
} as const;

const ROUTE = "system/memberSystem";

let phoneSeq = 0;
const phone = () => `18${String(Date.now() % 1e7).padStart(7, "0")}${String(phoneSeq++ % 100).padStart(2, "0")}`;

async function makeMember(companyId: number, name: string) {
  return db().member.create({ data: { memberNo: `E2M${uid()}`, phone: phone(), name, companyId, consentAt: new Date() } });
}

async function open(page: Page, route: string, status = 200) {
  const res = await page.goto(abs(route), { timeout: 90_000 });
  expect(res?.status(), route).toBe(status);
  if (status === 200) await waitForShell(page);
}

async function signedIn(context: BrowserContext, locale: Locale, account: string, password: string, company = ""): Promise<Page> {
  await setLocaleCookie(context, locale);
  await signIn(context, account, password, company);
  return context.newPage();
}

for (const locale of ["en-US", "zh-CN"] as const satisfies readonly Locale[]) {
  test(`tiers, the register and a points adjustment (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const tag = uid();
    // A tier of our own, far above any balance, so no demo member moves.
    const tier = await db().memberTier.create({
      data: {
        code: `E2E${tag}`,
        nameEn: `E2E tier ${tag}`,
        nameZh: `测试等级${tag}`,
        threshold: 90_000_000 + Math.floor(Math.random() * 900_000),
        discountPct: "5.00",
        enabled: true,
      },
    });
    const mine = await makeDealerCompany();
    const other = await makeDealerCompany();
    const own = await makeMember(mine.companyId, `E2E会员${tag}`);
    const foreign = await makeMember(other.companyId, `E2E Other ${tag}`);

    // 1. The administrator edits the tier's discount and sees it in the list.
    const adminCtx = await browser.newContext();
    const admin = await signedIn(adminCtx, locale, ACCOUNTS.admin.account, ACCOUNTS.admin.password);
    const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS_DIR}/members-${name}-${locale}.png`, fullPage: true });
    await open(admin, ROUTE);
    await admin.getByTestId("member-tab-tiers").click();
    await expect(admin.getByTestId("member-tab-tiers")).toHaveText(t.tiers);
    const row = admin.getByTestId("tier-row").and(admin.locator(`[data-code="${tier.code}"]`));
    await expect(row.getByTestId("tier-discount")).toHaveText("5.00%");
    await row.getByTestId("tier-edit").click();
    const drawer = admin.getByTestId("tier-drawer");
    await expect(drawer).toBeVisible();
    const discount = drawer.getByTestId("field-discountPct").locator("input");
    await expect(discount).toHaveValue("5.00");
    await discount.fill("7.5");
    await drawer.getByTestId("drawer-save").click();
    await expect(drawer).toBeHidden();
    await expect(row.getByTestId("tier-discount")).toHaveText("7.50%");
    expect((await db().memberTier.findUniqueOrThrow({ where: { id: tier.id } })).discountPct.toFixed(2)).toBe("7.50");
    await shot(admin, "tiers");

    // 2. The dealer sees its own member, masked, and not the other dealer's (404 by id).
    const dealerCtx = await browser.newContext();
    const dealer = await signedIn(dealerCtx, locale, mine.account, PASSWORD, mine.code);
    await open(dealer, ROUTE);
    await expect(dealer.getByTestId("member-tabs")).toHaveCount(0);
    const rows = dealer.getByTestId("member-row");
    await expect(rows.filter({ hasText: own.memberNo })).toHaveCount(1);
    await expect(rows.filter({ hasText: foreign.memberNo })).toHaveCount(0);
    await expect(rows.filter({ hasText: own.memberNo }).getByTestId("member-name")).toHaveText("E**");
    await expect(rows.filter({ hasText: own.memberNo }).getByTestId("member-tier")).toHaveText(t.noTier);
    await dealer.getByTestId("member-filter-q").fill(own.phone);
    await dealer.getByTestId("member-search").click();
    await expect(rows).toHaveCount(1);
    await expect(dealer.getByTestId("member-phone")).toHaveText(`${own.phone.slice(0, 3)}****${own.phone.slice(-4)}`);
    await shot(dealer, "register");
    await open(dealer, `${ROUTE}?id=${foreign.id}`, 404);
    await dealerCtx.close();

    // 3. The administrator adds points with a reason; the ledger shows the row and the balance.
    await open(admin, `${ROUTE}?id=${own.id}`);
    await expect(admin.getByTestId("ledger-empty")).toBeVisible();
    await admin.getByTestId("adjust-save").click();
    await expect(admin.getByTestId("adjust-reason-error")).toBeVisible();
    await admin.getByTestId("adjust-points").fill("-5");
    await admin.getByTestId("adjust-reason").fill("E2E");
    await admin.getByTestId("adjust-save").click();
    await expect(admin.getByTestId("adjust-points-error")).toContainText("0");
    await admin.getByTestId("adjust-points").fill("25");
    await admin.getByTestId("adjust-reason").fill(`E2E goodwill ${tag}`);
    await admin.getByTestId("adjust-save").click();
    const entry = admin.getByTestId("ledger-row").first();
    await expect(entry.getByTestId("ledger-reason")).toHaveText(`E2E goodwill ${tag}`);
    await expect(entry.getByTestId("ledger-points")).toHaveText("+25");
    await expect(entry.getByTestId("ledger-kind")).toHaveText(t.adjust);
    await expect(admin.getByTestId("member-detail-balance")).toHaveText("25");
    expect((await db().member.findUniqueOrThrow({ where: { id: own.id } })).balance).toBe(25);
    await shot(admin, "ledger");
    await adminCtx.close();

    await db().memberTier.delete({ where: { id: tier.id } });
  });
}
