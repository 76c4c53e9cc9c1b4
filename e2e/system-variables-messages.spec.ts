import path from "node:path";
import type { Page } from "@playwright/test";
import { VARIABLES, type VariableKey } from "@/lib/config/variable-registry";
import { MESSAGE_EVENTS, type MessageEvent } from "@/lib/messages/template-schemas";
import { COMPANIES, expect, SCREENS_DIR, setLocaleCookie, test, type Locale } from "./fixtures";
import {
  chooseInDrawer,
  confirm,
  deleteRow,
  exportRows,
  fillDrawer,
  openAdmin,
  rowAction,
  rowWith,
  saveDrawer,
  saveDrawerExpectingError,
  searchText,
  table,
} from "./admin-helpers";

// Issue 4: system variables (platform values and companies' own values) and message templates,
// as an administrator in both languages; staff without these screens get 403. Each language
// works on its own variables, company and event, so the two runs never meet (the events are
// among the first of the search list, which draws only the options in view).

const T = {
  "en-US": {
    defaults: "Variable Defaults",
    overrides: "System Variables",
    messages: "Message Settings",
    tooBig: (max: number) => `Value must be at most ${max}`,
    tooSmall: "Company value must be at least 1",
    unknownPlaceholder: /\{foo\} is not a placeholder of this event/,
    sms: "Text message",
    no: "No",
    platformKey: "news.pageSize" as VariableKey,
    platformMax: 100,
    company: "D001" as const,
    companyKey: "vehicle.warrantyMonths" as VariableKey,
    event: "order.cancelled" as MessageEvent,
    placeholder: "{orderNo}",
  },
  "zh-CN": {
    defaults: "系统变量默认值",
    overrides: "系统变量",
    messages: "消息设置",
    tooBig: (max: number) => `取值不能大于 ${max}`,
    tooSmall: "公司取值不能小于 1",
    unknownPlaceholder: /\{foo\} 不是该事件的占位符/,
    sms: "短信",
    no: "否",
    platformKey: "vehicle.returnWindowDays" as VariableKey,
    platformMax: 365,
    company: "D002" as const,
    companyKey: "vehicle.warrantyMonths" as VariableKey,
    event: "order.rejected" as MessageEvent,
    placeholder: "{reason}",
  },
} as const;

const shot = (page: Page, name: string, locale: Locale) => page.screenshot({ path: path.join(SCREENS_DIR, `config-${name}-${locale}.png`), fullPage: true });

