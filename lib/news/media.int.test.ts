import "./public-test-env";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { PrismaPg } from "@prisma/adapter-pg";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { PrismaClient, type NewsStatus } from "@/lib/generated/prisma/client";
import { makeCompany, makeMenu, makeRole, makeUser, nowSeconds } from "@/lib/test/factories";
import { setStorageOverride } from "@/lib/uploads/storage";
import { createLocalStorage } from "@/lib/uploads/storage/local";
import { publicNewsMedia } from "./media";
import { installTestCache } from "./public-test-cache";

// GET /customerWeb/media/:id: a visible article's pictures are public and may be kept by shared
// caches; a draft's, a scheduled or an unpublished article's answer 404 to anonymous visitors
// and dealers, and reach news staff privately (no-store); a pending upload only its uploader.
// Unknown ids cost an anonymous visitor no database query.

let signedIn: Viewer | null = null;
vi.mock("@/lib/auth/viewer", async (original) => ({ ...(await original<typeof import("@/lib/auth/viewer")>()), getViewer: async () => signedIn }));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
const { GET } = await import("@/app/media/[id]/route");

let cache: ReturnType<typeof installTestCache>;
let dir: string;
let staff: Viewer;
let dealer: Viewer;
let authorId: number;
const news: number[] = [];
const files: Record<"live" | "draft" | "scheduled" | "unpublished" | "pending", string> = { live: "", draft: "", scheduled: "", unpublished: "", pending: "" };
const BYTES = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake picture bytes");

async function picture(owner: { newsId: number } | null, uploaderId: number): Promise<string> {
  const id = randomBytes(16).toString("hex");
  const key = `test/${id}.webp`;
  await createLocalStorage(dir).put(key, BYTES, { contentType: "image/webp" });
  await db().attachment.create({
    data: {
      id,
      kind: "IMAGE",
      mime: "image/webp",
      ext: "webp",
      size: BYTES.length,
      sha256: createHash("sha256").update(BYTES).digest("hex"),
      storageKey: key,
      thumbKey: null,
      originalName: "cover.webp",
      uploaderId,
      ...(owner ? { ownerType: "news", ownerId: String(owner.newsId), field: "cover" } : {}),
    },
  });
  return id;
}

async function article(status: NewsStatus, publishAt: Date | null): Promise<number> {
  const row = await db().news.create({
    data: { slug: "media", titleEn: "Media", titleZh: "图片", summaryEn: "s", summaryZh: "s", detailEn: "<p>x</p>", detailZh: "<p>x</p>", status, publishAt, authorId },
  });
  news.push(row.id);
  return row.id;
}

const get = (id: string, thumb = false) => GET(new NextRequest(`http://localhost/customerWeb/media/${id}${thumb ? "?thumb=1" : ""}`), { params: Promise.resolve({ id }) });

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

beforeAll(async () => {
  cache = installTestCache();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "news-media-"));
  setStorageOverride(createLocalStorage(dir));
  const manage = await makeMenu({ type: "BUTTON", permission: "news:manage" });
  const staffUser = await makeUser({ userType: "STAFF", roleIds: [(await makeRole({ menuIds: [manage.id], dataScope: "ALL" })).id] });
  staff = (await loadViewer(staffUser.id, null, nowSeconds()))!;
  const company = await makeCompany();
  const dealerUser = await makeUser({ userType: "DEALER", companyIds: [company.id], roleIds: [(await makeRole()).id] });
  dealer = (await loadViewer(dealerUser.id, company.id, nowSeconds()))!;
  authorId = staffUser.id;
  const hour = 3_600_000;
  files.live = await picture({ newsId: await article("PUBLISHED", new Date(Date.now() - hour)) }, staffUser.id);
  files.draft = await picture({ newsId: await article("DRAFT", null) }, staffUser.id);
  files.scheduled = await picture({ newsId: await article("PUBLISHED", new Date(Date.now() + hour)) }, staffUser.id);
  files.unpublished = await picture({ newsId: await article("UNPUBLISHED", new Date(Date.now() - 2 * hour)) }, staffUser.id);
  files.pending = await picture(null, staffUser.id);
  await cache.expireNews();
});

afterAll(async () => {
  await db().attachment.deleteMany({ where: { id: { in: Object.values(files) } } });
  await db().news.deleteMany({ where: { id: { in: news } } });
  setStorageOverride(null);
  await fs.rm(dir, { recursive: true, force: true });
  cache.remove();
});

describe("public pictures", () => {
  it("serves a visible article's picture to anyone, cacheable by shared caches", async () => {
    signedIn = null;
    const res = await get(files.live);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
    // No thumbnail stored: the picture itself.
    expect((await get(files.live, true)).status).toBe(200);
    const etag = res.headers.get("etag")!;
    const again = await GET(new NextRequest(`http://localhost/customerWeb/media/${files.live}`, { headers: { "if-none-match": etag } }), {
      params: Promise.resolve({ id: files.live }),
    });
    expect(again.status).toBe(304);
  });

  it("answers 404 to anonymous visitors and dealers for drafts, scheduled and unpublished articles and pending uploads", async () => {
    for (const who of [null, dealer]) {
      signedIn = who;
      for (const id of [files.draft, files.scheduled, files.unpublished, files.pending]) {
        const res = await get(id);
        expect(res.status, `${who ? "dealer" : "anonymous"} ${id}`).toBe(404);
        expect(res.headers.get("cache-control")).toContain("no-store");
      }
    }
    signedIn = null;
    for (const id of ["0".repeat(32), "not-an-id", "../../etc/passwd"]) expect((await get(id)).status).toBe(404);
  });

  it("shows news staff a draft's picture privately, never cached", async () => {
    signedIn = staff;
    for (const id of [files.draft, files.scheduled, files.pending]) {
      const res = await get(id);
      expect(res.status, id).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    signedIn = null;
  });

  it("makes a scheduled article's pictures public when its time comes", async () => {
    expect(await publicNewsMedia(files.scheduled)).toBeNull();
    expect(await publicNewsMedia(files.scheduled, Date.now() + 2 * 3_600_000)).not.toBeNull();
  });

  it("costs an anonymous request no query once cached, also for unknown ids", async () => {
    signedIn = null;
    await get(files.live);
    const queries = await countQueries(async () => {
      for (let i = 0; i < 5; i++) {
        expect((await get(files.live)).status).toBe(200);
        expect((await get(randomBytes(16).toString("hex"))).status).toBe(404);
      }
    });
    // getStorage() may re-read its settings row (every 30 s); nothing else touches the database.
    expect(queries).toBeLessThanOrEqual(1);
  });
});
