import "server-only";
import { text } from "@/lib/core/list-params";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { attachmentsOf, attachmentsOfMany } from "@/lib/uploads/access";
import { DOWNLOAD_IMAGE_FIELD, DOWNLOAD_MANAGE, DOWNLOAD_OWNER } from "./schemas";
import { choiceParam, COUNT_CAP, cursorParam, decodeCursor, keysetPage, queryString, sizeParam, sizeValue, type Total, cappedTotal } from "@/lib/list/keyset";

// The download centre's list and detail (download/downloadCenters). Everyone who has the screen
// sees the enabled items; staff with download:manage see the disabled ones too. The list pages
// by keyset on (createdAt desc, id desc) and costs the same three queries whatever the page
// size: the page (file name joined), its pictures, a capped count. Search looks in the title and
// in the content's text (tags stripped in SQL, so "strong" or "href" never match markup).

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;
export { COUNT_CAP };
export const EXCERPT_CHARS = 160;
const MAX_KEYWORD = 100;

export type DownloadStatusFilter = "" | "enabled" | "disabled";
export type DownloadFilters = {
  /** Part of the title or of the content's text. */
  q: string;
  /** Managers only. */
  status: DownloadStatusFilter;
  /** "a<ms>_<id>" (rows after) or "b<ms>_<id>" (rows before). */
  cursor: string;
  size: number;
};

const SIZES = [10, 20, 50];

export const canManageDownloads = (viewer: Viewer) => hasPermission(viewer, DOWNLOAD_MANAGE);

export function parseDownloadFilters(p: URLSearchParams): DownloadFilters {
  return {
    q: text(p, "q", MAX_KEYWORD),
    status: choiceParam(p, "status", ["enabled", "disabled"] as const),
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_PAGE_SIZE, sizes: SIZES }),
  };
}

