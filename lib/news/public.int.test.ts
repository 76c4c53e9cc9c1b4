import "./public-test-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { db } from "@/lib/db";
import { PrismaClient, type NewsStatus } from "@/lib/generated/prisma/client";
import { makeUser, uid } from "@/lib/test/factories";
import { NEWS_PAGE_SIZE, isVisibleNews, latestNews, newsArticle, newsListPage, parsePage, visibleNewsIndex } from "./public";
import { installTestCache } from "./public-test-cache";
import { slugify } from "./slug";

// The public news through Next's real data cache (installed outside a server): which articles
// anyone may read (draft, unpublished, scheduled, published), the pages of the list, and that
// once cached, lists, articles, unknown ids and page numbers cost no database query until the
// news tag is revalidated — while a scheduled article still appears on time by itself.

const HOUR = 3_600_000;
let cache: ReturnType<typeof installTestCache>;
let authorId: number;
const ids: Record<"draft" | "unpublished" | "scheduled" | "published" | "older", number> = { draft: 0, unpublished: 0, scheduled: 0, published: 0, older: 0 };

async function makeNews(status: NewsStatus, publishAt: Date | null, title = uid("Headline ")) {
  const row = await db().news.create({
    data: {
      slug: slugify(title),
      titleEn: title,
      titleZh: `标题${title}`,
      summaryEn: `About ${title}`,
      summaryZh: `摘要${title}`,
      detailEn: `<p>${title}</p>`,
      detailZh: `<p>中文${title}</p>`,
      status,
      publishAt,
      authorId,
    },
    select: { id: true },
  });
  return row.id;
}

/** Runs `fn` against a client that counts the SQL statements it sends. */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const holder = globalThis as unknown as { __dealerPrisma?: PrismaClient };
  const original = holder.__dealerPrisma;
  const counting = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }), log: [{ emit: "event", level: "query" }] });
  let n = 0;
  counting.$on("query", () => n++);
  holder.__dealerPrisma = counting;
  try {
    await fn();
  } finally {
    holder.__dealerPrisma = original;
    await counting.$disconnect();
  }
  return n;
}

beforeAll(async () => {
  cache = installTestCache();
  authorId = (await makeUser({ userType: "STAFF" })).id;
  const now = Date.now();
  ids.draft = await makeNews("DRAFT", null);
  ids.unpublished = await makeNews("UNPUBLISHED", new Date(now - 5 * HOUR));
  ids.scheduled = await makeNews("PUBLISHED", new Date(now + HOUR));
  ids.older = await makeNews("PUBLISHED", new Date(now - 2 * HOUR));
  ids.published = await makeNews("PUBLISHED", new Date(now - HOUR));
  await cache.expireNews();
});

afterAll(async () => {
  await db().news.deleteMany({ where: { id: { in: Object.values(ids) } } });
  cache.remove();
});

describe("visibility", () => {
  it("shows published articles whose time has come, and nothing else", async () => {
    expect((await newsArticle(ids.published))?.titleEn).toMatch(/^Headline /);
    expect(await newsArticle(ids.draft)).toBeNull();
    expect(await newsArticle(ids.unpublished)).toBeNull();
    expect(await newsArticle(ids.scheduled)).toBeNull();
    expect(await newsArticle(2_000_000_000)).toBeNull();
    const index = (await visibleNewsIndex()).map((e) => e.id);
    expect(index).toContain(ids.published);
    expect(index).not.toContain(ids.draft);
    expect(index).not.toContain(ids.unpublished);
    expect(index).not.toContain(ids.scheduled);
    expect(await isVisibleNews(ids.published)).toBe(true);
    expect(await isVisibleNews(ids.scheduled)).toBe(false);
  });

  it("lists newest publish time first", async () => {
    const index = (await visibleNewsIndex()).map((e) => e.id);
    expect(index.indexOf(ids.published)).toBeLessThan(index.indexOf(ids.older));
  });

  it("shows a scheduled article when its time comes, without a query or a revalidation", async () => {
    const later = Date.now() + 2 * HOUR;
    await newsArticle(ids.scheduled); // cached
    let article: Awaited<ReturnType<typeof newsArticle>> = null;
    let index: number[] = [];
    const queries = await countQueries(async () => {
      article = await newsArticle(ids.scheduled, later);
      index = (await visibleNewsIndex(later)).map((e) => e.id);
    });
    expect(article).not.toBeNull();
    expect(index[0]).toBe(ids.scheduled);
    // The article's own entry is read once (its first visit); the index comes from the cache.
    expect(queries).toBe(1);
  });

  it("hides an article as soon as it is unpublished and the tag revalidated", async () => {
    const id = await makeNews("PUBLISHED", new Date(Date.now() - HOUR));
    await cache.expireNews();
    expect(await newsArticle(id)).not.toBeNull();
    await db().news.update({ where: { id }, data: { status: "UNPUBLISHED" } });
    await cache.expireNews();
    expect(await newsArticle(id)).toBeNull();
    expect((await visibleNewsIndex()).map((e) => e.id)).not.toContain(id);
    await db().news.delete({ where: { id } });
  });
});

