import type { Locale } from "@/lib/i18n/config";

// One money formatter: the symbol follows the language (¥ zh-CN, $ en-US; spec section 9).
const SYMBOL: Record<Locale, string> = { "zh-CN": "¥", "en-US": "$" };
const formatters = new Map<Locale, Intl.NumberFormat>();

export function formatMoney(value: number | string | { toString(): string } | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === "") return "—";
  const n = typeof value === "number" ? value : Number(value.toString());
  if (!Number.isFinite(n)) return "—";
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(locale, f);
  }
  const sign = n < 0 ? "-" : "";
  return `${sign}${SYMBOL[locale]}${f.format(Math.abs(n))}`;
}
