// Dictionary items as screens receive them from the server (client-safe): labels by language
// and options for Selects. The server side (cache, lookups) is lib/dict/dict.ts.

export type DictItemView = { value: string; labelEn: string; labelZh: string; color: string | null };

const labelOf = (i: DictItemView, locale: string) => (locale === "zh-CN" ? i.labelZh : i.labelEn);

/** The item's label in the language; an unknown value is shown as it is. */
export function itemLabel(items: readonly DictItemView[], value: string, locale: string): string {
  const item = items.find((i) => i.value === value);
  return item ? labelOf(item, locale) : value;
}

/** Options of an antd Select, in the dictionary's order. */
export function dictOptions(items: readonly DictItemView[], locale: string): { value: string; label: string }[] {
  return items.map((i) => ({ value: i.value, label: labelOf(i, locale) }));
}
