import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { after } from "next/server";
import { db } from "@/lib/db";
import { clientIpOf } from "@/lib/http/client-ip";
import { errorFields, log } from "@/lib/log";

// Article views count once per visitor per Beijing calendar day. The page answers first; the
// count is written afterwards (next/server `after`), so a slow or failing write never slows or
// breaks reading. One statement inserts the (article, day, visitor) row and adds 1 to
// News.views only when that row was new. The visitor is a keyed hash of the signed-in user's
// id, or of IP address and user agent for anonymous readers, salted with the day so hashes
// cannot be linked across days; raw addresses are never stored. Prefetches and obvious bots do
// not count. Rows older than two days are no longer needed to deduplicate and are pruned.

const BOT_UA =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|lighthouse|pagespeed|headlesschrome|phantomjs|puppeteer|playwright|selenium|curl\/|wget\/|python-|httpclient|okhttp|go-http-client|java\/|libwww|axios\/|node-fetch|undici|scrapy|monitor|pingdom|uptime|feedfetcher|validator/i;

/** Crawlers, link previewers, monitors, HTTP libraries and headless browsers; an empty user
 * agent too (browsers always send one). */
export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent?.trim() || BOT_UA.test(userAgent);
}

/** Next's router prefetch and the browsers' speculative loads (Sec-Purpose / Purpose). */
export function isPrefetch(h: Pick<Headers, "get">): boolean {
  if (h.get("next-router-prefetch") !== null) return true;
  const purpose = `${h.get("sec-purpose") ?? ""} ${h.get("purpose") ?? ""} ${h.get("x-purpose") ?? ""}`;
  return /prefetch|prerender|preview/i.test(purpose) || h.get("x-moz") === "prefetch";
}

/** The calendar day in Asia/Shanghai ("2026-11-21"). */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

let hashKey: Buffer | null = null;
function key(): Buffer {
  if (!hashKey) {
    // The session secret the start scripts always provide; tests and scripts run without one.
    const material = process.env.APP_ENCRYPTION_KEY || process.env.NEXTAUTH_SECRET || "dealer-platform-dev-view-key";
    hashKey = Buffer.from(hkdfSync("sha256", material, "dealer-platform", "news-visitor v1", 32));
  }
  return hashKey;
}

export type VisitorInput = { userId: number | null; ip: string | null; userAgent: string | null };

/** 64 hex characters: HMAC-SHA256 of the day and the visitor (user id, else IP + user agent). */
export function visitorKey(v: VisitorInput, day: string): string {
  const who = v.userId !== null ? `u:${v.userId}` : `a:${v.ip ?? ""}|${(v.userAgent ?? "").slice(0, 512)}`;
  return createHmac("sha256", key()).update(`${day}|${who}`).digest("hex");
}

/** The client's address (lib/http/client-ip.ts: forwarded headers only from TRUSTED_PROXIES), or null. */
export function clientIp(h: Pick<Headers, "get">): string | null {
  return clientIpOf(h);
}

/** Counts one view unless this visitor was counted for the article that day; true when counted. */
export async function recordView(newsId: number, day: string, visitor: string): Promise<boolean> {
  const updated = await db().$executeRaw`
    WITH ins AS (
      INSERT INTO "NewsView" ("newsId", "day", "visitor") VALUES (${newsId}, ${day}::date, ${visitor})
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    UPDATE "News" SET "views" = "views" + 1 WHERE "id" = ${newsId} AND EXISTS (SELECT 1 FROM ins)`;
  return updated > 0;
}

/** Deletes visit rows older than two days before `day`; returns how many. */
export async function pruneViews(day: string): Promise<number> {
  const cutoff = new Date(Date.parse(`${day}T00:00:00Z`) - 2 * 86400_000).toISOString().slice(0, 10);
  return db().$executeRaw`DELETE FROM "NewsView" WHERE "day" < ${cutoff}::date`;
}

// Visitors already counted by this process, so a reader reloading an article costs no query at
// all. Bounded; forgetting entries only means the database deduplicates instead.
const SEEN_LIMIT = 20_000;
const seen = new Set<string>();
let seenDay = "";
let lastPrune = 0;

/** Remembers (article, day, visitor); false when it was already remembered. */
export function firstSighting(newsId: number, day: string, visitor: string): boolean {
  if (day !== seenDay || seen.size >= SEEN_LIMIT) {
    seen.clear();
    seenDay = day;
  }
  const k = `${newsId}:${visitor}`;
  if (seen.has(k)) return false;
  seen.add(k);
  return true;
}

/**
 * Called while rendering an article (public page or the shell's reader): schedules the count
 * for after the response. `h` are the request's headers, read before rendering ends.
 */
export function countViewAfterResponse(newsId: number, h: Pick<Headers, "get">, userId: number | null): void {
  if (isPrefetch(h) || isBot(h.get("user-agent"))) return;
  const now = new Date();
  const day = shanghaiDay(now);
  const visitor = visitorKey({ userId, ip: clientIp(h), userAgent: h.get("user-agent") }, day);
  if (!firstSighting(newsId, day, visitor)) return;
  after(async () => {
    try {
      await recordView(newsId, day, visitor);
      if (now.getTime() - lastPrune > 3600_000) {
        lastPrune = now.getTime();
        await pruneViews(day);
      }
    } catch (err) {
      seen.delete(`${newsId}:${visitor}`);
      log.warn("news view not counted", { newsId, ...errorFields(err) });
    }
  });
}
