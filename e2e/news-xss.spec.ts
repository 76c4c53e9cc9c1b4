import type { Page, Request } from "@playwright/test";
import { abs, expect, setLocaleCookie, signInState, test, waitForShell } from "./fixtures";
import { db, uid } from "./mall-orders-db";

// Issue 8: an XSS corpus saved as article details through the real
// paths — pasted into the editor and saved with the form, and sent raw to the same server action
// (what a script skipping the editor would do) — then published and rendered on the public
// article page in Chromium: no dialog opens, no `window.__xss` flag is set, no request leaves for
// another host, nothing executable is left in the DOM, and the harmless text remains.

const RUN = `E2E-XSS ${uid()}`;
const HOST = new URL(abs("")).host;

/** Each entry carries a harmless marker; every script sets window.__xss and opens a dialog. */
const CORPUS: { html: string; marker: string | null }[] = [
  { html: `<p>SAFE-01</p><script>window.__xss=1;alert(1)</script>`, marker: "SAFE-01" },
  { html: `<p>SAFE-02<img src=x onerror="window.__xss=2;alert(2)"></p>`, marker: "SAFE-02" },
  { html: `<p><a href="javascript:window.__xss=3;alert(3)">SAFE-03</a></p>`, marker: "SAFE-03" },
  { html: `<p><a href="JaVaScRiPt&#58;window.__xss=4">SAFE-04</a></p>`, marker: "SAFE-04" },
  { html: `<p><a href="&#x6A;avascript&colon;alert(5)">SAFE-05</a></p>`, marker: "SAFE-05" },
  { html: `<svg onload="window.__xss=6;alert(6)"><circle r="5"/></svg><p>SAFE-06</p>`, marker: "SAFE-06" },
  { html: `<iframe src="https://evil.example/frame" onload="window.__xss=7"></iframe><p>SAFE-07</p>`, marker: "SAFE-07" },
  { html: `<iframe srcdoc="<script>parent.__xss=8;alert(8)</script>"></iframe><p>SAFE-08</p>`, marker: "SAFE-08" },
  { html: `<p style="background:url(https://evil.example/bg.png);width:expression(alert(9))">SAFE-09</p>`, marker: "SAFE-09" },
  { html: `<style>@import url(https://evil.example/x.css);body{background:url(https://evil.example/y.png)}</style><p>SAFE-10</p>`, marker: "SAFE-10" },
  { html: `<noscript><p title="</noscript><img src=x onerror=window.__xss=11;alert(11)>"></p></noscript><p>SAFE-11</p>`, marker: "SAFE-11" },
  { html: `<svg></p><style><a id="</style><img src=1 onerror=window.__xss=12;alert(12)>"></a></style></svg><p>SAFE-12</p>`, marker: "SAFE-12" },
  {
    html: `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=window.__xss=13&gt;"></table></mtext></math><p>SAFE-13</p>`,
    marker: "SAFE-13",
  },
  {
    html: `<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss=14;alert(14)></style></mglyph></form></mtext></math></form><p>SAFE-14</p>`,
    marker: "SAFE-14",
  },
  { html: `<object data="javascript:window.__xss=15"></object><embed src="https://evil.example/e.swf"><p>SAFE-15</p>`, marker: "SAFE-15" },
  {
    html: `<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/l.css"><meta http-equiv="refresh" content="0;url=https://evil.example/"><p>SAFE-16</p>`,
    marker: "SAFE-16",
  },
  { html: `<p><img src="https://evil.example/track.png">SAFE-17</p>`, marker: "SAFE-17" },
  { html: `<p><img src="/customerWeb/media/../api/health" onerror="window.__xss=18">SAFE-18</p>`, marker: "SAFE-18" },
  { html: `<details open ontoggle="window.__xss=19;alert(19)"><summary>SAFE-19</summary></details>`, marker: "SAFE-19" },
  { html: `<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">SAFE-20</a></p>`, marker: "SAFE-20" },
  { html: `<video><source onerror="window.__xss=21"></video><audio src=x onerror="window.__xss=21"></audio><p>SAFE-21</p>`, marker: "SAFE-21" },
  { html: `<p>SAFE-22 &lt;script&gt;window.__xss=22&lt;/script&gt;</p>`, marker: "SAFE-22 <script>window.__xss=22</script>" },
  { html: `<input autofocus onfocus="window.__xss=23"><textarea autofocus onfocus="window.__xss=23"></textarea><p>SAFE-23</p>`, marker: "SAFE-23" },
  { html: `<p><a href="https://example.com/ok" onclick="window.__xss=24" onmouseover="window.__xss=24">SAFE-24</a></p>`, marker: "SAFE-24" },
  { html: '<p><img src="x`" onerror="window.__xss=25">SAFE-25</p>', marker: "SAFE-25" },
  { html: `<![CDATA[><img src=x onerror=window.__xss=26>]]><p>SAFE-26</p>`, marker: "SAFE-26" },
  { html: `<!--<img src=x onerror=window.__xss=27>--><p>SAFE-27</p>`, marker: "SAFE-27" },
  { html: `<p><a href=" &#14;  javascript:window.__xss=28">SAFE-28</a></p>`, marker: "SAFE-28" },
  { html: `<table background="javascript:window.__xss=29"><tr><td>SAFE-29</td></tr></table>`, marker: "SAFE-29" },
  { html: `<p><a href="//evil.example/proto-relative">SAFE-30</a><img src="//evil.example/p.png"></p>`, marker: "SAFE-30" },
  { html: `<h2 id="x" class="y" onpointerenter="window.__xss=31">SAFE-31</h2><p><b>keep bold</b> <em>keep em</em></p>`, marker: "SAFE-31" },
  { html: `<a href="https://example.com" target="_self" rel="opener" onfocus="window.__xss=32">SAFE-32</a>`, marker: "SAFE-32" },
];
const CORPUS_HTML = CORPUS.map((c) => c.html).join("\n");

