import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { contentDisposition, parseRange } from "@/lib/uploads/serve";
import { getStorage } from "@/lib/uploads/storage";
import { DOWNLOAD_FILE_FIELD, DOWNLOAD_OWNER } from "./schemas";
import { verifyDownloadToken } from "./secrets";

// GET /api/v1/downloads/:id/file?token= — the one way an item's file (or external address)
// goes out. The token is what requestDownload granted: for this user and item, a minute long.
// Without it, or with someone else's, a forged or an expired one: 403. An item that is missing
// or switched off since: 404. The file is streamed as an attachment from the upload storage
// (Range supported, so a browser can resume); an external item is a 302 to its https address.

const json = (status: number, code: string) =>
  new Response(JSON.stringify({ code }), { status, headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } });

export async function serveDownload(req: Request, viewer: Viewer, rawId: string, token: string | null): Promise<Response> {
  const id = /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return json(404, "NOT_FOUND");
  const check = verifyDownloadToken(token, id, viewer.userId);
  if (check !== "ok") return json(403, check === "expired" ? "TOKEN_EXPIRED" : "FORBIDDEN");

  const item = await db().downloadItem.findFirst({ where: { id, enabled: true }, select: { id: true, downloadUrl: true, fileId: true } });
  if (!item) return json(404, "NOT_FOUND");
  if (item.downloadUrl) {
    return new Response(null, { status: 302, headers: { Location: item.downloadUrl, "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
  }
  const a = item.fileId ? await db().attachment.findFirst({ where: { id: item.fileId, ownerType: DOWNLOAD_OWNER, ownerId: String(item.id), field: DOWNLOAD_FILE_FIELD } }) : null;
  if (!a) return json(404, "NOT_FOUND");

  const storage = await getStorage();
  const headers = new Headers({
    "Content-Type": a.mime,
    "Content-Disposition": contentDisposition("attachment", a.originalName),
    // The link is personal and short-lived: nothing may keep the response.
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
  });
  const range = parseRange(req.headers.get("range"), a.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${a.size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = req.method === "HEAD" ? null : await storage.get(a.storageKey, range ?? undefined);
  if (req.method !== "HEAD" && !body) return json(404, "NOT_FOUND");
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : a.size));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${a.size}`);
  return new Response(body, { status: range ? 206 : 200, headers });
}
