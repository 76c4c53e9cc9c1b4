import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ForbiddenError, loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeRole, makeUser, nowSeconds } from "@/lib/test/factories";
import { canSeeAttachment } from "@/lib/uploads/access";
import { dateToMinute } from "@/lib/vehicles/schemas";
import "./attachments";
import { createNewsAction, deleteNewsAction, newsForEditAction, publishNewsAction, unpublishNewsAction, updateNewsAction } from "./admin-actions";
import { listNewsAdmin, loadNewsAdmin, parseNewsAdminFilters } from "./admin-queries";
import { createNews } from "./admin-service";

const tags = vi.hoisted(() => [] as string[]);
vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => ({ ...m.cacheMock, updateTag: (tag: string) => void tags.push(tag) })));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Staff's news actions against PostgreSQL: create (draft, published, scheduled), update,
// publish, schedule, unpublish, delete; every refusal changes nothing (no permission: dealers
// and staff without news:manage; moves the phase table forbids; stale saves); messages name
// their field; the detail is sanitized before it is saved; pictures are saved onto the article
// and visible only as the article is; each change has its audit row and expires the news cache.

type User = { id: number; viewer: Viewer };
let editor: User; // staff with news:manage (SALES_OPS)
let plainStaff: User; // staff without it
let dealer: User & { company: number };
let admin: User;

const FORBIDDEN = "You do not have permission to do this.";
const minuteIn = (ms: number) => dateToMinute(new Date(Date.now() + ms));
const HOUR = 3_600_000;

async function pendingImage(uploaderId: number): Promise<string> {
  const id = randomBytes(16).toString("hex");
  await db().attachment.create({
    data: { id, kind: "IMAGE", mime: "image/webp", ext: "webp", size: 1000, sha256: "0".repeat(64), storageKey: `test/${id}.webp`, originalName: "p.webp", uploaderId },
  });
  return id;
}
const img = (id: string) => `<img src="/customerWeb/media/${id}" alt="picture">`;

const form = (over: Record<string, unknown> = {}) => ({
  titleEn: "New Aurora launched",
  titleZh: "全新极光上市",
  summaryEn: "The new Aurora arrives at dealers.",
  summaryZh: "全新极光到店。",
  detailEn: "<p>The <strong>new</strong> Aurora.</p>",
  detailZh: "<p>全新<strong>极光</strong>。</p>",
  cover: [],
  publishAt: null,
  publish: false,
  ...over,
});
const row = (id: number) => db().news.findUniqueOrThrow({ where: { id } });
const audits = (id: number) => db().auditLog.findMany({ where: { entity: "News", entityId: String(id) }, orderBy: { id: "asc" } });
const files = (id: number) => db().attachment.findMany({ where: { ownerType: "news", ownerId: String(id) }, orderBy: { id: "asc" }, select: { id: true, field: true } });

async function created(over: Record<string, unknown> = {}): Promise<number> {
  await actAs({ id: editor.id });
  const res = await createNewsAction(form(over));
  if (!res.ok) throw new Error(res.message);
  return res.data.id;
}

async function version(id: number) {
  return (await row(id)).updatedAt.toISOString();
}

/** An attempt that must be refused leaves the article, its audit and its files as they were. */
async function unchanged(id: number, attempt: () => Promise<{ ok: boolean; message?: string }>, message: string | RegExp) {
  const snap = async () => [await row(id), (await audits(id)).length, await files(id)];
  const before = await snap();
  tags.length = 0;
  const res = await attempt();
  expect(res.ok).toBe(false);
  if (typeof message === "string") expect(res.message).toBe(message);
  else expect(res.message).toMatch(message);
  expect(await snap()).toEqual(before);
  expect(tags).toEqual([]);
}

