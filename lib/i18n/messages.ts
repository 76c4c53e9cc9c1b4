import enUS from "@/messages/en-US.json";
import zhCN from "@/messages/zh-CN.json";
import type { Locale } from "./config";
import { mergeMessages, type MessageTree } from "./merge";

export type Messages = typeof enUS;

const cache = new Map<Locale, Messages>();

/** The messages of a language; keys it lacks fall back to en-US. */
export function messagesFor(locale: Locale): Messages {
  let m = cache.get(locale);
  if (!m) {
    m = (locale === "en-US" ? enUS : mergeMessages(enUS as MessageTree, zhCN as MessageTree)) as Messages;
    cache.set(locale, m);
  }
  return m;
}
