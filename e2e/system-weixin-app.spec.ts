import { db } from "@/lib/db";
import { MESSAGE_EVENTS } from "@/lib/messages/template-schemas";
import { confirmModal, expect, setLocaleCookie, test, waitForShell, type Locale } from "./fixtures";
import { chooseInDrawer, drawer, field, openAdmin, rowWith as adminRow } from "./admin-helpers";
import { uniq } from "./access-helpers";

// Issue 23: system/weixinApp in both languages. An administrator creates a WeChat app (its
// secret is sealed and never shown again, not even in the page's HTML), edits it keeping the
// secret, is refused a second enabled official account (the demo one is enabled), sees the
// messages tab and retries a FAILED message inserted through Prisma; then a WECHAT template
// on system/messageSetting (titles hidden, the keyword fields edited as a list).

const WORDS = {
  "en-US": {
    title: "WeChat Apps",
    set: "Set",
    anotherEnabled: /Another official account is enabled/,
    failed: "Failed",
    wechat: "WeChat",
    unknownPlaceholder: /\{trackingNo\} in thing2 is not a placeholder of this event/,
  },
  "zh-CN": {
    title: "微信应用",
    set: "已设置",
    anotherEnabled: /已启用另一个公众号/,
    failed: "失败",
    wechat: "微信",
    unknownPlaceholder: /thing2 中的 \{trackingNo\} 不是此事件的占位符/,
  },
} as const;

