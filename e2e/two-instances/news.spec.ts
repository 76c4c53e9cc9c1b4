import type { Page } from "@playwright/test";
import { confirmModal, expect, setLocaleCookie, signInState, test, waitForShell, type Locale } from "../fixtures";
import { db, uid } from "../mall-orders-db";
import { onInstance } from "./balancer";

// Issue 24, more than one instance: the public news pages read through Next's data cache, which
// is per process. Staff publish an article on instance A (its own address, so the action runs
// there); instance B, whose cache already holds the list, shows the article within a second,
// because A's expireTags goes to B over PostgreSQL LISTEN/NOTIFY (lib/cache/bus.ts,
// lib/cache/next-tags.ts) rather than waiting out the cache's 60 s (lib/news/public.ts). Then
// staff unpublish it on A, and B's cached article page answers 404 within a second. The reader
// on B sees the article in the chosen language. In both languages; the articles are removed.

const RUN = `E2E-LB-NEWS ${uid()}`;
const WITHIN_MS = 1_000;

const T = {
  "en-US": { published: (t: string) => `“${t}” is published.`, unpublished: (t: string) => `“${t}” is unpublished.`, heading: "News management" },
  "zh-CN": { published: (t: string) => `“${t}”已发布。`, unpublished: (t: string) => `“${t}”已撤下。`, heading: "新闻管理" },
} as const;

const rowOf = (page: Page, title: string) => page.getByTestId("news-admin-row").filter({ has: page.getByTestId("news-admin-title").getByText(title, { exact: true }) });
const expectToast = (page: Page, text: string) => expect(page.getByTestId("news-admin-done").filter({ hasText: text }).first()).toHaveText(text);

/** The page as instance B renders it for an anonymous visitor in `locale`. */
async function fromB(path: string, locale: Locale): Promise<{ status: number; html: string }> {
  const res = await fetch(onInstance(1, path), { headers: { cookie: `i18next=${locale}` }, redirect: "manual", signal: AbortSignal.timeout(5_000) });
  return { status: res.status, html: await res.text() };
}

/**
 * Polls instance B's `path` every 50 ms until it satisfies `ok`; fails when a request sent more
 * than WITHIN_MS after `since` still shows the old page. Returns when the first request that saw
 * the change was sent and when it was answered, in ms after `since` (on a loaded machine a
 * render alone can take most of a second, so the bar is on the sending).
 */
async function untilB(path: string, locale: Locale, since: number, ok: (page: { status: number; html: string }) => boolean): Promise<{ sent: number; answered: number }> {
  for (;;) {
    const sent = Date.now() - since;
    const page = await fromB(path, locale);
    if (ok(page)) return { sent, answered: Date.now() - since };
    expect(sent, `a request sent to instance B ${sent} ms after the change still got the old ${path}`).toBeLessThanOrEqual(WITHIN_MS);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** When the next server action's answer arrived: the change is committed by then. */
function actionAnswered(page: Page): Promise<number> {
  return page.waitForResponse((r) => r.request().method() === "POST" && !!r.request().headers()["next-action"], { timeout: 60_000 }).then(() => Date.now());
}

async function typeDetail(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).locator(".ProseMirror").click();
  await page.keyboard.type(text);
  await expect(page.getByTestId(testId).locator(".ProseMirror")).toContainText(text);
}

test.afterAll(async () => {
  await db().news.deleteMany({ where: { titleEn: { startsWith: RUN } } });
});

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`news published on one instance is read on the other within a second, and unpublished too (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const titleEn = `${RUN} ${locale} Two instances`;
    const titleZh = `${RUN} ${locale} 双实例新闻`;
    const title = locale === "zh-CN" ? titleZh : titleEn;

    // B's list is cached before the change (read twice: the second read is served from the cache).
    for (let i = 0; i < 2; i++) {
      const before = await fromB("news", locale);
      expect(before.status).toBe(200);
      expect(before.html).not.toContain(title);
    }

    // Staff write and publish the article on instance A.
    const staff = await browser.newContext();
    await setLocaleCookie(staff, locale);
    await staff.addCookies((await signInState("staff")).cookies);
    const page = await staff.newPage();
    await page.goto(onInstance(0, "market/news"), { timeout: 90_000 });
    await waitForShell(page);
    await expect(page.getByTestId("page-title")).toHaveText(t.heading);
    await page.getByTestId("news-create").click();
    await expect(page.getByTestId("news-form")).toBeVisible();
    await page.getByTestId("news-title-en").fill(titleEn);
    await page.getByTestId("news-summary-en").fill(`Summary of ${titleEn}`);
    await typeDetail(page, "news-detail-en", "Published on one instance, read on the other.");
    await page.getByTestId("news-tab-zh").click();
    await page.getByTestId("news-title-zh").fill(titleZh);
    await page.getByTestId("news-summary-zh").fill(`${titleZh}的摘要`);
    await typeDetail(page, "news-detail-zh", "在一个实例发布，在另一个实例阅读。");
    const published = actionAnswered(page);
    await page.getByTestId("news-submit-publish").click();
    const publishedAt = await published;
    const shown = await untilB("news", locale, publishedAt, (p) => p.status === 200 && p.html.includes(title));
    console.log(`[two-instances] ${locale}: instance B listed the article to a request sent ${shown.sent} ms (answered ${shown.answered} ms) after instance A published it`);
    await expectToast(page, t.published(title));
    const row = rowOf(page, title);
    await expect(row).toHaveAttribute("data-phase", "published");
    const id = Number(await row.getAttribute("data-news-id"));
    const { slug } = await db().news.findUniqueOrThrow({ where: { id }, select: { slug: true } });
    const articlePath = `news/${id}-${slug}`;

    // An anonymous visitor on instance B finds it in the list and reads it, in their language.
    const anon = await browser.newContext();
    await setLocaleCookie(anon, locale);
    const reader = await anon.newPage();
    await reader.goto(onInstance(1, "news"));
    const card = reader.getByTestId("news-card").filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await card.getByRole("link", { name: title }).click();
    await expect(reader.getByTestId("news-title")).toHaveText(title);
    expect((await fromB(articlePath, locale)).status).toBe(200); // now in B's cache too

    // Unpublished on A: B's article page answers 404 within a second.
    const unpublished = actionAnswered(page);
    await row.getByTestId("news-unpublish").click();
    await confirmModal(page);
    const unpublishedAt = await unpublished;
    const gone = await untilB(articlePath, locale, unpublishedAt, (p) => p.status === 404);
    console.log(`[two-instances] ${locale}: instance B answered 404 to a request sent ${gone.sent} ms (answered ${gone.answered} ms) after instance A unpublished the article`);
    await expectToast(page, t.unpublished(title));
    await reader.goto(onInstance(1, "news"));
    await expect(reader.getByTestId("news-card").first()).toBeVisible();
    await expect(reader.getByTestId("news-card").filter({ hasText: title })).toHaveCount(0);
    await staff.close();
    await anon.close();
  });
}
