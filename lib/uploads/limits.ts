// The upload checks as pure functions: the server enforces them, the upload field runs the same
// ones first so a person hears about a limit before sending megabytes. Keys are relative to the
// "Uploads" messages namespace.
import { MB, extensionOf, type UploadRule } from "./formats";

export type UploadErrorCode = "MAX_COUNT" | "FORMAT" | "TOO_LARGE" | "EMPTY" | "DAMAGED" | "PIXELS" | "NO_FILE" | "BAD_REQUEST" | "RATE_LIMIT" | "QUOTA";

export type UploadProblem = { code: UploadErrorCode; key: string; values: Record<string, string | number>; status: number };

/** "jpg/png/webp": the X of "Only X format can be uploaded". */
export const formatList = (rule: UploadRule): string => rule.formats.join("/");

/** `count` is how many files the field already holds; one more must still fit. */
export function checkCount(rule: UploadRule, count: number, max = rule.maxCount): UploadProblem | null {
  const limit = Math.min(max, rule.maxCount);
  return count + 1 > limit ? { code: "MAX_COUNT", key: "errors.maxCount", values: { count: limit }, status: 422 } : null;
}

export function checkSize(rule: UploadRule, size: number): UploadProblem | null {
  if (size <= 0) return { code: "EMPTY", key: "errors.empty", values: {}, status: 422 };
  return size > rule.maxSizeMb * MB ? tooLarge(rule.maxSizeMb) : null;
}

export const tooLarge = (maxSizeMb: number): UploadProblem => ({ code: "TOO_LARGE", key: "errors.tooLarge", values: { size: maxSizeMb }, status: 413 });

/** `format` is what the bytes are (server) or what the name says (browser pre-check). */
export function checkFormat(rule: UploadRule, format: string | null): UploadProblem | null {
  return format && (rule.formats as string[]).includes(format) ? null : wrongFormat(rule);
}

export const wrongFormat = (rule: UploadRule): UploadProblem => ({ code: "FORMAT", key: "errors.format", values: { formats: formatList(rule) }, status: 415 });

/** The browser's pre-checks for one chosen file, in the server's order. */
export function precheck(rule: UploadRule, file: { name: string; size: number }, count: number, max?: number): UploadProblem | null {
  return checkCount(rule, count, max) ?? checkFormat(rule, extensionOf(file.name)) ?? checkSize(rule, file.size);
}

const MAX_NAME = 200;

/**
 * The name shown and offered on download: a base name only ("../../etc/passwd.jpg" →
 * "passwd.jpg"), no control or bidi characters, at most 200 characters, ending in the format
 * the bytes really are. It is never used as a storage path (files are stored by random key).
 */
export function sanitizeName(raw: string, format: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  let name = base
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/^[.\s]+/, "")
    .trim();
  if (extensionOf(name) !== format) name = `${name.replace(/\.[A-Za-z0-9]{1,10}$/, "") || "file"}.${format}`;
  // Counted in code points, as the database column is, so a cut never splits a character.
  const chars = Array.from(name);
  if (chars.length > MAX_NAME) {
    const suffix = `.${format}`;
    name =
      chars
        .slice(0, MAX_NAME - suffix.length)
        .join("")
        .trimEnd() + suffix;
  }
  return name;
}
