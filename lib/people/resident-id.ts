// PRC resident identity card numbers (GB 11643-1999), for the owner's ID on a retail sale
// (issue 6): 6-digit area code, 8-digit birth date, 3-digit sequence (odd: male, even:
// female), and a check character 0–9 or X over the first 17 (ISO 7064 MOD 11-2).
// Personal data: lists show it masked. Client-safe.

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = "10X98765432";
const SHAPE = /^\d{17}[\dX]$/;

/** The check character of the first 17 digits. */
export function residentIdCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

export type ResidentIdProblem = "format" | "birthDate" | "checkDigit";

/** Why an ID number (trimmed, upper-cased) is not a valid resident ID, or null. `today`
 * ("YYYY-MM-DD") bounds the birth date. */
export function residentIdProblem(id: string, today: string): ResidentIdProblem | null {
  if (!SHAPE.test(id)) return "format";
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  const d = new Date(`${birth}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== birth || birth < "1900-01-01" || birth > today) return "birthDate";
  return residentIdCheck(id) === id[17] ? null : "checkDigit";
}

/** Birth date and sex as the number states them (to fill or cross-check the sale form). */
export function residentIdFacts(id: string): { birthday: string; sex: "MALE" | "FEMALE" } {
  return { birthday: `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`, sex: Number(id[16]) % 2 === 1 ? "MALE" : "FEMALE" };
}

/** For lists and details: the first 3 and last 4 characters, the rest hidden
 * ("110***********002X"); shorter documents keep only their last 2. */
export function maskIdNumber(id: string): string {
  if (id.length <= 4) return "*".repeat(id.length);
  if (id.length < 10) return "*".repeat(id.length - 2) + id.slice(-2);
  return id.slice(0, 3) + "*".repeat(id.length - 7) + id.slice(-4);
}

/** Whole years between a birthday and a day ("YYYY-MM-DD" both). */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