beforeAll(async () => {
  setTestLocale("en-US");
  const role = async (code: string) => (await db().role.findUniqueOrThrow({ where: { code }, select: { id: true } })).id;
  const viewerOf = async (id: number, company: number | null = null) => (await loadViewer(id, company, nowSeconds()))!;
  const e = await makeUser({ userType: "STAFF", roleIds: [await role("SALES_OPS")] });
  editor = { id: e.id, viewer: await viewerOf(e.id) };
  const p = await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ dataScope: "ALL" })).id] });
  plainStaff = { id: p.id, viewer: await viewerOf(p.id) };
  const company = (await makeCompany()).id;
  const d = await makeUser({ userType: "DEALER", companyIds: [company], roleIds: [await role("DEALER")] });
  dealer = { id: d.id, company, viewer: await viewerOf(d.id, company) };
  const a = await makeUser({ userType: "ADMIN" });
  admin = { id: a.id, viewer: await viewerOf(a.id) };
  expect(editor.viewer.permissions.has("news:manage")).toBe(true);
  expect(plainStaff.viewer.permissions.has("news:manage")).toBe(false);
});

// The articles made here leave the database afterwards (other files read the public list).
afterAll(async () => {
  const authors = [editor?.id, admin?.id].filter((x): x is number => !!x);
  const ids = (await db().news.findMany({ where: { authorId: { in: authors } }, select: { id: true } })).map((n) => String(n.id));
  await db().attachment.updateMany({ where: { ownerType: "news", ownerId: { in: ids } }, data: { ownerType: null, ownerId: null, field: null } });
  await db().news.deleteMany({ where: { authorId: { in: authors } } });
});

beforeEach(() => {
  tags.length = 0;
  setTestLocale("en-US");
});

