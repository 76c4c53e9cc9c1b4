import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/auth/viewer";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import { PrismaClient, type AttachmentKind } from "@/lib/generated/prisma/client";
import type { AuditCtx } from "@/lib/core/audit";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeMenu, makeRole, makeUser, uid } from "@/lib/test/factories";
import { canSeeAttachment } from "@/lib/uploads/access";
import { getStorage } from "@/lib/uploads/storage";
import { deleteDownloadAction, downloadForEditAction, requestDownloadAction, saveDownloadAction, setDownloadEnabledAction } from "./actions";
import "./attachments";
import { listDownloads, parseDownloadFilters } from "./queries";
import { loadDownloadRoute } from "./loader";
import { ZDownloadSave, type TDownloadSaveInput } from "./schemas";
import { TOKEN_TTL_SECONDS, signDownloadToken, verifyDownloadToken } from "./secrets";
import { serveDownload } from "./serve";
import { deleteDownload, downloadForEdit, requestDownload, saveDownload, setDownloadEnabled } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The download centre against PostgreSQL: search (title and the content's text, not its
// markup), keyset pages, what dealers and managers see; the download flow — with and without a
// verify code, the wrong-code message, the hourly limit (also under a burst of parallel
// guesses), counting, the signed token and the file route; managing items (validation, the
// content sanitized, the code sealed, audit rows) and every refusal changing nothing.

let dealerRole: number;
let managerRole: number;
let dealer: Viewer;
let dealerUser: { id: number };
let dealerCompany: number;
let other: Viewer;
let manager: Viewer;
let managerUser: { id: number };
let reader: Viewer;
const tok = uid("dl").toUpperCase();
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: v.company?.id ?? null, requestId: "test" });

/** A pending upload of `uploaderId` (bytes in storage only when `bytes` is given). */
async function pending(uploaderId: number, kind: AttachmentKind, bytes?: Buffer): Promise<{ id: string }> {
  const id = randomBytes(16).toString("hex");
  const ext = kind === "IMAGE" ? "webp" : "pdf";
  const storageKey = `test/${id}.${ext}`;
  if (bytes) await (await getStorage()).put(storageKey, bytes, { contentType: "application/pdf" });
  await db().attachment.create({
    data: {
      id,
      kind,
      mime: kind === "IMAGE" ? "image/webp" : "application/pdf",
      ext,
      size: bytes?.byteLength ?? 1000,
      sha256: "0".repeat(64),
      storageKey,
      originalName: `doc-${id.slice(0, 6)}.${ext}`,
      uploaderId,
    },
  });
  return { id };
}

const form = (over: Partial<TDownloadSaveInput> = {}): TDownloadSaveInput => ({
  title: `Price list ${tok}`,
  content: "<p>Prices</p>",
  downloadUrl: "https://example.com/prices.pdf",
  images: [],
  file: [],
  enabled: true,
  ...over,
});
const create = (over: Partial<TDownloadSaveInput> = {}) => saveDownload(manager, ctxOf(manager), ZDownloadSave.parse(form(over)));
const item = (id: number) => db().downloadItem.findUniqueOrThrow({ where: { id } });
const logs = (id: number) => db().downloadLog.findMany({ where: { itemId: id }, orderBy: { id: "asc" } });

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

async function expectDomain(p: Promise<unknown>, key: string, status?: number, field?: string): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(DomainError);
  expect((err as DomainError).key).toBe(key);
  if (status) expect((err as DomainError).status).toBe(status);
  if (field) expect((err as DomainError).field).toBe(field);
  return err as DomainError;
}

async function viewerOf(roleId: number, type: "DEALER" | "STAFF"): Promise<{ viewer: Viewer; user: { id: number }; company: number | null }> {
  const company = type === "DEALER" ? (await makeCompany()).id : null;
  const user = await makeUser({ userType: type, roleIds: [roleId], companyIds: company ? [company] : [] });
  return { viewer: (await actAs(user, company))!, user, company };
}

