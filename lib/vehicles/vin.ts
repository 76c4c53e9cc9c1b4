// VINs (ISO 3779 / FMVSS 115): 17 characters from A–Z and 0–9 without I, O and Q; position 9 is
// a check digit (0–9 or X) computed from the other sixteen. China's GB 16735 uses the same rule.

const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
export const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

const valueOf = (c: string) => (c >= "0" && c <= "9" ? Number(c) : VALUES[c]);

/** The check digit a 17-character VIN should carry at position 9 ("0"–"9" or "X"). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += valueOf(vin[i]) * WEIGHTS[i];
  const r = sum % 11;
  return r === 10 ? "X" : String(r);
}

export type VinProblem = "length" | "characters" | "checkDigit";

/** Why a VIN (already upper-cased and trimmed) is not valid, or null when it is. */
export function vinProblem(vin: string): VinProblem | null {
  if (vin.length !== 17) return "length";
  if (!VIN_SHAPE.test(vin)) return "characters";
  return vin[8] === vinCheckDigit(vin) ? null : "checkDigit";
}

export const normalizeVin = (raw: string) => raw.trim().toUpperCase();

/** A valid VIN from a 17-character stem: position 9 replaced by its check digit (seeds, tests). */
export function withCheckDigit(stem: string): string {
  const v = normalizeVin(stem);
  return v.slice(0, 8) + vinCheckDigit(v.slice(0, 8) + "0" + v.slice(9)) + v.slice(9);
}
