import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { abs, baseURL, BASE_PATH, expect, setLocaleCookie, signInState, test, waitForShell, type Locale } from "./fixtures";
import { db } from "./mall-orders-db";

// Issue 8, the public news: an anonymous visitor reads the list and an article in both languages
// (title, description, Open Graph, <html lang>, hreflang, canonical), follows the page links;
// sitemap.xml and robots.txt; the public pages ship no antd and no session code (no more script
// than Next's bare not-found page); a stale slug redirects (308), hidden articles are 404; views
// count once per visitor per day; a dealer reads the same news inside the shell with the tab bar;
// an anonymous visitor of the shell's news screen lands on the public pages.

const SHOTS = "/tmp/shots/newspub";
const T = {
  "en-US": {
    heading: "News from Green Motors",
    listTitle: "News",
    signIn: "Sign in",
    back: "All news",
    published: "Published",
    next: "Next",
    views: /views?|No views yet/,
    shellTitle: "News",
    publicLink: "Public page",
  },
  "zh-CN": {
    heading: "绿色汽车新闻资讯",
    listTitle: "新闻资讯",
    signIn: "登录",
    back: "全部新闻",
    published: "发布于",
    next: "下一页",
    views: /浏览|暂无浏览/,
    shellTitle: "新闻资讯",
    publicLink: "公开页面",
  },
} as const;

type Row = { id: number; slug: string; titleEn: string; titleZh: string; summaryEn: string; summaryZh: string; coverId: string | null; views: number };

/** Visible articles as the pages must show them: published, time come, newest first. */
async function visible(): Promise<Row[]> {
  return db().news.findMany({
    where: { status: "PUBLISHED", publishAt: { lte: new Date() } },
    orderBy: [{ publishAt: "desc" }, { id: "desc" }],
    select: { id: true, slug: true, titleEn: true, titleZh: true, summaryEn: true, summaryZh: true, coverId: true, views: true },
  });
}
const hidden = async () =>
  db().news.findMany({
    where: { OR: [{ status: { not: "PUBLISHED" } }, { publishAt: { gt: new Date() } }] },
    orderBy: { id: "asc" },
    select: { id: true, slug: true, status: true },
  });
const viewsOf = async (id: number) => (await db().news.findUniqueOrThrow({ where: { id }, select: { views: true } })).views;

/** The seeded article with a picture in its text, else the newest one. */
async function sample(): Promise<Row> {
  const rows = await visible();
  expect(rows.length, "the demo seed publishes news").toBeGreaterThan(0);
  return rows.find((r) => r.slug.startsWith("volt-x-opens")) ?? rows[0];
}

