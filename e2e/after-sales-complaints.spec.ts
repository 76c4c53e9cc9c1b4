import { randomBytes } from "node:crypto";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { abs, baseURL, chooseSelectOption, clickUntilGone, confirmModal, expect, setLocaleCookie, signInState, test, waitForShell, type Locale } from "./fixtures";
import { db, uid, vin } from "./mall-orders-db";

// Issue 7: customer complaints. A dealer files one with two images and a short video (the
// form shows the video's "suggested under N seconds" hint and refuses uploads beyond the
// configured count or of a wrong format with the upload messages); staff take it and reply; the
// dealer's note reopens it; staff reply again; the dealer closes it. The detail shows the whole
// conversation in order, the images (previewed large) and the video. Dealer B gets 404 for the
// complaint and its files. In both languages; then the REST endpoints.

const SHOTS = "/tmp/shots/h2";

const T = {
  "en-US": {
    title: "Customer complaints",
    file: "File a complaint",
    status: { SUBMITTED: "Submitted", PROCESSING: "Processing", REPLIED: "Replied", CLOSED: "Closed" },
    videoHint: (s: number, mb: number) => `Suggested under ${s} seconds and not over ${mb} MB`,
    maxCount: (n: number) => `A maximum of ${n} can be uploaded`,
    format: (f: string) => `Only ${f} format can be uploaded`,
    vinCheck: "VIN has a wrong check digit (position 9)",
    description: "Please enter Question description",
    category: "Warranty claim",
    reopens: "Adding a note reopens the complaint",
    dealerSide: "Dealer",
    staffSide: "After-sales",
    repliedNotice: "replied",
  },
  "zh-CN": {
    title: "客户投诉",
    file: "提交投诉",
    status: { SUBMITTED: "已提交", PROCESSING: "处理中", REPLIED: "已回复", CLOSED: "已关闭" },
    videoHint: (s: number, mb: number) => `建议时长${s}秒以内，大小不超过${mb}MB`,
    maxCount: (n: number) => `最多只能上传${n}个`,
    format: (f: string) => `只能上传${f}格式`,
    vinCheck: "VIN码校验位（第9位）不正确",
    description: "请输入问题描述",
    category: "保修索赔",
    reopens: "补充说明后投诉将重新打开",
    dealerSide: "经销商",
    staffSide: "售后",
    repliedNotice: "已回复",
  },
} as const;

type Rule = { formats: string[]; maxSizeMb: number; maxCount: number; suggestedSeconds: number | null };

/** The configured upload rules (what the form and the server enforce), defaults for a missing row. */
async function rules(): Promise<{ IMAGE: Rule; VIDEO: Rule }> {
  const rows = await db().attachmentRule.findMany({
    where: { kind: { in: ["IMAGE", "VIDEO"] } },
    select: { kind: true, formats: true, maxSizeMb: true, maxCount: true, suggestedSeconds: true },
  });
  const of = (kind: string, fallback: Rule) => rows.find((r) => r.kind === kind) ?? fallback;
  return {
    IMAGE: of("IMAGE", { formats: ["jpg", "png", "webp"], maxSizeMb: 5, maxCount: 9, suggestedSeconds: null }),
    VIDEO: of("VIDEO", { formats: ["mp4", "webm", "mov"], maxSizeMb: 50, maxCount: 1, suggestedSeconds: 10 }),
  };
}

