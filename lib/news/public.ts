import "server-only";
import { unstable_cache } from "next/cache";
import { cache } from "react";
import type { Locale } from "@/lib/i18n/config";
import { NEWS_TAG } from "./cache";
import { queryNewsArticle, queryNewsCards, queryNewsIndex, type NewsArticle, type NewsCard, type NewsIndexEntry } from "./public-queries";

// What anyone may read: an article is visible when it is PUBLISHED and its publishAt has come
// (a later publishAt is a scheduled article). The public pages, the dealers' reader in the shell
// and the sitemap all read through here, from Next's data cache tagged NEWS_TAG: newsadmin's
// actions revalidate the tag on publish, unpublish and edit, so repeated requests make no
// database query. The cache keeps PUBLISHED articles whatever their time and the clock is
// compared on each request, so a scheduled article shows up on time by itself. Entries also
// expire after REVALIDATE_SECONDS, which bounds what another app instance (whose cache a tag
// revalidation does not reach) or a view count shows late.

export type { NewsArticle, NewsCard, NewsIndexEntry } from "./public-queries";

export const REVALIDATE_SECONDS = 60;
/** Articles per page of the list (public and shell). */
export const NEWS_PAGE_SIZE = 6;

const options = { tags: [NEWS_TAG], revalidate: REVALIDATE_SECONDS };
// Cache keys are bounded by the data: cards and articles are only looked up for ids the index
// holds, so unknown ids and page numbers cost neither a query nor a cache entry.
// React's cache() on top: a page and its metadata ask for the same entry in one request, and
// on a miss they would both query.
const cachedIndex = cache(unstable_cache(queryNewsIndex, ["news-public-index"], options));
const cachedCards = unstable_cache(queryNewsCards, ["news-public-cards"], options);
const cachedArticle = cache(unstable_cache(queryNewsArticle, ["news-public-article"], options));

const visibleAt = (now: number) => (e: { publishAt: string }) => Date.parse(e.publishAt) <= now;

/** Visible articles, newest first (id, slug, times): the sitemap and page counts use it. */
export async function visibleNewsIndex(now = Date.now()): Promise<NewsIndexEntry[]> {
  return (await cachedIndex()).filter(visibleAt(now));
}

export type NewsListPage = { rows: NewsCard[]; page: number; pages: number; total: number };

/** Page `page` (1-based) of the visible articles; null for a page that does not exist (page 1
 * always exists, empty when nothing is published). */
export async function newsListPage(page: number, now = Date.now()): Promise<NewsListPage | null> {
  const index = await visibleNewsIndex(now);
  const pages = Math.max(1, Math.ceil(index.length / NEWS_PAGE_SIZE));
  if (!Number.isSafeInteger(page) || page < 1 || page > pages) return null;
  const ids = index.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE).map((e) => e.id);
  return { rows: await cachedCards(ids), page, pages, total: index.length };
}

/** The newest visible articles (e.g. the workbench's news tile). */
export async function latestNews(count: number, now = Date.now()): Promise<NewsCard[]> {
  const ids = (await visibleNewsIndex(now)).slice(0, Math.max(0, Math.min(count, NEWS_PAGE_SIZE * 2))).map((e) => e.id);
  return cachedCards(ids);
}

/** A visible article, or null (unknown, draft, unpublished, or scheduled for later). */
export async function newsArticle(id: number, now = Date.now()): Promise<NewsArticle | null> {
  if (!(await visibleNewsIndex(now)).some((e) => e.id === id)) return null;
  const article = await cachedArticle(id);
  return article && Date.parse(article.publishAt) <= now ? article : null;
}

/** Whether a visible article has this id (the shell's record guard). */
export async function isVisibleNews(id: number, now = Date.now()): Promise<boolean> {
  return (await visibleNewsIndex(now)).some((e) => e.id === id);
}

/** The page number of a `?page=` value: a positive integer, else 1; null when malformed. */
export function parsePage(raw: string | string[] | undefined | null): number | null {
  if (raw === undefined || raw === null) return 1;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

export const titleOf = (n: Pick<NewsCard, "titleEn" | "titleZh">, locale: Locale) => (locale === "zh-CN" ? n.titleZh : n.titleEn);
export const summaryOf = (n: Pick<NewsCard, "summaryEn" | "summaryZh">, locale: Locale) => (locale === "zh-CN" ? n.summaryZh : n.summaryEn);
export const detailOf = (n: Pick<NewsArticle, "detailEn" | "detailZh">, locale: Locale) => (locale === "zh-CN" ? n.detailZh : n.detailEn);