const articlePath = (r: Pick<Row, "id" | "slug">) => `news/${r.id}-${r.slug}`;
const meta = (page: Page, attr: "name" | "property", key: string) => page.locator(`head meta[${attr}="${key}"]`);
const link = (page: Page, rel: string, hreflang?: string) => page.locator(`head link[rel="${rel}"]${hreflang ? `[hreflang="${hreflang}"]` : ""}`);
const browserUa = () => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 E2E/${randomBytes(6).toString("hex")}`;

/** Articles per list page (lib/news/public.ts NEWS_PAGE_SIZE). */
const PAGE_SIZE = 6;

/**
 * Opens `path` until it shows what the database holds. The pages read through a cache that
 * publishing revalidates; rows other specs write straight into the database reach it within a
 * minute (REVALIDATE_SECONDS), so a shared server may lag that long.
 */
async function openFresh(page: Page, path: string, want: (rows: Row[]) => string | null, shown: () => Promise<string | null>): Promise<Row[]> {
  let rows: Row[] = [];
  await expect
    .poll(
      async () => {
        rows = await visible();
        await page.goto(abs(path));
        const expected = want(rows);
        const got = await shown();
        return got === expected ? "fresh" : `page shows ${got}, database ${expected}`;
      },
      { timeout: 80_000, intervals: [500, 2_000, 5_000] },
    )
    .toBe("fresh");
  return rows;
}

async function anonymous(browser: Browser, locale?: Locale): Promise<BrowserContext> {
  const ctx = await browser.newContext({ userAgent: browserUa() });
  if (locale) await setLocaleCookie(ctx, locale);
  return ctx;
}

/** External scripts of a page, and their total size (gzip). */
async function scriptsOf(api: APIRequestContext, path: string, status: number): Promise<{ srcs: string[]; bytes: number; bodies: string[] }> {
  const res = await api.get(path);
  expect(res.status(), path).toBe(status);
  const html = await res.text();
  const srcs = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1])
    .filter((a) => !/\snomodule/i.test(a))
    .map((a) => a.match(/\ssrc="([^"]+)"/)?.[1])
    .filter((s): s is string => !!s);
  const bodies = await Promise.all(srcs.map(async (s) => (await api.get(new URL(s, baseURL()).href)).text()));
  return { srcs, bodies, bytes: bodies.reduce((n, b) => n + gzipSync(b).length, 0) };
}

for (const locale of ["en-US", "zh-CN"] as const) {
  const t = T[locale];
  const zh = locale === "zh-CN";

  test(`an anonymous visitor reads the news list and an article (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ctx = await anonymous(browser);
    const page = await ctx.newPage();
    const a = await sample();
    const cards = page.getByTestId("news-card");

    // Newest first, in the language shown.
    await openFresh(
      page,
      `news?lng=${locale}`,
      (rows) => (zh ? rows[0].titleZh : rows[0].titleEn),
      () => cards.first().getByRole("heading").textContent(),
    );
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("news-heading")).toHaveText(t.heading);
    await expect(page).toHaveTitle(new RegExp(`^${t.listTitle} · `));
    await expect(page.getByTestId(`public-lang-${locale}`)).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("public-sign-in")).toHaveText(t.signIn);
    await expect(page.getByTestId("public-sign-in")).toHaveAttribute("href", `${BASE_PATH}/system/login`);
    await expect(link(page, "alternate", "x-default")).toHaveAttribute("href", /\/customerWeb\/news$/);
    await page.screenshot({ path: `${SHOTS}/list-${locale}.png`, fullPage: true });

    // Open the article from its card.
    const card = cards.filter({ has: page.locator(`a[href="${BASE_PATH}/${articlePath(a)}"]`) });
    if (await card.count()) await card.getByRole("link").click();
    else await page.goto(abs(`${articlePath(a)}?lng=${locale}`));
    await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/${articlePath(a)}(\\?|$)`));
    const title = zh ? a.titleZh : a.titleEn;
    const summary = zh ? a.summaryZh : a.summaryEn;
    await expect(page.getByTestId("news-title")).toHaveText(title);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("news-published")).toContainText(t.published);
    await expect(page.getByTestId("news-views")).toHaveText(t.views);
    await expect(page.getByTestId("news-body")).not.toBeEmpty();
    await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} · `));
    await expect(meta(page, "name", "description")).toHaveAttribute("content", summary);
    await expect(meta(page, "property", "og:title")).toHaveAttribute("content", title);
    await expect(meta(page, "property", "og:description")).toHaveAttribute("content", summary);
    await expect(meta(page, "property", "og:type")).toHaveAttribute("content", "article");
    const canonical = await link(page, "canonical").getAttribute("href");
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+${BASE_PATH}/${articlePath(a)}\\?lng=${locale}$`));
    await expect(meta(page, "property", "og:url")).toHaveAttribute("content", canonical!);
    const bare = canonical!.replace(/\?lng=.*$/, "");
    await expect(link(page, "alternate", "en-US")).toHaveAttribute("href", `${bare}?lng=en-US`);
    await expect(link(page, "alternate", "zh-CN")).toHaveAttribute("href", `${bare}?lng=zh-CN`);
    await expect(link(page, "alternate", "x-default")).toHaveAttribute("href", bare);
    if (a.coverId) {
      await expect(meta(page, "property", "og:image")).toHaveAttribute("content", new RegExp(`^https?://[^/]+${BASE_PATH}/media/${a.coverId}$`));
      // The cover loads for an anonymous visitor.
      const cover = page.locator(`[data-testid="news-article"] img[src="${BASE_PATH}/media/${a.coverId}"]`);
      await expect(cover).toBeVisible();
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    // Pictures in the text are served publicly too.
    for (const img of await page.getByTestId("news-body").locator("img").all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}/article-${locale}.png`, fullPage: true });

    // The language switch is a plain link to the same article in the other language.
    const other: Locale = zh ? "en-US" : "zh-CN";
    await page.getByTestId(`public-lang-${other}`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    await expect(page.getByTestId("news-title")).toHaveText(zh ? a.titleEn : a.titleZh);

    // Back to the list with the link.
    await page.getByRole("link", { name: T[other].back }).click();
    await expect(page.getByTestId("news-heading")).toHaveText(T[other].heading);

    // An article that is not there: 404 with a way back to the list.
    expect((await page.goto(abs(`news/999999999-gone?lng=${locale}`)))?.status()).toBe(404);
    await expect(page.getByTestId("news-not-found")).toContainText(zh ? "未找到文章" : "Article not found");
    await page.getByTestId("news-not-found").getByRole("link", { name: t.back }).click();
    await expect(page.getByTestId("news-heading")).toHaveText(t.heading);
    await ctx.close();
  });

  test(`the list pages by links that work without JavaScript (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ctx = await browser.newContext({ javaScriptEnabled: false, userAgent: browserUa() });
    await setLocaleCookie(ctx, locale);
    const page = await ctx.newPage();
    const cards = page.getByTestId("news-card");
    const ids = () => cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-news-id")).join(","));
    // The first page holds the newest PAGE_SIZE articles.
    const rows = await openFresh(
      page,
      "news",
      (r) =>
        r
          .slice(0, PAGE_SIZE)
          .map((x) => x.id)
          .join(","),
      ids,
    );
    const pages = Math.ceil(rows.length / PAGE_SIZE);
    if (pages < 2) {
      await expect(page.getByTestId("news-pager")).toHaveCount(0);
      return ctx.close();
    }
    await page.getByTestId("news-next").click();
    await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/news\\?page=2$`));
    expect(await ids()).toBe(
      rows
        .slice(PAGE_SIZE, 2 * PAGE_SIZE)
        .map((x) => x.id)
        .join(","),
    );
    await expect(cards.first().getByRole("heading")).toHaveText(zh ? rows[PAGE_SIZE].titleZh : rows[PAGE_SIZE].titleEn);
    await expect(page.getByTestId("news-pager")).toContainText(zh ? `第 2 页，共 ${pages} 页` : `Page 2 of ${pages}`);
    await expect(link(page, "canonical")).toHaveAttribute("href", new RegExp(`/news\\?page=2&lng=${locale}$`));
    await page.screenshot({ path: `${SHOTS}/list-page2-${locale}.png`, fullPage: true });
    await page.getByTestId("news-prev").click();
    await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/news$`));
    // Past the last page: 404.
    expect((await page.goto(abs(`news?page=${pages + 1}`)))?.status()).toBe(404);
    await ctx.close();
  });
}

