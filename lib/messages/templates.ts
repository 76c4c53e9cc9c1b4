import "server-only";
import { onInvalidate, publishInvalidation } from "@/lib/cache/bus";
import { db } from "@/lib/db";
import type { Locale } from "@/lib/i18n/config";
import { MESSAGE_EVENTS, type MessageChannel, type MessageEvent } from "./template-schemas";

// Message templates (system/messageSetting): one per event and channel, in both languages, with
// an enabled flag. The events and their placeholders are defined in code (template-schemas.ts);
// renderMessage turns a template and the placeholders' values into the text to send. The
// screen's list and writes are in ./template-admin.ts.

export { MESSAGE_EVENTS, type MessageEvent };

type Cached = { titleEn: string | null; titleZh: string | null; contentEn: string; contentZh: string; enabled: boolean } | null;
const TTL_MS = 60_000;
const cache = new Map<string, { row: Cached; at: number }>();
let generation = 0;
const listeners: (() => void)[] = [];

export const TEMPLATES_CACHE = "messageTemplates";

function clearTemplates(): void {
  generation++;
  cache.clear();
  for (const l of listeners) l();
}
onInvalidate(TEMPLATES_CACHE, clearTemplates);

/** Clears this instance's template cache (every write does, after its commit); other instances
 * follow through the cache bus within a second (lib/cache/bus.ts), within 60 s if it is down. */
export function invalidateTemplates(): void {
  clearTemplates();
  void publishInvalidation(TEMPLATES_CACHE);
}

/** Another channel's cache cleared with this one (lib/wechat/templates.ts). */
export function onTemplatesInvalidated(listener: () => void): void {
  listeners.push(listener);
}

/** A client that can read templates: the app's, or a transaction's (inside a transaction a
 * second pooled connection could wait on the first one's locks). */
type Reader = { messageTemplate: Pick<ReturnType<typeof db>["messageTemplate"], "findUnique"> };

async function template(event: MessageEvent, channel: MessageChannel, client?: Reader): Promise<Cached> {
  const k = `${event}:${channel}`;
  const hit = cache.get(k);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.row;
  const gen = generation;
  const row = await (client ?? db()).messageTemplate.findUnique({
    where: { event_channel: { event, channel } },
    select: { titleEn: true, titleZh: true, contentEn: true, contentZh: true, enabled: true },
  });
  if (gen === generation) cache.set(k, { row, at: Date.now() });
  return row;
}

/** Fills {name} placeholders; ones without a value stay as written. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{([^{}]*)\}/g, (all, name: string) => (Object.prototype.hasOwnProperty.call(values, name.trim()) ? String(values[name.trim()]) : all));
}

/**
 * The message of an event on a channel in a language, or null when there is no template or it
 * is switched off (the caller then sends nothing, or its own fallback). Cached for 60 s.
 */
export async function renderMessage(
  event: MessageEvent,
  channel: MessageChannel,
  locale: Locale,
  values: Record<string, string | number>,
  client?: Reader,
): Promise<{ title: string | null; content: string } | null> {
  const t = await template(event, channel, client);
  if (!t?.enabled) return null;
  const zh = locale === "zh-CN";
  const title = zh ? t.titleZh : t.titleEn;
  return { title: title === null ? null : fill(title, values), content: fill(zh ? t.contentZh : t.contentEn, values) };
}
