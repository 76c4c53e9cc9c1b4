import "server-only";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import type { z } from "zod";
import { getViewer, ForbiddenError, requirePermission, type Viewer } from "@/lib/auth/viewer";
import { DomainError } from "@/lib/errors";
import { clientIpOf } from "@/lib/http/client-ip";
import { errorFields, log } from "@/lib/log";
import { controlCharField } from "@/lib/validation/text";
import { translateIssues } from "@/lib/validation/translate";

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string>; requestId?: string };

type Ctx = { viewer: Viewer; requestId: string | null };

/**
 * The one way to write a server action (ARCHITECTURE.md "How data flows"): parse with the
 * shared zod schema, load the viewer, check the permission, run the service, and answer
 * `{ ok, data } | { ok: false, message, fieldErrors }` with messages already translated.
 * `labels` is the messages namespace whose keys name the schema's fields.
 */
export function signedInAction<S extends z.ZodType, R>(opts: { schema: S; permission: string | null; labels: string; run: (input: z.output<S>, ctx: Ctx) => Promise<R> }) {
  return async (input: unknown): Promise<ActionResult<R>> => {
    const requestId = (await headers()).get("x-request-id");
    const viewer = await getViewer();
    const tc = await getTranslations("Common");
    if (!viewer) return { ok: false, message: tc("signInAgain") };
    if (opts.permission) {
      try {
        requirePermission(viewer, opts.permission);
      } catch {
        return { ok: false, message: tc("forbidden") };
      }
    }
    return runParsed(opts.schema, opts.labels, input, requestId, (data) => opts.run(data, { viewer, requestId }));
  };
}

/** For the screens before sign-in (register, forgot password): no viewer, same answers. */
export function publicAction<S extends z.ZodType, R>(opts: { schema: S; labels: string; run: (input: z.output<S>, ctx: { requestId: string | null; ip: string | null; userAgent: string | null }) => Promise<R> }) {
  return async (input: unknown): Promise<ActionResult<R>> => {
    const h = await headers();
    const requestId = h.get("x-request-id");
    const ip = clientIpOf(h);
    return runParsed(opts.schema, opts.labels, input, requestId, (data) => opts.run(data, { requestId, ip, userAgent: h.get("user-agent") }));
  };
}

async function runParsed<S extends z.ZodType, R>(schema: S, labels: string, input: unknown, requestId: string | null, run: (data: z.output<S>) => Promise<R>): Promise<ActionResult<R>> {
  const [tv, tl, te, tc] = await Promise.all([getTranslations("Validation"), getTranslations(labels), getTranslations(), getTranslations("Common")]);
  // Whatever the schema's string types: text PostgreSQL refuses (NUL) is a field error here.
  const bad = controlCharField(input);
  if (bad) {
    const message = tv("controlChars", { label: tl.has(bad) ? tl(bad) : bad });
    return { ok: false, message, fieldErrors: { [bad]: message } };
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = translateIssues(parsed.error, (k, v) => tv(k, v), (f) => (tl.has(f) ? tl(f) : f), input);
    return { ok: false, message: Object.values(fieldErrors)[0], fieldErrors };
  }
  try {
    return { ok: true, data: await run(parsed.data) };
  } catch (err) {
    if (err instanceof ForbiddenError) return { ok: false, message: tc("forbidden") };
    if (err instanceof DomainError) {
      // Keys are full message paths chosen by services; next-intl cannot type-check them here.
      const message = (te as unknown as (k: string, v: Record<string, string | number>) => string)(err.key, err.values);
      return { ok: false, message, fieldErrors: err.field ? { [err.field]: message } : undefined };
    }
    log.error("action failed", { requestId, ...errorFields(err) });
    return { ok: false, message: tc("unexpectedError", { requestId: requestId ?? "—" }), requestId: requestId ?? undefined };
  }
}
