import "server-only";
import { text } from "@/lib/core/list-params";
import { ForbiddenError, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { attachmentsOf } from "@/lib/uploads/access";
import { fileUrl, type AttachmentValue, type UploadRule } from "@/lib/uploads/formats";
import { imageRuleFor } from "@/lib/uploads/rules";
import { dateToMinute } from "@/lib/vehicles/schemas";
import { NEWS_COVER_FIELD, NEWS_OWNER, NEWS_PHASES, newsMoves, newsPhase, type NewsMove, type NewsPhase } from "./schemas";
import { choiceParam, COUNT_CAP, cursorParam, queryString, sizeParam, sizeValue, type Total } from "@/lib/list/keyset";
import { readKeysetPage } from "@/lib/list/prisma";

// Staff's news management (market/news with news:manage): every article in any phase, newest
// change first. The list pages by keyset on (updatedAt desc, id desc) with the (updatedAt, id)
// index and costs the same three queries whatever the page size: the page with its authors
// joined, a capped count, and (once) the upload rules for the forms.

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export { COUNT_CAP };
const PERMISSION = "news:manage";

export type NewsAdminFilters = {
  phase: NewsPhase | "";
  /** Part of the English or Chinese title. */
  q: string;
  /** "a<ms>_<id>" (rows after) or "b<ms>_<id>" (rows before). */
  cursor: string;
  size: number;
};

export function parseNewsAdminFilters(p: URLSearchParams): NewsAdminFilters {
  return {
    phase: choiceParam(p, "status", NEWS_PHASES),
    q: text(p, "q", 100),
    cursor: cursorParam(p),
    size: sizeParam(p, { fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }),
  };
}

/** The filters back as a query string (for links); cursor and defaults left out unless asked. */
export function newsAdminQuery(f: Partial<NewsAdminFilters>, extra: Record<string, string | number> = {}): string {
  return queryString({ status: f.phase, q: f.q, size: sizeValue(f.size, DEFAULT_PAGE_SIZE) }, extra);
}

function phaseWhere(phase: NewsPhase | "", now: Date): Prisma.NewsWhereInput | null {
  switch (phase) {
    case "draft":
      return { status: "DRAFT" };
    case "unpublished":
      return { status: "UNPUBLISHED" };
    case "scheduled":
      return { status: "PUBLISHED", publishAt: { gt: now } };
    case "published":
      return { status: "PUBLISHED", OR: [{ publishAt: { lte: now } }, { publishAt: null }] };
    default:
      return null;
  }
}

const LIST_SELECT = {
  id: true,
  slug: true,
  titleEn: true,
  titleZh: true,
  status: true,
  publishAt: true,
  views: true,
  coverId: true,
  updatedAt: true,
  author: { select: { name: true } },
} as const;
type ListRaw = Prisma.NewsGetPayload<{ select: typeof LIST_SELECT }>;

export type NewsAdminRow = {
  id: number;
  slug: string;
  titleEn: string;
  titleZh: string;
  phase: NewsPhase;
  publishAt: string | null;
  views: number;
  thumb: string | null;
  author: string;
  updatedAt: string;
  /** "YYYY-MM-DD HH:mm" Beijing time of publishAt when it is still ahead (the schedule dialog's default). */
  plannedMinute: string | null;
  moves: readonly NewsMove[];
};

export type NewsAdminPage = {
  rows: NewsAdminRow[];
  filters: NewsAdminFilters;
  next: string | null;
  prev: string | null;
  total: Total;
};

export type NewsAdminData = {
  list: NewsAdminPage;
  /** The IMAGE upload rule (cover and detail images), as the server enforces it. */
  imageRule: UploadRule;
};

const toRow = (r: ListRaw, now: number): NewsAdminRow => {
  const phase = newsPhase(r.status, r.publishAt, now);
  return {
    id: r.id,
    slug: r.slug,
    titleEn: r.titleEn,
    titleZh: r.titleZh,
    phase,
    publishAt: r.publishAt?.toISOString() ?? null,
    views: r.views,
    thumb: r.coverId ? fileUrl(r.coverId, true) : null,
    author: r.author.name,
    updatedAt: r.updatedAt.toISOString(),
    plannedMinute: r.publishAt && r.publishAt.getTime() > now ? dateToMinute(r.publishAt) : null,
    moves: newsMoves(phase),
  };
};

export async function listNewsAdmin(viewer: Viewer, filters: NewsAdminFilters): Promise<NewsAdminPage> {
  if (!hasPermission(viewer, PERMISSION)) throw new ForbiddenError(PERMISSION);
  const now = new Date();
  const and: Prisma.NewsWhereInput[] = [];
  const phase = phaseWhere(filters.phase, now);
  if (phase) and.push(phase);
  if (filters.q) and.push({ OR: [{ titleEn: { contains: filters.q, mode: "insensitive" } }, { titleZh: { contains: filters.q, mode: "insensitive" } }] });
  const where: Prisma.NewsWhereInput = { AND: and };
  const { rows, next, prev, total } = await readKeysetPage(
    filters,
    "updatedAt",
    where,
    (q) => db().news.findMany({ ...q, select: LIST_SELECT }),
    (q) => db().news.count(q),
    { maxSize: MAX_PAGE_SIZE },
  );
  return { rows: rows.map((r) => toRow(r, now.getTime())), filters, next, prev, total };
}

/** The management screen's data; the page renders it only for viewers with news:manage. */
export async function loadNewsAdmin(viewer: Viewer, url: URL | URLSearchParams): Promise<NewsAdminData> {
  const p = url instanceof URL ? url.searchParams : url;
  const [list, imageRule] = await Promise.all([listNewsAdmin(viewer, parseNewsAdminFilters(p)), imageRuleFor("NEWS_COVER")]);
  return { list, imageRule };
}

/** An article as the edit form loads it. */
export type NewsForEdit = {
  id: number;
  slug: string;
  phase: NewsPhase;
  /** The updatedAt the save sends back (a newer save in between is refused). */
  version: string;
  titleEn: string;
  titleZh: string;
  summaryEn: string;
  summaryZh: string;
  detailEn: string;
  detailZh: string;
  cover: AttachmentValue[];
  /** "YYYY-MM-DD HH:mm" Beijing time, or null. */
  publishAt: string | null;
};

export async function newsForEdit(viewer: Viewer, id: number): Promise<NewsForEdit> {
  if (!hasPermission(viewer, PERMISSION)) throw new ForbiddenError(PERMISSION);
  const r = await db().news.findUnique({ where: { id } });
  if (!r) throw new NotFoundError();
  const files = await attachmentsOf(NEWS_OWNER, r.id);
  return {
    id: r.id,
    slug: r.slug,
    phase: newsPhase(r.status, r.publishAt),
    version: r.updatedAt.toISOString(),
    titleEn: r.titleEn,
    titleZh: r.titleZh,
    summaryEn: r.summaryEn,
    summaryZh: r.summaryZh,
    detailEn: r.detailEn,
    detailZh: r.detailZh,
    cover: files.filter((f) => f.field === NEWS_COVER_FIELD).map(({ field: _field, ...v }) => v),
    publishAt: r.publishAt ? dateToMinute(r.publishAt) : null,
  };
}
