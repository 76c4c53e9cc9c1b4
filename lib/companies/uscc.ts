// The unified social credit code (统一社会信用代码, GB 32100-2015) printed on a Chinese business
// licence: 18 characters from the digits and the capital letters without I, O, S, V and Z.
// Position 1 is the registering authority, 2 the kind of entity, 3–8 the administrative area
// (digits), 9–17 the organization code, and 18 a check character computed from the first 17
// (weights 3^i mod 31, check = 31 − sum mod 31, 31 meaning 0).

const CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const USCC_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character the first 17 characters call for. */
export function usccCheckChar(code: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CHARS.indexOf(code[i]) * WEIGHTS[i];
  return CHARS[(31 - (sum % 31)) % 31];
}

export type UsccProblem = "length" | "characters" | "checkChar";

/** Why a code (already trimmed and upper-cased) is not a valid unified social credit code, or null. */
export function usccProblem(code: string): UsccProblem | null {
  if (code.length !== 18) return "length";
  if (!USCC_SHAPE.test(code)) return "characters";
  return code[17] === usccCheckChar(code) ? null : "checkChar";
}

export const normalizeUscc = (raw: string) => raw.trim().toUpperCase();

/** A valid code from a 17-character stem (seeds, tests). */
export function withUsccCheck(stem: string): string {
  const s = normalizeUscc(stem).slice(0, 17);
  return s + usccCheckChar(s);
}
