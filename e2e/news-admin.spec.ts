import type { Browser, BrowserContext, Page, Request } from "@playwright/test";
import sharp from "sharp";
import { abs, confirmModal, expect, setLocaleCookie, signInState, test, waitForShell, type Locale } from "./fixtures";
import { db, uid } from "./mall-orders-db";

// Issue 8, news management: staff write an article with the rich-text editor (typing, bold, an
// uploaded picture) in both languages, add a cover and publish it; an anonymous visitor finds it
// in the public list and reads it (bold text and picture shown); staff unpublish it and its
// address answers 404; a scheduled article stays invisible. Dealers get no management: no
// "write" button, and the management action replayed with a dealer's session is refused and
// changes nothing. In both languages. The articles made here are removed afterwards.

const SHOTS = "/tmp/shots/newsadmin";
const RUN = `E2E-NEWS ${uid()}`;

const T = {
  "en-US": {
    published: (t: string) => `“${t}” is published.`,
    unpublished: (t: string) => `“${t}” is unpublished.`,
    scheduled: (t: string) => `“${t}” is scheduled.`,
    phase: { published: "Published", unpublished: "Unpublished", scheduled: "Scheduled" },
    publish: "Publish",
    schedule: "Schedule",
    heading: "News management",
    required: "Please enter Title (English)",
    forbidden: "You do not have permission to do this.",
  },
  "zh-CN": {
    published: (t: string) => `“${t}”已发布。`,
    unpublished: (t: string) => `“${t}”已撤下。`,
    scheduled: (t: string) => `“${t}”已设为定时发布。`,
    phase: { published: "已发布", unpublished: "已撤下", scheduled: "定时发布" },
    publish: "发布",
    schedule: "定时发布",
    heading: "新闻管理",
    required: "请输入标题（英文）",
    forbidden: "您没有执行此操作的权限。",
  },
} as const;

const png = (background: string, width = 320, height = 180) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function signedIn(browser: Browser, locale: Locale, who: "staff" | "dealer"): Promise<BrowserContext> {
  const ctx = await browser.newContext();
  await setLocaleCookie(ctx, locale);
  await ctx.addCookies((await signInState(who)).cookies);
  return ctx;
}

async function anonymous(browser: Browser, locale: Locale): Promise<BrowserContext> {
  const ctx = await browser.newContext();
  await setLocaleCookie(ctx, locale);
  return ctx;
}

async function openManagement(page: Page) {
  await page.goto(abs("market/news"), { timeout: 90_000 });
  await waitForShell(page);
  await expect(page.getByTestId("news-admin")).toBeVisible();
}

