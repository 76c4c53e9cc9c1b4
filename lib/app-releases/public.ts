import "server-only";
import { getLocale } from "next-intl/server";
import { errorText, failureOf, notFound, parseInput, type ErrorText } from "@/lib/actions/errors";
import { failureResponse } from "@/lib/api/handler";
import { db } from "@/lib/db";
import { publicOrigin } from "@/lib/news/public-urls";
import { contentDisposition, parseRange } from "@/lib/uploads/serve";
import { getStorage } from "@/lib/uploads/storage";
import { latestPublished } from "./queries";
import { APP_PACKAGE_FIELD, APP_RELEASE_OWNER, packagePath, ZLatestQuery } from "./schemas";
import { updateAdvice } from "./update-rule";

// The mobile app's two public endpoints. No viewer (they answer before anyone signs in), so not
// apiRoute; failures still have the API's shape ({ code, message, fieldErrors? }, translated in
// the request's language: ?lng=, the cookie, Accept-Language).

/** GET /api/v1/app/latest?platform=&version= — the latest published release of the platform
 * and whether a caller on `version` (its versionNumber) may or must update. */
export async function latestResponse(req: Request): Promise<Response> {
  const t = await errorText("AppReleases.query");
  try {
    return await latest(req, t);
  } catch (err) {
    return failureResponse(failureOf(err, t, { requestId: req.headers.get("x-request-id"), what: "app latest failed", path: new URL(req.url).pathname }));
  }
}

async function latest(req: Request, t: ErrorText): Promise<Response> {
  const url = new URL(req.url);
  const parsed = parseInput(ZLatestQuery, Object.fromEntries(url.searchParams), t);
  if (!parsed.ok) return failureResponse(parsed.failure);
  const { platform, version } = parsed.data;
  const found = await latestPublished(platform);
  if (!found) return failureResponse({ ...notFound(t), message: t.any("AppReleases.errors.nonePublished") });
  const { latest, size, forcedAbove } = found;
  const zh = (await getLocale()) === "zh-CN";
  const origin = await publicOrigin();
  const body = {
    platform: latest.platform,
    versionName: latest.versionName,
    versionNumber: latest.versionNumber,
    minSupported: latest.minSupported,
    forceUpdate: latest.forceUpdate,
    notes: zh ? latest.notesZh : latest.notesEn,
    publishedAt: latest.publishedAt?.toISOString() ?? null,
    downloadUrl: latest.packageId ? `${origin}${packagePath(latest.id)}` : null,
    storeUrl: latest.storeUrl,
    size,
    ...updateAdvice(version, latest, forcedAbove),
  };
  // The answer depends on the language as well as the URL.
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=60", Vary: "Accept-Language, Cookie" } });
}

const ID = /^[1-9]\d{0,9}$/;

/** GET /api/v1/app/releases/:id/package — a published release's package, streamed (Range
 * supported), or a 302 to its store URL. Each download is counted by one atomic UPDATE; a
 * resumed download (a Range not starting at 0) and HEAD are not counted again. */
export async function packageResponse(req: Request, rawId: string): Promise<Response> {
  const t = await errorText();
  try {
    return await servePackage(req, rawId, t);
  } catch (err) {
    return failureResponse(failureOf(err, t, { requestId: req.headers.get("x-request-id"), what: "app package failed", path: new URL(req.url).pathname }));
  }
}

async function servePackage(req: Request, rawId: string, t: ErrorText): Promise<Response> {
  const missing = () => failureResponse(notFound(t));
  const id = ID.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return missing();
  const rangeHeader = req.headers.get("range");
  const counts = req.method !== "HEAD" && (!rangeHeader || /^bytes=0-/.test(rangeHeader.trim()));
  const release = counts
    ? (
        await db().$queryRaw<{ id: number; packageId: string | null; storeUrl: string | null }[]>`
          UPDATE "AppRelease" SET "downloadCount" = "downloadCount" + 1
          WHERE id = ${id} AND status = 'PUBLISHED'
          RETURNING id, "packageId", "storeUrl"`
      )[0]
    : await db().appRelease.findFirst({ where: { id, status: "PUBLISHED" }, select: { id: true, packageId: true, storeUrl: true } });
  if (!release) return missing();
  if (release.storeUrl) return new Response(null, { status: 302, headers: { Location: release.storeUrl, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  const a = release.packageId
    ? await db().attachment.findFirst({ where: { id: release.packageId, ownerType: APP_RELEASE_OWNER, ownerId: String(release.id), field: APP_PACKAGE_FIELD } })
    : null;
  if (!a) return missing();
  const headers = new Headers({
    "Content-Type": a.mime,
    "Content-Disposition": contentDisposition("attachment", a.originalName),
    // Every download reaches the server, to be counted.
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
  });
  const range = parseRange(rangeHeader, a.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${a.size}`);
    return new Response(null, { status: 416, headers });
  }
  const storage = await getStorage();
  const body = req.method === "HEAD" ? null : await storage.get(a.storageKey, range ?? undefined);
  if (req.method !== "HEAD" && !body) return missing();
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : a.size));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${a.size}`);
  return new Response(body, { status: range ? 206 : 200, headers });
}
