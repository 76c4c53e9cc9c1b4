import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import type { z } from "zod";
import { ForbiddenError, getViewer, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { DomainError } from "@/lib/errors";
import { isLocale, type Locale } from "@/lib/i18n/config";
import { errorFields, log } from "@/lib/log";
import type { AuditCtx } from "@/lib/system/audit";
import { controlCharField } from "@/lib/validation/text";
import { translateIssues } from "@/lib/validation/translate";
import { checkWrite } from "./write-guard";

// The REST API's one wrapper (ARCHITECTURE.md "REST"): every /api/v1 handler of the mall is
//   export const GET = apiRoute({ permission, query: ZSchema, labels }, async (c) => data);
// and answers like the screens' actions do:
//   403 FORBIDDEN      an unsafe request (POST/PUT/PATCH/DELETE) from another origin or site
//   415 UNSUPPORTED_MEDIA_TYPE  an unsafe request whose body is not JSON (lib/api/write-guard.ts)
//   401 UNAUTHORIZED   no session (the session cookie of next-auth; see README "REST API")
//   403 FORBIDDEN      a permission code the viewer lacks
//   400 BAD_REQUEST    a body that is not JSON, or a DomainError with status 400 and no field
//   422 VALIDATION     the zod schema refused the input, or a DomainError naming a field;
//                      `fieldErrors` maps each field to a translated message
//   404 NOT_FOUND      missing, or another tenant's record (the same answer on purpose)
//   409 CONFLICT       out of stock, wrong state (DomainErrors with status 409)
//   500 INTERNAL       anything else, logged with the request id the message quotes
// Bodies are always { code, message, fieldErrors? } on errors and never cached.

export type ApiError = { code: string; message: string; fieldErrors?: Record<string, string>; requestId?: string };

export type ApiCtx<P, Q, B> = {
  req: NextRequest;
  viewer: Viewer;
  params: P;
  query: Q;
  body: B;
  requestId: string | null;
  locale: Locale;
  audit: AuditCtx;
};

type Permission = string | ((viewer: Viewer) => boolean | Promise<boolean>) | null;

type Opts<P, Q, B> = {
  /** A permission code, or a check of the viewer; null: any signed-in user. */
  permission: Permission;
  params?: P;
  query?: Q;
  body?: B;
  /** The messages namespace whose keys name the schemas' fields. */
  labels?: string;
  /** The status of a success (default 200). */
  status?: number;
};

const NO_STORE = { "Cache-Control": "private, no-store" } as const;
const CODES: Record<number, string> = { 400: "BAD_REQUEST", 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT", 415: "UNSUPPORTED_MEDIA_TYPE", 422: "VALIDATION", 429: "TOO_MANY_REQUESTS" };

export function apiError(status: number, body: ApiError, headers: Record<string, string> = {}): Response {
  return NextResponse.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/** A success answer with its own status or headers (e.g. 201, or 200 for a replayed POST). */
export class ApiAnswer {
  constructor(
    public readonly data: unknown,
    public readonly status = 200,
    public readonly headers: Record<string, string> = {},
  ) {}
}

class InvalidJson extends Error {}

async function readBody(req: NextRequest): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidJson();
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export function apiRoute<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  opts: Opts<P, Q, B>,
  run: (c: ApiCtx<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>,
) {
  return async (req: NextRequest, route?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const requestId = req.headers.get("x-request-id");
    const [tc, tv, te] = await Promise.all([getTranslations("Common"), getTranslations("Validation"), getTranslations()]);
    const raw = await getLocale();
    const locale: Locale = isLocale(raw) ? raw : "en-US";
    // Before the session is even read: a cross-site or non-JSON write goes no further.
    const refused = checkWrite(req, "json");
    if (refused) return apiError(refused.status, { code: refused.code, message: te(refused.key as never) });
    try {
      const viewer = await getViewer();
      if (!viewer) return apiError(401, { code: "UNAUTHORIZED", message: tc("signInAgain") });
      const p = opts.permission;
      if (p && !(typeof p === "string" ? hasPermission(viewer, p) : await p(viewer))) return apiError(403, { code: "FORBIDDEN", message: tc("forbidden") });

      const tl = opts.labels ? await getTranslations(opts.labels) : null;
      const label = (f: string) => (tl?.has(f) ? tl(f) : f);
      const parse = <S extends z.ZodType | undefined>(schema: S, input: unknown): { ok: true; data: Out<S> } | { ok: false; res: Response } => {
        if (!schema) return { ok: true, data: undefined as Out<S> };
        // Text PostgreSQL refuses (NUL, other control characters), whatever the schema says.
        const bad = controlCharField(input);
        if (bad) {
          const message = tv("controlChars" as never, { label: label(bad) } as never);
          return { ok: false, res: apiError(422, { code: "VALIDATION", message, fieldErrors: { [bad]: message } }) };
        }
        const r = schema.safeParse(input);
        if (r.success) return { ok: true, data: r.data as Out<S> };
        const fieldErrors = translateIssues(r.error, (k, v) => tv(k as never, v as never), label, input);
        return { ok: false, res: apiError(422, { code: "VALIDATION", message: Object.values(fieldErrors)[0] ?? tv("pattern", { label: "input" }), fieldErrors }) };
      };

      const params = parse(opts.params, route?.params ? await route.params : {});
      if (!params.ok) return apiError(404, { code: "NOT_FOUND", message: te("Errors.notFound" as never) });
      const query = parse(opts.query, Object.fromEntries(req.nextUrl.searchParams));
      if (!query.ok) return query.res;
      let rawBody: unknown = undefined;
      if (opts.body) {
        try {
          rawBody = await readBody(req);
        } catch {
          return apiError(400, { code: "BAD_REQUEST", message: te("Api.invalidJson" as never) });
        }
      }
      const body = parse(opts.body, rawBody);
      if (!body.ok) return body.res;

      const out = await run({
        req, viewer, requestId, locale,
        params: params.data as Out<P>, query: query.data as Out<Q>, body: body.data as Out<B>,
        audit: { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId },
      });
      if (out instanceof Response) return out;
      if (out instanceof ApiAnswer) return NextResponse.json(out.data, { status: out.status, headers: { ...NO_STORE, ...out.headers } });
      return NextResponse.json(out ?? null, { status: opts.status ?? 200, headers: NO_STORE });
    } catch (err) {
      if (err instanceof ForbiddenError) return apiError(403, { code: "FORBIDDEN", message: tc("forbidden") });
      if (err instanceof DomainError) {
        const message = (te as unknown as (k: string, v: Record<string, string | number>) => string)(err.key, err.values);
        if (err.field) return apiError(err.status === 400 ? 422 : err.status, { code: err.status === 400 || err.status === 422 ? "VALIDATION" : (CODES[err.status] ?? "ERROR"), message, fieldErrors: { [err.field]: message } });
        if (err.status >= 500) {
          log.error("api failed", { requestId, path: req.nextUrl.pathname, ...errorFields(err) });
          return apiError(err.status, { code: "INTERNAL", message, requestId: requestId ?? undefined });
        }
        return apiError(err.status, { code: CODES[err.status] ?? "ERROR", message });
      }
      log.error("api failed", { requestId, path: req.nextUrl.pathname, ...errorFields(err) });
      return apiError(500, { code: "INTERNAL", message: tc("unexpectedError", { requestId: requestId ?? "—" }), requestId: requestId ?? undefined });
    }
  };
}