describe("list pages", () => {
  it("splits the visible articles into pages of NEWS_PAGE_SIZE in index order", async () => {
    const extra = [];
    for (let i = 0; i < NEWS_PAGE_SIZE + 1; i++) extra.push(await makeNews("PUBLISHED", new Date(Date.now() - (3 + i) * HOUR)));
    await cache.expireNews();
    try {
      const index = (await visibleNewsIndex()).map((e) => e.id);
      const pages = Math.ceil(index.length / NEWS_PAGE_SIZE);
      expect(pages).toBeGreaterThanOrEqual(2);
      const seen: number[] = [];
      for (let p = 1; p <= pages; p++) {
        const page = await newsListPage(p);
        expect(page).not.toBeNull();
        expect(page!.pages).toBe(pages);
        expect(page!.total).toBe(index.length);
        expect(page!.rows.length).toBe(p < pages ? NEWS_PAGE_SIZE : index.length - NEWS_PAGE_SIZE * (pages - 1));
        seen.push(...page!.rows.map((r) => r.id));
      }
      expect(seen).toEqual(index);
      expect(await newsListPage(pages + 1)).toBeNull();
      expect(await newsListPage(0)).toBeNull();
      expect((await latestNews(3)).map((r) => r.id)).toEqual(index.slice(0, 3));
    } finally {
      await db().news.deleteMany({ where: { id: { in: extra } } });
      await cache.expireNews();
    }
  });

  it("reads ?page= strictly", () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage("3")).toBe(3);
    expect(parsePage(["2", "5"])).toBe(2);
    for (const bad of ["0", "-1", "1.5", "abc", "01", "9999999", ""]) expect(parsePage(bad)).toBeNull();
  });
});

describe("cache", () => {
  it("answers repeated requests, unknown ids and missing pages without a database query", async () => {
    await newsListPage(1);
    await newsArticle(ids.published);
    const queries = await countQueries(async () => {
      for (let i = 0; i < 5; i++) {
        await newsListPage(1);
        await newsArticle(ids.published);
        await visibleNewsIndex();
        await newsArticle(1_999_999_999 - i);
        await newsListPage(9_000 + i);
        await isVisibleNews(ids.draft);
      }
    });
    expect(queries).toBe(0);
    // The counter does see queries: once the tag is revalidated, the same reads go to the database.
    await cache.expireNews();
    expect(
      await countQueries(async () => {
        await newsListPage(1);
        await newsArticle(ids.published);
      }),
    ).toBeGreaterThanOrEqual(3);
  });

  it("serves the cached article until the news tag is revalidated, then the edit", async () => {
    const before = (await newsArticle(ids.published))!.titleEn;
    await db().news.update({ where: { id: ids.published }, data: { titleEn: `${before} (edited)` } });
    expect((await newsArticle(ids.published))!.titleEn).toBe(before);
    await cache.expireNews();
    expect((await newsArticle(ids.published))!.titleEn).toBe(`${before} (edited)`);
    const page = await newsListPage(1);
    expect(page!.rows.find((r) => r.id === ids.published)?.titleEn).toBe(`${before} (edited)`);
  });
});