/** Picks an option of a select in the search form by the field's name. */
async function searchSelect(page: Page, name: string, label: string) {
  await page.getByTestId("search-form").locator(`#${name}`).selectOption({ label });
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  const t = T[locale];
  const zh = locale === "zh-CN";

  test.describe(`system variables and messages (${locale})`, () => {
    test.beforeEach(async ({ context, loginAs }) => {
      await setLocaleCookie(context, locale);
      await loginAs("admin");
    });

    test("edit a platform value, export, reset to the coded default", async ({ page }) => {
      const key = t.platformKey;
      await openAdmin(page, "system/systemVariableDefault");
      await expect(page.getByTestId("page-title")).toHaveText(t.defaults);
      await expect(page.getByTestId("create")).toHaveCount(0);
      await searchText(page, "keyword", key);
      await expect(table(page).locator("tr[data-row-key]")).toHaveCount(1);

      await rowAction(page, key, "edit");
      await fillDrawer(page, { value: t.platformMax + 400 });
      await saveDrawerExpectingError(page, "value", t.tooBig(t.platformMax));
      await shot(page, "systemVariableDefault-edit", locale);
      await fillDrawer(page, { value: 12 });
      await saveDrawer(page);
      await expect(rowWith(page, key).locator("td").nth(3)).toContainText("12");
      await shot(page, "systemVariableDefault", locale);

      const rows = await exportRows(page);
      expect(rows.length).toBe(2);
      expect(rows[1][0]).toBe(key);
      expect(rows[1][3]).toBe("12");

      await rowAction(page, key, "reset");
      await confirm(page);
      await expect(rowWith(page, key).locator("td").nth(3)).toHaveText(VARIABLES[key].value);
      await expect(rowWith(page, key).getByTestId("action-reset")).toHaveCount(0);
    });

    test("create, edit, search, export and delete a company's value", async ({ page }) => {
      const key = t.companyKey;
      const companyLabel = `${zh ? COMPANIES[t.company].zh : COMPANIES[t.company].en} (${t.company})`;
      await openAdmin(page, "system/systemVariable");
      await expect(page.getByTestId("page-title")).toHaveText(t.overrides);
      // Left over from an interrupted run: start clean.
      await searchText(page, "company", t.company);
      if (await rowWith(page, key).count()) await deleteRow(page, key);

      await page.getByTestId("create").click();
      await chooseInDrawer(page, "companyId", companyLabel);
      await chooseInDrawer(page, "key", `${key} — ${zh ? VARIABLES[key].zh : VARIABLES[key].en}`);
      await fillDrawer(page, { value: 0 });
      await saveDrawerExpectingError(page, "value", t.tooSmall);
      await shot(page, "systemVariable-create", locale);
      await fillDrawer(page, { value: 48 });
      await saveDrawer(page);

      await searchText(page, "key", key);
      await expect(table(page).locator("tr[data-row-key]")).toHaveCount(1);
      await expect(rowWith(page, key)).toContainText("48");
      await rowAction(page, key, "edit");
      await fillDrawer(page, { value: 60 });
      await saveDrawer(page);
      await expect(rowWith(page, key)).toContainText("60");
      await shot(page, "systemVariable", locale);

      const rows = await exportRows(page);
      expect(rows.length).toBe(2);
      expect(rows[1][0]).toBe(t.company);
      expect(rows[1][2]).toBe(key);
      expect(rows[1][5]).toBe("60");

      await deleteRow(page, key);
    });

    test("create, edit, search, export and delete a message template", async ({ page }) => {
      const event = t.event;
      const eventLabel = `${zh ? MESSAGE_EVENTS[event].zh : MESSAGE_EVENTS[event].en} (${event})`;
      await openAdmin(page, "system/messageSetting");
      await expect(page.getByTestId("page-title")).toHaveText(t.messages);
      await searchSelect(page, "event", eventLabel);
      await searchSelect(page, "channel", t.sms);
      await page.getByTestId("search-form").getByTestId("search").click();
      await expect(page).toHaveURL(/channel=SMS/);
      await expect(table(page).locator("tr[data-row-key]")).toHaveCount(1);
      // The seeded text message of the event makes way for a new one.
      await deleteRow(page, event);

      const create = async (contentEn: string, contentZh: string, enabled: boolean) => {
        await page.getByTestId("create").click();
        await chooseInDrawer(page, "event", eventLabel);
        await chooseInDrawer(page, "channel", t.sms);
        await fillDrawer(page, { contentEn, contentZh, enabled });
      };
      await create("Hello {foo}", "你好", true);
      await saveDrawerExpectingError(page, "contentEn", t.unknownPlaceholder);
      await shot(page, "messageSetting-create", locale);
      await fillDrawer(page, { contentEn: `E2E ${event} for ${t.placeholder}` });
      await saveDrawer(page);
      await expect(rowWith(page, event)).toContainText(zh ? "你好" : "E2E");

      await rowAction(page, event, "edit");
      await fillDrawer(page, { contentZh: "已编辑", enabled: false });
      await saveDrawer(page);
      await expect(rowWith(page, event)).toContainText(t.no);
      await shot(page, "messageSetting", locale);

      const rows = await exportRows(page);
      expect(rows.length).toBe(2);
      expect(rows[1][0]).toBe(event);
      expect(rows[1][7]).toBe("已编辑");

      await deleteRow(page, event);
      // Put the event's text message back as the seed had it: switched off.
      await create("Dealer Platform: an update on your request.", "【经销商平台】您的申请有更新。", false);
      await saveDrawer(page);
      await expect(rowWith(page, event)).toBeVisible();
    });
  });
}

test("staff without these screens get 403 on the pages and the exports", async ({ page, loginAs }) => {
  await loginAs("staff");
  for (const [route, resource] of [
    ["system/systemVariableDefault", "systemVariableDefault"],
    ["system/systemVariable", "systemVariable"],
    ["system/messageSetting", "messageSetting"],
  ]) {
    expect((await page.goto(route))?.status(), route).toBe(403);
    expect((await page.request.get(`api/v1/admin/${resource}/export`)).status(), resource).toBe(403);
  }
});
