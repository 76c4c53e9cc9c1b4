// What the scan input decides, as pure functions (unit-tested without a browser): which key
// ends a scan, which camera reads are new, and how a scanned goods lands on a form's lines.
import { goodsCodeFromScan } from "@/lib/qrcode/purposes";

/** The longest text a scan may hold: a goods label's address with ?code= fits in it. */
export const SCAN_MAX_LENGTH = 200;

/**
 * The goods code a key press ends the scan with: a hardware scanner (a keyboard wedge) types the
 * code and then Enter (some send Tab instead, which stays focus navigation here). null for any
 * other key, or when the text holds no usable code.
 */
export function codeOnKey(key: string, text: string, composing = false): string | null {
  if (key !== "Enter" || composing) return null;
  const code = goodsCodeFromScan(text);
  return code || null;
}

/** The camera's memory of what it last read. */
export type ReadMemory = { code: string; at: number } | null;

/** A code held in front of the camera is read many times a second: it counts once until it
 * has been out of sight for this long (then showing it again counts again). */
export const REPEAT_GAP_MS = 1500;

/** Whether a camera read is a new scan, and what to remember. */
export function freshRead(last: ReadMemory, code: string, now: number): { fresh: boolean; memory: ReadMemory } {
  const fresh = !last || last.code !== code || now - last.at >= REPEAT_GAP_MS;
  return { fresh, memory: { code, at: now } };
}

/**
 * A scanned item on a form's lines: the line already holding it gets one more; else the first
 * empty line (a new form starts with one) or a new line at the end takes it with quantity 1.
 * Returns the lines (a new array) and the index of the line that changed.
 */
export function addScanned<L>(
  lines: readonly L[],
  ops: { holds: (line: L) => boolean; isEmpty: (line: L) => boolean; bump: (line: L) => L; fill: (line: L | undefined) => L },
): { lines: L[]; index: number } {
  const same = lines.findIndex(ops.holds);
  if (same >= 0) return { lines: lines.map((l, i) => (i === same ? ops.bump(l) : l)), index: same };
  const empty = lines.findIndex(ops.isEmpty);
  if (empty >= 0) return { lines: lines.map((l, i) => (i === empty ? ops.fill(l) : l)), index: empty };
  return { lines: [...lines, ops.fill(undefined)], index: lines.length };
}

/** A quantity as a form holds it (number, text or nothing) plus one. */
export function plusOne(quantity: unknown): number {
  const n = typeof quantity === "number" ? quantity : Number(quantity);
  return Number.isInteger(n) && n > 0 ? n + 1 : 1;
}

/** Which camera problem to tell the person about, from getUserMedia's or the decoder's error. */
export type CameraProblem = "denied" | "absent" | "unsupported" | "failed";
export function cameraProblem(error: unknown): CameraProblem {
  const name = error && typeof error === "object" && "name" in error ? String((error as { name: unknown }).name) : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "absent";
  if (name === "NotSupportedError" || name === "TypeError") return "unsupported";
  return "failed";
}