/** An MP4 container (ftyp + one mdat box) of `bytes` bytes: what the upload sniffer recognises. */
function mp4(bytes: number): Buffer {
  const ftyp = Buffer.from("\0\0\0\x1cftypisom\0\0\x02\0isomiso2mp41", "latin1");
  const mdat = Buffer.alloc(bytes - ftyp.length, 7);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdat]);
}
const png = (background: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

async function open(page: Page, route: string) {
  await page.goto(abs(route), { timeout: 90_000 });
  await waitForShell(page);
}

async function signedIn(browser: import("@playwright/test").Browser, locale: Locale, who: "dealer" | "staff" | "group", company?: string): Promise<BrowserContext> {
  const ctx = await browser.newContext();
  await setLocaleCookie(ctx, locale);
  await ctx.addCookies((await signInState(who, company)).cookies);
  return ctx;
}

const toast = (page: Page) => page.locator(".ant-message");
const detail = (page: Page) => page.getByTestId("complaint-detail");

/** Staff or dealer writes in the reply / note dialog and sends it. */
async function sendText(page: Page, button: string, text: string) {
  await page.getByTestId(button).click();
  await page.getByTestId("complaint-dialog-text").fill(text);
  await clickUntilGone(page.getByTestId("complaint-dialog"), page.getByTestId("complaint-dialog-ok"));
}

for (const locale of ["en-US", "zh-CN"] as Locale[]) {
  test(`complaint: filed with images and a video, taken, replied, reopened by a note, replied, closed (${locale})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[locale];
    const r = await rules();
    const token = uid();
    const description = `E2E ${locale} ${token}: the sunroof leaks after a car wash.`;
    const carVin = vin(`LCP${token.replace(/[IOQ]/g, "A")}12345`.slice(0, 16));
    const reply1 = `Reseat the drain tube (${token}).`;
    const note = `Still leaking after reseating (${token}).`;
    const reply2 = `Replace the sunroof seal under warranty (${token}).`;

    const dealerCtx = await signedIn(browser, locale, "dealer");
    const staffCtx = await signedIn(browser, locale, "staff");
    const otherCtx = await signedIn(browser, locale, "group", "D002");
    try {
      const dealer = await dealerCtx.newPage();
      const staff = await staffCtx.newPage();

      // The dealer opens the form: the video field says how long a video should be.
      await open(dealer, "afterSale/complaint");
      await expect(dealer.getByTestId("page-title")).toHaveText(t.title);
      await dealer.getByTestId("complaint-file").click();
      const form = dealer.getByTestId("complaint-form");
      await expect(form).toBeVisible({ timeout: 60_000 });
      const videoField = form.getByTestId("upload-video");
      await expect(videoField).toContainText(t.videoHint(r.VIDEO.suggestedSeconds ?? 10, r.VIDEO.maxSizeMb), { timeout: 60_000 });

      // Required description and a VIN with a wrong check digit are refused on their fields.
      const badVin = carVin.slice(0, 8) + (carVin[8] === "1" ? "2" : "1") + carVin.slice(9);
      await dealer.getByTestId("complaint-vin").fill(badVin);
      await dealer.getByTestId("complaint-submit").click();
      const errors = form.locator(".ant-form-item-explain-error:not(.ant-form-show-help-item-leave)");
      await expect(errors.filter({ hasText: t.vinCheck })).toBeVisible();
      await expect(errors.filter({ hasText: t.description })).toBeVisible();

      // A file of a wrong format, and more images than the rule allows, are refused with the upload
      // messages (the allowed ones of that batch go up; the form is then dropped and opened afresh).
      const images = form.getByTestId("upload-image");
      await images.locator("input[type=file]").setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF") });
      await expect(toast(dealer)).toContainText(t.format(r.IMAGE.formats.join("/")));
      const tile = await png("#d4b106");
      await images
        .locator("input[type=file]")
        .setInputFiles(Array.from({ length: r.IMAGE.maxCount + 1 }, (_, i) => ({ name: `many-${i}.png`, mimeType: "image/png", buffer: tile })));
      await expect(toast(dealer)).toContainText(t.maxCount(r.IMAGE.maxCount));
      await expect(images.locator(".ant-upload-list-item")).toHaveCount(r.IMAGE.maxCount);
      await expect(images.locator(".ant-upload-list-item-uploading")).toHaveCount(0, { timeout: 30_000 });
      await dealer.locator(".ant-modal-footer .ant-btn").first().click();
      await expect(form).toHaveCount(0);
      await dealer.getByTestId("complaint-file").click();
      await expect(form).toBeVisible();
      await expect(form.locator(".ant-upload-list-item")).toHaveCount(0);

      // Two images and a short video.
      await images.locator("input[type=file]").setInputFiles([
        { name: "leak-1.png", mimeType: "image/png", buffer: await png("#1d39c4") },
        { name: "leak-2.png", mimeType: "image/png", buffer: await png("#237804") },
      ]);
      await videoField.locator("input[type=file]").setInputFiles({ name: "walkaround.mp4", mimeType: "video/mp4", buffer: mp4(8192) });
      await expect(images.locator(".ant-upload-list-item")).toHaveCount(2);
      await expect(videoField.locator(".ant-upload-list-item")).toHaveCount(1);
      await expect(form.locator(".ant-upload-list-item-uploading, .ant-upload-list-item-error")).toHaveCount(0, { timeout: 30_000 });
      // The video field is full: a second video is refused with the rule's count.
      await videoField.locator("input[type=file]").setInputFiles({ name: "second.mp4", mimeType: "video/mp4", buffer: mp4(4096) });
      await expect(toast(dealer).filter({ hasText: t.maxCount(r.VIDEO.maxCount) })).toBeVisible();
      await expect(videoField.locator(".ant-upload-list-item")).toHaveCount(1);

      await dealer.getByTestId("complaint-vin").fill(carVin.toLowerCase());
      await chooseSelectOption(dealer, dealer.getByTestId("complaint-category"), t.category);
      await dealer.getByTestId("complaint-description").fill(description);
      await dealer.getByTestId("complaint-question-note").fill(`Note ${token}`);
      await expect(errors).toHaveCount(0);
      await expect(dealer.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")).toHaveCount(0);
      await dealer.screenshot({ path: path.join(SHOTS, `complaint-form-${locale}.png`), caret: "initial" });
      await dealer.getByTestId("complaint-submit").click();
      const filed = dealer.getByTestId("complaint-filed");
      await expect(filed).toBeVisible({ timeout: 30_000 });
      const complaintNo = (await filed.textContent())!.match(/CP\d+/)![0];

      // The form opens the new complaint: submitted, with its images and video.
      await expect(dealer).toHaveURL(/afterSale\/complaint\?id=\d+$/, { timeout: 60_000 });
      const id = Number(new URL(dealer.url()).searchParams.get("id"));
      await expect(detail(dealer)).toHaveAttribute("data-complaint-no", complaintNo, { timeout: 60_000 });
      await expect(dealer.getByTestId("detail-status")).toHaveText(t.status.SUBMITTED);
      await expect(dealer.getByTestId("detail-vin")).toHaveText(carVin);
      await expect(dealer.getByTestId("detail-vin-link")).toHaveCount(0); // no such vehicle: no link to a 404
      await expect(dealer.getByTestId("detail-category")).toHaveText(t.category);
      await expect(dealer.getByTestId("complaint-image")).toHaveCount(2);
      const video = dealer.getByTestId("complaint-video");
      await expect(video).toHaveAttribute("controls", "");
      await expect(video).toHaveAttribute("preload", "metadata");
      const fileUrls = [
        ...(await dealer.getByTestId("complaint-image").evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).href))),
        await video.evaluate((e) => (e as HTMLVideoElement).src),
      ];
      expect(fileUrls.every((u) => u.includes("/api/v1/files/"))).toBe(true);
      // An image opens large in the page.
      await dealer.getByTestId("complaint-image").first().click();
      const preview = dealer.getByTestId("complaint-image-preview");
      await expect(preview).toBeVisible();
      await expect(preview.locator("img")).toHaveJSProperty("complete", true);
      await preview.getByTestId("complaint-preview-close").click();
      await expect(preview).toBeHidden();
      await expect(dealer.getByTestId("complaint-actions")).toHaveCount(0); // nothing for the dealer to do yet

      // Staff find it in their list, take it and reply.
      await open(staff, `afterSale/complaint?complaintNo=${complaintNo}`);
      const row = staff.locator(`[data-testid="complaint-row"][data-complaint-no="${complaintNo}"]`);
      await expect(row.getByTestId("complaint-status")).toHaveText(t.status.SUBMITTED);
      await expect(row).toContainText(carVin);
      await row.getByRole("link", { name: complaintNo }).click();
      await expect(detail(staff)).toHaveAttribute("data-status", "SUBMITTED", { timeout: 60_000 });
      await staff.getByTestId("complaint-take").click();
      await expect(detail(staff)).toHaveAttribute("data-status", "PROCESSING", { timeout: 30_000 });
      await expect(staff.getByTestId("complaint-take")).toHaveCount(0);
      await staff.screenshot({ path: path.join(SHOTS, `complaint-detail-staff-${locale}.png`), fullPage: true, caret: "initial" });
      await sendText(staff, "complaint-reply", reply1);
      await expect(detail(staff)).toHaveAttribute("data-status", "REPLIED", { timeout: 30_000 });

      // The dealer is told in the bell, in the page's language, and the notice opens the complaint.
      await open(dealer, "system/workbench/home");
      await dealer.getByTestId("notification-bell").click();
      const notice = dealer.getByTestId("notification-panel").getByTestId("notification-item").filter({ hasText: complaintNo });
      await expect(notice.first()).toContainText(t.repliedNotice, { timeout: 30_000 });
      await notice.first().click();
      await expect(dealer).toHaveURL(new RegExp(`afterSale/complaint\\?id=${id}$`), { timeout: 60_000 });

      // The dealer's note reopens it (the dialog says so).
      await open(dealer, `afterSale/complaint?id=${id}`);
      await expect(dealer.getByTestId("detail-status")).toHaveText(t.status.REPLIED);
      await expect(dealer.getByTestId("detail-appeal-note")).toContainText(reply1);
      await dealer.getByTestId("complaint-note").click();
      await expect(dealer.locator(".ant-modal")).toContainText(t.reopens);
      await dealer.getByTestId("complaint-dialog-text").fill(note);
      await dealer.screenshot({ path: path.join(SHOTS, `complaint-note-dialog-${locale}.png`), caret: "initial" });
      await clickUntilGone(dealer.getByTestId("complaint-dialog"), dealer.getByTestId("complaint-dialog-ok"));
      await expect(detail(dealer)).toHaveAttribute("data-status", "PROCESSING", { timeout: 30_000 });
      await expect(dealer.getByTestId("complaint-actions")).toHaveCount(0);

      // Staff reply again; the dealer closes it.
      await open(staff, `afterSale/complaint?id=${id}`);
      await sendText(staff, "complaint-reply", reply2);
      await expect(detail(staff)).toHaveAttribute("data-status", "REPLIED", { timeout: 30_000 });
      await open(dealer, `afterSale/complaint?id=${id}`);
      await dealer.getByTestId("complaint-close").click();
      await confirmModal(dealer);
      await expect(detail(dealer)).toHaveAttribute("data-status", "CLOSED", { timeout: 30_000 });
      await expect(dealer.getByTestId("detail-status")).toHaveText(t.status.CLOSED);
      await expect(dealer.getByTestId("detail-closedAt")).toBeVisible();

      // The whole conversation in order, each side marked, and the status history.
      const messages = dealer.getByTestId("complaint-message");
      await expect(messages.getByTestId("complaint-message-body")).toHaveText([description, reply1, note, reply2]);
      expect(await messages.evaluateAll((els) => els.map((e) => e.getAttribute("data-side")))).toEqual(["DEALER", "STAFF", "DEALER", "STAFF"]);
      await expect(messages.nth(1)).toContainText(t.staffSide);
      await expect(messages.nth(2)).toContainText(t.dealerSide);
      await expect(dealer.getByTestId("complaint-question-note")).toContainText(`Note ${token}`);
      expect(
        await dealer
          .getByTestId("complaint-history")
          .locator("li")
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-status"))),
      ).toEqual(["SUBMITTED", "PROCESSING", "REPLIED", "PROCESSING", "REPLIED", "CLOSED"]);
      await dealer.screenshot({ path: path.join(SHOTS, `complaint-detail-dealer-${locale}.png`), fullPage: true, caret: "initial" });

      // The list: the dealer's row is closed; staff narrow to what they handle.
      await open(dealer, `afterSale/complaint?vin=${carVin.slice(-8)}&status=CLOSED`);
      await expect(dealer.locator(`[data-testid="complaint-row"][data-complaint-no="${complaintNo}"]`).getByTestId("complaint-status")).toHaveText(t.status.CLOSED);
      await dealer.screenshot({ path: path.join(SHOTS, `complaint-list-dealer-${locale}.png`), fullPage: true, caret: "initial" });
      await open(staff, `afterSale/complaint?mine=1&complaintNo=${complaintNo}`);
      await expect(staff.getByTestId("complaint-row")).toHaveCount(1);
      await open(staff, "afterSale/complaint");
      await staff.screenshot({ path: path.join(SHOTS, `complaint-list-staff-${locale}.png`), fullPage: true, caret: "initial" });

      // Dealer B: the complaint and its files are not found.
      const other = await otherCtx.newPage();
      const res = await other.goto(abs(`afterSale/complaint?id=${id}`), { timeout: 90_000 });
      expect(res?.status()).toBe(404);
      await expect(other.getByTestId("not-found")).toBeVisible();
      await expect(other.getByTestId("complaint-detail")).toHaveCount(0);
      for (const u of fileUrls) {
        expect((await other.request.get(u)).status(), u).toBe(404);
        expect((await dealer.request.get(u)).status(), u).toBe(200);
      }
    } finally {
      await Promise.all([dealerCtx.close(), staffCtx.close(), otherCtx.close()]);
    }
  });
}

test.describe("REST", () => {
  let a: APIRequestContext;
  let b: APIRequestContext;
  test.beforeAll(async () => {
    a = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: await signInState("dealer"), timeout: 90_000 });
    b = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: await signInState("group", "D002"), timeout: 90_000 });
  });
  test.afterAll(async () => {
    await Promise.all([a.dispose(), b.dispose()]);
  });

  const upload = async (kind: "IMAGE" | "VIDEO", file: { name: string; mimeType: string; buffer: Buffer }) => {
    const res = await a.post(`api/v1/uploads?kind=${kind}&count=0`, { multipart: { kind, count: "0", file } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };

  test("POST and GET /api/v1/complaints: created (201) for dealer A, listed for A only, 404 for B; wrong files refused", async () => {
    test.setTimeout(180_000);
    const r = await rules();
    const token = uid();
    const image = await upload("IMAGE", { name: "api.png", mimeType: "image/png", buffer: await png("#ad4e00") });

    // More images than the rule allows are refused on the field, before any file is looked at.
    const tooMany = Array.from({ length: r.IMAGE.maxCount + 1 }, () => ({ id: randomBytes(16).toString("hex") }));
    const many = await a.post("api/v1/complaints", { data: { description: `API ${token}`, qesImg: tooMany } });
    expect(many.status()).toBe(422);
    expect(await many.json()).toMatchObject({ fieldErrors: { qesImg: `A maximum of ${r.IMAGE.maxCount} can be uploaded` } });
    // An image in the video field is refused on that field, with the rule's formats.
    const wrong = await a.post("api/v1/complaints", { data: { description: `API ${token}`, qesVideo: [{ id: image }] } });
    expect(wrong.status()).toBe(415);
    expect(await wrong.json()).toMatchObject({ fieldErrors: { qesVideo: `Only ${r.VIDEO.formats.join("/")} format can be uploaded` } });
    const invalid = await a.post("api/v1/complaints", { data: { description: "", vin: "123" }, headers: { "Accept-Language": "zh-CN" } });
    expect(invalid.status()).toBe(422);
    expect((await invalid.json()).fieldErrors).toMatchObject({ description: "请输入问题描述", vin: "VIN码必须为17位" });

    const created = await a.post("api/v1/complaints", { data: { description: `API ${token}`, category: "SERVICE", qesImg: [{ id: image }] } });
    expect(created.status()).toBe(201);
    const { id, complaintNo } = (await created.json()) as { id: number; complaintNo: string };
    expect(created.headers()["location"]).toBe(`/customerWeb/api/v1/complaints/${id}`);

    const listed = await a.get(`api/v1/complaints?complaintNo=${complaintNo}`);
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { rows: { complaintNo: string; status: string }[] }).rows).toEqual([
      expect.objectContaining({ complaintNo, status: "SUBMITTED", summary: `API ${token}` }),
    ]);
    const one = await a.get(`api/v1/complaints/${id}`);
    expect(one.status()).toBe(200);
    expect(await one.json()).toMatchObject({ complaintNo, description: `API ${token}`, qesImg: [expect.objectContaining({ id: image })], messages: [], moves: [] });

    expect(((await (await b.get(`api/v1/complaints?complaintNo=${complaintNo}`)).json()) as { rows: unknown[] }).rows).toEqual([]);
    expect((await b.get(`api/v1/complaints/${id}`)).status()).toBe(404);
    expect((await b.get(`api/v1/files/${image}`)).status()).toBe(404);
    expect((await b.post("api/v1/complaints", { data: { description: `B ${token}`, qesImg: [{ id: image }] } })).status()).toBe(404); // A's upload is not B's to link
    expect((await a.get("api/v1/complaints?status=NOPE")).status()).toBe(422);

    const doc = (await (await a.get("api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    for (const [p, m] of [
      ["/complaints", "get"],
      ["/complaints", "post"],
      ["/complaints/{id}", "get"],
    ])
      expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    for (const name of ["ComplaintPage", "Complaint", "ComplaintCreated", "FileComplaint"]) expect(doc.components.schemas[name], name).toBeDefined();
  });
});
