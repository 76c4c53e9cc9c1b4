import { describe, expect, it } from "vitest";
import { WECHAT_DEMO_TEMPLATES } from "@/prisma/seed/wechat";
import { MESSAGE_EVENTS, wechatFieldIssue, wechatObject, wechatPairs, wechatSummary, ZMessageTemplateSave } from "./template-schemas";

// The WECHAT channel's form rules (issue 23): template id and fields required for WECHAT only,
// titles not asked for, the fields' keyword format, duplicates and the event's placeholders.

const wechat = (over: Record<string, unknown> = {}) => ({
  event: "order.confirmed",
  channel: "WECHAT",
  enabled: true,
  wechatTemplateId: "Tm_pl-8",
  wechatFields: [
    { keyword: "character_string1", text: "{orderNo}" },
    { keyword: "amount2", text: "{amount}" },
  ],
  ...over,
});
const paths = (v: unknown) => {
  const r = ZMessageTemplateSave.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
};

describe("ZMessageTemplateSave: WECHAT", () => {
  it("accepts a WeChat template without titles or contents", () => {
    expect(paths(wechat())).toEqual([]);
  });

  it("requires the template id and at least one field for WECHAT only", () => {
    expect(paths(wechat({ wechatTemplateId: "" }))).toEqual(["wechatTemplateId"]);
    expect(paths(wechat({ wechatFields: [] }))).toEqual(["wechatFields"]);
    expect(paths(wechat({ wechatFields: undefined }))).toEqual(["wechatFields"]);
    const inApp = { event: "order.confirmed", channel: "IN_APP", enabled: true, titleEn: "a", titleZh: "b", contentEn: "c", contentZh: "d" };
    expect(paths(inApp)).toEqual([]);
    expect(paths({ ...inApp, contentEn: "" })).toEqual(["contentEn"]);
  });

  it("refuses a template id with other characters or over 64, with the custom message", () => {
    const r = ZMessageTemplateSave.safeParse(wechat({ wechatTemplateId: "a b" }));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ["wechatTemplateId"], message: "wechatTemplateId" });
    expect(paths(wechat({ wechatTemplateId: "x".repeat(65) }))).toEqual(["wechatTemplateId"]);
    expect(paths(wechat({ wechatTemplateId: "x".repeat(64) }))).toEqual([]);
  });

  it("refuses WECHAT on an event that does not offer it", () => {
    expect(paths(wechat({ event: "verification.register" }))).toEqual(["channel"]);
    expect(paths(wechat({ event: "order.submitted" }))).toEqual(["channel"]);
  });

  it("offers WECHAT on the dealer events, never on staff or phone ones", () => {
    for (const [event, d] of Object.entries(MESSAGE_EVENTS)) {
      const has = (d.channels as readonly string[]).includes("WECHAT");
      if (d.audience !== "DEALER") expect(has, event).toBe(false);
    }
    for (const e of [
      "order.confirmed",
      "preOrder.converted",
      "salesReturn.completed",
      "returnBatch.received",
      "complaint.replied",
      "purchasePlan.reminder",
      "purchasePlan.approved",
    ] as const)
      expect(MESSAGE_EVENTS[e].channels, e).toContain("WECHAT");
  });
});

describe("wechatFieldIssue", () => {
  const ok = [{ keyword: "thing1", text: "Order {orderNo} of {company}" }];
  it("accepts keywords and the event's placeholders", () => {
    expect(wechatFieldIssue("order.confirmed", ok)).toBeNull();
  });
  it("names what is wrong", () => {
    expect(wechatFieldIssue("order.confirmed", [])).toEqual({ key: "wechatFieldsRequired", values: {} });
    expect(
      wechatFieldIssue(
        "order.confirmed",
        Array.from({ length: 21 }, (_, i) => ({ keyword: `thing${i + 1}`, text: "x" })),
      ),
    ).toMatchObject({ key: "wechatFieldsTooMany" });
    expect(
      wechatFieldIssue(
        "order.confirmed",
        Array.from({ length: 20 }, (_, i) => ({ keyword: `thing${i + 1}`, text: "x" })),
      ),
    ).toBeNull();
    for (const bad of ["Thing1", "thing", "1thing", "thing-1", "thing1a", ""])
      expect(wechatFieldIssue("order.confirmed", [{ keyword: bad, text: "x" }]), bad).toMatchObject({ key: "wechatKeywordInvalid" });
    expect(wechatFieldIssue("order.confirmed", [...ok, { keyword: "thing1", text: "y" }])).toEqual({ key: "wechatKeywordDuplicate", values: { keyword: "thing1" } });
    expect(wechatFieldIssue("order.confirmed", [{ keyword: "thing1", text: " " }])).toEqual({ key: "wechatTextRequired", values: { keyword: "thing1" } });
    expect(wechatFieldIssue("order.confirmed", [{ keyword: "thing1", text: "x".repeat(201) }])).toMatchObject({
      key: "wechatTextTooLong",
      values: { keyword: "thing1", max: 200 },
    });
    expect(wechatFieldIssue("order.confirmed", [{ keyword: "thing1", text: "{trackingNo}" }])).toEqual({
      key: "wechatUnknownPlaceholder",
      values: { keyword: "thing1", name: "{trackingNo}", allowed: "{orderNo} {company} {amount}" },
    });
  });
});

describe("the fields' shapes", () => {
  it("stores an object and shows it back by the keywords' numbers", () => {
    const pairs = [
      { keyword: "amount2", text: "{amount}" },
      { keyword: "thing10", text: "{company}" },
      { keyword: "character_string1", text: "{orderNo}" },
    ];
    expect(wechatPairs(wechatObject(pairs)).map((p) => p.keyword)).toEqual(["character_string1", "amount2", "thing10"]);
    expect(wechatPairs(null)).toEqual([]);
    expect(wechatPairs(["x"])).toEqual([]);
    expect(wechatSummary(pairs.slice(0, 2))).toBe("amount2: {amount} · thing10: {company}");
  });
});

describe("the demo seed's WECHAT templates", () => {
  it("pass the form's rules", () => {
    expect(WECHAT_DEMO_TEMPLATES.map((t) => t.event).sort()).toEqual(["complaint.replied", "order.confirmed", "order.rejected", "order.shipped"]);
    for (const t of WECHAT_DEMO_TEMPLATES) {
      expect(wechatFieldIssue(t.event, wechatPairs(t.fields)), t.event).toBeNull();
      expect(
        paths({
          event: t.event,
          channel: "WECHAT",
          enabled: true,
          contentEn: t.contentEn,
          contentZh: t.contentZh,
          wechatTemplateId: t.templateId,
          wechatFields: wechatPairs(t.fields),
        }),
      ).toEqual([]);
    }
  });
});
