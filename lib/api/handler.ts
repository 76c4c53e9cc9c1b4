import "server-only";
import type { Permission } from "@/lib/access/permissions";
import { NextResponse, type NextRequest } from "next/server";
import { getLocale } from "next-intl/server";
import type { z } from "zod";
import { errorText, failureOf, forbidden, notFound, parseInput, refusal, unauthenticated, type ErrorText, type Failure } from "@/lib/actions/errors";
import { getViewer, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { isLocale, type Locale } from "@/lib/i18n/config";
import type { AuditCtx } from "@/lib/core/audit";
import { bearerViewer, wantsBearer } from "@/lib/oauth/bearer";
import { checkWrite } from "./write-guard";

// The REST API's one wrapper (docs/ARCHITECTURE.md "REST"): every /api/v1 handler of the mall is
//   export const GET = apiRoute({ permission, query: ZSchema, labels }, async (c) => data);
// and answers like the screens' actions do:
//   403 FORBIDDEN      an unsafe request (POST/PUT/PATCH/DELETE) from another origin or site
//   415 UNSUPPORTED_MEDIA_TYPE  an unsafe request whose body is not JSON (lib/api/write-guard.ts)
//   401 UNAUTHORIZED   no session (the session cookie of next-auth; see README "REST API"), or
//                      a bearer token that is not (or no longer) valid (lib/oauth/bearer.ts)
//   429 TOO_MANY_REQUESTS  a bearer token's client over its rate limit, with Retry-After
//   403 FORBIDDEN      a permission code the viewer lacks, or an area outside the token's scopes
//   400 BAD_REQUEST    a body that is not JSON, or a DomainError with status 400 and no field
//   422 VALIDATION     the zod schema refused the input, or a DomainError naming a field;
//                      `fieldErrors` maps each field to a translated message
//   404 NOT_FOUND      missing, or another tenant's record (the same answer on purpose)
//   409 CONFLICT       out of stock, wrong state (DomainErrors with status 409)
//   500 INTERNAL       anything else, logged with the request id the message quotes
// Bodies are always { code, message, fieldErrors? } on errors and never cached; the mapping is
// the one of the server actions (lib/actions/errors.ts), whose UNAUTHENTICATED is answered here
// as UNAUTHORIZED, the code API clients and proxy.ts have always used.

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

type Guard = Permission | ((viewer: Viewer) => boolean | Promise<boolean>) | null;

type Opts<P, Q, B> = {
  /** A permission code, or a check of the viewer; null: any signed-in user. */
  permission: Guard;
  params?: P;
  query?: Q;
  body?: B;
  /** The messages namespace whose keys name the schemas' fields. */
  labels?: string;
  /** The status of a success (default 200). */
  status?: number;
};

const NO_STORE = { "Cache-Control": "private, no-store" } as const;

export function apiError(status: number, body: ApiError, headers: Record<string, string> = {}): Response {
  return NextResponse.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/** A failure of lib/actions/errors.ts as the API's answer: { code, message, fieldErrors?, requestId? }. */
export function failureResponse(f: Failure, headers: Record<string, string> = {}): Response {
  const { status, code, ...rest } = f;
  return apiError(status, { code: code === "UNAUTHENTICATED" ? "UNAUTHORIZED" : code, ...rest }, headers);
}

/** A success answer with its own status or headers (e.g. 201, or 200 for a replayed POST). */
export class ApiAnswer {
  constructor(
    public readonly data: unknown,
    public readonly status = 200,
    public readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * Who sends an API request: the user of its bearer token when it carries `Authorization:
 * Bearer …` (restricted to the token's scopes), else the user of its session cookie. The answer
 * to a refused request is ready to return (401, 403 or 429 in the API's error shape).
 */
export async function requestViewer(req: Request, t: ErrorText): Promise<{ viewer: Viewer; res?: undefined } | { res: Response; viewer?: undefined }> {
  if (wantsBearer(req)) {
    const b = await bearerViewer(req);
    if (!b.ok) return { res: failureResponse(refusal(t, b.refusal.status, b.refusal.key, b.refusal.code), b.refusal.headers) };
    return { viewer: b.viewer };
  }
  const viewer = await getViewer();
  return viewer ? { viewer } : { res: failureResponse(unauthenticated(t)) };
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
    const t = await errorText(opts.labels);
    const raw = await getLocale();
    const locale: Locale = isLocale(raw) ? raw : "en-US";
    // Before the session is even read: a cross-site or non-JSON write goes no further.
    const refused = checkWrite(req, "json");
    if (refused) return failureResponse(refusal(t, refused.status, refused.key, refused.code));
    try {
      const who = await requestViewer(req, t);
      if (who.res) return who.res;
      const viewer = who.viewer;
      const p = opts.permission;
      if (p && !(typeof p === "string" ? hasPermission(viewer, p) : await p(viewer))) return failureResponse(forbidden(t));

      const parse = <S extends z.ZodType | undefined>(schema: S, input: unknown): { ok: true; data: Out<S> } | { ok: false; res: Response } => {
        if (!schema) return { ok: true, data: undefined as Out<S> };
        const r = parseInput(schema, input, t);
        return r.ok ? { ok: true, data: r.data as Out<S> } : { ok: false, res: failureResponse(r.failure) };
      };

      const params = parse(opts.params, route?.params ? await route.params : {});
      if (!params.ok) return failureResponse(notFound(t));
      const query = parse(opts.query, Object.fromEntries(req.nextUrl.searchParams));
      if (!query.ok) return query.res;
      let rawBody: unknown = undefined;
      if (opts.body) {
        try {
          rawBody = await readBody(req);
        } catch {
          return failureResponse(refusal(t, 400, "Api.invalidJson"));
        }
      }
      const body = parse(opts.body, rawBody);
      if (!body.ok) return body.res;

      const out = await run({
        req,
        viewer,
        requestId,
        locale,
        params: params.data as Out<P>,
        query: query.data as Out<Q>,
        body: body.data as Out<B>,
        audit: { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId },
      });
      if (out instanceof Response) return out;
      if (out instanceof ApiAnswer) return NextResponse.json(out.data, { status: out.status, headers: { ...NO_STORE, ...out.headers } });
      return NextResponse.json(out ?? null, { status: opts.status ?? 200, headers: NO_STORE });
    } catch (err) {
      return failureResponse(failureOf(err, t, { requestId, what: "api failed", path: req.nextUrl.pathname }));
    }
  };
}