beforeAll(async () => {
  setTestLocale("en-US");
  const screen = await makeMenu({ path: "download/downloadCenters" });
  const button = await makeMenu({ type: "BUTTON", permission: "download:manage", parentId: screen.id });
  dealerRole = (await makeRole({ menuIds: [screen.id] })).id;
  managerRole = (await makeRole({ menuIds: [screen.id, button.id], dataScope: "ALL" })).id;
  const d = await viewerOf(dealerRole, "DEALER");
  dealer = d.viewer;
  dealerUser = d.user;
  dealerCompany = d.company!;
  other = (await viewerOf(dealerRole, "DEALER")).viewer;
  const m = await viewerOf(managerRole, "STAFF");
  manager = m.viewer;
  managerUser = m.user;
  reader = (await viewerOf(dealerRole, "STAFF")).viewer;
});

afterAll(() => actAs(null));

describe("the list", () => {
  it("searches the title and the content's text (not its markup), entities included; dealers see enabled items only", async () => {
    const byTitle = await create({ title: `Brochure ${tok} alpha` });
    const byContent = await create({ title: "Service manual", content: `<p>Chapter on <strong>brakes</strong> ${tok}-beta</p>` });
    const amp = await create({ title: "Quality", content: `<p>R&D notes ${tok}</p>` });
    const off = await create({ title: `Old list ${tok} alpha`, enabled: false });
    const ids = async (v: Viewer, q: string, status = "") => (await listDownloads(v, parseDownloadFilters(new URLSearchParams({ q, status, size: "50" })))).rows.map((r) => r.id);

    expect(await ids(dealer, `${tok} alpha`)).toEqual([byTitle.id]);
    expect(await ids(manager, `${tok} alpha`)).toEqual([off.id, byTitle.id].sort((a, b) => b - a));
    expect(await ids(manager, `${tok} alpha`, "disabled")).toEqual([off.id]);
    expect(await ids(dealer, `brakes ${tok}-beta`)).toEqual([byContent.id]);
    expect(await ids(dealer, `R&D notes ${tok}`)).toEqual([amp.id]);
    // Markup is not text: "strong>" or "<p>" match nothing of the item.
    expect(await ids(dealer, "strong>brakes")).not.toContain(byContent.id);
    expect(await ids(dealer, "amp;")).not.toContain(amp.id);
    // A % or _ is a character, not a wildcard.
    expect(await ids(dealer, `${tok}%`)).toEqual([]);

    const page = await listDownloads(dealer, parseDownloadFilters(new URLSearchParams({ q: `brakes ${tok}` })));
    expect(page.rows[0]).toMatchObject({ id: byContent.id, excerpt: `Chapter on brakes ${tok}-beta`, locked: false, kind: "url", downloads: 0, enabled: true });
    expect(page.manage).toBe(false);
    expect((await listDownloads(manager, parseDownloadFilters(new URLSearchParams()))).manage).toBe(true);
  });

  it("pages by keyset, newest first, with newer / older links that meet", async () => {
    const q = uid("page").toUpperCase();
    const made: number[] = [];
    for (let i = 0; i < 12; i++) made.push((await create({ title: `${q} item ${i}` })).id);
    const newestFirst = [...made].reverse();
    const first = await listDownloads(dealer, parseDownloadFilters(new URLSearchParams({ q })));
    expect(first.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.total).toEqual({ count: 12, capped: false });
    expect(first.prev).toBeNull();
    const second = await listDownloads(dealer, parseDownloadFilters(new URLSearchParams({ q, cursor: first.next! })));
    expect(second.rows.map((r) => r.id)).toEqual(newestFirst.slice(10));
    expect(second.next).toBeNull();
    const back = await listDownloads(dealer, parseDownloadFilters(new URLSearchParams({ q, cursor: second.prev! })));
    expect(back.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 10));
  });

  it("sends the same three queries whatever the page size (pictures of the page in one)", async () => {
    const q = uid("count").toUpperCase();
    for (let i = 0; i < 12; i++) {
      const picture = await pending(managerUser.id, "IMAGE");
      await create({ title: `${q} ${i}`, images: [picture] });
    }
    const small = await countQueries(() => listDownloads(dealer, parseDownloadFilters(new URLSearchParams({ q, size: "10" }))));
    const large = await countQueries(() => listDownloads(dealer, parseDownloadFilters(new URLSearchParams({ q, size: "50" }))));
    expect(small).toBe(3);
    expect(large).toBe(small);
    const page = await listDownloads(dealer, parseDownloadFilters(new URLSearchParams({ q, size: "50" })));
    expect(page.rows.every((r) => r.images.length === 1)).toBe(true);
  });

  it("never sends the verify code or the external address to the browser", async () => {
    const secret = `S3cret-${tok}`;
    const locked = await create({ title: `Locked ${tok}`, verifyCode: secret, downloadUrl: `https://files.example.com/${tok}.pdf` });
    const stored = await item(locked.id);
    expect(stored.verifyCode).not.toContain(secret);
    expect(openSecret(stored.verifyCode!, "DownloadItem.verifyCode")).toBe(secret);
    for (const url of [new URLSearchParams({ q: `Locked ${tok}` }), new URLSearchParams({ id: String(locked.id) })]) {
      for (const v of [dealer, manager]) {
        const json = JSON.stringify(await loadDownloadRoute(v, url));
        expect(json).toContain(`Locked ${tok}`);
        expect(json).not.toContain(secret);
        expect(json).not.toContain(`/${tok}.pdf`);
        expect(json).not.toContain(stored.verifyCode!);
      }
    }
    // Managing staff read it in their form; nobody else does.
    expect(await downloadForEditAction({ id: locked.id })).toMatchObject({ ok: false });
    await actAs(managerUser);
    expect(await downloadForEditAction({ id: locked.id })).toMatchObject({ ok: true, data: { verifyCode: secret, downloadUrl: `https://files.example.com/${tok}.pdf` } });
    await actAs(null);
  });

  it("answers missing for a switched-off item's detail, except to managers", async () => {
    const off = await create({ title: `Hidden ${tok}`, enabled: false });
    expect(await loadDownloadRoute(dealer, new URLSearchParams({ id: String(off.id) }))).toEqual({ kind: "missing" });
    expect(await loadDownloadRoute(dealer, new URLSearchParams({ id: "2000000000" }))).toEqual({ kind: "missing" });
    expect(await loadDownloadRoute(dealer, new URLSearchParams({ id: "abc" }))).toEqual({ kind: "missing" });
    expect(await loadDownloadRoute(manager, new URLSearchParams({ id: String(off.id) }))).toMatchObject({ kind: "detail", item: { id: off.id, enabled: false } });
  });
});

