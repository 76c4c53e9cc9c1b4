import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { POST } from "@/app/api/v1/uploads/route";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeStaff, makeUser, roleId } from "@/lib/test/factories";
import { apkBytes, hapBytes } from "@/lib/test/zip";
import { acceptUpload } from "@/lib/uploads/service";
import { deleteReleaseAction, publishReleaseAction, saveReleaseAction, withdrawReleaseAction } from "./actions";
import "./attachments";
import { loadAppReleases } from "./queries";
import { latestResponse, packageResponse } from "./public";
import { ZReleaseSave, type TReleaseSaveInput } from "./schemas";
import { publishRelease, saveRelease } from "./service";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// App releases against PostgreSQL: validation (translated, naming the field, both languages),
// the publish rules and their locks (two publishes of one draft at once: one wins, one 409),
// frozen published releases, the APP_PACKAGE upload saved onto a release, the public update
// check (both languages, 422 and 404 in the API's shape) and the package download counted
// under 20 concurrent requests. Releases are global per platform: the file empties the table
// first (no other test file uses it).

let admin: Viewer;
let adminUser: { id: number };
let staff: Viewer;
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: null, requestId: "test" });

const form = (over: Partial<TReleaseSaveInput> = {}): TReleaseSaveInput => ({
  platform: "ANDROID",
  versionName: "1.0.0",
  versionNumber: 100,
  minSupported: 90,
  forceUpdate: false,
  notesEn: "English notes",
  notesZh: "中文说明",
  package: [],
  storeUrl: "https://play.google.com/store/apps/details?id=com.example",
  ...over,
});
const draft = (over: Partial<TReleaseSaveInput> = {}) => saveRelease(admin, ctxOf(admin), ZReleaseSave.parse(form(over)));
const published = async (over: Partial<TReleaseSaveInput> = {}) => publishRelease(ctxOf(admin), (await draft(over)).id);
const latest = (query: string, lang?: string) =>
  latestResponse(new Request(`http://localhost/customerWeb/api/v1/app/latest?${query}`, { headers: lang ? { "accept-language": lang } : {} }));

beforeAll(async () => {
  await db().appRelease.deleteMany({});
  adminUser = await makeUser({ userType: "ADMIN", roleIds: [await roleId("ADMIN")] });
  admin = (await actAs(adminUser))!;
  staff = (await actAs(await makeStaff()))!;
});
beforeEach(async () => {
  setTestLocale("en-US");
  await db().appRelease.deleteMany({});
  await actAs(adminUser);
});
afterAll(async () => {
  await db().appRelease.deleteMany({});
});

describe("saving releases", () => {
  it("refuses bad input with translated messages naming the field, in both languages", async () => {
    const bad = await saveReleaseAction(form({ versionName: "v1", minSupported: 101, notesZh: "" }));
    expect(bad).toMatchObject({ ok: false, code: "VALIDATION" });
    if (bad.ok) throw new Error("saved");
    expect(bad.fieldErrors?.versionName).toBe("Version name is not in a valid format");
    expect(bad.fieldErrors?.minSupported).toBe("Minimum supported number must be at most 100");
    expect(bad.fieldErrors?.notesZh).toBe("Please enter Release notes (Chinese)");
    setTestLocale("zh-CN");
    const zh = await saveReleaseAction(form({ versionNumber: 0 }));
    if (zh.ok) throw new Error("saved");
    expect(zh.fieldErrors?.versionNumber).toContain("版本号");
    expect(await db().appRelease.count()).toBe(0);
  });

  it("wants one https store URL or one package, and no package for iOS", async () => {
    const http = await saveReleaseAction(form({ storeUrl: "http://play.google.com/x" }));
    expect(http).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { storeUrl: "Store URL must be an https:// address" } });
    const none = await saveReleaseAction(form({ storeUrl: "" }));
    expect(none).toMatchObject({ ok: false, fieldErrors: { storeUrl: "Upload a package or enter a store URL" } });
    const ios = await saveReleaseAction(form({ platform: "IOS", storeUrl: null, package: [{ id: "a".repeat(32) }] }));
    expect(ios).toMatchObject({ ok: false, fieldErrors: { package: "An iOS release has no package: enter its App Store URL" } });
    setTestLocale("zh-CN");
    const zh = await saveReleaseAction(form({ storeUrl: "ftp://x" }));
    expect(zh).toMatchObject({ ok: false, fieldErrors: { storeUrl: "商店地址必须是 https:// 地址" } });
  });

  it("keeps version numbers unique per platform", async () => {
    await draft();
    const again = await saveReleaseAction(form({ versionName: "1.0.1" }));
    expect(again).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { versionNumber: "Version number 100 already exists for this platform" } });
    expect(await saveReleaseAction(form({ platform: "IOS" }))).toMatchObject({ ok: true });
  });

  it("is refused to staff without the permissions", async () => {
    await actAs({ id: staff.userId });
    expect(await saveReleaseAction(form())).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await db().appRelease.count()).toBe(0);
  });

  it("audits every change", async () => {
    const r = await draft();
    await publishRelease(ctxOf(admin), r.id);
    const actions = (await db().auditLog.findMany({ where: { entity: "AppRelease", entityId: String(r.id) }, orderBy: { id: "asc" }, select: { action: true } })).map(
      (a) => a.action,
    );
    expect(actions).toEqual(["create", "publish"]);
  });
});

