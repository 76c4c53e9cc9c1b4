import type { z } from "zod";

type T = (key: string, values?: Record<string, string | number>) => string;

/**
 * zod issues → one translated message per field, naming the field (spec: "Please enter
 * {label}"; the type, length and range messages of the Validation namespace). A custom issue's
 * message is a key of the Validation namespace (e.g. "passwordMismatch").
 */
export function translateIssues(error: z.ZodError, t: T, label: (field: string) => string, input?: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "_form";
    if (out[field]) continue;
    out[field] = message(issue, t, label(field), valueAt(input, issue.path));
  }
  return out;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input;
  for (const key of path) v = v && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

function message(issue: z.core.$ZodIssue, t: T, label: string, value: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      if (value === undefined || value === null || value === "") return t("required", { label });
      return t(
        issue.expected === "int" && typeof value === "number"
          ? "integer"
          : issue.expected === "number" || issue.expected === "int"
            ? "number"
            : issue.expected === "date"
              ? "date"
              : "string",
        { label },
      );
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? t("required", { label }) : t("minLength", { label, min });
      if (issue.origin === "array" || issue.origin === "set") return t("select", { label });
      return t("min", { label, min });
    }
    case "too_big": {
      const max = Number(issue.maximum);
      return issue.origin === "string" ? t("maxLength", { label, max }) : t("max", { label, max });
    }
    case "invalid_format":
      return t(issue.format === "email" ? "email" : "pattern", { label });
    case "not_multiple_of":
      return t("integer", { label });
    case "invalid_value":
    case "invalid_union":
      return t("select", { label });
    case "custom":
      // Its `params` (text or numbers) fill the message's other values ("qrPlaceholder" names the placeholder).
      return issue.message && /^[a-zA-Z]+$/.test(issue.message) ? t(issue.message, { ...textParams(issue.params), label }) : t("pattern", { label });
    default:
      return t("pattern", { label });
  }
}

function textParams(params: Record<string, unknown> | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (typeof v === "string" || typeof v === "number") out[k] = v;
  return out;
}
