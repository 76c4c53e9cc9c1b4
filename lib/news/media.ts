import "server-only";
import { unstable_cache } from "next/cache";
import { db } from "@/lib/db";
import { contentDisposition, parseRange } from "@/lib/uploads/serve";
import { getStorage } from "@/lib/uploads/storage";
import { NEWS_TAG } from "./cache";
import { REVALIDATE_SECONDS } from "./public";
import { NEWS_OWNER } from "./schemas";

// Files of visible articles (cover and pictures in the text: Attachment owner "news") are
// public: anyone may load them and shared caches may keep them a while. Which files those are
// is one small cached map (attachment id → the article's publish time), so an anonymous request
// for an unknown id answers 404 without touching the database, and a file's details are cached
// only for ids in that map. Every other file goes through the signed-in check in the route.

export const ID_RE = /^[a-f0-9]{32}$/;
/** Public files may be cached this long by browsers and CDNs (an unpublished article's
 * pictures can stay visible there that long). */
export const PUBLIC_MAX_AGE = 600;

export type MediaMeta = { id: string; kind: string; mime: string; size: number; sha256: string; storageKey: string; thumbKey: string | null; originalName: string };

/** Attachment id → publish time (ms) of its PUBLISHED article (scheduled ones included). */
export async function queryPublicMediaIndex(): Promise<Record<string, number>> {
  const rows = await db().$queryRaw<{ id: string; at: Date }[]>`
    SELECT a."id", n."publishAt" AS "at"
    FROM "Attachment" a
    JOIN "News" n ON a."ownerType" = ${NEWS_OWNER} AND a."ownerId" = n."id"::text
    WHERE n."status" = 'PUBLISHED' AND n."publishAt" IS NOT NULL`;
  return Object.fromEntries(rows.map((r) => [r.id, r.at.getTime()]));
}

export async function queryMediaMeta(id: string): Promise<MediaMeta | null> {
  return db().attachment.findUnique({
    where: { id },
    select: { id: true, kind: true, mime: true, size: true, sha256: true, storageKey: true, thumbKey: true, originalName: true },
  });
}

const options = { tags: [NEWS_TAG], revalidate: REVALIDATE_SECONDS };
const cachedIndex = unstable_cache(queryPublicMediaIndex, ["news-public-media-index"], options);
const cachedMeta = unstable_cache(queryMediaMeta, ["news-public-media-meta"], options);

/** The file's details when it belongs to a visible article, else null (no query for ids that
 * are not public). */
export async function publicNewsMedia(id: string, now = Date.now()): Promise<MediaMeta | null> {
  if (!ID_RE.test(id)) return null;
  const at = (await cachedIndex())[id];
  if (at === undefined || at > now) return null;
  return cachedMeta(id);
}

/** GET/HEAD of a public news file (or its thumbnail; the picture itself when it has none). */
export async function servePublicMedia(req: Request, m: MediaMeta, thumb: boolean): Promise<Response | null> {
  const useThumb = thumb && !!m.thumbKey;
  const key = useThumb ? m.thumbKey! : m.storageKey;
  const storage = await getStorage();
  const size = useThumb ? (await storage.head(key))?.size : m.size;
  if (size === undefined) return null;
  const etag = `"${m.sha256.slice(0, 32)}${useThumb ? "-t" : ""}"`;
  const headers = new Headers({
    "Content-Type": useThumb ? "image/webp" : m.mime,
    "Content-Disposition": contentDisposition(m.kind === "FILE" ? "attachment" : "inline", useThumb ? m.originalName.replace(/\.[^.]+$/, ".webp") : m.originalName),
    "Cache-Control": `public, max-age=${PUBLIC_MAX_AGE}`,
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
  if (req.method !== "HEAD" && !body) return null;
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : size));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  return new Response(body, { status: range ? 206 : 200, headers });
}
