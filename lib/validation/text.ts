// Text PostgreSQL (and the xlsx exports' XML) cannot hold (issue 16). Client-safe.
//
// A NUL in a text value makes PostgreSQL refuse the whole statement (22021), so a form or API
// body carrying one was answered 500. The other C0 control characters (tab, line feed and
// carriage return excepted) are stored, but no form means them and XML 1.0 cannot carry them,
// so an export containing one would be a broken workbook. All of them are refused as input:
//   - every server action (lib/actions/action.ts) and REST body or query (lib/api/handler.ts)
//     is scanned before its schema runs, and answers a field error naming the field;
//   - the shared zod text primitives (zText, zOptionalText, …) refuse them too, so the
//     browser's form validation says the same before sending;
//   - free-text URL parameters of the server-rendered lists (search boxes) are dropped.

/** C0 controls except TAB, LF and CR. */
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const hasControlChars = (s: string): boolean => CONTROL_CHARS.test(s);

/** For zod: `.refine(noControlChars, { message: CONTROL_CHARS_MESSAGE })`. */
export const noControlChars = (s: string): boolean => !CONTROL_CHARS.test(s);
/** The Validation message key of the refusal ("{label} must not contain control characters"). */
export const CONTROL_CHARS_MESSAGE = "controlChars";

const MAX_DEPTH = 20;

/**
 * The path ("remark", "lines.0.note"; "_form" for a bare string) of the first text in `value`
 * — a string, an object key or a FormData entry, at any depth — that holds a control
 * character; null when there is none.
 */
export function controlCharField(value: unknown): string | null {
  const walk = (v: unknown, path: string[], depth: number): string[] | null => {
    if (typeof v === "string") return hasControlChars(v) ? path : null;
    if (!v || typeof v !== "object" || depth > MAX_DEPTH) return null;
    if (typeof FormData !== "undefined" && v instanceof FormData) {
      for (const [k, entry] of v.entries()) if (hasControlChars(k) || (typeof entry === "string" && hasControlChars(entry))) return [...path, k];
      return null;
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const hit = walk(v[i], [...path, String(i)], depth + 1);
        if (hit) return hit;
      }
      return null;
    }
    for (const [k, child] of Object.entries(v)) {
      if (hasControlChars(k)) return [...path, k];
      const hit = walk(child, [...path, k], depth + 1);
      if (hit) return hit;
    }
    return null;
  };
  const hit = walk(value, [], 0);
  return hit ? hit.join(".") || "_form" : null;
}

/** A free-text URL parameter as the lists use it: trimmed, cut to `max`, and empty when it
 * holds a control character (such a filter could only fail). */
export function cleanParam(raw: string | null | undefined, max: number): string {
  const v = (raw ?? "").trim().slice(0, max);
  return hasControlChars(v) ? "" : v;
}
