import "server-only";
import { db } from "@/lib/db";
import { fill, onTemplatesInvalidated } from "@/lib/messages/templates";
import type { MessageEvent } from "@/lib/messages/template-schemas";

// WECHAT templates (system/messageSetting, channel WECHAT): an event's WeChat template id and
// its keywords, each a text with the event's placeholders ({"thing1": "{orderNo}", …}).
// renderWechat fills them with the zh-CN values (WeChat templates are Chinese) and cuts each to
// WeChat's limit for its keyword's kind. Cached 60 s like the other channels' templates and
// cleared with them (lib/messages/templates.ts invalidateTemplates).

type Cached = { enabled: boolean; wechatTemplateId: string | null; wechatFields: unknown } | null;
const TTL_MS = 60_000;
const cache = new Map<string, { row: Cached; at: number }>();
let generation = 0;

onTemplatesInvalidated(() => {
  generation++;
  cache.clear();
});

/** WeChat's value limits by the keyword's kind (its name without the trailing number). */
const LIMITS: Record<string, number> = { thing: 20, character_string: 32, phrase: 5, car_number: 8 };
const OTHER_LIMIT = 64;

export function keywordLimit(keyword: string): number {
  return LIMITS[keyword.replace(/\d+$/, "")] ?? OTHER_LIMIT;
}

/** Cuts by characters (code points), not UTF-16 units: a Chinese name stays whole characters. */
const cut = (s: string, n: number) => {
  const chars = [...s];
  return chars.length <= n ? s : chars.slice(0, n).join("");
};

type Reader = { messageTemplate: Pick<ReturnType<typeof db>["messageTemplate"], "findUnique"> };

async function template(event: MessageEvent, client?: Reader): Promise<Cached> {
  const hit = cache.get(event);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.row;
  const gen = generation;
  const row = await (client ?? db()).messageTemplate.findUnique({
    where: { event_channel: { event, channel: "WECHAT" } },
    select: { enabled: true, wechatTemplateId: true, wechatFields: true },
  });
  if (gen === generation) cache.set(event, { row, at: Date.now() });
  return row;
}

export type WechatRendered = { templateId: string; data: Record<string, { value: string }> };

/** The event's usable WECHAT template (enabled, with a template id), or null. */
export async function wechatTemplate(event: MessageEvent, client?: Reader): Promise<{ templateId: string; fields: unknown } | null> {
  const t = await template(event, client);
  return t?.enabled && t.wechatTemplateId ? { templateId: t.wechatTemplateId, fields: t.wechatFields } : null;
}

/** A template's keywords filled with the values, each cut to its kind's limit. */
export function fillWechat(t: { templateId: string; fields: unknown }, values: Record<string, string | number>): WechatRendered {
  const fields = t.fields && typeof t.fields === "object" && !Array.isArray(t.fields) ? (t.fields as Record<string, unknown>) : {};
  const data: Record<string, { value: string }> = {};
  for (const [keyword, text] of Object.entries(fields)) {
    if (typeof text !== "string") continue;
    data[keyword] = { value: cut(fill(text, values), keywordLimit(keyword)) };
  }
  return { templateId: t.templateId, data };
}

/** The template message of an event, or null (no WECHAT template, switched off, or no template id). */
export async function renderWechat(event: MessageEvent, values: Record<string, string | number>, client?: Reader): Promise<WechatRendered | null> {
  const t = await wechatTemplate(event, client);
  return t ? fillWechat(t, values) : null;
}
