import "server-only";
import { getLooseTranslations } from "@/lib/i18n/loose-server";
import { getTranslations } from "next-intl/server";
import type { z } from "zod";
import { ForbiddenError } from "@/lib/auth/viewer";
import { DomainError } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";
import { controlCharField } from "@/lib/validation/text";
import { translateIssues } from "@/lib/validation/translate";

// The one mapping from what went wrong to what the person is told, shared by the server actions
// (lib/actions/action.ts), the REST API (lib/api/handler.ts), the admin export/import routes
// (lib/admin/http.ts) and the upload endpoint (lib/uploads/upload-handler.ts). Each answers a
// Failure in its own form: an action result, or an HTTP status with { code, message, fieldErrors? }.

/** Machine-readable: the client tells an ended session (sign in again) from a refused input.
 * NETWORK is the client's own: the request did not complete (components/mall/orders/dialog-result.ts). */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "VALIDATION"
  | "BAD_REQUEST"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "INTERNAL"
  | "NETWORK"
  | (string & {});

export type Failure = { status: number; code: ErrorCode; message: string; fieldErrors?: Record<string, string>; requestId?: string };

type Tr = (key: string, values?: Record<string, string | number>) => string;

/** The translators a failure needs, in the request's locale; `labels` names the schema's fields. */
export type ErrorText = { common: Tr; any: Tr; validation: Tr; label: (field: string) => string };

export async function errorText(labels?: string | null): Promise<ErrorText> {
  const [tc, tv, te, tl] = await Promise.all([getTranslations("Common"), getTranslations("Validation"), getLooseTranslations(), labels ? getLooseTranslations(labels) : null]);
  // Keys are full message paths chosen by services and schemas; next-intl cannot type-check them here.
  return {
    common: tc as unknown as Tr,
    any: te,
    validation: tv as unknown as Tr,
    label: (f) => {
      if (tl?.has(f)) return tl(f);
      // A field of a list's row ("lines.2.quantity"): the field's label and the row's number.
      const row = /^[A-Za-z]+\.(\d+)\.([A-Za-z]+)$/.exec(f);
      return row && tl?.has(row[2]) ? (tc as unknown as Tr)("rowField", { label: tl(row[2]), row: Number(row[1]) + 1 }) : f;
    },
  };
}

const CODES: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "VALIDATION",
  429: "TOO_MANY_REQUESTS",
};

export const unauthenticated = (t: ErrorText): Failure => ({ status: 401, code: "UNAUTHENTICATED", message: t.common("signInAgain") });
export const forbidden = (t: ErrorText): Failure => ({ status: 403, code: "FORBIDDEN", message: t.common("forbidden") });
export const notFound = (t: ErrorText): Failure => ({ status: 404, code: "NOT_FOUND", message: t.any("Errors.notFound") });
/** A refusal by key (a full message path) with its own status and code, e.g. the write guard's. */
export const refusal = (t: ErrorText, status: number, key: string, code: ErrorCode = CODES[status] ?? "BAD_REQUEST"): Failure => ({ status, code, message: t.any(key) });

/** Parses input with a schema: text PostgreSQL refuses (NUL, other control characters) is a
 * field error whatever the schema's string types; zod's issues become one translated message
 * per field, naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, t: ErrorText): { ok: true; data: z.output<S> } | { ok: false; failure: Failure } {
  const bad = controlCharField(input);
  if (bad) {
    const message = t.validation("controlChars", { label: t.label(bad) });
    return { ok: false, failure: { status: 422, code: "VALIDATION", message, fieldErrors: { [bad]: message } } };
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors = translateIssues(parsed.error, t.validation, t.label, input);
  return { ok: false, failure: { status: 422, code: "VALIDATION", message: Object.values(fieldErrors)[0] ?? t.validation("pattern", { label: "input" }), fieldErrors } };
}

/** A thrown error → its failure. ForbiddenError and DomainError are expected (translated, not
 * logged); anything else, and a DomainError of status 5xx, is logged with the request id, which
 * the message quotes, and nothing of the error itself reaches the answer. */
export function failureOf(err: unknown, t: ErrorText, where: { requestId: string | null; what: string; path?: string }): Failure {
  if (err instanceof ForbiddenError) return forbidden(t);
  const requestId = where.requestId ?? undefined;
  if (err instanceof DomainError) {
    const message = t.any(err.key, err.values);
    if (err.status >= 500) {
      log.error(where.what, { requestId: where.requestId, path: where.path, ...errorFields(err) });
      return { status: err.status, code: "INTERNAL", message, requestId };
    }
    // A DomainError naming a field is a validation answer on that field (unless it carries its own code).
    const own = (err as { code?: unknown }).code;
    const code = typeof own === "string" ? own : err.field && (err.status === 400 || err.status === 422) ? "VALIDATION" : (CODES[err.status] ?? "BAD_REQUEST");
    const status = err.field && err.status === 400 && typeof own !== "string" ? 422 : err.status;
    return { status, code, message, fieldErrors: err.field ? { [err.field]: message } : undefined };
  }
  log.error(where.what, { requestId: where.requestId, path: where.path, ...errorFields(err) });
  return { status: 500, code: "INTERNAL", message: t.common("unexpectedError", { requestId: where.requestId ?? "—" }), requestId };
}
