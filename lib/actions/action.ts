import "server-only";
import type { PermissionCheck } from "@/lib/access/permissions";
import { revalidatePath, updateTag } from "next/cache";
import { headers } from "next/headers";
import type { z } from "zod";
import { getViewer, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { publishTagExpiry } from "@/lib/cache/next-tags";
import { clientIpOf } from "@/lib/http/client-ip";
import type { AuditCtx } from "@/lib/core/audit";
import { errorText, failureOf, forbidden, parseInput, unauthenticated, type ErrorCode, type ErrorText, type Failure } from "./errors";

export type { ErrorCode } from "./errors";

/** What every server action answers; a failure's `code` tells an ended session (UNAUTHENTICATED:
 * sign in again) from a refused input (VALIDATION, with `fieldErrors`) or a refusal by the rules. */
export type ActionResult<T> = { ok: true; data: T } | { ok: false; code: ErrorCode; message: string; fieldErrors?: Record<string, string>; requestId?: string };

/** What the service is called with: the viewer, and the audit context of its writes. */
export type ActionCtx = { viewer: Viewer; audit: AuditCtx; requestId: string | null };
export type PublicCtx = { requestId: string | null; ip: string | null; userAgent: string | null };

type Schema<S extends z.ZodType> = S | (() => S | Promise<S>);

type Common<S extends z.ZodType, R> = {
  /** The shared zod schema, or a function answering it (when it depends on settings). */
  schema: Schema<S>;
  /** The messages namespace whose keys name the schema's fields. */
  labels: string;
  /** The screens (paths under the basePath, e.g. "/car/stock") to revalidate after a success. */
  revalidate?: readonly string[] | ((out: NoInfer<R>, input: z.output<S>) => readonly string[]);
  /** Cache tags to expire at once after a success (updateTag: the next request reads fresh data). */
  expireTags?: readonly string[];
};

/**
 * The one way to write a server action (docs/ARCHITECTURE.md "How data flows"):
 *   export const x = action({ permission, schema, labels, revalidate: ["/screen"] }, (input, { viewer, audit }) => service(viewer, audit, input));
 * loads the viewer, checks the permission, parses the input with the shared schema, runs the
 * service, revalidates what it changed (only after a success), and answers
 * `{ ok, data } | { ok: false, code, message, fieldErrors?, requestId? }`, messages translated
 * (lib/actions/errors.ts). `permission` null: any signed-in user (the service decides); a
 * function of the raw input picks it (create or update by whether the input carries an id).
 */
export function action<S extends z.ZodType, R>(
  opts: Common<S, R> & { permission: PermissionCheck | null | ((input: unknown) => PermissionCheck | null) },
  run: (input: z.output<S>, ctx: ActionCtx) => Promise<R>,
) {
  return async (input: unknown): Promise<ActionResult<R>> => {
    const requestId = (await headers()).get("x-request-id");
    const [viewer, t] = await Promise.all([getViewer(), errorText(opts.labels)]);
    if (!viewer) return failed(unauthenticated(t));
    const permission = typeof opts.permission === "function" ? opts.permission(input) : opts.permission;
    if (permission && !hasPermission(viewer, permission)) return failed(forbidden(t));
    const audit: AuditCtx = { userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId };
    return pipeline(opts, input, t, requestId, (data) => run(data, { viewer, audit, requestId }));
  };
}

/** For the screens before sign-in (register, forgot password): no viewer, same answers. */
export function publicAction<S extends z.ZodType, R>(opts: Common<S, R>, run: (input: z.output<S>, ctx: PublicCtx) => Promise<R>) {
  return async (input: unknown): Promise<ActionResult<R>> => {
    const h = await headers();
    const requestId = h.get("x-request-id");
    const t = await errorText(opts.labels);
    return pipeline(opts, input, t, requestId, (data) => run(data, { requestId, ip: clientIpOf(h), userAgent: h.get("user-agent") }));
  };
}

async function pipeline<S extends z.ZodType, R>(
  opts: Common<S, R>,
  input: unknown,
  t: ErrorText,
  requestId: string | null,
  run: (data: z.output<S>) => Promise<R>,
): Promise<ActionResult<R>> {
  try {
    const schema = typeof opts.schema === "function" ? await (opts.schema as () => S | Promise<S>)() : opts.schema;
    const parsed = parseInput(schema, input, t);
    if (!parsed.ok) return failed(parsed.failure);
    const data = await run(parsed.data);
    const paths = typeof opts.revalidate === "function" ? opts.revalidate(data, parsed.data) : (opts.revalidate ?? []);
    for (const p of paths) revalidatePath(p);
    for (const tag of opts.expireTags ?? []) {
      updateTag(tag);
      // The other app instances' data caches too (lib/cache/next-tags.ts); never throws.
      void publishTagExpiry(tag);
    }
    return { ok: true, data };
  } catch (err) {
    return failed(failureOf(err, t, { requestId, what: "action failed" }));
  }
}

function failed(f: Failure): { ok: false; code: ErrorCode; message: string; fieldErrors?: Record<string, string>; requestId?: string } {
  const { status: _status, ...rest } = f;
  return { ok: false, ...rest };
}
