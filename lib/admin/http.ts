import "server-only";
import { NextResponse } from "next/server";
import { errorText, failureOf, forbidden, notFound, refusal } from "@/lib/actions/errors";
import { failureResponse, requestViewer } from "@/lib/api/handler";
import { checkWrite } from "@/lib/api/write-guard";
import type { Viewer } from "@/lib/auth/viewer";
import { XLSX_MIME } from "./excel";
import { resourceNamed } from "./registry";
import type { ErasedResource } from "./resource";

type Answer = { status: number; body: unknown } | { status: 200; stream: ReadableStream<Uint8Array> | Buffer; filename: string };

/** The generic export/import route handlers: resolve the resource, require a session, map the
 * answer to JSON errors ({ code, message }, the mapping of lib/actions/errors.ts) or an
 * attachment download. */
export async function adminRoute(req: Request, name: string, run: (r: ErasedResource, viewer: Viewer, requestId: string | null) => Promise<Answer>): Promise<Response> {
  const requestId = req.headers.get("x-request-id");
  const t = await errorText();
  // Imports (POST, multipart) follow the API's rule for writes: same origin, a file body.
  const refused = checkWrite(req, "multipart");
  if (refused) return failureResponse(refusal(t, refused.status, refused.key, refused.code));
  const r = resourceNamed(name);
  if (!r) return failureResponse(notFound(t));
  const who = await requestViewer(req, t);
  if (who.res) return who.res;
  const viewer = who.viewer;
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
    if (a.status === 403 && !body.message) return failureResponse(forbidden(t));
    if (a.status === 404 && !body.message) return failureResponse(notFound(t));
    return NextResponse.json(body, { status: a.status });
  } catch (err) {
    return failureResponse(failureOf(err, t, { requestId, what: "admin route failed", path: new URL(req.url).pathname }));
  }
}