describe("creating an article", () => {
  it("saves a draft with the sanitized detail, the slug, its pictures and an audit row", async () => {
    const cover = await pendingImage(editor.id);
    const pic = await pendingImage(editor.id);
    await actAs({ id: editor.id });
    const res = await createNewsAction(
      form({
        titleEn: "  Spring Service Week: 20% off!  ",
        detailEn: `<p onclick="alert(1)">Hello <script>window.__xss=1</script><b>dealers</b></p>${img(pic)}<img src="https://evil.example/x.png" onerror="alert(2)"><a href="javascript:alert(3)">bad link</a><iframe src="https://evil.example"></iframe>`,
        cover: [{ id: cover, name: "c.webp", url: "x" }],
      }),
    );
    expect(res).toMatchObject({ ok: true, data: { slug: "spring-service-week-20-off", phase: "draft" } });
    const id = (res as { data: { id: number } }).data.id;
    const n = await row(id);
    expect(n).toMatchObject({ status: "DRAFT", publishAt: null, authorId: editor.id, titleEn: "Spring Service Week: 20% off!", coverId: cover, views: 0 });
    expect(n.detailEn).not.toMatch(/script|onclick|onerror|javascript:|iframe|evil\.example/i);
    expect(n.detailEn).toContain("<b>dealers</b>");
    expect(n.detailEn).toContain(`src="/customerWeb/media/${pic}"`);
    expect(n.detailEn).toContain("bad link");
    expect(await files(id)).toEqual(
      expect.arrayContaining([
        { id: cover, field: "cover" },
        { id: pic, field: "detail" },
      ]),
    );
    expect((await audits(id)).map((a) => [a.action, a.userId, a.requestId])).toEqual([["create", editor.id, "test-request"]]);
    expect(tags).toEqual(["news"]);
  });

  it("publishes at once or schedules with publish", async () => {
    await actAs({ id: editor.id });
    const now = await createNewsAction(form({ publish: true }));
    expect(now).toMatchObject({ ok: true, data: { phase: "published" } });
    const live = await row((now as { data: { id: number } }).data.id);
    expect(live.status).toBe("PUBLISHED");
    expect(Math.abs(live.publishAt!.getTime() - Date.now())).toBeLessThan(60_000);

    const at = minuteIn(3 * HOUR);
    const later = await createNewsAction(form({ publish: true, publishAt: at }));
    expect(later).toMatchObject({ ok: true, data: { phase: "scheduled" } });
    const scheduled = await row((later as { data: { id: number } }).data.id);
    expect(scheduled.status).toBe("PUBLISHED");
    expect(dateToMinute(scheduled.publishAt!)).toBe(at);
    expect((await audits(scheduled.id)).map((a) => a.action)).toEqual(["create+publish"]);
  });

  it("answers bad input with a message naming the field and saves nothing", async () => {
    await actAs({ id: editor.id });
    const before = await db().news.count();
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ titleZh: "" }, "titleZh", "Please enter Title (Chinese)"],
      [{ titleEn: "   " }, "titleEn", "Please enter Title (English)"],
      [{ titleEn: "x".repeat(201) }, "titleEn", "Title (English) must be at most 200 characters"],
      [{ summaryEn: "s".repeat(301) }, "summaryEn", "Summary (English) must be at most 300 characters"],
      [{ summaryZh: 42 }, "summaryZh", "Summary (Chinese) must be text"],
      [{ detailEn: "" }, "detailEn", "Please enter Detail (English)"],
      [{ detailZh: "<p>x</p>".repeat(30_000) }, "detailZh", /Detail \(Chinese\) must be at most/],
      [{ detailEn: "<script>alert(1)</script><p> </p>" }, "detailEn", /^Detail \(English\) has no text or picture left/],
      [{ detailZh: '<img src="https://evil.example/a.png" onerror="alert(1)">' }, "detailZh", /^Detail \(Chinese\) has no text or picture left/],
      [{ publishAt: "2026-13-45 99:00" }, "publishAt", "Publish time is not a valid date"],
      [{ publishAt: "tomorrow" }, "publishAt", "Publish time is not a valid date"],
      [{ publish: true, publishAt: minuteIn(-2 * HOUR) }, "publishAt", "Publish time must be later than now."],
      [{ publish: true, publishAt: minuteIn(400 * 24 * HOUR) }, "publishAt", "Publish time must be within 366 days from now."],
      [{ cover: [{ id: "../../etc/passwd" }] }, "cover", "Cover picture is not in a valid format"],
      [{ cover: ["a".repeat(32)] }, "cover", "Cover picture is not in a valid format"],
      [{ cover: [{ id: "a".repeat(32) }, { id: "b".repeat(32) }] }, "cover", /Cover picture/],
      [{ cover: [{ id: "c".repeat(32) }] }, "cover", "The cover picture is no longer available. Please upload it again."],
    ];
    for (const [over, field, message] of cases) {
      const res = await createNewsAction(form(over));
      expect(res.ok, JSON.stringify(over).slice(0, 80)).toBe(false);
      const got = (res as { fieldErrors?: Record<string, string> }).fieldErrors?.[field];
      if (typeof message === "string") expect(got, field).toBe(message);
      else expect(got, field).toMatch(message);
    }
    expect(await db().news.count()).toBe(before);
    expect(tags).toEqual([]);
  });

  it("answers in Chinese for a Chinese session", async () => {
    setTestLocale("zh-CN");
    await actAs({ id: editor.id });
    const res = await createNewsAction(form({ titleZh: "" }));
    expect((res as { fieldErrors: Record<string, string> }).fieldErrors.titleZh).toContain("标题（中文）");
  });

  it("refuses a picture of another article or another person's upload, on the detail field", async () => {
    const other = await created({ detailEn: `<p>a</p>${img(await pendingImage(editor.id))}` });
    const taken = (await files(other)).find((f) => f.field === "detail")!.id;
    const someoneElses = await pendingImage(plainStaff.id);
    await actAs({ id: editor.id });
    const before = await db().news.count();
    for (const id of [taken, someoneElses]) {
      const res = await createNewsAction(form({ detailZh: `<p>b</p>${img(id)}` }));
      expect((res as { fieldErrors: Record<string, string> }).fieldErrors.detailEn).toMatch(/^A picture in the detail belongs to another article/);
    }
    expect(await db().news.count()).toBe(before);
    expect((await db().attachment.findUniqueOrThrow({ where: { id: someoneElses } })).ownerType).toBeNull();
  });
});

