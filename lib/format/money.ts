import type { Locale } from "@/lib/i18n/config";

// One money formatter: the symbol follows the language (¥ zh-CN, $ en-US; spec section 9).
// Works on the decimal string (Prisma Decimal.toString()) digit by digit, never through a JS
// float, so 0.1 + 0.2 style drift and >2^53 amounts cannot appear on screen.
const SYMBOL: Record<Locale, string> = { "zh-CN": "¥", "en-US": "$" };
const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

export type MoneyValue = number | string | { toString(): string } | null | undefined;

/** "1234.5" → { sign: "", int: "1234", frac: "50" } rounded half-up to 2 places; null when not a number. */
export function splitMoney(value: MoneyValue): { sign: "" | "-"; int: string; frac: string } | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  const text = (typeof value === "number" ? String(value) : value.toString()).trim();
  const m = DECIMAL.exec(text);
  if (!m || (!m[2] && !m[3])) return null;
  let digits = (m[2] ?? "") + (m[3] ?? "");
  let point = (m[2] ?? "").length + (m[4] ? Number(m[4]) : 0);
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (digits.length < point) digits = digits.padEnd(point, "0");
  let int = digits.slice(0, point) || "0";
  const rest = digits.slice(point).padEnd(3, "0");
  let frac = rest.slice(0, 2);
  if (rest[2] >= "5") {
    // round half up on the digit string: carry through the fraction into the integer part
    const carried = addOne(int + frac);
    int = carried.slice(0, carried.length - 2) || "0";
    frac = carried.slice(-2);
  }
  int = int.replace(/^0+(?=\d)/, "");
  const zero = /^0+$/.test(int) && frac === "00";
  return { sign: m[1] === "-" && !zero ? "-" : "", int, frac };
}

function addOne(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === "9") out[i] = "0";
    else {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
  }
  return "1" + out.join("");
}

/** "¥1,234.50" (zh-CN) / "$1,234.50" (en-US); "—" for nothing or garbage. */
export function formatMoney(value: MoneyValue, locale: Locale): string {
  if (value === "") return "—";
  const parts = splitMoney(value);
  if (!parts) return "—";
  const grouped = parts.int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${parts.sign}${SYMBOL[locale] ?? SYMBOL["en-US"]}${grouped}.${parts.frac}`;
}
