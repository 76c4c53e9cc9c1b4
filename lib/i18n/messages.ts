import enUS from "@/messages/en-US.json";
import zhCN from "@/messages/zh-CN.json";
import type { Locale } from "./config";

export type Messages = typeof enUS;
type Tree = { [key: string]: string | Tree };

/** Deep merge: keys missing in the target language fall back to en-US. */
function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const b = base[key];
    out[key] = typeof value === "object" && typeof b === "object" ? merge(b, value) : value;
  }
  return out;
}

const cache = new Map<Locale, Messages>();

export function messagesFor(locale: Locale): Messages {
  let m = cache.get(locale);
  if (!m) {
    m = (locale === "en-US" ? enUS : merge(enUS as Tree, zhCN as Tree)) as Messages;
    cache.set(locale, m);
  }
  return m;
}
