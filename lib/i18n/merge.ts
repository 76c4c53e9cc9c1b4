// In the Next build the message files arrive precompiled (next.config: messages.precompile),
// where a message with arguments is an array; only plain objects are namespaces.
export type MessageTree = { [key: string]: unknown };
const isNamespace = (v: unknown): v is MessageTree => typeof v === "object" && v !== null && !Array.isArray(v);

/** Deep merge: keys missing in the target language fall back to the base (lib/i18n/messages.ts resolveMessages). */
export function mergeMessages(base: MessageTree, over: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const b = base[key];
    out[key] = isNamespace(value) && isNamespace(b) ? mergeMessages(b, value) : value;
  }
  return out;
}
