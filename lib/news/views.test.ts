import { describe, expect, it } from "vitest";
import { clientIp, firstSighting, isBot, isPrefetch, shanghaiDay, visitorKey } from "./views";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WECHAT =
  "Mozilla/5.0 (Linux; Android 14; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64";
const h = (entries: Record<string, string>) => new Headers(entries);

describe("who counts as a view", () => {
  it("counts browsers, not crawlers, previewers, tools or headless browsers", () => {
    for (const ua of [CHROME, SAFARI_IOS, WECHAT]) expect(isBot(ua), ua).toBe(false);
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Mozilla/5.0 (Macintosh) AppleWebKit/537.36 (KHTML, like Gecko) Chrome-Lighthouse",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "curl/8.5.0",
      "Wget/1.21",
      "python-requests/2.32",
      "Go-http-client/1.1",
      "node-fetch/1.0",
      "axios/1.7.2",
      "",
    ])
      expect(isBot(ua), ua).toBe(true);
    expect(isBot(null)).toBe(true);
  });

  it("skips Next's router prefetch and the browsers' speculative loads", () => {
    expect(isPrefetch(h({ "next-router-prefetch": "1" }))).toBe(true);
    expect(isPrefetch(h({ "sec-purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(h({ purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(h({ "x-moz": "prefetch" }))).toBe(true);
    expect(isPrefetch(h({ rsc: "1" }))).toBe(false);
    expect(isPrefetch(h({}))).toBe(false);
  });
});

describe("visitor keys", () => {
  it("are keyed hashes, the same within a day and unlinkable across days", () => {
    const anon = { userId: null, ip: "203.0.113.7", userAgent: CHROME };
    const k = visitorKey(anon, "2026-11-21");
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(k).not.toContain("203.0.113.7");
    expect(visitorKey(anon, "2026-11-21")).toBe(k);
    expect(visitorKey(anon, "2026-11-22")).not.toBe(k);
    expect(visitorKey({ ...anon, ip: "203.0.113.8" }, "2026-11-21")).not.toBe(k);
    expect(visitorKey({ ...anon, userAgent: SAFARI_IOS }, "2026-11-21")).not.toBe(k);
    // A signed-in reader is one visitor whatever the device.
    expect(visitorKey({ userId: 5, ip: "1.1.1.1", userAgent: CHROME }, "2026-11-21")).toBe(visitorKey({ userId: 5, ip: "2.2.2.2", userAgent: SAFARI_IOS }, "2026-11-21"));
  });

  it("believes forwarded headers only from configured proxies (lib/http/client-ip.ts)", () => {
    const saved = process.env.TRUSTED_PROXIES;
    try {
      delete process.env.TRUSTED_PROXIES;
      expect(clientIp(h({ "x-forwarded-for": "198.51.100.4, 10.0.0.1", "x-real-ip": "198.51.100.5" }))).toBeNull();
      process.env.TRUSTED_PROXIES = "1";
      expect(clientIp(h({ "x-forwarded-for": "198.51.100.4, 10.0.0.1" }))).toBe("10.0.0.1");
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    }
  });

  it("uses the Beijing calendar day", () => {
    expect(shanghaiDay(new Date("2026-11-21T15:59:59Z"))).toBe("2026-11-21");
    expect(shanghaiDay(new Date("2026-11-21T16:00:00Z"))).toBe("2026-11-22");
  });

  it("remembers a visitor per article and day in the process", () => {
    expect(firstSighting(1, "2030-01-01", "v1")).toBe(true);
    expect(firstSighting(1, "2030-01-01", "v1")).toBe(false);
    expect(firstSighting(2, "2030-01-01", "v1")).toBe(true);
    expect(firstSighting(1, "2030-01-02", "v1")).toBe(true);
  });
});