describe("editing an article", () => {
  it("saves changes, keeps the slug, moves pictures and refuses a stale version", async () => {
    const first = await pendingImage(editor.id);
    const id = await created({ detailEn: `<p>one</p>${img(first)}` });
    const second = await pendingImage(editor.id);
    const cover = await pendingImage(editor.id);
    const v = await version(id);
    const res = await updateNewsAction({
      ...form({ titleEn: "A different title", detailEn: `<p>two</p>${img(second)}<script>x()</script>`, cover: [{ id: cover }] }),
      id,
      version: v,
    });
    expect(res).toMatchObject({ ok: true, data: { id, slug: "new-aurora-launched", phase: "draft" } });
    const n = await row(id);
    expect(n).toMatchObject({ titleEn: "A different title", slug: "new-aurora-launched", coverId: cover, status: "DRAFT" });
    expect(n.detailEn).toMatch(new RegExp(`^<p>two</p><img src="/customerWeb/media/${second}" alt="picture" ?/?>$`));
    expect(await files(id)).toEqual(
      expect.arrayContaining([
        { id: second, field: "detail" },
        { id: cover, field: "cover" },
      ]),
    );
    expect((await files(id)).length).toBe(2);
    // The picture taken out is pending again (purged with the other stale uploads).
    expect((await db().attachment.findUniqueOrThrow({ where: { id: first } })).ownerType).toBeNull();
    expect((await audits(id)).map((a) => a.action)).toEqual(["create", "update"]);
    expect(tags).toEqual(["news", "news"]);

    // The form's version is now old: someone else's save in between.
    await unchanged(
      id,
      () => updateNewsAction({ ...form({ titleEn: "Lost update" }), id, version: v }),
      "Someone else saved this article in the meantime. Close the form and open it again to see their changes.",
    );
  });

  it("loads the article for the form, with its cover", async () => {
    const cover = await pendingImage(editor.id);
    const id = await created({ cover: [{ id: cover }], publishAt: "2030-01-02 09:30" });
    const res = await newsForEditAction({ id });
    expect(res).toMatchObject({ ok: true, data: { id, phase: "draft", publishAt: "2030-01-02 09:30", version: await version(id), cover: [{ id: cover }] } });
    expect(await newsForEditAction({ id: 2_000_000_000 })).toMatchObject({ ok: false });
  });

  it("publishes from the form, and reschedules a scheduled article only to a later time", async () => {
    const id = await created();
    const at = minuteIn(5 * HOUR);
    expect(await updateNewsAction({ ...form({ publish: true, publishAt: at }), id, version: await version(id) })).toMatchObject({ ok: true, data: { phase: "scheduled" } });
    await unchanged(id, async () => updateNewsAction({ ...form({ publishAt: minuteIn(-HOUR) }), id, version: await version(id) }), "Publish time must be later than now.");
    await unchanged(id, async () => updateNewsAction({ ...form({ publishAt: null }), id, version: await version(id) }), "Please enter Publish time: the article is scheduled.");
    const later = minuteIn(9 * HOUR);
    expect(await updateNewsAction({ ...form({ publishAt: later }), id, version: await version(id) })).toMatchObject({ ok: true, data: { phase: "scheduled" } });
    expect(dateToMinute((await row(id)).publishAt!)).toBe(later);
    // A live article keeps its publish time whatever the form sends.
    expect(await updateNewsAction({ ...form({ publish: true }), id, version: await version(id) })).toMatchObject({ ok: true, data: { phase: "published" } });
    const liveAt = (await row(id)).publishAt;
    expect(await updateNewsAction({ ...form({ titleEn: "Edited live", publishAt: minuteIn(HOUR) }), id, version: await version(id) })).toMatchObject({
      ok: true,
      data: { phase: "published" },
    });
    expect((await row(id)).publishAt).toEqual(liveAt);
    expect((await audits(id)).map((a) => a.action)).toEqual(["create", "update+publish", "update", "update", "update"]);
  });
});

