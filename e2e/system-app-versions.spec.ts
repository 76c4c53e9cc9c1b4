import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import { createTranslator } from "use-intl/core";
import type { Locale as AppLocale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { chooseInDrawer, confirm, drawer, fillDrawer, openAdmin, rowAction, rowWith, saveDrawer, saveDrawerExpectingError } from "./admin-helpers";
import { baseURL, expect, SCREENS_DIR, setLocaleCookie, test, type Locale } from "./fixtures";
import { db } from "./mall-orders-db";

// Issue 22: system/appVersion — an administrator creates a release (a refused version name
// first), publishes it, and the public update check answers it in the caller's language, with
// updateAvailable and mustUpdate around the minimum supported number. Each language works on
// its own platform with a version number above any published before (the time in seconds), so
// the two tests and reruns on one database never meet; the releases are deleted afterwards.

const PLATFORM = { "en-US": "ANDROID", "zh-CN": "HARMONYOS" } as const;
const made: number[] = [];

test.afterAll(async () => {
  if (made.length) await db().appRelease.deleteMany({ where: { id: { in: made } } });
});

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`app versions: create, publish, answered by /api/v1/app/latest (${locale})`, async ({ page, context, loginAs }) => {
    test.setTimeout(180_000);
    const tr = createTranslator({ locale, messages: messagesFor(locale as AppLocale) as never, timeZone: "Asia/Shanghai" }) as unknown as (
      key: string,
      v?: Record<string, string | number>,
    ) => string;
    const platform = PLATFORM[locale];
    const number = Math.floor(Date.now() / 1000) + (locale === "zh-CN" ? 1 : 0);
    const versionName = `9.0.${number}`;
    const notes = { notesEn: `Fixes for ${number}`, notesZh: `修复 ${number}` };

    await setLocaleCookie(context, locale);
    await loginAs("admin");
    await openAdmin(page, "system/appVersion");
    await expect(page.getByTestId("page-title")).toHaveText(tr("AppReleases.title"));

    // A version name that is not digits and dots is refused on its field, in the language.
    await page.getByTestId("create").click();
    await expect(drawer(page)).toBeVisible();
    await chooseInDrawer(page, "platform", tr(`AppReleases.platforms.${platform}`));
    await fillDrawer(page, { versionName: "v1", versionNumber: number, minSupported: number - 10, storeUrl: "https://appgallery.example.com/app/dealer", ...notes });
    await saveDrawerExpectingError(page, "versionName", tr("Validation.pattern", { label: tr("AppReleases.fields.versionName") }));
    await fillDrawer(page, { versionName });
    await saveDrawer(page);

    const row = rowWith(page, versionName);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("release-status")).toHaveText(tr("AppReleases.statuses.DRAFT"));
    const release = await db().appRelease.findUniqueOrThrow({ where: { platform_versionNumber: { platform, versionNumber: number } } });
    made.push(release.id);

    await rowAction(page, versionName, "publish");
    await confirm(page);
    await expect(row.getByTestId("release-status")).toHaveText(tr("AppReleases.statuses.PUBLISHED"));
    await expect(row.getByTestId("action-publish")).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENS_DIR, `admin-appVersion-${locale}.png`), fullPage: true });

    // The update check is public: asked without a session, in the caller's language.
    const anonymous = await playwrightRequest.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "Accept-Language": locale }, timeout: 90_000 });
    try {
      const latest = await anonymous.get(`api/v1/app/latest?platform=${platform.toLowerCase()}&version=${number - 1}`);
      expect(latest.status()).toBe(200);
      expect(latest.headers()["cache-control"]).toBe("public, max-age=60");
      expect(await latest.json()).toMatchObject({
        platform,
        versionName,
        versionNumber: number,
        minSupported: number - 10,
        forceUpdate: false,
        notes: locale === "zh-CN" ? notes.notesZh : notes.notesEn,
        storeUrl: "https://appgallery.example.com/app/dealer",
        downloadUrl: null,
        updateAvailable: true,
        mustUpdate: false,
      });
      // Below the minimum supported number: must update; on the latest: nothing to do.
      expect(await (await anonymous.get(`api/v1/app/latest?platform=${platform}&version=${number - 11}`)).json()).toMatchObject({ updateAvailable: true, mustUpdate: true });
      expect(await (await anonymous.get(`api/v1/app/latest?platform=${platform}&version=${number}`)).json()).toMatchObject({ updateAvailable: false, mustUpdate: false });
      // A bad platform: 422 naming the field, translated.
      const bad = await anonymous.get(`api/v1/app/latest?platform=windows&version=1`);
      expect(bad.status()).toBe(422);
      expect(await bad.json()).toMatchObject({ code: "VALIDATION", fieldErrors: { platform: tr("Validation.select", { label: tr("AppReleases.query.platform") }) } });
      // The store release's download redirects to the store and is counted.
      const download = await anonymous.get(`api/v1/app/releases/${release.id}/package`, { maxRedirects: 0 });
      expect(download.status()).toBe(302);
      expect(download.headers()["location"]).toBe("https://appgallery.example.com/app/dealer");
      await expect.poll(async () => (await db().appRelease.findUniqueOrThrow({ where: { id: release.id } })).downloadCount).toBe(1);
    } finally {
      await anonymous.dispose();
    }

    await page.reload();
    await expect(rowWith(page, versionName).locator("td").filter({ hasText: /^1$/ })).toHaveCount(1);

    // Withdrawn: the update check no longer answers it.
    await rowAction(page, versionName, "withdraw");
    await confirm(page);
    await expect(rowWith(page, versionName).getByTestId("release-status")).toHaveText(tr("AppReleases.statuses.WITHDRAWN"));
  });
}

test("staff without the screen get 403", async ({ page, loginAs }) => {
  await loginAs("staff");
  expect((await page.goto("system/appVersion"))?.status()).toBe(403);
});