describe("downloading", () => {
  it("grants an item without a code: logged, counted once, a token for this user and item", async () => {
    const bytes = Buffer.from(`%PDF-1.4\n% ${tok}\n%%EOF\n`);
    const file = await pending(managerUser.id, "FILE", bytes);
    const { id } = await create({ title: `Manual ${tok}`, downloadUrl: null, file: [file] });
    expect((await item(id)).fileId).toBe(file.id);

    const grant = await requestDownload(dealer, id);
    expect(grant).toMatchObject({ external: false, downloads: 1 });
    expect((await item(id)).downloads).toBe(1);
    expect(await logs(id)).toEqual([expect.objectContaining({ userId: dealer.userId, companyId: dealerCompany, ok: true })]);

    // The link streams the file as an attachment, to this user only.
    const url = new URL(grant.url, "http://app.invalid");
    expect(url.pathname).toBe(`/customerWeb/api/v1/downloads/${id}/file`);
    const token = url.searchParams.get("token");
    const res = await serveDownload(new Request("http://app.invalid/x"), dealer, String(id), token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="doc-/);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    const ranged = await serveDownload(new Request("http://app.invalid/x", { headers: { range: "bytes=0-7" } }), dealer, String(id), token);
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).toString()).toBe("%PDF-1.4");
    // Following the link again is no new download.
    expect((await item(id)).downloads).toBe(1);

    // Another company's dealer (or anyone else) cannot use it; no token or a forged one: 403.
    expect((await serveDownload(new Request("http://app.invalid/x"), other, String(id), token)).status).toBe(403);
    expect((await serveDownload(new Request("http://app.invalid/x"), dealer, String(id), null)).status).toBe(403);
    expect(
      (
        await serveDownload(
          new Request("http://app.invalid/x"),
          dealer,
          String(id),
          token!.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
        )
      ).status,
    ).toBe(403);
    expect((await serveDownload(new Request("http://app.invalid/x"), dealer, "abc", token)).status).toBe(404);

    // The file is not readable through /api/v1/files by dealers or staff without download:manage.
    const a = await db().attachment.findUniqueOrThrow({ where: { id: file.id } });
    expect(a).toMatchObject({ ownerType: "download", ownerId: String(id), field: "file" });
    expect(await canSeeAttachment(dealer, a)).toBe(false);
    expect(await canSeeAttachment(reader, a)).toBe(false);
    expect(await canSeeAttachment(manager, a)).toBe(true);
    await (await getStorage()).delete(a.storageKey);
  });

  it("redirects an external item to its address once granted", async () => {
    const { id } = await create({ title: `Portal ${tok}`, downloadUrl: `https://portal.example.com/${tok}` });
    const grant = await requestDownload(other, id);
    expect(grant.external).toBe(true);
    expect(grant.url).not.toContain("portal.example.com");
    const res = await serveDownload(new Request("http://app.invalid/x"), other, String(id), new URL(grant.url, "http://app.invalid").searchParams.get("token"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`https://portal.example.com/${tok}`);
  });

  it("asks for the code: none or a wrong one refused on the code field and nothing counted; the right one grants", async () => {
    await actAs(dealerUser, dealerCompany);
    const { id } = await create({ title: `Locked list ${tok}`, verifyCode: "GM2026" });
    const none = await requestDownloadAction({ id });
    expect(none).toMatchObject({ ok: false, fieldErrors: { code: "Please enter the verification code" } });
    const wrong = await requestDownloadAction({ id, code: "GM2025" });
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { code: expect.stringMatching(/^The verification code is wrong\. \d+ more tr(y|ies) this hour\.$/) } });
    expect((await item(id)).downloads).toBe(0);
    expect((await logs(id)).map((l) => l.ok)).toEqual([false]);
    setTestLocale("zh-CN");
    expect(await requestDownloadAction({ id, code: "gm2026" })).toMatchObject({ ok: false, fieldErrors: { code: expect.stringContaining("验证码错误") } });
    setTestLocale("en-US");
    const right = await requestDownloadAction({ id, code: " GM2026 " });
    expect(right).toMatchObject({ ok: true, data: { external: true, downloads: 1 } });
    expect((await item(id)).downloads).toBe(1);
    expect((await logs(id)).map((l) => l.ok)).toEqual([false, false, true]);
    await actAs(null);
  });

  it("limits wrong codes per user and hour, also under a burst of parallel guesses, and says how long to wait", async () => {
    const { viewer: guesser } = await viewerOf(dealerRole, "DEALER");
    const { id } = await create({ title: `Guarded ${tok}`, verifyCode: "RIGHT-CODE" });
    const limit = 10; // download.maxVerifyAttemptsPerHour's default
    const tries = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) =>
        requestDownload(guesser, id, `WRONG-${i}`).then(
          () => null,
          (e: DomainError) => e.key,
        ),
      ),
    );
    expect(tries.filter((k) => k === "Downloads.errors.wrongCode").length).toBe(limit - 1);
    expect(tries.filter((k) => k === "Downloads.errors.wrongCodeLast").length).toBe(1);
    expect(tries.filter((k) => k === "Downloads.errors.tooManyAttempts").length).toBe(5);
    expect(await db().downloadLog.count({ where: { userId: guesser.userId, ok: false } })).toBe(limit);
    // Blocked means blocked: the right code is not even compared.
    const err = await expectDomain(requestDownload(guesser, id, "RIGHT-CODE"), "Downloads.errors.tooManyAttempts", 429, "code");
    expect(err.values.minutes).toBe(60);
    expect((await item(id)).downloads).toBe(0);

    // The wait counts from the oldest wrong code that keeps the user over the limit.
    await db().downloadLog.updateMany({ where: { userId: guesser.userId, ok: false }, data: { createdAt: new Date(Date.now() - 50 * 60_000) } });
    expect((await expectDomain(requestDownload(guesser, id, "RIGHT-CODE"), "Downloads.errors.tooManyAttempts")).values.minutes).toBe(10);
    // An hour later the user may try again; items without a code never count tries.
    await db().downloadLog.updateMany({ where: { userId: guesser.userId, ok: false }, data: { createdAt: new Date(Date.now() - 61 * 60_000) } });
    expect(await requestDownload(guesser, id, "RIGHT-CODE")).toMatchObject({ downloads: 1 });
    const open = await create({ title: `Open ${tok}` });
    await db().downloadLog.updateMany({ where: { userId: guesser.userId, ok: false }, data: { createdAt: new Date() } });
    expect(await requestDownload(guesser, open.id)).toMatchObject({ downloads: 1 });
  });

  it("counts every granted download, also when many come at once", async () => {
    const { id } = await create({ title: `Popular ${tok}` });
    await Promise.all(Array.from({ length: 12 }, (_, i) => requestDownload(i % 2 ? dealer : other, id)));
    expect((await item(id)).downloads).toBe(12);
    expect(await db().downloadLog.count({ where: { itemId: id, ok: true } })).toBe(12);
  });

  it("answers 404 for a switched-off or missing item, to dealers and managers alike, counting nothing", async () => {
    const { id } = await create({ title: `Retired ${tok}`, enabled: false });
    await expect(requestDownload(dealer, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(requestDownload(manager, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(requestDownload(dealer, 2_000_000_000)).rejects.toBeInstanceOf(NotFoundError);
    expect((await item(id)).downloads).toBe(0);
    expect(await logs(id)).toEqual([]);

    // A token granted before the item was switched off no longer works.
    const live = await create({ title: `Soon off ${tok}` });
    const grant = await requestDownload(dealer, live.id);
    await setDownloadEnabled(manager, ctxOf(manager), live.id, false);
    const res = await serveDownload(new Request("http://app.invalid/x"), dealer, String(live.id), new URL(grant.url, "http://app.invalid").searchParams.get("token"));
    expect(res.status).toBe(404);
  });

  it("says so when a code can no longer be opened (the secret changed), counting no try; the form asks for it again", async () => {
    const { id } = await create({ title: `Resealed ${tok}`, verifyCode: "OLD-CODE" });
    await db().downloadItem.update({ where: { id }, data: { verifyCode: sealSecret("OLD-CODE", "another column") } });
    await expectDomain(requestDownload(dealer, id, "OLD-CODE"), "Downloads.errors.codeBroken", 409);
    expect(await logs(id)).toEqual([]);
    expect(await downloadForEdit(manager, id)).toMatchObject({ verifyCode: null, codeUnreadable: true });
    await saveDownload(manager, ctxOf(manager), ZDownloadSave.parse(form({ id, title: `Resealed ${tok}`, verifyCode: "NEW-CODE" })));
    expect(await requestDownload(dealer, id, "NEW-CODE")).toMatchObject({ downloads: 1 });
    // Ids beyond the column's range are simply not found.
    await expect(requestDownload(dealer, 3_000_000_000)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setDownloadEnabled(manager, ctxOf(manager), 3_000_000_000, false)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a user without the screen (403)", async () => {
    const nobody = (await actAs(await makeUser({ userType: "STAFF" })))!;
    const { id } = await create({ title: `Staff only? ${tok}` });
    await expectDomain(requestDownload(nobody, id), "Common.forbidden", 403);
    await actAs(null);
  });
});

describe("the token", () => {
  it("is bound to the item, the user and a minute", () => {
    const now = Date.now();
    const token = signDownloadToken(7, 42, now);
    expect(verifyDownloadToken(token, 7, 42, now)).toBe("ok");
    expect(verifyDownloadToken(token, 7, 42, now + (TOKEN_TTL_SECONDS - 1) * 1000)).toBe("ok");
    expect(verifyDownloadToken(token, 7, 42, now + (TOKEN_TTL_SECONDS + 1) * 1000)).toBe("expired");
    expect(verifyDownloadToken(token, 8, 42, now)).toBe("invalid");
    expect(verifyDownloadToken(token, 7, 43, now)).toBe("invalid");
    // Changing the payload (another user, a later expiry) breaks the signature.
    const [item, , exp, sig] = token.split(".");
    expect(verifyDownloadToken(`${item}.43.${exp}.${sig}`, 7, 43, now)).toBe("invalid");
    expect(verifyDownloadToken(`${item}.42.${Number(exp) + 3600}.${sig}`, 7, 42, now)).toBe("invalid");
    expect(verifyDownloadToken("", 7, 42, now)).toBe("invalid");
    expect(verifyDownloadToken(null, 7, 42, now)).toBe("invalid");
  });
});

describe("managing items", () => {
  it("lets only download:manage write: a dealer or staff without it gets forbidden and nothing changes", async () => {
    const { id } = await create({ title: `Keep ${tok}` });
    const before = await item(id);
    for (const who of [dealerUser, { id: reader.userId }]) {
      await actAs(who, who === dealerUser ? dealerCompany : null);
      const title = `Intruder ${uid()}`;
      expect(await saveDownloadAction(form({ title }))).toMatchObject({ ok: false, message: "You do not have permission to do this." });
      expect(await saveDownloadAction(form({ id, title }))).toMatchObject({ ok: false });
      expect(await setDownloadEnabledAction({ id, enabled: false })).toMatchObject({ ok: false });
      expect(await deleteDownloadAction({ id })).toMatchObject({ ok: false });
      expect(await db().downloadItem.count({ where: { title } })).toBe(0);
    }
    await expectDomain(saveDownload(dealer, ctxOf(dealer), ZDownloadSave.parse(form())), "Common.forbidden", 403);
    await expectDomain(deleteDownload(dealer, ctxOf(dealer), id), "Common.forbidden", 403);
    expect(await item(id)).toEqual(before);
    await actAs(null);
  });

  it("validates the form with messages naming the field", async () => {
    await actAs(managerUser);
    const title = `Invalid ${tok}`;
    const cases: [Partial<TDownloadSaveInput>, string, string][] = [
      [{ title: "  " }, "title", "Please enter Title"],
      [{ title: "x".repeat(201) }, "title", "Title must be at most 200 characters"],
      [{ downloadUrl: "http://example.com/a.pdf" }, "downloadUrl", "Download URL must be an https:// address"],
      [{ downloadUrl: "javascript:alert(1)" }, "downloadUrl", "Download URL must be an https:// address"],
      [{ downloadUrl: "https://user:pw@example.com/" }, "downloadUrl", "Download URL must be an https:// address"],
      [{ downloadUrl: "" }, "downloadUrl", "Enter a download URL or upload a file"],
      [{ verifyCode: "abc" }, "verifyCode", "Verification code must be at least 4 characters"],
      [{ verifyCode: "x".repeat(33) }, "verifyCode", "Verification code must be at most 32 characters"],
      [{ verifyCode: "two words" }, "verifyCode", "Verification code is not in a valid format"],
    ];
    for (const [over, field, message] of cases) {
      const res = await saveDownloadAction({ ...form(over), title: over.title ?? title });
      expect(res, field).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    }
    expect(await saveDownloadAction(form({ title, downloadUrl: "", file: [{ id: "../../etc/passwd" }] }))).toMatchObject({
      ok: false,
      fieldErrors: { "file.0.id": expect.any(String) },
    });
    const file = await pending(managerUser.id, "FILE");
    expect(await saveDownloadAction(form({ title, file: [file] }))).toMatchObject({ ok: false, fieldErrors: { downloadUrl: "Give either a download URL or a file, not both" } });
    // An image in the file field is the wrong format; someone else's upload is not found.
    const picture = await pending(managerUser.id, "IMAGE");
    expect(await saveDownloadAction(form({ title, downloadUrl: "", file: [picture] }))).toMatchObject({ ok: false, fieldErrors: { file: expect.stringContaining("Only") } });
    const foreign = await pending(dealer.userId, "FILE");
    expect(await saveDownloadAction(form({ title, downloadUrl: "", file: [foreign] }))).toMatchObject({ ok: false });
    expect(await db().downloadItem.count({ where: { title } })).toBe(0);
    expect((await db().attachment.findUniqueOrThrow({ where: { id: file.id } })).ownerType).toBeNull();
    await actAs(null);
  });

  it("sanitizes the content, keeps its own images, and audits without the code", async () => {
    await actAs(managerUser);
    const media = await pending(managerUser.id, "IMAGE");
    const foreign = await pending(dealer.userId, "IMAGE");
    const content = `<p onclick="x()">Hello <script>alert(1)</script><img src="x" onerror="y()"><a href="javascript:alert(1)">js</a></p><img src="/customerWeb/media/${media.id}"><img src="/customerWeb/media/${foreign.id}"><iframe src="https://evil.example"></iframe>`;
    const res = await saveDownloadAction(form({ title: `Clean ${tok}`, content, verifyCode: "Secret-1" }));
    expect(res).toMatchObject({ ok: true });
    const id = (res as { data: { id: number } }).data.id;
    const saved = await item(id);
    expect(saved.content).not.toMatch(/script|onclick|onerror|javascript|iframe/i);
    expect(saved.content).toContain(`/customerWeb/media/${media.id}`);
    expect(saved.content).not.toContain(foreign.id);
    expect(saved.content).toContain("Hello");
    expect(await db().attachment.findUniqueOrThrow({ where: { id: media.id } })).toMatchObject({ ownerType: "download", ownerId: String(id), field: "media" });
    expect((await db().attachment.findUniqueOrThrow({ where: { id: foreign.id } })).ownerType).toBeNull();

    // Edit: the same code keeps its sealed value; a new one is sealed anew.
    expect(await saveDownloadAction(form({ id, title: `Clean ${tok} 2`, content: saved.content, verifyCode: "Secret-1" }))).toMatchObject({ ok: true });
    expect((await item(id)).verifyCode).toBe(saved.verifyCode);
    expect(await saveDownloadAction(form({ id, title: `Clean ${tok} 2`, content: saved.content, verifyCode: "Secret-2" }))).toMatchObject({ ok: true });
    expect((await item(id)).verifyCode).not.toBe(saved.verifyCode);
    // Disable, enable, delete: each audited; the code never appears in the audit trail.
    expect(await setDownloadEnabledAction({ id, enabled: false })).toMatchObject({ ok: true, data: { enabled: false } });
    expect(await setDownloadEnabledAction({ id, enabled: true })).toMatchObject({ ok: true, data: { enabled: true } });
    await requestDownload(dealer, id, "Secret-2");
    expect(await deleteDownloadAction({ id })).toMatchObject({ ok: true });
    const audits = await db().auditLog.findMany({ where: { entity: "DownloadItem", entityId: String(id) }, orderBy: { id: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["create", "update", "update", "disable", "enable", "delete"]);
    const trail = JSON.stringify(audits);
    expect(trail).not.toContain("Secret-");
    expect(trail).not.toContain(saved.verifyCode!);
    expect(audits[2].after).toMatchObject({ verifyCodeChanged: true });
    expect(audits[1].after).toMatchObject({ verifyCodeChanged: false });
    // Gone with its log; its files are pending again (purged with stale uploads).
    expect(await db().downloadItem.count({ where: { id } })).toBe(0);
    expect(await logs(id)).toEqual([]);
    expect((await db().attachment.findUniqueOrThrow({ where: { id: media.id } })).ownerType).toBeNull();
    await actAs(null);
  });

  it("shows pictures to every signed-in user while the item is enabled, to managers always", async () => {
    const picture = await pending(managerUser.id, "IMAGE");
    const { id } = await create({ title: `Pictures ${tok}`, images: [picture] });
    const a = () => db().attachment.findUniqueOrThrow({ where: { id: picture.id } });
    expect(await a()).toMatchObject({ ownerType: "download", ownerId: String(id), field: "images" });
    for (const v of [dealer, other, reader, manager]) expect(await canSeeAttachment(v, await a())).toBe(true);
    await setDownloadEnabled(manager, ctxOf(manager), id, false);
    expect(await canSeeAttachment(dealer, await a())).toBe(false);
    expect(await canSeeAttachment(manager, await a())).toBe(true);
    // An id that is not an item's, or a field the owner check does not know: hidden.
    expect(await canSeeAttachment(dealer, { ...(await a()), ownerId: "../1" })).toBe(false);
    await setDownloadEnabled(manager, ctxOf(manager), id, true);
    expect(await canSeeAttachment(dealer, { ...(await a()), field: null })).toBe(false);
  });
});
