import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeUser, roleId } from "@/lib/test/factories";
import * as A from "./template-actions";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The WECHAT channel on system/messageSetting (issue 23): saved with its template id and fields
// as an object, no titles, a description from the fields when left blank; refusals name the
// field and the keyword.

const EVENT = "purchasePlan.returned";
const e = (key: string, values?: Record<string, string | number>) => translator("MessageSettingAdmin.errors")(key, values);

beforeAll(async () => {
  setTestLocale("en-US");
  await actAs(await makeUser({ userType: "ADMIN", roleIds: [await roleId("ADMIN")] }));
  await db().messageTemplate.deleteMany({ where: { event: EVENT, channel: "WECHAT" } });
});

describe("system/messageSetting: WECHAT", () => {
  it("saves the template id and fields, drops titles and describes itself by its fields", async () => {
    const res = await A.saveMessageTemplateAction({
      event: EVENT,
      channel: "WECHAT",
      enabled: true,
      titleEn: "ignored",
      titleZh: "ignored",
      contentEn: "",
      contentZh: "",
      wechatTemplateId: "Plan_Returned-1",
      wechatFields: [
        { keyword: "character_string1", text: "{planNo}" },
        { keyword: "thing2", text: "{month}: {comment}" },
      ],
    });
    expect(res).toMatchObject({ ok: true });
    const row = await db().messageTemplate.findUniqueOrThrow({ where: { event_channel: { event: EVENT, channel: "WECHAT" } } });
    expect(row).toMatchObject({ titleEn: null, titleZh: null, wechatTemplateId: "Plan_Returned-1", wechatFields: { character_string1: "{planNo}", thing2: "{month}: {comment}" } });
    expect(row.contentEn).toBe("character_string1: {planNo} · thing2: {month}: {comment}");
    expect(row.contentZh).toBe(row.contentEn);

    // An edit keeps a description given, and refuses a placeholder the event lacks, naming it.
    const edit = { id: row.id, event: EVENT, channel: "WECHAT", enabled: true, contentEn: "Plan returned", contentZh: "计划退回", wechatTemplateId: "Plan_Returned-1" };
    expect(await A.saveMessageTemplateAction({ ...edit, wechatFields: [{ keyword: "thing1", text: "{orderNo}" }] })).toMatchObject({
      ok: false,
      code: "VALIDATION",
      fieldErrors: { wechatFields: e("wechatUnknownPlaceholder", { keyword: "thing1", name: "{orderNo}", allowed: "{planNo} {month} {comment}" }) },
    });
    expect(await A.saveMessageTemplateAction({ ...edit, wechatFields: [{ keyword: "Thing", text: "{planNo}" }] })).toMatchObject({
      ok: false,
      fieldErrors: { wechatFields: e("wechatKeywordInvalid", { keyword: "Thing" }) },
    });
    expect(await A.saveMessageTemplateAction({ ...edit, wechatTemplateId: "", wechatFields: [{ keyword: "thing1", text: "{planNo}" }] })).toMatchObject({
      ok: false,
      fieldErrors: { wechatTemplateId: "Please enter WeChat template ID" },
    });
    expect(await A.saveMessageTemplateAction({ ...edit, wechatFields: [{ keyword: "thing1", text: "{planNo}" }] })).toMatchObject({ ok: true });
    expect(await db().messageTemplate.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ contentEn: "Plan returned", wechatFields: { thing1: "{planNo}" } });
  });

  it("the other channels keep no WeChat columns", async () => {
    const row = await db().messageTemplate.findUniqueOrThrow({ where: { event_channel: { event: "order.confirmed", channel: "IN_APP" } } });
    const res = await A.saveMessageTemplateAction({
      id: row.id,
      event: row.event,
      channel: "IN_APP",
      enabled: row.enabled,
      titleEn: row.titleEn,
      titleZh: row.titleZh,
      contentEn: row.contentEn,
      contentZh: row.contentZh,
      wechatTemplateId: "stray",
      wechatFields: [{ keyword: "thing1", text: "{orderNo}" }],
    });
    expect(res).toMatchObject({ ok: true });
    expect(await db().messageTemplate.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ wechatTemplateId: null, wechatFields: null });
  });
});
