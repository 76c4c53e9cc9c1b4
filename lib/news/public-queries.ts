import "server-only";
import { db } from "@/lib/db";

// The database reads behind the public news pages, the shell's reader and the sitemap. They
// return plain JSON (dates as ISO strings) because lib/news/public.ts keeps them in Next's data
// cache, which stores JSON. Nothing here decides visibility in time: a PUBLISHED article with a
// future publishAt (scheduled) is read too, and the caller compares publishAt with the clock
// on every request, so a scheduled article appears on the minute without a cache refresh.

/** Sitemaps hold at most 50,000 URLs; the news list never gets near that. */
export const INDEX_LIMIT = 50_000;

/** One published or scheduled article, newest first: what lists, pages and the sitemap need. */
export type NewsIndexEntry = { id: number; slug: string; publishAt: string; updatedAt: string };

export type NewsCard = {
  id: number;
  slug: string;
  titleEn: string;
  titleZh: string;
  summaryEn: string;
  summaryZh: string;
  coverId: string | null;
  publishAt: string;
  views: number;
};

export type NewsArticle = NewsCard & { detailEn: string; detailZh: string; updatedAt: string };

const PUBLISHED = { status: "PUBLISHED" as const, publishAt: { not: null } };

const CARD_SELECT = {
  id: true,
  slug: true,
  titleEn: true,
  titleZh: true,
  summaryEn: true,
  summaryZh: true,
  coverId: true,
  publishAt: true,
  views: true,
} as const;

/** Every PUBLISHED article (scheduled ones included), newest publish time first. */
export async function queryNewsIndex(): Promise<NewsIndexEntry[]> {
  const rows = await db().news.findMany({
    where: PUBLISHED,
    orderBy: [{ publishAt: "desc" }, { id: "desc" }],
    take: INDEX_LIMIT,
    select: { id: true, slug: true, publishAt: true, updatedAt: true },
  });
  return rows.map((r) => ({ id: r.id, slug: r.slug, publishAt: r.publishAt!.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

/** The list entries of these articles, in the order given; ids no longer published are left out. */
export async function queryNewsCards(ids: number[]): Promise<NewsCard[]> {
  if (!ids.length) return [];
  const rows = await db().news.findMany({ where: { id: { in: ids }, ...PUBLISHED }, select: CARD_SELECT });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ ...r, publishAt: r.publishAt!.toISOString() }] : [];
  });
}

/** One PUBLISHED article (maybe scheduled), or null. */
export async function queryNewsArticle(id: number): Promise<NewsArticle | null> {
  const r = await db().news.findFirst({ where: { id, ...PUBLISHED }, select: { ...CARD_SELECT, detailEn: true, detailZh: true, updatedAt: true } });
  return r ? { ...r, publishAt: r.publishAt!.toISOString(), updatedAt: r.updatedAt.toISOString() } : null;
}