describe("publishing", () => {
  it("publishes only numbers above every published one of the platform", async () => {
    const first = await published({ versionNumber: 200, minSupported: 100 });
    expect(first.status).toBe("PUBLISHED");
    expect(first.publishedAt).toBeInstanceOf(Date);
    const lower = await draft({ versionNumber: 150, versionName: "1.5.0", minSupported: 100 });
    const res = await publishReleaseAction({ id: lower.id });
    expect(res).toMatchObject({ ok: false, code: "CONFLICT", message: "Version number 150 must be greater than 200, the highest this platform has published" });
    // Another platform is not compared.
    const ios = await draft({ platform: "IOS", versionNumber: 150, versionName: "1.5.0", minSupported: 100 });
    expect(await publishReleaseAction({ id: ios.id })).toMatchObject({ ok: true });
  });

  it("of two concurrent publishes of one draft, one succeeds and the other hears 409, translated", async () => {
    const r = await draft();
    const results = await Promise.all([publishReleaseAction({ id: r.id }), publishReleaseAction({ id: r.id })]);
    expect(results.filter((x) => x.ok)).toHaveLength(1);
    const refused = results.find((x) => !x.ok);
    expect(refused).toMatchObject({ ok: false, code: "CONFLICT", message: "1.0.0 is no longer a draft: it was published or withdrawn in the meantime" });
    expect(await db().auditLog.count({ where: { entity: "AppRelease", entityId: String(r.id), action: "publish" } })).toBe(1);
    setTestLocale("zh-CN");
    expect(await publishReleaseAction({ id: r.id })).toMatchObject({ ok: false, code: "CONFLICT", message: "1.0.0 已不是草稿：其间已被发布或撤回" });
  });

  it("serialises concurrent publishes of different drafts of one platform", async () => {
    const [a, b] = [await draft({ versionNumber: 300, minSupported: 1 }), await draft({ versionNumber: 301, minSupported: 1 })];
    const results = await Promise.all([publishReleaseAction({ id: b.id }), publishReleaseAction({ id: a.id })]);
    // 301 first then 300 is refused; 300 first then 301 passes: never both out of order.
    const rows = await db().appRelease.findMany({ where: { status: "PUBLISHED" }, orderBy: { publishedAt: "asc" } });
    const numbers = rows.map((r) => r.versionNumber);
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    expect(results.some((r) => r.ok)).toBe(true);
  });

  it("freezes a published release but its notes", async () => {
    const r = await published();
    const moved = await saveReleaseAction({ ...form({ versionNumber: 101 }), id: r.id });
    expect(moved).toMatchObject({ ok: false, code: "CONFLICT", fieldErrors: { versionNumber: expect.stringContaining("only its notes can change") } });
    const forced = await saveReleaseAction({ ...form({ forceUpdate: true }), id: r.id });
    expect(forced).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(await saveReleaseAction({ ...form({ notesEn: "Better notes" }), id: r.id })).toMatchObject({ ok: true });
    expect((await db().appRelease.findUniqueOrThrow({ where: { id: r.id } })).notesEn).toBe("Better notes");
  });

  it("withdraws a published release, deletes drafts only", async () => {
    const r = await published();
    expect(await deleteReleaseAction({ id: r.id })).toMatchObject({ ok: false, code: "CONFLICT", message: "Only drafts can be deleted; 1.0.0 has been published" });
    expect(await withdrawReleaseAction({ id: r.id })).toMatchObject({ ok: true });
    expect(await withdrawReleaseAction({ id: r.id })).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(await publishReleaseAction({ id: r.id })).toMatchObject({ ok: false, code: "CONFLICT" });
    const d = await draft({ versionNumber: 500 });
    expect(await deleteReleaseAction({ id: d.id })).toMatchObject({ ok: true });
    expect(await db().appRelease.findUnique({ where: { id: d.id } })).toBeNull();
    expect(await deleteReleaseAction({ id: d.id })).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("lists with filters by platform and status", async () => {
    await published();
    await draft({ platform: "IOS" });
    const all = await loadAppReleases(admin, new URL("http://x/system/appVersion"));
    expect(all.releases).toHaveLength(2);
    expect(all.can).toEqual({ manage: true, publish: true });
    const ios = await loadAppReleases(admin, new URL("http://x/system/appVersion?platform=IOS"));
    expect(ios.releases.map((r) => r.platform)).toEqual(["IOS"]);
    const pub = await loadAppReleases(admin, new URL("http://x/system/appVersion?status=PUBLISHED&platform=bogus"));
    expect(pub.releases.map((r) => [r.platform, r.status])).toEqual([["ANDROID", "PUBLISHED"]]);
    await expect(loadAppReleases(staff, new URL("http://x/system/appVersion"))).rejects.toThrow();
  });
});

describe("packages", () => {
  const upload = async (bytes: Uint8Array, name: string) => acceptUpload(admin, { bytes, name, kind: "APP_PACKAGE", count: 0 });

  it("accepts an APK and a HAP by their bytes, refuses other files as app packages", async () => {
    expect((await upload(apkBytes(), "dealer.apk")).name).toBe("dealer.apk");
    expect((await upload(hapBytes(), "dealer.hap")).name).toBe("dealer.hap");
    await expect(upload(hapBytes(), "dealer.apk")).rejects.toMatchObject({ code: "FORMAT" });
    await expect(upload(new TextEncoder().encode("%PDF-1.7\n"), "dealer.apk")).rejects.toMatchObject({ code: "FORMAT" });
  });

  it("takes app packages only from those who manage releases, at the endpoint and in the service", async () => {
    const post = (kindInQuery: boolean) => {
      const form = new FormData();
      form.set("file", new File([apkBytes() as BlobPart], "dealer.apk"));
      if (!kindInQuery) form.set("kind", "APP_PACKAGE");
      return POST(new Request(`http://localhost/customerWeb/api/v1/uploads${kindInQuery ? "?kind=APP_PACKAGE&count=0" : ""}`, { method: "POST", body: form }));
    };
    const ok = await post(true);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ kind: "APP_PACKAGE", mime: "application/vnd.android.package-archive" });
    await actAs({ id: staff.userId });
    for (const inQuery of [true, false]) {
      const refused = await post(inQuery);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(acceptUpload(staff, { bytes: apkBytes(), name: "x.apk", kind: "APP_PACKAGE", count: 0 })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await db().attachment.count({ where: { uploaderId: staff.userId } })).toBe(0);
  });

  it("saves the package onto the release, refuses the other platform's format", async () => {
    const apk = await upload(apkBytes(), "dealer.apk");
    const wrong = await saveReleaseAction(form({ platform: "HARMONYOS", storeUrl: null, package: [{ id: apk.id }] }));
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { package: expect.stringContaining("hap") } });
    const saved = await saveReleaseAction(form({ storeUrl: null, package: [{ id: apk.id }] }));
    if (!saved.ok) throw new Error(saved.message);
    const a = await db().attachment.findUniqueOrThrow({ where: { id: apk.id } });
    expect(a).toMatchObject({ ownerType: "appRelease", ownerId: String(saved.data.id), field: "package" });
    // Someone else's pending upload is not theirs to attach.
    const otherAdmin = (await actAs(await makeUser({ userType: "ADMIN", roleIds: [await roleId("ADMIN")] })))!;
    const other = await acceptUpload(otherAdmin, { bytes: apkBytes(), name: "x.apk", kind: "APP_PACKAGE", count: 0 });
    await actAs(adminUser);
    expect(await saveReleaseAction(form({ versionNumber: 101, storeUrl: null, package: [{ id: other.id }] }))).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("serves a published package to anyone, counting 20 concurrent downloads as 20", async () => {
    const bytes = apkBytes();
    const apk = await upload(bytes, "dealer.apk");
    const r = await published({ storeUrl: null, package: [{ id: apk.id }] });
    const url = `http://localhost/customerWeb/api/v1/app/releases/${r.id}/package`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => packageResponse(new Request(url), String(r.id))));
    expect(responses.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(new Uint8Array(await responses[0].arrayBuffer())).toEqual(bytes);
    expect(responses[0].headers.get("content-type")).toBe("application/vnd.android.package-archive");
    expect(responses[0].headers.get("content-disposition")).toContain("dealer.apk");
    expect((await db().appRelease.findUniqueOrThrow({ where: { id: r.id } })).downloadCount).toBe(20);
    // A resumed download is not counted again.
    const part = await packageResponse(new Request(url, { headers: { range: "bytes=10-" } }), String(r.id));
    expect(part.status).toBe(206);
    expect((await db().appRelease.findUniqueOrThrow({ where: { id: r.id } })).downloadCount).toBe(20);
  });

  it("answers 404 for drafts, withdrawn releases and bad ids; redirects to a store URL", async () => {
    const d = await draft({ versionNumber: 50, minSupported: 1 });
    expect((await packageResponse(new Request("http://localhost/x"), String(d.id))).status).toBe(404);
    const s = await published();
    const go = await packageResponse(new Request("http://localhost/x"), String(s.id));
    expect(go.status).toBe(302);
    expect(go.headers.get("location")).toBe(form().storeUrl);
    await withdrawReleaseAction({ id: s.id });
    const gone = await packageResponse(new Request("http://localhost/x"), String(s.id));
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await packageResponse(new Request("http://localhost/x"), "abc")).status).toBe(404);
    expect((await db().appRelease.findUniqueOrThrow({ where: { id: d.id } })).downloadCount).toBe(0);
  });
});