type Watch = { dialogs: string[]; foreign: string[] };

/** Records dialogs (dismissed) and requests to any other host (blocked) on a page. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [], foreign: [] };
  page.on("dialog", (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.host !== HOST && url.protocol !== "data:" && url.protocol !== "blob:") {
      w.foreign.push(url.toString());
      return route.abort();
    }
    return route.continue();
  });
  return w;
}

/** The public article in a fresh anonymous browser, poked (hover, focus, scroll) and checked. */
async function renderPublic(browser: import("@playwright/test").Browser, id: number, markers: string[]) {
  const ctx = await browser.newContext();
  await setLocaleCookie(ctx, "en-US");
  const page = await ctx.newPage();
  const w = await watch(page);
  const res = await page.goto(abs(`news/${id}`));
  expect(res?.status()).toBe(200);
  const body = page.getByTestId("news-body");
  await expect(body).toBeVisible();
  // Give handlers their chances: hover and focus everything, scroll, wait for loads (every
  // image settled, loaded or failed, which is when onload/onerror would run; then no request
  // in flight).
  for (const el of await body.locator("*").all()) await el.hover({ timeout: 1_000, force: true }).catch(() => undefined);
  await page.keyboard.press("Tab");
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => [...document.images].every((i) => i.complete)), { timeout: 15_000 }).toBe(true);
  await page.waitForLoadState("networkidle");
  expect(w.dialogs, "dialogs opened").toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null), "window.__xss").toBeNull();
  expect(w.foreign, "requests to other hosts").toEqual([]);
  const dom = await body.evaluate((el) => ({
    tags: [...new Set([...el.querySelectorAll("*")].map((e) => e.tagName.toLowerCase()))],
    handlers: [...el.querySelectorAll("*")].flatMap((e) =>
      [...e.attributes].map((a) => a.name).filter((n) => n.startsWith("on") || n === "style" || n === "srcdoc" || n === "formaction"),
    ),
    hrefs: [...el.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""),
    srcs: [...el.querySelectorAll("[src]")].map((e) => e.getAttribute("src") ?? ""),
    text: el.textContent ?? "",
  }));
  for (const bad of ["script", "iframe", "object", "embed", "svg", "math", "style", "link", "meta", "base", "form", "input", "textarea", "video", "audio", "details", "noscript"]) {
    expect(dom.tags, `<${bad}> left in the body`).not.toContain(bad);
  }
  expect(dom.handlers, "event handlers or styles left").toEqual([]);
  for (const href of dom.hrefs) expect(href, "link target").toMatch(/^(https?:\/\/[^/]|mailto:)/);
  for (const src of dom.srcs) expect(src, "image source").toMatch(/^\/customerWeb\/media\/[0-9a-f]{32}$/);
  for (const m of markers) expect(dom.text, `harmless text ${m}`).toContain(m);
  await ctx.close();
  return dom;
}

function nextAction(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"] && (r.postData() ?? "").includes(RUN), { timeout: 60_000 });
}

