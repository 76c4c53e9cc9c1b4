import "server-only";
import { BASE_PATH } from "@/lib/client/base-path";
import type { Tx } from "@/lib/core/tx";
import { eventDef, type MessageEvent } from "@/lib/messages/template-schemas";
import { channelApp } from "./api";
import { dispatchWechatSoon } from "./poller";
import { fillWechat, wechatTemplate } from "./templates";

// The WECHAT channel's outbox, written in the event's own transaction (a rolled-back move sends
// nothing): one WechatMessage per recipient bound to the channel's app with the channel on. The
// dispatcher (./dispatch.ts) delivers them after the commit. Only dealer-facing events go out on
// WeChat (the template screen offers WECHAT for those); the recipients are the in-app ones.

/** The app's absolute address of a link ("onlineMall/car/order?id=1"), from APP_URL or
 * NEXTAUTH_URL; null without either (a message then opens no page). */
export function absoluteLink(link: string | null, env: Record<string, string | undefined> = process.env): string | null {
  if (!link) return null;
  for (const configured of [env.APP_URL, env.NEXTAUTH_URL]) {
    if (!configured) continue;
    try {
      return `${new URL(configured).origin}${BASE_PATH}/${link.replace(/^\/+/, "")}`.slice(0, 500);
    } catch {
      // not a URL: try the next one
    }
  }
  return null;
}

type Values = Record<string, string | number>;

/** Whether an event may go out on WeChat (dealer-facing). */
export const wechatEvent = (event: string): boolean => eventDef(event)?.audience === "DEALER";

/**
 * Queues the event's WeChat template message for the users; answers how many. `values`: the
 * zh-CN placeholders, or a function computing them (called only when something is queued).
 */
export async function enqueueWechat(tx: Tx, e: { event: MessageEvent; userIds: number[]; values: Values | (() => Promise<Values>); link: string | null }): Promise<number> {
  if (!e.userIds.length || !wechatEvent(e.event)) return 0;
  const template = await wechatTemplate(e.event, tx);
  if (!template) return 0;
  const app = await channelApp(tx);
  if (!app) return 0;
  const bindings = await tx.wechatBinding.findMany({
    where: { appId: app.id, notify: true, userId: { in: [...new Set(e.userIds)] } },
    select: { userId: true, openId: true },
  });
  if (!bindings.length) return 0;
  const rendered = fillWechat(template, typeof e.values === "function" ? await e.values() : e.values);
  const url = absoluteLink(e.link);
  await tx.wechatMessage.createMany({
    data: bindings.map((b) => ({ userId: b.userId, appId: app.id, openId: b.openId, event: e.event, templateId: rendered.templateId, data: rendered.data, url })),
  });
  dispatchWechatSoon();
  return bindings.length;
}
