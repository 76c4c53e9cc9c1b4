import "server-only";
import { randomUUID } from "node:crypto";
import { errorText, failureOf, forbidden, refusal, type Failure } from "@/lib/actions/errors";
import { checkWrite } from "@/lib/api/write-guard";
import { requestViewer } from "@/lib/api/handler";
import { clientIpOf } from "@/lib/http/client-ip";
import { logRequest } from "@/lib/log";
import { UploadError } from "./errors";
import { isAttachmentKind, MB, type AttachmentKindName } from "./formats";
import { checkCount, tooLarge } from "./limits";
import { purgePendingSoon } from "./purge";
import { precheckQuota } from "./quota";
import { getUploadRules, largestSizeMb, mayUpload } from "./rules";
import { acceptUpload } from "./service";

// POST /customerWeb/api/v1/uploads — one file per request (multipart: file, kind, count; kind
// and count may also be in the query string, which lets the size cap apply before any byte is
// read). 201 with the attachment, or { code, message, fieldErrors } translated (the mapping of
// lib/actions/errors.ts; an UploadError answers its own code).
// proxy.ts skips this path: Next would otherwise buffer (and cut at 10 MB) every body the proxy
// sees, so the request id and log line are made here.

/** Room for the multipart boundaries, part headers and the small fields around the file. */
const MULTIPART_SLACK = 64 * 1024;
const MAX_COUNT_PARAM = 10_000;

class BodyTooLarge extends Error {}

/** Parses the multipart body while counting bytes: past `cap` the read stops and nothing more
 * is buffered (the Content-Length, when sent, is checked before reading at all). */
async function readForm(req: Request, cap: number): Promise<FormData | null> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > cap) throw new BodyTooLarge();
  if (!req.body) return null;
  let seen = 0;
  const counted = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctl) {
        seen += chunk.byteLength;
        if (seen > cap) ctl.error(new BodyTooLarge());
        else ctl.enqueue(chunk);
      },
    }),
  );
  const limited = new Request("http://upload.invalid/", {
    method: "POST",
    headers: { "content-type": req.headers.get("content-type") ?? "" },
    body: counted,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  try {
    return await limited.formData();
  } catch {
    if (seen > cap) throw new BodyTooLarge();
    return null;
  }
}

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });

function parseCount(v: FormDataEntryValue | string | null): number | null {
  if (v === null || v === "") return 0;
  if (typeof v !== "string" || !/^\d{1,5}$/.test(v)) return null;
  const n = Number(v);
  return n <= MAX_COUNT_PARAM ? n : null;
}

async function upload(req: Request, url: URL, requestId: string): Promise<Response> {
  const t = await errorText();
  const answer = ({ status, code, ...rest }: Failure, retryAfter?: number) => {
    const res = json({ code: code === "UNAUTHENTICATED" ? "UNAUTHORIZED" : code, ...rest }, status);
    if (status === 429) res.headers.set("Retry-After", String(retryAfter ?? 3600));
    return res;
  };
  // The API's rule for writes (lib/api/write-guard.ts), multipart being this endpoint's body.
  const refused = checkWrite(req, "multipart");
  if (refused) return answer(refusal(t, refused.status, refused.key, refused.code));
  const who = await requestViewer(req, t);
  if (who.res) return who.res;
  const viewer = who.viewer;
  const refuse = (err: unknown) =>
    answer(failureOf(err, t, { requestId, what: "upload failed" }), err instanceof UploadError && typeof err.values.minutes === "number" ? err.values.minutes * 60 : undefined);
  const badRequest = (key = "errors.badRequest") => refuse(new UploadError(key === "errors.noFile" ? "NO_FILE" : "BAD_REQUEST", key, {}, 400));

  try {
    if (!/^multipart\/form-data;/i.test(req.headers.get("content-type") ?? "")) return badRequest();
    const queryKind = url.searchParams.get("kind");
    if (queryKind !== null && !isAttachmentKind(queryKind)) return badRequest();
    if (queryKind !== null && !mayUpload(viewer, queryKind)) return answer(forbidden(t));
    const queryCount = parseCount(url.searchParams.get("count"));
    if (queryCount === null) return badRequest();
    // A user at a limit hears so before sending megabytes (acceptUpload checks again, atomically).
    const overQuota = await precheckQuota(viewer);
    if (overQuota) return refuse(overQuota);
    const rules = await getUploadRules();
    const early: AttachmentKindName | null = queryKind;
    if (early) {
      const tooMany = checkCount(rules[early], queryCount);
      if (tooMany) return refuse(UploadError.of(tooMany));
    }
    const capMb = early ? rules[early].maxSizeMb : largestSizeMb(rules, viewer);
    let form: FormData | null;
    try {
      form = await readForm(req, capMb * MB + MULTIPART_SLACK);
    } catch (err) {
      if (err instanceof BodyTooLarge) return refuse(UploadError.of(tooLarge(capMb)));
      throw err;
    }
    if (!form) return badRequest();

    const formKind = form.get("kind");
    const kind = formKind ?? early;
    if (!isAttachmentKind(kind) || (early && kind !== early)) return badRequest();
    if (!mayUpload(viewer, kind)) return answer(forbidden(t));
    const count = form.has("count") ? parseCount(form.get("count")) : queryCount;
    if (count === null) return badRequest();
    const file = form.get("file");
    if (!(file instanceof File)) return badRequest("errors.noFile");

    const saved = await acceptUpload(viewer, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name, kind, count });
    purgePendingSoon();
    return json(saved, 201);
  } catch (err) {
    return refuse(err);
  }
}

export async function handleUpload(req: Request): Promise<Response> {
  const started = Date.now();
  const incoming = req.headers.get("x-request-id");
  const requestId = incoming && /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  const url = new URL(req.url);
  const res = await upload(req, url, requestId);
  res.headers.set("x-request-id", requestId);
  logRequest({ requestId, method: req.method, path: url.pathname, status: res.status, ms: Date.now() - started, ip: clientIpOf(req.headers) });
  return res;
}