describe("publishing, scheduling, unpublishing, deleting", () => {
  it("runs the phase table and refuses what it forbids, changing nothing", async () => {
    const id = await created();
    await unchanged(id, () => unpublishNewsAction({ id }), /not possible for a draft/);
    expect(await publishNewsAction({ id, publishAt: minuteIn(2 * HOUR) })).toMatchObject({ ok: true, data: { phase: "scheduled" } });
    expect(await publishNewsAction({ id })).toMatchObject({ ok: true, data: { phase: "published" } });
    await unchanged(id, () => publishNewsAction({ id }), /not possible for a published article/);
    await unchanged(id, () => publishNewsAction({ id, publishAt: minuteIn(HOUR) }), /not possible for a published article/);
    await unchanged(id, () => deleteNewsAction({ id }), /not possible for a published article/);
    expect(await unpublishNewsAction({ id })).toMatchObject({ ok: true, data: { phase: "unpublished" } });
    expect((await row(id)).status).toBe("UNPUBLISHED");
    await unchanged(id, () => unpublishNewsAction({ id }), /not possible for an unpublished article/);
    await unchanged(id, () => publishNewsAction({ id, publishAt: minuteIn(-HOUR) }), "Publish time must be later than now.");
    expect((await audits(id)).map((a) => a.action)).toEqual(["create", "schedule", "publish", "unpublish"]);
    expect(tags).toEqual([]); // reset by the last refusal; each success expired the tag (below)
    expect(await publishNewsAction({ id })).toMatchObject({ ok: true });
    expect(tags).toEqual(["news"]);
  });

  it("lets only one of two staff win when they publish and delete a draft at once", async () => {
    for (let i = 0; i < 5; i++) {
      const id = await created();
      const [publish, del] = await Promise.all([publishNewsAction({ id }), deleteNewsAction({ id })]);
      expect([publish.ok, del.ok].filter(Boolean), `round ${i}`).toHaveLength(1);
      const n = await db().news.findUnique({ where: { id } });
      if (publish.ok) expect(n?.status).toBe("PUBLISHED");
      else expect(n).toBeNull();
      expect((await audits(id)).map((a) => a.action)).toEqual(["create", publish.ok ? "publish" : "delete"]);
    }
  });

  it("unpublishes a scheduled article", async () => {
    const id = await created({ publish: true, publishAt: minuteIn(HOUR) });
    expect(await unpublishNewsAction({ id })).toMatchObject({ ok: true, data: { phase: "unpublished" } });
  });

  it("deletes drafts and unpublished articles; their pictures become pending", async () => {
    const pic = await pendingImage(editor.id);
    const id = await created({ detailEn: `<p>x</p>${img(pic)}` });
    expect(await deleteNewsAction({ id })).toMatchObject({ ok: true, data: { id } });
    expect(await db().news.findUnique({ where: { id } })).toBeNull();
    expect(await db().attachment.findUniqueOrThrow({ where: { id: pic } })).toMatchObject({ ownerType: null, ownerId: null });
    expect((await audits(id)).map((a) => a.action)).toEqual(["create", "delete"]);
    expect(await deleteNewsAction({ id })).toMatchObject({ ok: false, message: expect.stringMatching(/not found|does not exist/i) });

    const gone = await created({ publish: true });
    await unpublishNewsAction({ id: gone });
    expect(await deleteNewsAction({ id: gone })).toMatchObject({ ok: true });
  });
});