test("stale slugs redirect permanently; hidden and unknown articles are 404", async () => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL(), maxRedirects: 0 });
  try {
    const a = await sample();
    for (const stale of [`news/${a.id}`, `news/${a.id}-old-title`]) {
      const res = await api.get(`${stale}?lng=zh-CN`);
      expect(res.status(), stale).toBe(308);
      expect(res.headers().location).toBe(`${BASE_PATH}/${articlePath(a)}?lng=zh-CN`);
    }
    for (const h of await hidden()) expect((await api.get(articlePath(h))).status(), `${h.status} ${h.id}`).toBe(404);
    expect((await api.get("news/999999999-nothing")).status()).toBe(404);
    expect((await api.get("news/not-an-id")).status()).toBe(404);
    expect((await api.get("news?page=0")).status()).toBe(404);
  } finally {
    await api.dispose();
  }
});

test("sitemap.xml lists the list and every visible article with languages; robots.txt names it", async () => {
  test.setTimeout(150_000);
  const api = await playwrightRequest.newContext({ baseURL: baseURL() });
  try {
    let xml = "";
    // Exactly the list and the visible articles (within the cache's minute, see openFresh).
    await expect
      .poll(
        async () => {
          const res = await api.get("sitemap.xml");
          expect(res.status()).toBe(200);
          expect(res.headers()["content-type"]).toContain("xml");
          xml = await res.text();
          const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
          const want = [`${BASE_PATH}/news`, ...(await visible()).map((r) => `${BASE_PATH}/${articlePath(r)}`)];
          return JSON.stringify(locs.sort()) === JSON.stringify(want.sort()) ? "fresh" : `${locs.length} urls, ${want.length} expected`;
        },
        { timeout: 80_000, intervals: [500, 2_000, 5_000] },
      )
      .toBe("fresh");
    expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="zh-CN" href="[^"]+\/news\?lng=zh-CN"/);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    const robots = await (await api.get("robots.txt")).text();
    expect(robots).toContain(`Allow: ${BASE_PATH}/news`);
    expect(robots).toContain(`Allow: ${BASE_PATH}/media/`);
    expect(robots).toMatch(/Disallow: \/\s/);
    expect(robots).toMatch(new RegExp(`Sitemap: https?://[^/]+${BASE_PATH}/sitemap.xml`));
  } finally {
    await api.dispose();
  }
});

