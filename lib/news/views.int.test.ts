import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { makeUser, uid } from "@/lib/test/factories";
import { countViewAfterResponse, pruneViews, recordView, shanghaiDay, visitorKey } from "./views";

// after() only exists inside a Next request: collect the callbacks and run them when the test says.
const pending: (() => Promise<void>)[] = [];
vi.mock("next/server", () => ({ after: (fn: () => Promise<void>) => void pending.push(fn) }));
const flush = async () => {
  while (pending.length) await pending.shift()!();
};

// Views against PostgreSQL: once per visitor per day (also under a burst of parallel requests),
// a new day counts again, old visit rows are pruned, and the page-side call skips bots and
// prefetches and writes nothing until after the response.

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let newsId: number;
const views = async () => (await db().news.findUniqueOrThrow({ where: { id: newsId }, select: { views: true } })).views;

beforeAll(async () => {
  const author = await makeUser({ userType: "STAFF" });
  const title = uid("Views ");
  newsId = (
    await db().news.create({
      data: {
        slug: "views",
        titleEn: title,
        titleZh: title,
        summaryEn: "s",
        summaryZh: "s",
        detailEn: "<p>x</p>",
        detailZh: "<p>x</p>",
        status: "PUBLISHED",
        publishAt: new Date(),
        authorId: author.id,
        views: 10,
      },
    })
  ).id;
});

afterAll(async () => {
  await db().news.delete({ where: { id: newsId } });
});

describe("recordView", () => {
  it("counts a visitor once per day, another visitor and another day again", async () => {
    const a = visitorKey({ userId: null, ip: "203.0.113.1", userAgent: CHROME }, "2026-01-10");
    const b = visitorKey({ userId: null, ip: "203.0.113.2", userAgent: CHROME }, "2026-01-10");
    expect(await recordView(newsId, "2026-01-10", a)).toBe(true);
    expect(await recordView(newsId, "2026-01-10", a)).toBe(false);
    expect(await views()).toBe(11);
    expect(await recordView(newsId, "2026-01-10", b)).toBe(true);
    expect(await recordView(newsId, "2026-01-11", visitorKey({ userId: null, ip: "203.0.113.1", userAgent: CHROME }, "2026-01-11"))).toBe(true);
    expect(await views()).toBe(13);
  });

  it("counts once when the same visitor's requests race", async () => {
    const before = await views();
    const v = visitorKey({ userId: 42, ip: null, userAgent: null }, "2026-01-12");
    const results = await Promise.all(Array.from({ length: 20 }, () => recordView(newsId, "2026-01-12", v)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await views()).toBe(before + 1);
  });

  it("prunes visit rows older than two days", async () => {
    await recordView(newsId, "2026-01-20", "a".repeat(64));
    await recordView(newsId, "2026-01-18", "b".repeat(64));
    await pruneViews("2026-01-20");
    const days = (await db().newsView.findMany({ where: { newsId }, select: { day: true } })).map((r) => r.day.toISOString().slice(0, 10));
    expect(days.every((d) => d >= "2026-01-18")).toBe(true);
    expect(days).toContain("2026-01-18");
    expect(days).toContain("2026-01-20");
  });
});

describe("countViewAfterResponse", () => {
  const headers = (ua: string, extra: Record<string, string> = {}) => new Headers({ "user-agent": ua, "x-forwarded-for": "198.51.100.9", ...extra });

  it("writes after the response, once per visitor and day", async () => {
    const before = await views();
    countViewAfterResponse(newsId, headers(CHROME), null);
    expect(await views()).toBe(before); // nothing written while the page renders
    countViewAfterResponse(newsId, headers(CHROME), null); // a reload: remembered, no second write
    expect(pending).toHaveLength(1);
    await flush();
    expect(await views()).toBe(before + 1);
    const today = shanghaiDay(new Date());
    expect(await db().newsView.count({ where: { newsId, day: new Date(`${today}T00:00:00Z`) } })).toBe(1);
  });

  it("counts a signed-in reader by user, not by address", async () => {
    const before = await views();
    countViewAfterResponse(newsId, headers(CHROME), 77);
    countViewAfterResponse(newsId, headers(CHROME, { "x-forwarded-for": "192.0.2.1" }), 77);
    await flush();
    expect(await views()).toBe(before + 1);
  });

  it("skips bots and prefetches", async () => {
    const before = await views();
    countViewAfterResponse(newsId, headers("Mozilla/5.0 (compatible; Googlebot/2.1)"), null);
    countViewAfterResponse(newsId, headers(CHROME.replace("Chrome", "HeadlessChrome")), null);
    countViewAfterResponse(newsId, headers(CHROME, { "x-forwarded-for": "192.0.2.50", "next-router-prefetch": "1" }), null);
    countViewAfterResponse(newsId, headers(CHROME, { "x-forwarded-for": "192.0.2.51", "sec-purpose": "prefetch" }), null);
    expect(pending).toHaveLength(0);
    await flush();
    expect(await views()).toBe(before);
  });

  it("does not count an article that was deleted meanwhile, and does not throw", async () => {
    countViewAfterResponse(2_000_000_000, headers(CHROME), null);
    await expect(flush()).resolves.toBeUndefined();
  });
});
