import "server-only";
import { NextResponse } from "next/server";
import { getTranslations } from "next-intl/server";
import { checkWrite } from "@/lib/api/write-guard";
import { getViewer, type Viewer } from "@/lib/auth/viewer";
import { ForbiddenError } from "@/lib/auth/viewer";
import { errorFields, log } from "@/lib/log";
import { XLSX_MIME } from "./excel";
import { resourceNamed } from "./registry";
import type { ErasedResource } from "./resource";

type Answer = { status: number; body: unknown } | { status: 200; stream: ReadableStream<Uint8Array> | Buffer; filename: string };

/** The generic export/import route handlers: resolve the resource, require a session, map the
 * answer to JSON errors ({ code, message }) or an attachment download. */
export async function adminRoute(req: Request, name: string, run: (r: ErasedResource, viewer: Viewer, requestId: string | null) => Promise<Answer>): Promise<Response> {
  const requestId = req.headers.get("x-request-id");
  const [tc, te] = await Promise.all([getTranslations("Common"), getTranslations("Errors")]);
  // Imports (POST, multipart) follow the API's rule for writes: same origin, a file body.
  const refused = checkWrite(req, "multipart");
  if (refused) return NextResponse.json({ code: refused.code, message: ((await getTranslations()) as unknown as (k: string) => string)(refused.key) }, { status: refused.status });
  const r = resourceNamed(name);
  if (!r) return NextResponse.json({ code: "NOT_FOUND", message: te("notFound") }, { status: 404 });
  const viewer = await getViewer();
  if (!viewer) return NextResponse.json({ code: "UNAUTHORIZED", message: tc("signInAgain") }, { status: 401 });
  try {
    const a = await run(r, viewer, requestId);
    if ("stream" in a) {
      return new Response(a.stream as BodyInit, {
        headers: {
          "Content-Type": XLSX_MIME,
          "Content-Disposition": `attachment; filename="${a.filename}"`,
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
    const body = a.body as { code?: string; message?: string };
    if (a.status === 403 && !body.message) body.message = tc("forbidden");
    if (a.status === 404 && !body.message) body.message = te("notFound");
    return NextResponse.json(body, { status: a.status });
  } catch (err) {
    if (err instanceof ForbiddenError) return NextResponse.json({ code: "FORBIDDEN", message: tc("forbidden") }, { status: 403 });
    log.error("admin route failed", { requestId, ...errorFields(err) });
    return NextResponse.json({ code: "INTERNAL", message: tc("unexpectedError", { requestId: requestId ?? "—" }) }, { status: 500 });
  }
}
