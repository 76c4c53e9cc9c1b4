import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { exportResource, loadList } from "@/lib/admin/resource";
import { issueVerificationCode } from "@/lib/auth/verification";
import { db } from "@/lib/db";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { captureSender, randomIp, randomPhone } from "@/lib/test/accounts";
import { makeRole, makeUser } from "@/lib/test/factories";
import { messageTemplates } from "@/prisma/seed/message-templates";
import * as A from "./template-actions";
import { messageTemplateResource } from "./template-admin";
import { invalidateTemplates, renderMessage } from "./templates";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Message templates (issue 4): rendering with placeholders, switched-off and missing templates,
// the checks on save, audit rows, the export, and the verification code's text.

let admin: { id: number };
let plainStaff: { id: number };
let saved: Awaited<ReturnType<ReturnType<typeof db>["messageTemplate"]["findMany"]>> = [];

async function readBack(stream: ReadableStream<Uint8Array> | Buffer): Promise<string[][]> {
  const buf = Buffer.isBuffer(stream) ? stream : Buffer.from(await new Response(stream).arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return out;
}

const templateOf = (event: string, channel: "SMS" | "IN_APP") => db().messageTemplate.findUnique({ where: { event_channel: { event, channel } } });
const asInput = (r: NonNullable<Awaited<ReturnType<typeof templateOf>>>) => ({
  id: r.id,
  event: r.event,
  channel: r.channel,
  titleEn: r.titleEn,
  titleZh: r.titleZh,
  contentEn: r.contentEn,
  contentZh: r.contentZh,
  enabled: r.enabled,
});

beforeAll(async () => {
  setTestLocale("en-US");
  // This file edits the seeded templates; they are put back as they were afterwards.
  saved = await db().messageTemplate.findMany();
  admin = await makeUser({ userType: "ADMIN" });
  plainStaff = await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL" })).id] });
});

afterAll(async () => {
  await db().messageTemplate.deleteMany();
  await db().messageTemplate.createMany({ data: saved.map((r) => ({ ...r, wechatFields: r.wechatFields ?? undefined })) });
  invalidateTemplates();
  setTestLocale("en-US");
});

describe("renderMessage", () => {
  it("fills the placeholders in the wanted language", async () => {
    const values = { orderNo: "SO20261121000001", company: "Green Motors Shanghai", amount: "$1,200.00", reason: "out of stock" };
    expect(await renderMessage("order.rejected", "IN_APP", "en-US", values)).toEqual({
      title: "Order SO20261121000001 rejected",
      content: "Your order SO20261121000001 was rejected: out of stock",
    });
    expect(await renderMessage("order.rejected", "IN_APP", "zh-CN", { ...values, reason: "缺货" })).toEqual({
      title: "订单 SO20261121000001 已驳回",
      content: "您的订单 SO20261121000001 已被驳回：缺货",
    });
    expect(await renderMessage("verification.register", "SMS", "en-US", { code: "123456", minutes: 5 })).toEqual({
      title: null,
      content: "Your Dealer Platform verification code is 123456. It expires in 5 minutes. Do not share it with anyone.",
    });
  });

  it("answers null for a switched-off or missing template, and sees edits at once", async () => {
    await actAs(admin);
    expect(await renderMessage("order.confirmed", "SMS", "en-US", { orderNo: "X" })).toBeNull(); // seeded off
    const row = (await templateOf("order.cancelled", "IN_APP"))!;
    expect(await renderMessage("order.cancelled", "IN_APP", "en-US", { orderNo: "SO1" })).toMatchObject({ content: "Order SO1 has been cancelled." });
    expect(await A.saveMessageTemplateAction({ ...asInput(row), contentEn: "Cancelled: {orderNo} of {company}." })).toMatchObject({ ok: true });
    expect(await renderMessage("order.cancelled", "IN_APP", "en-US", { orderNo: "SO1", company: "D001" })).toMatchObject({ content: "Cancelled: SO1 of D001." });
    expect(await A.saveMessageTemplateAction({ ...asInput(row), enabled: false })).toMatchObject({ ok: true });
    expect(await renderMessage("order.cancelled", "IN_APP", "en-US", { orderNo: "SO1" })).toBeNull();
    expect(await A.deleteMessageTemplatesAction({ ids: [row.id] })).toMatchObject({ ok: true });
    expect(await renderMessage("order.cancelled", "IN_APP", "en-US", { orderNo: "SO1" })).toBeNull();
    expect(await A.saveMessageTemplateAction({ ...asInput(row), id: undefined, enabled: true })).toMatchObject({ ok: true });
    expect(await renderMessage("order.cancelled", "IN_APP", "zh-CN", { orderNo: "SO1" })).toMatchObject({ title: "订单 SO1 已取消" });
  });
});

describe("saving", () => {
  it("refuses unknown placeholders, missing titles and channels the event does not use, on their fields", async () => {
    await actAs(admin);
    const row = asInput((await templateOf("order.shipped", "IN_APP"))!);
    const e = translator("MessageSettingAdmin.errors");
    expect(await A.saveMessageTemplateAction({ ...row, contentZh: "订单 {orderNo} 已由 {courier} 发货" })).toMatchObject({
      ok: false,
      fieldErrors: { contentZh: e("unknownPlaceholder", { name: "{courier}", allowed: "{orderNo} {company} {amount} {carrier} {trackingNo}" }) },
    });
    expect(await A.saveMessageTemplateAction({ ...row, titleEn: "" })).toMatchObject({ ok: false, fieldErrors: { titleEn: "Please enter Title (English)" } });
    expect(await A.saveMessageTemplateAction({ ...row, id: undefined, event: "verification.register", channel: "IN_APP" })).toMatchObject({
      ok: false,
      fieldErrors: { channel: "Please select Channel" },
    });
    expect(await A.saveMessageTemplateAction({ ...row, id: undefined })).toMatchObject({ ok: false, fieldErrors: { channel: e("exists") } });
    expect(await A.saveMessageTemplateAction({ ...row, event: "no.such.event" })).toMatchObject({ ok: false, fieldErrors: { event: "Please select Event" } });
    setTestLocale("zh-CN");
    try {
      expect(await A.saveMessageTemplateAction({ ...row, contentEn: "" })).toMatchObject({ ok: false, fieldErrors: { contentEn: "请输入内容（英文）" } });
    } finally {
      setTestLocale("en-US");
    }
    expect(await templateOf("order.shipped", "IN_APP")).toMatchObject({ contentZh: row.contentZh, titleEn: row.titleEn });
  });

  it("stores a text message without a title and writes audit rows", async () => {
    const me = (await actAs(admin))!;
    const row = asInput((await templateOf("complaint.replied", "SMS"))!);
    expect(await A.saveMessageTemplateAction({ ...row, titleEn: "ignored", enabled: true })).toMatchObject({ ok: true });
    expect(await templateOf("complaint.replied", "SMS")).toMatchObject({ titleEn: null, enabled: true });
    const audit = await db().auditLog.findFirst({ where: { entity: "MessageTemplate", entityId: String(row.id) }, orderBy: { id: "desc" } });
    expect(audit).toMatchObject({ userId: me.userId, action: "update", before: { enabled: false }, after: { enabled: true }, requestId: "test-request" });
  });

  it("refuses viewers without the screen's buttons", async () => {
    const viewer = (await actAs(plainStaff))!;
    const row = asInput((await templateOf("order.shipped", "IN_APP"))!);
    expect(await A.saveMessageTemplateAction(row)).toMatchObject({ ok: false, message: translator("Common")("forbidden") });
    expect(await A.deleteMessageTemplatesAction({ ids: [row.id] })).toMatchObject({ ok: false, message: translator("Common")("forbidden") });
    await expect(loadList(messageTemplateResource, viewer, new URLSearchParams())).rejects.toThrow();
    expect(await exportResource(messageTemplateResource, viewer, new URLSearchParams(), null)).toMatchObject({ status: 403 });
  });
});

describe("list and export", () => {
  it("filters by event, channel and enabled, and exports the filtered rows with translated headers", async () => {
    const viewer = (await actAs(admin))!;
    const sms = await loadList(messageTemplateResource, viewer, new URLSearchParams({ channel: "SMS", enabled: "true", sort: "event" }));
    expect(sms.rows.every((r) => r.channel === "SMS" && r.enabled)).toBe(true);
    expect(sms.rows.map((r) => r.event)).toContain("verification.register");
    setTestLocale("zh-CN");
    try {
      const a = await exportResource(messageTemplateResource, viewer, new URLSearchParams({ event: "verification.resetPassword" }), null);
      if (!("stream" in a)) throw new Error(`status ${a.status}`);
      const rows = await readBack(a.stream);
      expect(rows[0]).toEqual(["事件", "事件名称", "渠道", "启用", "标题（英文）", "标题（中文）", "内容（英文）", "内容（中文）", "微信模板ID", "微信模板字段", "最后修改"]);
      expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([["verification.resetPassword", "找回密码验证码", "短信", "是"]]);
    } finally {
      setTestLocale("en-US");
    }
  });
});

describe("verification codes", () => {
  it("are sent with the verification template in the caller's language, and with the built-in text when it is off", async () => {
    await actAs(admin);
    // Reset codes go to registered phones only: a new user per send.
    const send = async (locale: "en-US" | "zh-CN") => {
      const phone = randomPhone();
      await db().user.update({ where: { id: (await makeUser()).id }, data: { phone } });
      const { sender, sent } = captureSender();
      const { deliver } = await issueVerificationCode({ phone, scene: "RESET_PASSWORD", locale, template: (c, m) => `fallback ${c} ${m}` }, { ip: randomIp() }, sender);
      await deliver();
      return sent[0];
    };
    const en = await send("en-US");
    expect(en.content).toBe(`Your Dealer Platform verification code is ${en.code}. It expires in 5 minutes. Do not share it with anyone.`);
    const row = asInput((await templateOf("verification.resetPassword", "SMS"))!);
    expect(await A.saveMessageTemplateAction({ ...row, contentZh: "【绿色汽车】验证码 {code}，{minutes} 分钟有效。" })).toMatchObject({ ok: true });
    const zh = await send("zh-CN");
    expect(zh.content).toBe(`【绿色汽车】验证码 ${zh.code}，5 分钟有效。`);
    expect(await A.saveMessageTemplateAction({ ...row, enabled: false })).toMatchObject({ ok: true });
    const off = await send("zh-CN");
    expect(off.content).toBe(`fallback ${off.code} 5`);
  });

  it("the seeded templates use only their events' channels and placeholders", async () => {
    const { eventDef, placeholdersIn } = await import("./template-schemas");
    for (const t of messageTemplates) {
      const def = eventDef(t.event)!;
      expect(def.channels, `${t.event} ${t.channel}`).toContain(t.channel);
      for (const text of [t.titleEn, t.titleZh, t.contentEn, t.contentZh]) for (const p of placeholdersIn(text ?? "")) expect(def.placeholders, `${t.event}: {${p}}`).toContain(p);
    }
  });
});