test.afterAll(async () => {
  const ids = (await db().news.findMany({ where: { titleEn: { startsWith: RUN } }, select: { id: true } })).map((r) => r.id);
  if (!ids.length) return;
  await db().attachment.updateMany({ where: { ownerType: "news", ownerId: { in: ids.map(String) } }, data: { ownerType: null, ownerId: null, field: null } });
  await db().news.deleteMany({ where: { id: { in: ids } } });
});

test("news XSS corpus: pasted in the editor or sent raw to the action, nothing runs on the public page", async ({ browser }) => {
  test.setTimeout(300_000);
  const staff = await browser.newContext();
  await setLocaleCookie(staff, "en-US");
  await staff.addCookies((await signInState("staff")).cookies);
  const page = await staff.newPage();
  const editorWatch = await watch(page);
  await page.goto(abs("market/news"));
  await waitForShell(page);

  // 1. The form path: the corpus pasted into both editors, saved and published with the form.
  await page.getByTestId("news-create").click();
  await page.getByTestId("news-title-en").fill(`${RUN} pasted`);
  await page.getByTestId("news-summary-en").fill("XSS corpus pasted into the editor");
  const paste = async (testId: string) => {
    const pm = page.getByTestId(testId).locator(".ProseMirror");
    await pm.click();
    await pm.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "pasted");
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, CORPUS_HTML);
    await expect(pm).toContainText("SAFE-01");
  };
  await paste("news-detail-en");
  await page.getByTestId("news-tab-zh").click();
  await page.getByTestId("news-title-zh").fill(`${RUN} 粘贴`);
  await page.getByTestId("news-summary-zh").fill("粘贴到编辑器的 XSS 语料");
  await paste("news-detail-zh");
  // Pasting ran nothing in the staff's browser either.
  expect(editorWatch.dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null)).toBeNull();
  const sent = nextAction(page);
  await page.getByTestId("news-submit-publish").click();
  const action = await sent;
  const row = page.getByTestId("news-admin-row").filter({ hasText: `${RUN} pasted` });
  await expect(row).toHaveAttribute("data-phase", "published");
  const pastedId = Number(await row.getAttribute("data-news-id"));
  expect(editorWatch.foreign).toEqual([]);
  await renderPublic(browser, pastedId, ["SAFE-01", "SAFE-03", "SAFE-10", "SAFE-20", "SAFE-29"]);

  // 2. The action path: the same server action, sent the raw corpus (no editor in between).
  const args = JSON.parse(action.postData() ?? "[]") as Record<string, unknown>[];
  expect(args[0]).toMatchObject({ titleEn: `${RUN} pasted`, publish: true });
  const raw = {
    ...args[0],
    titleEn: `${RUN} raw`,
    titleZh: `${RUN} 原始`,
    summaryEn: `<script>window.__xss='summary'</script>${RUN}`,
    detailEn: CORPUS_HTML,
    detailZh: CORPUS_HTML,
    cover: [],
    publishAt: null,
    publish: true,
  };
  const res = await staff.request.post(action.url(), {
    headers: { "Next-Action": action.headers()["next-action"], "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component" },
    data: JSON.stringify([raw]),
  });
  const answer = await res.text();
  const rawId = Number(/"ok":true,"data":\{"id":(\d+)/.exec(answer)?.[1]);
  expect(rawId, answer.slice(0, 300)).toBeGreaterThan(0);

  // Stored: nothing executable, whatever the browser would make of it.
  const stored = await db().news.findUniqueOrThrow({ where: { id: rawId }, select: { detailEn: true, detailZh: true } });
  for (const html of [stored.detailEn, stored.detailZh]) {
    expect(html).not.toMatch(/<(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|textarea|noscript|video|audio|details)\b/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=|javascript:|data:text|\sstyle\s*=|srcdoc|evil\.example/i);
  }
  const markers = CORPUS.map((c) => c.marker).filter((m): m is string => m !== null);
  const dom = await renderPublic(browser, rawId, markers);
  expect(dom.text).toContain("keep bold");
  expect(dom.tags).toEqual(expect.arrayContaining(["p", "a", "b", "em", "h2", "table", "td"]));
  // The summary is plain text: shown as typed, never as markup.
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  const w = await watch(p);
  await p.goto(abs("news"));
  await expect(p.getByTestId("news-card").filter({ hasText: `${RUN} raw` })).toContainText("<script>window.__xss='summary'</script>");
  expect(w.dialogs).toEqual([]);
  expect(await p.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null)).toBeNull();
  await Promise.all([ctx.close(), staff.close()]);
});