test("the public pages ship no antd and no session code: no more script than a bare Next page", async ({ browser }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL() });
  try {
    const a = await sample();
    const reference = await scriptsOf(api, "no/such/page-e2e", 404);
    for (const path of ["news", "news?lng=zh-CN", articlePath(a)]) {
      const s = await scriptsOf(api, path, 200);
      expect(s.bytes, `${path}: ${s.bytes} B of script against ${reference.bytes} B on the bare page`).toBeLessThanOrEqual(reference.bytes * 1.1);
      for (const [i, body] of s.bodies.entries()) {
        expect(body, s.srcs[i]).not.toMatch(/node_modules[/_]antd|@ant-design|next-auth|SessionProvider/);
      }
    }
  } finally {
    await api.dispose();
  }
  // In the browser: no antd markup, no session request.
  const ctx = await anonymous(browser);
  const page = await ctx.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(abs("news"));
  await expect(page.getByTestId("news-card").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.locator("[class*='ant-']").count()).toBe(0);
  expect(requests.filter((u) => u.includes("/api/auth"))).toEqual([]);
  await ctx.close();
});

test("views count once per visitor per day", async ({ browser }) => {
  const rows = await visible();
  // The oldest visible article: the one other specs are least likely to open meanwhile.
  const a = rows[rows.length - 1];
  const before = await viewsOf(a.id);
  const ctx = await anonymous(browser);
  const page = await ctx.newPage();
  await page.goto(abs(articlePath(a)));
  await expect(page.getByTestId("news-title")).toBeVisible();
  await expect.poll(() => viewsOf(a.id), { timeout: 15_000 }).toBe(before + 1);
  // Reloads by the same visitor do not count again, and a crawler does not count at all.
  await page.reload();
  await page.goto(abs(`${articlePath(a)}?lng=zh-CN`));
  await expect(page.getByTestId("news-title")).toBeVisible();
  await ctx.close();
  const bot = await browser.newContext({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
  const p3 = await bot.newPage();
  await p3.goto(abs(articlePath(a)));
  await expect(p3.getByTestId("news-title")).toBeVisible();
  await bot.close();
  // Another visitor (another browser) counts. Each page answers first and counts afterwards, in
  // the order the pages were asked for: once this visitor's view has landed, the reloads' and
  // the crawler's would have too, so the total shows that they did not count.
  const other = await anonymous(browser);
  const p2 = await other.newPage();
  await p2.goto(abs(articlePath(a)));
  await expect(p2.getByTestId("news-title")).toBeVisible();
  await expect.poll(() => viewsOf(a.id), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
  expect(await viewsOf(a.id)).toBe(before + 2);
  await other.close();
});

for (const locale of ["en-US", "zh-CN"] as const) {
  test(`a dealer reads the news inside the shell with the tab bar (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const t = T[locale];
    const zh = locale === "zh-CN";
    const ctx = await browser.newContext();
    await setLocaleCookie(ctx, locale);
    await ctx.addCookies((await signInState("dealer")).cookies);
    const page = await ctx.newPage();
    const cards = page.getByTestId("news-reader-card");
    const rows = await openFresh(
      page,
      "market/news",
      (r) => (zh ? r[0].titleZh : r[0].titleEn),
      () => cards.first().getByRole("heading").textContent(),
    );
    await waitForShell(page);
    await expect(page.getByTestId("page-title")).toHaveText(t.shellTitle);
    const tab = page.locator(`[data-testid="tab"][data-path="/market/news"]`);
    await expect(tab).toHaveCount(1);
    await expect(tab).toHaveAttribute("data-active", "true");
    await page.screenshot({ path: `${SHOTS}/shell-list-${locale}.png` });

    // The article opens on the same route, inside the shell.
    await cards.first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/market/news\\?id=${rows[0].id}$`));
    await expect(page.getByTestId("news-reader-article").getByTestId("page-title")).toHaveText(zh ? rows[0].titleZh : rows[0].titleEn);
    await expect(tab).toHaveAttribute("data-active", "true");
    await expect(page.getByTestId("news-public-link")).toHaveAttribute("href", `${BASE_PATH}/${articlePath(rows[0])}`);
    await expect(page.getByTestId("news-public-link")).toContainText(t.publicLink);
    await page.screenshot({ path: `${SHOTS}/shell-article-${locale}.png`, fullPage: true });

    // A hidden article at ?id= is a real 404 for the dealer.
    const h = (await hidden())[0];
    if (h) expect((await page.goto(abs(`market/news?id=${h.id}`)))?.status()).toBe(404);
    await ctx.close();
  });
}

test("an anonymous visitor of the shell's news screen lands on the public news", async ({ page }) => {
  const a = await sample();
  await page.goto(abs("market/news"));
  await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/news$`));
  await expect(page.getByTestId("news-heading")).toBeVisible();
  await page.goto(abs(`market/news?id=${a.id}`));
  await expect(page).toHaveURL(new RegExp(`${BASE_PATH}/${articlePath(a)}$`));
  await expect(page.getByTestId("news-title")).toBeVisible();
});
