import { sealSecret } from "@/lib/crypto/secret-box-core";
import { db } from "@/lib/db";
import type { MessageEvent } from "@/lib/messages/template-events";
import { WEIXIN_SECRET_CONTEXT } from "@/lib/wechat/admin-options";

// The WeChat demo (docs/DECISIONS.md "Issue 23 — the WeChat apps screen"), created when missing
// so an administrator's edits survive a re-seed:
// - "Demo official account" (wx0d1e2a3b4c5d6e7f), enabled: the WECHAT channel's app. It is not a
//   real account (README): its secret is a documented demo constant, sealed like any other; the
//   outbox sender (the default) records messages without calling WeChat.
// - "Demo mini program", disabled (a mini program sends no template messages here).
// - WECHAT templates for order confirmed / shipped / rejected and complaint replied, enabled.
// - dealer.sh (D001) bound to the official account with notifications on; dealer.group stays
//   unbound, so the binding flow on My account can be shown (and tested) on the demo.

/** The demo official account's AppSecret (not a real account: README). */
export const WECHAT_DEMO_SECRET = "0d1e2a3b4c5d6e7f0d1e2a3b4c5d6e7f";

const APPS = [
  { name: "Demo official account", type: "OFFICIAL_ACCOUNT" as const, appId: "wx0d1e2a3b4c5d6e7f", enabled: true, token: "demoToken2026" },
  { name: "Demo mini program", type: "MINI_PROGRAM" as const, appId: "wx7f6e5d4c3b2a1f0e", enabled: false, token: null },
];

type WechatSeed = { event: MessageEvent; templateId: string; contentEn: string; contentZh: string; fields: Record<string, string> };

// Sample template ids in the shape of WeChat's template library (43 characters).
export const WECHAT_DEMO_TEMPLATES: WechatSeed[] = [
  {
    event: "order.confirmed",
    templateId: "Dm0OrderConfirmed0000000000000000000000001",
    contentEn: "Order confirmed: order number, amount, dealer",
    contentZh: "订单确认通知：订单号、金额、经销商",
    fields: { character_string1: "{orderNo}", amount2: "{amount}", thing3: "{company}" },
  },
  {
    event: "order.shipped",
    templateId: "Dm0OrderShipped00000000000000000000000001",
    contentEn: "Order shipped: order number, carrier, tracking number",
    contentZh: "订单发货通知：订单号、承运商、运单号",
    fields: { character_string1: "{orderNo}", thing2: "{carrier}", character_string3: "{trackingNo}" },
  },
  {
    event: "order.rejected",
    templateId: "Dm0OrderRejected0000000000000000000000001",
    contentEn: "Order rejected: order number, reason",
    contentZh: "订单驳回通知：订单号、原因",
    fields: { character_string1: "{orderNo}", thing2: "{reason}" },
  },
  {
    event: "complaint.replied",
    templateId: "Dm0ComplaintReplied000000000000000000001",
    contentEn: "Complaint replied: complaint number, VIN",
    contentZh: "投诉回复通知：投诉单号、车架号",
    fields: { character_string1: "{complaintNo}", character_string2: "{vin}" },
  },
];

const BOUND = [{ account: "dealer.sh", openId: "oDemo_dealer_sh_7Hq2Xc9Lk4" }];

export async function seedWechat() {
  const prisma = db();
  let officialId: number | null = null;
  for (const a of APPS) {
    const existing = await prisma.weixinApp.findUnique({ where: { appId: a.appId }, select: { id: true } });
    if (existing) {
      if (a.type === "OFFICIAL_ACCOUNT") officialId = existing.id;
      continue;
    }
    // Enabled only when no other official account is (one enabled at a time).
    const other = a.enabled ? await prisma.weixinApp.findFirst({ where: { enabled: true, type: a.type }, select: { id: true } }) : null;
    const row = await prisma.weixinApp.create({
      data: {
        name: a.name,
        type: a.type,
        appId: a.appId,
        appSecret: sealSecret(WECHAT_DEMO_SECRET, WEIXIN_SECRET_CONTEXT.appSecret),
        token: a.token ? sealSecret(a.token, WEIXIN_SECRET_CONTEXT.token) : null,
        enabled: a.enabled && !other,
      },
      select: { id: true },
    });
    if (a.type === "OFFICIAL_ACCOUNT") officialId = row.id;
  }

  for (const t of WECHAT_DEMO_TEMPLATES) {
    const exists = await prisma.messageTemplate.findUnique({ where: { event_channel: { event: t.event, channel: "WECHAT" } }, select: { id: true } });
    if (exists) continue;
    await prisma.messageTemplate.create({
      data: { event: t.event, channel: "WECHAT", contentEn: t.contentEn, contentZh: t.contentZh, enabled: true, wechatTemplateId: t.templateId, wechatFields: t.fields },
    });
  }

  if (officialId === null) return;
  for (const b of BOUND) {
    const user = await prisma.user.findUnique({ where: { account: b.account }, select: { id: true } });
    if (!user) continue;
    // Only a user without a binding and an openId nobody has: never replaces a real one.
    const taken = await prisma.wechatBinding.findFirst({ where: { appId: officialId, OR: [{ userId: user.id }, { openId: b.openId }] }, select: { id: true } });
    if (taken) continue;
    await prisma.wechatBinding.create({ data: { userId: user.id, appId: officialId, openId: b.openId, notify: true } });
  }
}