describe("GET /api/v1/app/latest", () => {
  it("answers the latest published release in the request's language, cached a minute", async () => {
    await published({ versionNumber: 100, minSupported: 90, forceUpdate: true, versionName: "1.0.0" });
    await published({ versionNumber: 120, minSupported: 95, versionName: "1.2.0", notesEn: "New things", notesZh: "新功能" });
    await draft({ versionNumber: 130, minSupported: 95, versionName: "1.3.0" });
    const res = await latest("platform=android&version=99");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = await res.json();
    expect(body).toMatchObject({
      platform: "ANDROID",
      versionName: "1.2.0",
      versionNumber: 120,
      minSupported: 95,
      forceUpdate: false,
      notes: "New things",
      storeUrl: form().storeUrl,
      downloadUrl: null,
      size: null,
      updateAvailable: true,
      // 99 ≥ minSupported 95, but below 100, which was forced.
      mustUpdate: true,
    });
    expect(typeof body.publishedAt).toBe("string");
    expect(await (await latest("platform=ANDROID&version=100")).json()).toMatchObject({ updateAvailable: true, mustUpdate: false });
    expect(await (await latest("platform=ANDROID&version=120")).json()).toMatchObject({ updateAvailable: false, mustUpdate: false });
    setTestLocale("zh-CN");
    expect(await (await latest("platform=ANDROID&version=94")).json()).toMatchObject({ notes: "新功能", updateAvailable: true, mustUpdate: true });
  });

  it("gives the package's address and size", async () => {
    const bytes = hapBytes();
    const hap = await acceptUpload(admin, { bytes, name: "dealer.hap", kind: "APP_PACKAGE", count: 0 });
    const r = await published({ platform: "HARMONYOS", storeUrl: null, package: [{ id: hap.id }] });
    const body = await (await latest("platform=HARMONYOS&version=1")).json();
    expect(body).toMatchObject({ platform: "HARMONYOS", storeUrl: null, size: bytes.byteLength });
    expect(body.downloadUrl).toMatch(new RegExp(`/customerWeb/api/v1/app/releases/${r.id}/package$`));
  });

  it("answers 422 with translated field messages for a bad platform or version, in both languages", async () => {
    const res = await latest("platform=windows&version=x");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ code: "VALIDATION", fieldErrors: { platform: "Please select platform", version: "version must be a number" } });
    setTestLocale("zh-CN");
    const zh = await (await latest("platform=IOS")).json();
    expect(zh).toMatchObject({ code: "VALIDATION", fieldErrors: { version: "请输入版本号" } });
  });

  it("answers 404 in the API's shape when nothing is published", async () => {
    await draft({ platform: "IOS", storeUrl: "https://apps.apple.com/app/id1" });
    const res = await latest("platform=IOS&version=1");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "No release of this platform is published" });
    setTestLocale("zh-CN");
    expect(await (await latest("platform=IOS&version=1")).json()).toMatchObject({ message: "该平台尚无已发布的版本" });
  });
});