/** The filters back as a query string (for links); cursor and defaults left out unless asked. */
export function downloadQuery(f: Partial<DownloadFilters>, extra: Record<string, string | number> = {}): string {
  return queryString({ q: f.q, status: f.status, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

/** The excerpt: the content's text, whitespace folded, cut in code points. */
export function excerptOf(stripped: string, chars = EXCERPT_CHARS): string {
  const all = Array.from(stripped.replace(/\s+/g, " ").trim());
  return all.length <= chars ? all.join("") : `${all.slice(0, chars - 1).join("")}…`;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type DownloadImage = { id: string; name: string; url: string; thumbUrl: string | null };
export type DownloadRow = {
  id: number;
  title: string;
  excerpt: string;
  /** A verify code is needed (the code itself never leaves the server here). */
  locked: boolean;
  kind: "file" | "url";
  fileName: string | null;
  fileSize: number | null;
  enabled: boolean;
  downloads: number;
  creatorName: string;
  createdAt: string;
  images: DownloadImage[];
};
export type DownloadPage = {
  rows: DownloadRow[];
  filters: DownloadFilters;
  next: string | null;
  prev: string | null;
  total: Total;
  manage: boolean;
};

type RawRow = {
  id: number;
  title: string;
  stripped: string;
  locked: boolean;
  hasUrl: boolean;
  fileName: string | null;
  fileSize: number | null;
  enabled: boolean;
  downloads: number;
  creatorName: string;
  createdAt: Date;
};

// The content's text: block tags become a space and inline ones nothing (so
// "<strong>2026</strong>." reads "2026."), then the entities sanitize-html writes for text
// (&lt; &gt; &quot; &amp;, the last one last) become their characters again.
const TAGS_OUT = Prisma.sql`regexp_replace(regexp_replace(d."content", '</?(p|h[1-6]|li|ul|ol|br|hr|blockquote|pre|table|thead|tbody|tr|th|td|img)\\M[^>]*>', ' ', 'gi'), '<[^>]*>', '', 'g')`;
const STRIPPED = Prisma.sql`replace(replace(replace(replace(${TAGS_OUT}, '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&')`;

function whereOf(manage: boolean, f: DownloadFilters): Prisma.Sql {
  const and: Prisma.Sql[] = [];
  if (!manage) and.push(Prisma.sql`d."enabled"`);
  else if (f.status) and.push(f.status === "enabled" ? Prisma.sql`d."enabled"` : Prisma.sql`NOT d."enabled"`);
  if (f.q) and.push(Prisma.sql`(d."title" ILIKE ${likePattern(f.q)} OR ${STRIPPED} ILIKE ${likePattern(f.q)})`);
  return and.length ? Prisma.sql`WHERE ${Prisma.join(and, " AND ")}` : Prisma.empty;
}

const imagesOf = (files: { id: string; name: string; url: string; thumbUrl: string | null; field: string }[] = []): DownloadImage[] =>
  files.filter((a) => a.field === DOWNLOAD_IMAGE_FIELD).map(({ id, name, url, thumbUrl }) => ({ id, name, url, thumbUrl }));

export async function listDownloads(viewer: Viewer, filters: DownloadFilters): Promise<DownloadPage> {
  const manage = canManageDownloads(viewer);
  const where = whereOf(manage, filters);
  const size = Math.min(Math.max(1, filters.size), MAX_PAGE_SIZE);
  const c = decodeCursor(filters.cursor);
  const before = !!c?.before;
  const keyset = c ? (before ? Prisma.sql`(d."createdAt", d."id") > (${c.at}, ${c.id})` : Prisma.sql`(d."createdAt", d."id") < (${c.at}, ${c.id})`) : null;
  const all = keyset ? (where === Prisma.empty ? Prisma.sql`WHERE ${keyset}` : Prisma.sql`${where} AND ${keyset}`) : where;
  const dir = before ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const [raw, [{ count }]] = await Promise.all([
    db().$queryRaw<RawRow[]>`
      SELECT d."id", d."title", left(${STRIPPED}, 1200) AS "stripped", d."verifyCode" IS NOT NULL AS "locked", d."downloadUrl" IS NOT NULL AS "hasUrl",
             a."originalName" AS "fileName", a."size" AS "fileSize", d."enabled", d."downloads", d."creatorName", d."createdAt"
      FROM "DownloadItem" d LEFT JOIN "Attachment" a ON a."id" = d."fileId"
      ${all}
      ORDER BY d."createdAt" ${dir}, d."id" ${dir}
      LIMIT ${size + 1}`,
    db().$queryRaw<{ count: number }[]>`SELECT count(*)::int AS "count" FROM (SELECT 1 FROM "DownloadItem" d ${where} LIMIT ${COUNT_CAP + 1}) s`,
  ]);
  const { rows: page, next, prev } = keysetPage(raw, size, c, (r) => r.createdAt);
  const files = await attachmentsOfMany(
    DOWNLOAD_OWNER,
    page.map((r) => r.id),
  );
  return {
    rows: page.map((r) => ({
      id: r.id,
      title: r.title,
      excerpt: excerptOf(r.stripped),
      locked: r.locked,
      kind: r.hasUrl ? "url" : "file",
      fileName: r.hasUrl ? null : r.fileName,
      fileSize: r.hasUrl ? null : r.fileSize,
      enabled: r.enabled,
      downloads: r.downloads,
      creatorName: r.creatorName,
      createdAt: r.createdAt.toISOString(),
      images: imagesOf(files.get(String(r.id))),
    })),
    filters,
    next,
    prev,
    total: cappedTotal(count),
    manage,
  };
}

export type DownloadDetail = Omit<DownloadRow, "excerpt"> & {
  /** Sanitized on save: safe to render as HTML. */
  content: string;
  /** The external address's host (the address itself is given out by the file route only). */
  host: string | null;
  updatedAt: string;
};

/** `where` over the items the viewer may see. */
export const visibleDownloads = (viewer: Viewer): Prisma.DownloadItemWhereInput => (canManageDownloads(viewer) ? {} : { enabled: true });

/** One item as the detail shows it; null when missing or not visible (disabled, for dealers). */
export async function downloadDetail(viewer: Viewer, id: number): Promise<DownloadDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const d = await db().downloadItem.findFirst({
    where: { AND: [{ id }, visibleDownloads(viewer)] },
    select: {
      id: true,
      title: true,
      content: true,
      downloadUrl: true,
      fileId: true,
      verifyCode: true,
      enabled: true,
      downloads: true,
      creatorName: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  if (!d) return null;
  const files = await attachmentsOf(DOWNLOAD_OWNER, d.id);
  const file = d.fileId
    ? await db().attachment.findFirst({ where: { id: d.fileId, ownerType: DOWNLOAD_OWNER, ownerId: String(d.id) }, select: { originalName: true, size: true } })
    : null;
  let host: string | null = null;
  if (d.downloadUrl) {
    try {
      host = new URL(d.downloadUrl).host;
    } catch {
      host = null;
    }
  }
  return {
    id: d.id,
    title: d.title,
    content: d.content,
    locked: d.verifyCode !== null,
    kind: d.downloadUrl ? "url" : "file",
    fileName: file?.originalName ?? null,
    fileSize: file?.size ?? null,
    host,
    enabled: d.enabled,
    downloads: d.downloads,
    creatorName: d.creatorName,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    images: imagesOf(files),
  };
}

/** May the viewer see item `id`? (the ?id= guard and the pictures' owner check) */
export async function canSeeDownload(viewer: Viewer, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return false;
  return (await db().downloadItem.count({ where: { AND: [{ id }, visibleDownloads(viewer)] } })) > 0;
}
