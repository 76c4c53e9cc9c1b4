import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { canSeeAttachment } from "./access";
import type { ByteRange } from "./storage";
import { getStorage } from "./storage";

const ID = /^[a-f0-9]{32}$/;

/** Parses a single-range "bytes=a-b" / "bytes=a-" / "bytes=-n"; null: serve the whole file;
 * "unsatisfiable": answer 416. Several ranges are answered with the whole file (allowed). */
export function parseRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(type: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const notFound = () =>
  new Response(JSON.stringify({ code: "NOT_FOUND" }), {
    status: 404,
    headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });

/**
 * GET /api/v1/files/:id[?thumb=1] for a signed-in viewer. Every refusal (bad id, missing,
 * someone else's pending file, a record the viewer may not see) is the same 404.
 */
export async function serveAttachment(req: Request, viewer: Viewer, id: string, thumb: boolean): Promise<Response> {
  if (!ID.test(id)) return notFound();
  const a = await db().attachment.findUnique({ where: { id } });
  if (!a || !(await canSeeAttachment(viewer, a))) return notFound();
  const key = thumb ? a.thumbKey : a.storageKey;
  if (!key) return notFound();

  const storage = await getStorage();
  const size = thumb ? (await storage.head(key))?.size : a.size;
  if (size === undefined) return notFound();
  const etag = `"${a.sha256.slice(0, 32)}${thumb ? "-t" : ""}"`;
  const headers = new Headers({
    "Content-Type": thumb ? "image/webp" : a.mime,
    "Content-Disposition": contentDisposition(a.kind === "FILE" ? "attachment" : "inline", thumb ? a.originalName.replace(/\.[^.]+$/, ".webp") : a.originalName),
    // Files never change under an id, but access can be withdrawn: kept briefly, by the browser only.
    "Cache-Control": "private, max-age=300",
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
    ETag: etag,
  });
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  const range = parseRange(req.headers.get("range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = req.method === "HEAD" ? null : await storage.get(key, range ?? undefined);
  if (req.method !== "HEAD" && !body) return notFound();
  // Next 16 drops Content-Length from route handler responses (the body goes out chunked);
  // Content-Range still tells a video player the total size.
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : size));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  return new Response(body, { status: range ? 206 : 200, headers });
}
