// Cross-site write protection of the REST API (issue 16). The session cookie is SameSite=Lax,
// but a sibling subdomain is "same-site", old browsers ignore SameSite, and a form or a no-cors
// fetch needs no preflight for text/plain, form-encoded or multipart bodies. So every unsafe
// request authenticated by the cookie must
//   - come from the app's own origin: `Origin`, when sent, is the request's own origin (its
//     host and scheme as the app sees them, X-Forwarded-* included) or the configured public
//     one (APP_URL, NEXTAUTH_URL); `Sec-Fetch-Site`, when sent, is same-origin or none;
//   - carry JSON (application/json), or multipart/form-data where a file is sent (uploads,
//     imports). A JSON content type cannot be sent cross-origin without a CORS preflight,
//     which the app never grants, so a script's request with neither header (curl) is safe.
// A write without a body (mark read, DELETE) has no content type to check; the origin checks
// still apply. Requests with `Authorization: Bearer …` are left to the token check
// (lib/oauth/bearer.ts): a foreign page cannot set that header without a preflight either.
// Pure: used by apiRoute (lib/api/handler.ts), the upload handler and the admin import route.

export type WriteBody = "json" | "multipart";
export type WriteRefusal =
  { status: 403; code: "FORBIDDEN"; key: "Api.crossSite" } | { status: 415; code: "UNSUPPORTED_MEDIA_TYPE"; key: "Api.unsupportedMediaType" | "Api.unsupportedMediaTypeMultipart" };

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const CROSS_SITE: WriteRefusal = { status: 403, code: "FORBIDDEN", key: "Api.crossSite" };

const first = (v: string | null) => v?.split(",")[0]?.trim() || null;

function originOf(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins a page of this app can have: the request's own (as a browser addressed it,
 * through a proxy's X-Forwarded-Host/-Proto when there is one) and the configured ones. */
export function appOrigins(req: Request, env: Record<string, string | undefined> = process.env): Set<string> {
  const url = new URL(req.url);
  const h = req.headers;
  const host = first(h.get("x-forwarded-host")) ?? h.get("host") ?? url.host;
  const forwarded = first(h.get("x-forwarded-proto"));
  const proto = forwarded === "https" || forwarded === "http" ? forwarded : url.protocol.replace(/:$/, "");
  const out = new Set<string>();
  for (const o of [originOf(`${proto}://${host}`), originOf(env.APP_URL), originOf(env.NEXTAUTH_URL)]) if (o) out.add(o);
  return out;
}

/** True when the request carries no body at all (no content type, no length or length 0). */
function bodiless(h: Headers): boolean {
  if (h.get("content-type")) return false;
  if (h.get("transfer-encoding")) return false;
  const length = h.get("content-length");
  return length === null || length.trim() === "0";
}

const mediaType = (h: Headers) => (h.get("content-type") ?? "").split(";")[0].trim().toLowerCase();

/** Null when the request may go on; otherwise the refusal to answer (403 or 415). */
export function checkWrite(req: Request, body: WriteBody = "json", env: Record<string, string | undefined> = process.env): WriteRefusal | null {
  if (!UNSAFE.has(req.method.toUpperCase())) return null;
  const h = req.headers;
  if (/^bearer\s+\S/i.test(h.get("authorization") ?? "")) return null;
  const origin = h.get("origin");
  if (origin !== null) {
    const o = originOf(origin);
    if (!o || !appOrigins(req, env).has(o)) return CROSS_SITE;
  }
  const site = h.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return CROSS_SITE;
  if (bodiless(h)) return null;
  const type = mediaType(h);
  if (body === "json" && type !== "application/json") return { status: 415, code: "UNSUPPORTED_MEDIA_TYPE", key: "Api.unsupportedMediaType" };
  if (body === "multipart" && type !== "multipart/form-data") return { status: 415, code: "UNSUPPORTED_MEDIA_TYPE", key: "Api.unsupportedMediaTypeMultipart" };
  return null;
}