describe("who may manage news", () => {
  it("refuses dealers and staff without news:manage (403) and changes nothing", async () => {
    const id = await created();
    const v = await version(id);
    const pic = await pendingImage(dealer.id);
    for (const [who, company] of [
      [dealer, dealer.company],
      [plainStaff, null],
    ] as const) {
      await actAs({ id: who.id }, company);
      const before = await db().news.count();
      const create = await createNewsAction(form({ detailEn: `<p>x</p>${img(pic)}` }));
      expect(create).toMatchObject({ ok: false, message: FORBIDDEN });
      expect(await db().news.count()).toBe(before);
      await unchanged(id, () => updateNewsAction({ ...form({ titleEn: "Hacked" }), id, version: v }), FORBIDDEN);
      await unchanged(id, () => publishNewsAction({ id }), FORBIDDEN);
      await unchanged(id, () => publishNewsAction({ id, publishAt: minuteIn(HOUR) }), FORBIDDEN);
      await unchanged(id, () => deleteNewsAction({ id }), FORBIDDEN);
      expect(await newsForEditAction({ id })).toMatchObject({ ok: false, message: FORBIDDEN });
      await expect(listNewsAdmin(who.viewer, parseNewsAdminFilters(new URLSearchParams()))).rejects.toBeInstanceOf(ForbiddenError);
    }
    // The service checks the permission too (for callers other than the actions).
    await expect(createNews(dealer.viewer, { userId: dealer.id, companyId: dealer.company, requestId: null }, form() as never)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await db().attachment.findUniqueOrThrow({ where: { id: pic } })).ownerType).toBeNull();
    await actAs(null);
    expect(await createNewsAction(form())).toMatchObject({ ok: false, message: "Your session has ended. Please sign in again." });
  });

  it("lets administrators manage news", async () => {
    await actAs({ id: admin.id });
    expect(await createNewsAction(form({ publish: true }))).toMatchObject({ ok: true, data: { phase: "published" } });
  });

  it("shows a draft's pictures only to news managers, a live article's to everyone signed in", async () => {
    const cover = await pendingImage(editor.id);
    const id = await created({ cover: [{ id: cover }] });
    const file = await db().attachment.findUniqueOrThrow({ where: { id: cover } });
    const sees = async (v: Viewer) => canSeeAttachment(v, file);
    expect([await sees(editor.viewer), await sees(admin.viewer), await sees(dealer.viewer), await sees(plainStaff.viewer)]).toEqual([true, true, false, false]);
    await actAs({ id: editor.id });
    await publishNewsAction({ id, publishAt: minuteIn(HOUR) });
    expect([await sees(editor.viewer), await sees(dealer.viewer), await sees(plainStaff.viewer)]).toEqual([true, false, false]);
    await publishNewsAction({ id });
    expect([await sees(editor.viewer), await sees(dealer.viewer), await sees(plainStaff.viewer)]).toEqual([true, true, true]);
    await unpublishNewsAction({ id });
    expect([await sees(editor.viewer), await sees(dealer.viewer)]).toEqual([true, false]);
  });
});

describe("the management list", () => {
  it("filters by phase and title and pages by keyset", async () => {
    const mark = `Zx${randomBytes(3).toString("hex")}`;
    const ids: Record<string, number> = {};
    ids.draft = await created({ titleEn: `${mark} draft` });
    ids.published = await created({ titleEn: `${mark} live`, publish: true });
    ids.scheduled = await created({ titleEn: `${mark} later`, titleZh: `${mark} 稍后`, publish: true, publishAt: minuteIn(HOUR) });
    ids.unpublished = await created({ titleEn: `${mark} gone`, publish: true });
    await unpublishNewsAction({ id: ids.unpublished });

    const list = (q: string) => loadNewsAdmin(editor.viewer, new URL(`http://x/customerWeb/market/news?${q}`));
    const all = await list(`q=${mark.toLowerCase()}`);
    expect(all.list.rows.map((r) => r.id)).toEqual([ids.unpublished, ids.scheduled, ids.published, ids.draft]);
    expect(all.list.total).toEqual({ count: 4, capped: false });
    for (const phase of ["draft", "scheduled", "published", "unpublished"] as const) {
      const page = await list(`q=${mark}&status=${phase}`);
      expect(
        page.list.rows.map((r) => [r.id, r.phase]),
        phase,
      ).toEqual([[ids[phase], phase]]);
    }
    const s = (await list(`q=${mark}&status=scheduled`)).list.rows[0];
    expect(s).toMatchObject({
      author: expect.stringMatching(/^User /),
      views: 0,
      moves: ["edit", "publish", "schedule", "unpublish"],
      plannedMinute: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    });
    expect((await list(`q=${encodeURIComponent(`${mark} 稍后`)}`)).list.rows.map((r) => r.id)).toEqual([ids.scheduled]);

    const p1 = await list(`q=${mark}&size=3`);
    expect(p1.list.rows).toHaveLength(3);
    expect(p1.list.prev).toBeNull();
    const p2 = await list(`q=${mark}&size=3&cursor=${p1.list.next}`);
    expect(p2.list.rows.map((r) => r.id)).toEqual([ids.draft]);
    expect(p2.list.next).toBeNull();
    const back = await list(`q=${mark}&size=3&cursor=${p2.list.prev}`);
    expect(back.list.rows.map((r) => r.id)).toEqual(p1.list.rows.map((r) => r.id));
    expect(all.imageRule.kind).toBe("IMAGE");
  });
});