/** Beijing wall-clock minute `ms` from now ("YYYY-MM-DD HH:mm"). */
const beijingMinute = (ms: number) => new Date(Date.now() + ms + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

const rowOf = (page: Page, title: string) => page.getByTestId("news-admin-row").filter({ has: page.getByTestId("news-admin-title").getByText(title, { exact: true }) });
/** The success message with this text (an earlier one may still be fading out). */
const expectToast = (page: Page, text: string) => expect(page.getByTestId("news-admin-done").filter({ hasText: text }).first()).toHaveText(text);
/** A button's label: antd spaces out two-character Chinese labels ("发 布"). */
const label = (text: string) => new RegExp(`^${[...text].join("\\s?")}$`);

/** Types into a rich-text editor: plain words, then bold ones with the toolbar, then plain again. */
async function writeDetail(page: Page, testId: string, plain: string, bold: string, tail: string) {
  const editor = page.getByTestId(testId);
  await editor.locator(".ProseMirror").click();
  await page.keyboard.type(plain);
  await editor.getByTestId("rte-bold").click();
  await expect(editor.getByTestId("rte-bold")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type(bold);
  await editor.getByTestId("rte-bold").click();
  await page.keyboard.type(tail);
  await expect(editor.locator(".ProseMirror strong")).toHaveText(bold);
}

/** Fills the article form (both language tabs, a picture in the English detail, a cover). */
async function fillArticle(page: Page, a: { titleEn: string; titleZh: string; withPictures: boolean }) {
  const form = page.getByTestId("news-form");
  await expect(form).toBeVisible();
  await page.getByTestId("news-title-en").fill(a.titleEn);
  await page.getByTestId("news-summary-en").fill(`Summary of ${a.titleEn}`);
  await writeDetail(page, "news-detail-en", "The new model arrives. ", "Order now", " at your dealer.");
  if (a.withPictures) {
    const editor = page.getByTestId("news-detail-en");
    await editor.getByTestId("rte-image-input").setInputFiles({ name: "launch-photo.png", mimeType: "image/png", buffer: await png("#2e7d32") });
    const img = editor.locator('.ProseMirror img[src^="/customerWeb/media/"]');
    await expect(img).toHaveCount(1);
    // The uploader sees the picture before it is saved (a pending upload is theirs).
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
    await expect(img).toHaveAttribute("alt", "launch-photo");
    // A link: a script address is refused, a web address is inserted (https added).
    await editor.locator(".ProseMirror p").last().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Details: ");
    await editor.getByTestId("rte-link").click();
    const address = page.getByTestId("rte-link-input");
    await address.fill("javascript:alert(1)");
    // A click while the popover is still animating in can be lost; applying again is harmless.
    await expect(async () => {
      await page.getByTestId("rte-link-apply").click({ timeout: 2_000 });
      await expect(page.getByTestId("rte-link-box").getByRole("alert")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await address.fill("example.com/spring-offer");
    await page.getByTestId("rte-link-apply").click();
    await expect(editor.locator('.ProseMirror a[href="https://example.com/spring-offer"]')).toHaveText("https://example.com/spring-offer");
  }
  await page.getByTestId("news-tab-zh").click();
  await page.getByTestId("news-title-zh").fill(a.titleZh);
  await page.getByTestId("news-summary-zh").fill(`${a.titleZh}的摘要`);
  await writeDetail(page, "news-detail-zh", "新车型到店。", "立即订购", "，欢迎垂询。");
  if (a.withPictures) {
    const cover = form.getByTestId("upload-image");
    await cover.locator("input[type=file]").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await png("#1565c0", 640, 360) });
    await expect(cover.locator(".ant-upload-list-item")).toHaveCount(1);
    await expect(cover.locator(".ant-upload-list-item-uploading")).toHaveCount(0);
    await expect(cover.locator(".ant-upload-list-item-error")).toHaveCount(0);
  }
}

/** Captures the next server action POST the page sends (its id and URL, to replay it). */
function nextAction(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"], { timeout: 60_000 });
}

test.afterAll(async () => {
  // The articles this run made (drafts, unpublished, scheduled) leave the shared database; their
  // pictures become stale uploads (purged with the others).
  const ids = (await db().news.findMany({ where: { titleEn: { startsWith: RUN } }, select: { id: true } })).map((r) => r.id);
  if (!ids.length) return;
  await db().attachment.updateMany({ where: { ownerType: "news", ownerId: { in: ids.map(String) } }, data: { ownerType: null, ownerId: null, field: null } });
  await db().news.deleteMany({ where: { id: { in: ids } } });
});

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`news: staff write with the editor, publish, a visitor reads it, unpublish makes it 404; dealers are refused (${locale})`, async ({ browser }) => {
    test.setTimeout(300_000);
    const t = T[locale];
    const titleEn = `${RUN} ${locale} Spring launch`;
    const titleZh = `${RUN} ${locale} 春季新车发布`;
    const title = locale === "zh-CN" ? titleZh : titleEn;
    const staff = await signedIn(browser, locale, "staff");
    const page = await staff.newPage();
    await openManagement(page);
    await expect(page.getByTestId("page-title")).toHaveText(t.heading);

    // A missing title is named on its field, on the tab that holds it.
    await page.getByTestId("news-create").click();
    await expect(page.getByTestId("news-form")).toBeVisible();
    await page.getByTestId("news-tab-zh").click();
    await page.getByTestId("news-submit-publish").click();
    await expect(page.getByText(t.required)).toBeVisible();
    await expect(page.getByTestId("news-title-en")).toBeVisible(); // switched back to the English tab

    await fillArticle(page, { titleEn, titleZh, withPictures: true });
    await page.screenshot({ path: `${SHOTS}/e2e-form-${locale}.png` });
    await expect(page.getByTestId("news-submit-publish")).toHaveText(label(t.publish));
    await page.getByTestId("news-submit-publish").click();
    await expectToast(page, t.published(title));
    const row = rowOf(page, title);
    await expect(row).toHaveAttribute("data-phase", "published");
    await expect(row.getByTestId("news-admin-phase")).toHaveText(t.phase.published);
    const id = Number(await row.getAttribute("data-news-id"));
    const viewHref = await row.getByTestId("news-view").getAttribute("href");
    expect(viewHref).toMatch(new RegExp(`^/customerWeb/news/${id}-[a-z0-9-]+$`));
    await page.screenshot({ path: `${SHOTS}/e2e-list-${locale}.png` });

    // Saved: sanitized HTML with the bold words and the picture, the cover linked to the article.
    const saved = await db().news.findUniqueOrThrow({ where: { id }, select: { detailEn: true, coverId: true, slug: true } });
    expect(saved.detailEn).toContain("<strong>Order now</strong>");
    expect(saved.detailEn).toMatch(/<img src="\/customerWeb\/media\/[0-9a-f]{32}"/);
    expect(saved.coverId).toMatch(/^[0-9a-f]{32}$/);

    // An anonymous visitor finds it first in the public list and reads it.
    const anon = await anonymous(browser, locale);
    const reader = await anon.newPage();
    await reader.goto(abs("news"));
    const card = reader.getByTestId("news-card").filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(reader.getByTestId("news-card").first()).toHaveAttribute("data-news-id", String(id));
    await card.getByRole("link", { name: title }).click();
    await expect(reader).toHaveURL(new RegExp(`/customerWeb/news/${id}-${saved.slug}$`));
    await expect(reader.getByTestId("news-title")).toHaveText(title);
    const body = reader.getByTestId("news-body");
    await expect(body.locator("strong")).toHaveText(locale === "zh-CN" ? "立即订购" : "Order now");
    if (locale === "en-US") {
      const pic = body.locator('img[src^="/customerWeb/media/"]');
      await expect.poll(() => pic.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
      const link = body.locator('a[href="https://example.com/spring-offer"]');
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await reader.screenshot({ path: `${SHOTS}/e2e-public-${locale}.png` });

    // Staff unpublish it: the article answers 404 and leaves the list at once.
    const unpublishRequest = nextAction(page);
    await row.getByTestId("news-unpublish").click();
    await confirmModal(page);
    const action = await unpublishRequest;
    await expectToast(page, t.unpublished(title));
    await expect(rowOf(page, title)).toHaveAttribute("data-phase", "unpublished");
    const gone = await reader.goto(abs(`news/${id}-${saved.slug}`));
    expect(gone?.status()).toBe(404);
    await reader.goto(abs("news"));
    await expect(reader.getByTestId("news-card").filter({ hasText: title })).toHaveCount(0);

    // A dealer sees the news but no management, and the same action sent with the dealer's
    // session is refused and changes nothing (here: unpublishing a live article).
    const dealer = await signedIn(browser, locale, "dealer");
    const dpage = await dealer.newPage();
    await dpage.goto(abs("market/news"));
    await waitForShell(dpage);
    await expect(dpage.getByTestId("news-admin")).toHaveCount(0);
    await expect(dpage.getByTestId("news-create")).toHaveCount(0);
    const live = (await db().news.findFirst({ where: { status: "PUBLISHED", publishAt: { lte: new Date() } }, orderBy: { id: "asc" }, select: { id: true, updatedAt: true } }))!;
    expect(live, "a published demo article").toBeTruthy();
    const replay = await dealer.request.post(action.url(), {
      headers: { "Next-Action": action.headers()["next-action"], "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component" },
      data: JSON.stringify([{ id: live.id }]),
    });
    expect(replay.status()).toBe(200);
    expect(await replay.text()).toContain(t.forbidden);
    const after = await db().news.findUniqueOrThrow({ where: { id: live.id }, select: { status: true, updatedAt: true } });
    expect(after).toEqual({ status: "PUBLISHED", updatedAt: live.updatedAt });
    // Anonymous, the same request is refused too.
    const stranger = await anon.request.post(action.url(), {
      headers: { "Next-Action": action.headers()["next-action"], "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component" },
      data: JSON.stringify([{ id: live.id }]),
    });
    expect(await stranger.text()).not.toContain('"ok":true');
    await Promise.all([staff.close(), anon.close(), dealer.close()]);
  });

  test(`news: a scheduled article stays invisible until its time (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const titleEn = `${RUN} ${locale} Autumn preview`;
    const titleZh = `${RUN} ${locale} 秋季预告`;
    const title = locale === "zh-CN" ? titleZh : titleEn;
    const staff = await signedIn(browser, locale, "staff");
    const page = await staff.newPage();
    await openManagement(page);
    await page.getByTestId("news-create").click();
    await fillArticle(page, { titleEn, titleZh, withPictures: false });
    const when = beijingMinute(3 * 86_400_000);
    const picker = page.getByTestId("news-publish-at");
    await picker.click();
    await picker.fill(when);
    await picker.press("Enter");
    await expect(page.getByTestId("news-submit-publish")).toHaveText(label(t.schedule));
    await page.getByTestId("news-submit-publish").click();
    await expectToast(page, t.scheduled(title));
    const row = rowOf(page, title);
    await expect(row).toHaveAttribute("data-phase", "scheduled");
    await expect(row.getByTestId("news-admin-phase")).toHaveText(t.phase.scheduled);
    await expect(row.getByTestId("news-view")).toHaveCount(0);
    const id = Number(await row.getAttribute("data-news-id"));
    const at = await db().news.findUniqueOrThrow({ where: { id }, select: { publishAt: true, status: true } });
    expect(at.status).toBe("PUBLISHED");
    expect(new Date(at.publishAt!.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ")).toBe(when);

    const anon = await anonymous(browser, locale);
    const reader = await anon.newPage();
    expect((await reader.goto(abs(`news/${id}`)))?.status()).toBe(404);
    await reader.goto(abs("news"));
    await expect(reader.getByTestId("news-card").filter({ hasText: title })).toHaveCount(0);

    // Rescheduled from the list, then published at once: now the visitor can read it.
    await row.getByTestId("news-schedule").click();
    const dialog = page.getByTestId("news-schedule-form");
    await expect(dialog.getByTestId("news-schedule-at")).toHaveValue(when);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await row.getByTestId("news-publish").click();
    await confirmModal(page);
    await expectToast(page, t.published(title));
    await expect(rowOf(page, title)).toHaveAttribute("data-phase", "published");
    const open = await reader.goto(abs(`news/${id}`));
    expect(open?.status()).toBe(200);
    await expect(reader.getByTestId("news-title")).toHaveText(title);
    await Promise.all([staff.close(), anon.close()]);
  });
}
