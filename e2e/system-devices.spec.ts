import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { createTranslator } from "use-intl/core";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { abs, ACCOUNTS, confirmModal, expect, SCREENS_DIR, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { listRow, listTable, openList, searchList } from "./list-helpers";
import { db, makeDealerCompany, PASSWORD, signIn, uid } from "./mall-orders-db";

// Issue 22: users' devices in both languages. The administrator finds a dealer's devices on
// system/userEquipment by account, narrows them by platform and state, unbinds one (its token
// revoked at once) and blocks another (listed under "Blocked"); the dealer then sees its devices
// on My account at phone width and signs one out (its token revoked, the button gone), while the
// blocked one shows as blocked with no button. The devices and tokens are written with Prisma
// for a dealer made for the test (the token endpoint is another spec's); the demo devices are
// left alone.

type T = (key: string, values?: Record<string, string | number>) => string;
const translator = (locale: Locale): T => createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as T;

const ROUTE = "system/userEquipment";

/** A device as the token endpoint registers it, with one open token of a client made for the run. */
async function makeDevice(userId: number, clientId: number, d: { platform: "ANDROID" | "IOS" | "HARMONYOS"; model: string; minutesAgo: number }) {
  const seen = new Date(Date.now() - d.minutesAgo * 60_000);
  const device = await db().userDevice.create({
    data: { userId, deviceId: randomUUID(), platform: d.platform, model: d.model, os: "Test OS 1", appVersion: "2.3.0", ip: "10.22.0.1", firstSeenAt: seen, lastSeenAt: seen },
  });
  const hash = () => createHash("sha256").update(randomBytes(32)).digest("hex");
  await db().oAuthToken.create({
    data: {
      accessHash: hash(),
      refreshHash: hash(),
      clientId,
      userId,
      companyId: null,
      scopes: ["orders:read"],
      familyId: randomUUID(),
      deviceId: device.id,
      accessExpiresAt: new Date(Date.now() + 3_600_000),
      refreshExpiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return device;
}

const openTokens = (deviceId: number) => db().oAuthToken.count({ where: { deviceId, revokedAt: null } });

async function signedIn(context: BrowserContext, locale: Locale, account: string, password: string): Promise<Page> {
  await setLocaleCookie(context, locale);
  await signIn(context, account, password);
  return context.newPage();
}

async function chooseFilter(page: Page, name: string, value: string) {
  const form = page.getByTestId("device-filters");
  await form.locator(`select[name="${name}"]`).selectOption(value);
  await form.getByTestId("device-search").click();
  // An emptied select may be left out of the URL or sent empty.
  await expect.poll(() => new URL(page.url()).searchParams.get(name) ?? "").toBe(value);
  await expect(form.locator(`select[name="${name}"]`)).toHaveValue(value);
}

for (const locale of ["en-US", "zh-CN"] as const satisfies readonly Locale[]) {
  test(`devices: the administrator filters, unbinds and blocks; the dealer signs one out (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = translator(locale);
    const tag = uid();
    const dealer = await makeDealerCompany();
    const client = await db().oAuthClient.create({
      data: {
        clientId: `e2e-devices-${tag.toLowerCase()}`,
        name: `E2E devices ${tag}`,
        confidential: false,
        grants: ["authorization_code", "refresh_token"],
        redirectUris: [],
        scopes: ["orders:read"],
      },
    });
    const android = await makeDevice(dealer.userId, client.id, { platform: "ANDROID", model: `E2E Pixel ${tag}`, minutesAgo: 5 });
    const ios = await makeDevice(dealer.userId, client.id, { platform: "IOS", model: `E2E iPhone ${tag}`, minutesAgo: 60 });
    const tablet = await makeDevice(dealer.userId, client.id, { platform: "HARMONYOS", model: `E2E MatePad ${tag}`, minutesAgo: 120 });
    const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS_DIR}/devices-${name}-${locale}.png`, fullPage: true });

    // 1. The administrator finds the dealer's three devices by account, each with its open token.
    const adminCtx = await browser.newContext();
    try {
      const admin = await signedIn(adminCtx, locale, ACCOUNTS.admin.account, ACCOUNTS.admin.password);
      await openList(admin, abs(ROUTE), "device");
      await expect(admin.getByTestId("page-title")).toHaveText(t("Devices.title"));
      await searchList(admin, "device", "q", dealer.account);
      await expect(admin.getByTestId("device-count")).toHaveText(t("Devices.count", { count: 3 }));
      const rows = listTable(admin, "device").locator("tr[data-row-key]");
      await expect(rows).toHaveCount(3);
      // Last seen first.
      await expect(rows.nth(0)).toHaveAttribute("data-row-key", String(android.id));
      await expect(rows.nth(2)).toHaveAttribute("data-row-key", String(tablet.id));
      const androidRow = listRow(admin, "device", android.model!);
      await expect(androidRow).toContainText(dealer.account);
      await expect(androidRow).toContainText(t("Devices.platforms.ANDROID"));
      await expect(androidRow.getByTestId("device-state-tag")).toHaveText(t("Devices.states.ACTIVE"));
      await expect(androidRow.getByTestId("device-open-tokens")).toHaveText("1");

      // Platform filter.
      await chooseFilter(admin, "platform", "IOS");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute("data-row-key", String(ios.id));
      await chooseFilter(admin, "platform", "");
      await expect(rows).toHaveCount(3);

      // 2. Unbind the Android phone: signed out, its token revoked at once.
      await androidRow.getByTestId("device-unbind").click();
      await confirmModal(admin);
      await expect(androidRow.getByTestId("device-state-tag")).toHaveText(t("Devices.states.SIGNED_OUT"));
      await expect(androidRow.getByTestId("device-open-tokens")).toHaveText("0");
      await expect(androidRow.getByTestId("device-unbind")).toHaveCount(0);
      expect(await openTokens(android.id)).toBe(0);
      expect(await openTokens(ios.id)).toBe(1);

      // 3. Block the iPhone: blocked, token revoked, listed under "Blocked" only.
      const iosRow = listRow(admin, "device", ios.model!);
      await iosRow.getByTestId("device-block").click();
      await confirmModal(admin);
      await expect(iosRow.getByTestId("device-state-tag")).toHaveText(t("Devices.states.BLOCKED"));
      await expect(iosRow.getByTestId("device-unblock")).toBeVisible();
      expect(await openTokens(ios.id)).toBe(0);
      const row = await db().userDevice.findUniqueOrThrow({ where: { id: ios.id } });
      expect(row.blockedAt).not.toBeNull();
      expect(row.blockedById).not.toBeNull();
      await chooseFilter(admin, "state", "BLOCKED");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute("data-row-key", String(ios.id));
      await chooseFilter(admin, "state", "ACTIVE");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute("data-row-key", String(tablet.id));
      await shot(admin, "admin");
    } finally {
      await adminCtx.close();
    }

    // 4. The dealer, at phone width, sees its devices on My account and signs the tablet out.
    const dealerCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await signedIn(dealerCtx, locale, dealer.account, PASSWORD);
      const res = await page.goto(abs("system/account"), { timeout: 90_000 });
      expect(res?.status()).toBe(200);
      await waitForShell(page);
      const section = page.getByRole("region", { name: t("MyDevices.title") });
      await expect(section).toBeVisible();
      const item = (id: number) => page.locator(`[data-testid="my-device"][data-device="${id}"]`);
      await expect(page.getByTestId("my-device")).toHaveCount(3);
      await expect(item(tablet.id)).toHaveAttribute("data-state", "ACTIVE");
      await expect(item(tablet.id)).toContainText(t("MyDevices.states.ACTIVE"));
      await expect(item(tablet.id)).toContainText(t("MyDevices.platforms.HARMONYOS"));
      await expect(item(ios.id).getByTestId("my-device-state")).toHaveText(t("MyDevices.states.BLOCKED"));
      await expect(item(ios.id).getByTestId("my-device-sign-out")).toHaveCount(0);
      await expect(item(android.id).getByTestId("my-device-sign-out")).toHaveCount(0);

      const button = item(tablet.id).getByRole("button", { name: t("MyDevices.signOutLabel", { device: tablet.model! }) });
      await expect(button).toBeVisible();
      // A touch target at phone width.
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await shot(page, "my-devices");
      await button.click();
      await confirmModal(page);
      await expect(item(tablet.id)).toHaveAttribute("data-state", "SIGNED_OUT");
      await expect(item(tablet.id).getByTestId("my-device-sign-out")).toHaveCount(0);
      expect(await openTokens(tablet.id)).toBe(0);
      expect(await db().auditLog.count({ where: { entity: "UserDevice", entityId: String(tablet.id), action: "signOut", userId: dealer.userId } })).toBe(1);
    } finally {
      await dealerCtx.close();
    }
  });
}
