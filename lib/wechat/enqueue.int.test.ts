import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { notifyOrderEvent } from "@/lib/mall/notifications/service";
import { invalidateTemplates } from "@/lib/messages/templates";
import { makeDealer, makeGoods, makeOrder, makeStaff, makeUser, roleId } from "@/lib/test/factories";
import { absoluteLink } from "./enqueue";
import { renderWechat } from "./templates";
import { takeChannelApp } from "./test-helpers";

// Issue 23: the WECHAT channel's outbox is written beside the in-app notices, in the event's
// transaction: only for the in-app recipients bound to the channel's app with the channel on,
// of the document's company; nothing when the event's WECHAT template is off or there is no
// channel app. Values are the zh-CN ones, cut to WeChat's limits by keyword.

vi.stubEnv("WECHAT_DISPATCH", "off");
vi.stubEnv("APP_URL", "https://dealers.example.com");

let app: Awaited<ReturnType<typeof takeChannelApp>>;
let previous: { enabled: boolean; wechatTemplateId: string | null; wechatFields: unknown } | null;

async function setTemplate(enabled: boolean) {
  await db().messageTemplate.upsert({
    where: { event_channel: { event: "order.confirmed", channel: "WECHAT" } },
    create: {
      event: "order.confirmed",
      channel: "WECHAT",
      contentEn: "Order {orderNo} confirmed",
      contentZh: "订单 {orderNo} 已确认",
      enabled,
      wechatTemplateId: "TPL_CONFIRMED",
      wechatFields: { character_string1: "{orderNo}", amount2: "{amount}", thing3: "{company}：您的订单已确认，请留意发货通知" },
    },
    update: {
      enabled,
      wechatTemplateId: "TPL_CONFIRMED",
      wechatFields: { character_string1: "{orderNo}", amount2: "{amount}", thing3: "{company}：您的订单已确认，请留意发货通知" },
    },
  });
  invalidateTemplates();
}

beforeAll(async () => {
  previous = await db().messageTemplate.findUnique({
    where: { event_channel: { event: "order.confirmed", channel: "WECHAT" } },
    select: { enabled: true, wechatTemplateId: true, wechatFields: true },
  });
  app = await takeChannelApp();
  await setTemplate(true);
});

afterAll(async () => {
  await app.restore();
  if (previous)
    await db().messageTemplate.update({
      where: { event_channel: { event: "order.confirmed", channel: "WECHAT" } },
      data: { ...previous, wechatFields: previous.wechatFields ?? undefined },
    });
  else await db().messageTemplate.delete({ where: { event_channel: { event: "order.confirmed", channel: "WECHAT" } } });
  invalidateTemplates();
});

async function scene() {
  const dealer = await makeDealer();
  const offUser = await makeUser({ userType: "DEALER", companyIds: [dealer.companyId], roleIds: [await roleId("DEALER")] });
  const unbound = await makeUser({ userType: "DEALER", companyIds: [dealer.companyId], roleIds: [await roleId("DEALER")] });
  const stranger = await makeDealer();
  const staff = await makeStaff();
  const tag = Math.random().toString(36).slice(2, 8);
  await db().wechatBinding.createMany({
    data: [
      { userId: dealer.userId, appId: app.id, openId: `o_enq_${tag}_on` },
      { userId: offUser.id, appId: app.id, openId: `o_enq_${tag}_off`, notify: false },
      { userId: stranger.userId, appId: app.id, openId: `o_enq_${tag}_other` },
    ],
  });
  const goods = await makeGoods();
  const order = await makeOrder({ companyId: dealer.companyId, userId: dealer.userId, goods, status: "CONFIRMED" });
  return { dealer, offUser, unbound, stranger, staff, order };
}

const confirm = (orderId: number, actorId: number) => db().$transaction((tx) => notifyOrderEvent(tx, { orderId, event: "order.confirmed", actorId }));
const messagesOf = (userIds: number[]) => db().wechatMessage.findMany({ where: { userId: { in: userIds } }, orderBy: { id: "asc" } });

describe("queueing WeChat messages beside the in-app notices", () => {
  it("queues an order's confirmation only for the company's bound users with the channel on", async () => {
    const s = await scene();
    await confirm(s.order.id, s.staff.id);
    const rows = await messagesOf([s.dealer.userId, s.offUser.id, s.unbound.id, s.stranger.userId]);
    expect(rows).toHaveLength(1);
    const m = rows[0];
    expect(m).toMatchObject({ userId: s.dealer.userId, appId: app.id, event: "order.confirmed", templateId: "TPL_CONFIRMED", status: "PENDING", attempts: 0 });
    const data = m.data as Record<string, { value: string }>;
    expect(data.character_string1.value).toBe(s.order.orderNo);
    // zh-CN values (the company's Chinese name), a thing cut to 20 characters.
    expect(data.thing3.value.startsWith(s.dealer.nameZh.slice(0, 5))).toBe(true);
    expect([...data.thing3.value].length).toBeLessThanOrEqual(20);
    expect(m.url).toBe(`https://dealers.example.com/customerWeb/onlineMall/${s.order.type === "PARTS" ? "mountings" : "car"}/order?id=${s.order.id}`);
    // The in-app notice went to the same people (and more: the unbound one and the one with WeChat off).
    expect(await db().notification.count({ where: { event: "order.confirmed", link: { endsWith: `order?id=${s.order.id}` } } })).toBe(3);
  });

  it("queues nothing for the actor", async () => {
    const s = await scene();
    await confirm(s.order.id, s.dealer.userId);
    expect(await messagesOf([s.dealer.userId])).toHaveLength(0);
  });

  it("queues nothing when the WECHAT template is off", async () => {
    const s = await scene();
    await setTemplate(false);
    try {
      await confirm(s.order.id, s.staff.id);
      expect(await messagesOf([s.dealer.userId])).toHaveLength(0);
    } finally {
      await setTemplate(true);
    }
  });

  it("queues nothing without a channel app", async () => {
    const s = await scene();
    await db().weixinApp.update({ where: { id: app.id }, data: { enabled: false } });
    try {
      await confirm(s.order.id, s.staff.id);
      expect(await messagesOf([s.dealer.userId])).toHaveLength(0);
    } finally {
      await db().weixinApp.update({ where: { id: app.id }, data: { enabled: true } });
    }
  });

  it("cuts values to WeChat's limits by keyword and builds absolute links", async () => {
    const r = await renderWechat("order.confirmed", { orderNo: "SO-".padEnd(40, "9"), amount: "¥1,000.00", company: "一二三四五六七八九十一二三四五六七八九十一二三" });
    expect(r?.templateId).toBe("TPL_CONFIRMED");
    expect(r?.data.character_string1.value).toHaveLength(32);
    expect([...r!.data.thing3.value]).toHaveLength(20);
    expect(absoluteLink("crm/customerPlan?id=1", { NEXTAUTH_URL: "http://127.0.0.1:3100/customerWeb/api/auth" })).toBe("http://127.0.0.1:3100/customerWeb/crm/customerPlan?id=1");
    expect(absoluteLink("x", {})).toBeNull();
  });
});