const hex = (n: number) => Array.from({ length: n }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`system/weixinApp: create and edit an app, one enabled official account, retry a failed message (${locale})`, async ({ page, context, loginAs }) => {
    test.setTimeout(120_000);
    const w = WORDS[locale];
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    const res = await page.goto("system/weixinApp");
    expect(res?.status()).toBe(200);
    await waitForShell(page);
    await expect(page.getByTestId("page-title")).toHaveText(w.title);
    await expect(page.getByTestId("weixin-callback-url")).toHaveText(/\/customerWeb\/api\/wechat\/bind\/callback$/);

    // Create a disabled official account with every secret.
    const appId = `wx${hex(16)}`;
    const name = uniq("E2E OA ");
    const secret = hex(32);
    const aes = `${hex(21)}${hex(21).toUpperCase()}Z`;
    await page.getByTestId("create").click();
    const d = page.getByTestId("weixin-app-drawer");
    await expect(d).toBeVisible();
    await d.getByTestId("weixin-name").fill(name);
    await d.getByTestId("weixin-app-id").fill(appId);
    await d.getByTestId("weixin-app-secret").fill(secret);
    await d.getByTestId("weixin-aes-key").fill(aes);
    await d.getByTestId("weixin-token").fill("e2eToken");
    await d.getByTestId("drawer-save").filter({ visible: true }).click();
    await expect(d).toBeHidden();
    const row = page.getByTestId("weixin-app-table").locator("tr[data-row-key]").filter({ hasText: appId });
    await expect(row).toContainText(name);
    await expect(row).toContainText(w.set);
    const stored = await db().weixinApp.findUniqueOrThrow({ where: { appId } });
    expect(stored.appSecret).not.toContain(secret);
    expect(stored.encodingAesKey).not.toContain(aes);
    // Never shown again: not in the page, not after a reload.
    await page.reload();
    await waitForShell(page);
    const html = await page.content();
    for (const s of [secret, aes, "e2eToken", stored.appSecret]) expect(html).not.toContain(s);

    // Edit: the secret fields are empty ("set"), left blank they keep the stored values.
    await row.getByTestId("action-edit").click();
    await expect(d).toBeVisible();
    await expect(d.getByTestId("weixin-app-secret")).toHaveValue("");
    await d.getByTestId("weixin-name").fill(`${name} edited`);
    await d.getByTestId("drawer-save").filter({ visible: true }).click();
    await expect(d).toBeHidden();
    await expect(row).toContainText(`${name} edited`);
    const edited = await db().weixinApp.findUniqueOrThrow({ where: { appId } });
    expect(edited.appSecret).toBe(stored.appSecret);

    // The demo official account is enabled: enabling this one is refused on its field.
    await row.getByTestId("action-edit").click();
    await expect(d).toBeVisible();
    await d.getByTestId("weixin-enabled").click();
    await d.getByTestId("drawer-save").filter({ visible: true }).click();
    await expect(d.locator(".ant-form-item-explain-error")).toHaveText(w.anotherEnabled);
    // Cancel (the footer's first button): nothing was saved.
    await page.locator(".ant-drawer-footer").filter({ visible: true }).getByRole("button").first().click();
    await expect(d).toBeHidden();
    expect((await db().weixinApp.findUniqueOrThrow({ where: { appId } })).enabled).toBe(false);

    // Messages: a FAILED message of dealer.sh, retried.
    const user = await db().user.findUniqueOrThrow({ where: { account: "dealer.sh" }, select: { id: true } });
    const failed = await db().wechatMessage.create({
      data: {
        userId: user.id,
        appId: edited.id,
        openId: "oE2eFailedOpenId0000000001",
        event: "order.confirmed",
        templateId: "e2e-template",
        data: { character_string1: { value: "SO-E2E" } },
        status: "FAILED",
        attempts: 5,
        sender: "wechat",
        lastError: "errcode 43004: require subscribe",
      },
    });
    await page.getByTestId("weixin-tab-messages").click();
    await expect(page).toHaveURL(/tab=messages/);
    await expect(page.getByTestId("wechat-table")).toBeVisible();
    const msg = page.locator(`tr[data-row-key="${failed.id}"]`);
    await expect(msg).toContainText(w.failed);
    await expect(msg).toContainText("errcode 43004");
    await expect(msg).toContainText("oE2eF…0001");
    await expect(msg).not.toContainText("oE2eFailedOpenId0000000001");
    // Filtered by status.
    await page.getByTestId("wechat-status").selectOption("FAILED");
    await page.getByTestId("wechat-search").click();
    await expect(page).toHaveURL(/status=FAILED/);
    await expect(page).toHaveURL(/tab=messages/);
    await msg.getByTestId("wechat-retry").click();
    await confirmModal(page);
    // Queued again (and, with the dispatcher running, possibly delivered by the outbox meanwhile).
    await expect.poll(async () => (await db().wechatMessage.findUniqueOrThrow({ where: { id: failed.id } })).status).not.toBe("FAILED");
    expect((await db().wechatMessage.findUniqueOrThrow({ where: { id: failed.id } })).attempts).toBeLessThanOrEqual(1);
    await expect(page.locator(`tr[data-row-key="${failed.id}"]`)).toHaveCount(0);

    // Clean up: the app (no bindings) is deleted from the apps tab.
    await db().wechatMessage.delete({ where: { id: failed.id } });
    await page.getByTestId("weixin-tab-apps").click();
    await page.getByTestId("weixin-app-table").locator("tr[data-row-key]").filter({ hasText: appId }).getByTestId("action-delete").click();
    await confirmModal(page);
    await expect(page.getByTestId("weixin-app-table").locator("tr[data-row-key]").filter({ hasText: appId })).toHaveCount(0);
    expect(await db().weixinApp.findUnique({ where: { appId } })).toBeNull();
  });

  test(`system/messageSetting: a WECHAT template with its fields, no titles (${locale})`, async ({ page, context, loginAs }) => {
    test.setTimeout(120_000);
    const w = WORDS[locale];
    const zh = locale === "zh-CN";
    const event = zh ? "order.completed" : "preOrder.cancelled";
    const eventLabel = `${zh ? MESSAGE_EVENTS[event].zh : MESSAGE_EVENTS[event].en} (${event})`;
    await db().messageTemplate.deleteMany({ where: { event, channel: "WECHAT" } });
    await setLocaleCookie(context, locale);
    await loginAs("admin");
    await openAdmin(page, "system/messageSetting");

    await page.getByTestId("create").click();
    // The event list is long and virtual: search for the event first, then pick it.
    await field(page, "event").locator(".ant-select").click();
    await page.keyboard.type(event);
    await chooseInDrawer(page, "event", eventLabel);
    await chooseInDrawer(page, "channel", w.wechat);
    await expect(field(page, "titleEn")).toHaveCount(0);
    await expect(field(page, "titleZh")).toHaveCount(0);
    await field(page, "wechatTemplateId").locator("input").fill("E2E_Template-1");
    const fields = drawer(page).getByTestId("wechat-fields");
    await fields.getByTestId("wechat-field-add").click();
    await fields.getByTestId("wechat-field-add").click();
    const rows = fields.getByTestId("wechat-field-row");
    await rows.nth(0).getByTestId("wechat-field-keyword").fill("character_string1");
    await rows
      .nth(0)
      .getByTestId("wechat-field-text")
      .fill(event === "order.completed" ? "{orderNo}" : "{preOrderNo}");
    await rows.nth(1).getByTestId("wechat-field-keyword").fill("thing2");
    await rows.nth(1).getByTestId("wechat-field-text").fill("{trackingNo}");
    await drawer(page).getByTestId("drawer-save").click();
    await expect(field(page, "wechatFields").locator(".ant-form-item-explain-error")).toHaveText(w.unknownPlaceholder);
    await rows.nth(1).getByTestId("wechat-field-text").fill("{company}");
    await drawer(page).getByTestId("drawer-save").click();
    await expect(drawer(page)).toBeHidden();

    const row = await db().messageTemplate.findUniqueOrThrow({ where: { event_channel: { event, channel: "WECHAT" } } });
    expect(row).toMatchObject({ titleEn: null, titleZh: null, wechatTemplateId: "E2E_Template-1" });
    expect(row.wechatFields).toEqual({ character_string1: event === "order.completed" ? "{orderNo}" : "{preOrderNo}", thing2: "{company}" });
    // The list shows it (filtered to the channel: the list pages, and the event may sort late).
    await openAdmin(page, "system/messageSetting?channel=WECHAT");
    const listed = adminRow(page, event).filter({ hasText: "E2E_Template-1" });
    await expect(listed).toContainText(w.wechat);
    await db().messageTemplate.delete({ where: { id: row.id } });
  });
}

test("system/weixinApp is the administrators': staff and dealers get 403", async ({ page, loginAs }) => {
  await loginAs("staff");
  expect((await page.goto("system/weixinApp"))?.status()).toBe(403);
  expect((await page.goto("system/weixinApp?tab=messages"))?.status()).toBe(403);
});
