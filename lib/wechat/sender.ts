import "server-only";
import { db } from "@/lib/db";
import { wechatClient, WechatApiError, type WechatClient } from "./api";
import { wechatConfig } from "./config";

// One sender interface for the WECHAT channel (as lib/sms has): the outbox sender records only
// (the WechatMessage row is the delivery, shown on system/weixinApp's messages), the API sender
// calls WeChat through the message's app. WECHAT_SENDER=outbox (default) | api.

export type WechatOutgoing = {
  id: number;
  appId: number | null;
  openId: string;
  templateId: string;
  data: Record<string, { value: string }>;
  url: string | null;
};

export interface WechatSender {
  name: "outbox" | "wechat";
  send(msg: WechatOutgoing): Promise<{ msgId?: string | null }>;
}

export const outboxWechatSender: WechatSender = {
  name: "outbox",
  async send() {
    return {};
  },
};

export function apiWechatSender(client: WechatClient = wechatClient()): WechatSender {
  return {
    name: "wechat",
    async send(msg) {
      if (msg.appId === null) throw new WechatApiError("the WeChat app is gone");
      const app = await db().weixinApp.findUnique({ where: { id: msg.appId }, select: { enabled: true } });
      if (!app) throw new WechatApiError("the WeChat app is gone");
      if (!app.enabled) throw new WechatApiError("the WeChat app is disabled");
      return client.sendTemplate(msg.appId, { touser: msg.openId, template_id: msg.templateId, url: msg.url, data: msg.data });
    },
  };
}

export function configuredWechatSender(env: Record<string, string | undefined> = process.env): WechatSender {
  const config = wechatConfig(env);
  return config.sender === "api" ? apiWechatSender(wechatClient(config)) : outboxWechatSender;
}
