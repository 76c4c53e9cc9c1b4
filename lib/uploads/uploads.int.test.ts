import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/v1/files/[id]/route";
import { POST } from "@/app/api/v1/uploads/route";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser, uid } from "@/lib/test/factories";
import { attachmentsOf, linkAttachments, registerAttachmentOwner } from "./access";
import { MB } from "./formats";
import { purgePendingAttachments } from "./purge";
import { invalidateUploadRules } from "./rules";
import { createLocalStorage } from "./storage/local";
import { setStorageOverride } from "./storage";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// ── test files, generated here (no binary fixtures) ─────────────────────────────────────────
const noise = (w: number, h: number) => {
  const b = Buffer.alloc(w * h * 3);
  for (let i = 0; i < b.length; i++) b[i] = (i * 7919) % 251;
  return sharp(b, { raw: { width: w, height: h, channels: 3 } });
};
const jpeg = () => noise(400, 300).jpeg().toBuffer();
const png = () => noise(400, 300).png().toBuffer();
/** Upright only once turned per EXIF (orientation 6), with EXIF text that must not survive. */
const jpegWithExif = () =>
  noise(400, 300)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: "GPS 31.23N 121.47E secret", Artist: "Dealer staff" } })
    .toBuffer();
const truncated = (b: Buffer) => b.subarray(0, Math.floor(b.length * 0.6));

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
const pngChunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A valid PNG of a few hundred bytes that declares 50000×50000 pixels (2.5 gigapixels). */
function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey)
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(50_001 * 4))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
const box = (type: string, body: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, 8 + body.length]), Buffer.from(type, "latin1"), body]);
const mp4 = () => Buffer.concat([box("ftyp", Buffer.from("isom\0\0\0\0isommp41", "latin1")), box("mdat", Buffer.alloc(4096, 7))]);
const pdf = () => Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

// ── helpers ────────────────────────────────────────────────────────────────────────────────
type Json = {
  id: string;
  kind: string;
  name: string;
  size: number;
  mime: string;
  width: number | null;
  height: number | null;
  url: string;
  thumbUrl: string | null;
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
};

async function upload(bytes: Uint8Array, name: string, kind: string, count = 0, opts: { query?: boolean; type?: string } = {}) {
  const form = new FormData();
  form.set("kind", kind);
  form.set("count", String(count));
  form.set("file", new File([new Uint8Array(bytes)], name, { type: opts.type ?? "image/jpeg" }));
  const url = `http://localhost/customerWeb/api/v1/uploads${opts.query ? `?kind=${kind}&count=${count}` : ""}`;
  const res = await POST(new Request(url, { method: "POST", body: form }));
  return { status: res.status, body: (await res.json()) as Json };
}

async function fetchFile(id: string, init: { thumb?: boolean; headers?: Record<string, string> } = {}) {
  const req = new NextRequest(`http://localhost/customerWeb/api/v1/files/${id}${init.thumb ? "?thumb=1" : ""}`, { headers: init.headers });
  const res = await GET(req, { params: Promise.resolve({ id }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

let dir = "";
async function storedFiles(): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

let dealerA: Viewer;
let dealerB: Viewer;
let userA: { id: number };
let companyA: { id: number };
let userB: { id: number };
let companyB: { id: number };

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "uploads-int-"));
  setStorageOverride(createLocalStorage(dir));
  invalidateUploadRules();
  companyA = await makeCompany();
  companyB = await makeCompany();
  userA = await makeUser({ companyIds: [companyA.id] });
  userB = await makeUser({ companyIds: [companyB.id] });
  dealerB = (await actAs(userB, companyB.id))!;
  dealerA = (await actAs(userA, companyA.id))!;
});

beforeEach(async () => {
  setTestLocale("en-US");
  await actAs(userA, companyA.id);
});

afterEach(() => setTestLocale("en-US"));

afterAll(async () => {
  setStorageOverride(null);
  await fs.rm(dir, { recursive: true, force: true });
});

// ── the corpus ─────────────────────────────────────────────────────────────────────────────
describe("bad files are refused, and leave no row and no file", () => {
  type Case = {
    name: string;
    file: () => Promise<Buffer> | Buffer;
    fileName: string;
    kind: string;
    count?: number;
    query?: boolean;
    status: number;
    code: string;
    message: string;
  };
  const cases: Case[] = [
    {
      name: "HTML named .jpg",
      file: () => Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"),
      fileName: "photo.jpg",
      kind: "IMAGE",
      status: 415,
      code: "FORMAT",
      message: "Only jpg/png/webp format can be uploaded",
    },
    {
      name: "SVG named .jpg",
      file: () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      fileName: "logo.jpg",
      kind: "IMAGE",
      status: 415,
      code: "FORMAT",
      message: "Only jpg/png/webp format can be uploaded",
    },
    {
      name: "truncated JPEG",
      file: async () => truncated(await jpeg()),
      fileName: "cut.jpg",
      kind: "IMAGE",
      status: 422,
      code: "DAMAGED",
      message: "The file is damaged or incomplete and cannot be used.",
    },
    {
      name: "truncated PNG",
      file: async () => truncated(await png()),
      fileName: "cut.png",
      kind: "IMAGE",
      status: 422,
      code: "DAMAGED",
      message: "The file is damaged or incomplete and cannot be used.",
    },
    {
      name: "oversized image (found after reading)",
      file: async () => Buffer.concat([await jpeg(), Buffer.alloc(5 * MB)]),
      fileName: "big.jpg",
      kind: "IMAGE",
      status: 413,
      code: "TOO_LARGE",
      message: "Please upload less than 5 M",
    },
    {
      name: "oversized image (stopped while reading)",
      file: () => Buffer.alloc(6 * MB, 1),
      fileName: "big.jpg",
      kind: "IMAGE",
      query: true,
      status: 413,
      code: "TOO_LARGE",
      message: "Please upload less than 5 M",
    },
    {
      name: "pixel bomb (50000×50000 PNG)",
      file: pixelBomb,
      fileName: "bomb.png",
      kind: "IMAGE",
      status: 422,
      code: "PIXELS",
      message: "The image is too large: at most 40 megapixels.",
    },
    {
      name: "text named ../../etc/passwd.jpg",
      file: () => Buffer.from("root:x:0:0:root:/root:/bin/bash\n"),
      fileName: "../../etc/passwd.jpg",
      kind: "IMAGE",
      status: 415,
      code: "FORMAT",
      message: "Only jpg/png/webp format can be uploaded",
    },
    { name: "zero-byte file", file: () => Buffer.alloc(0), fileName: "empty.jpg", kind: "IMAGE", status: 422, code: "EMPTY", message: "The file is empty." },
    {
      name: "video that is really text",
      file: () => Buffer.from("this is not a video, just text with a video name\n".repeat(20)),
      fileName: "clip.mp4",
      kind: "VIDEO",
      status: 415,
      code: "FORMAT",
      message: "Only mp4/webm/mov format can be uploaded",
    },
    { name: "an image as a video", file: jpeg, fileName: "clip.mp4", kind: "VIDEO", status: 415, code: "FORMAT", message: "Only mp4/webm/mov format can be uploaded" },
    {
      name: "a tenth image for a field of nine",
      file: jpeg,
      fileName: "ten.jpg",
      kind: "IMAGE",
      count: 9,
      status: 422,
      code: "MAX_COUNT",
      message: "A maximum of 9 can be uploaded",
    },
    {
      name: "a second video (refused before reading)",
      file: mp4,
      fileName: "two.mp4",
      kind: "VIDEO",
      count: 1,
      query: true,
      status: 422,
      code: "MAX_COUNT",
      message: "A maximum of 1 can be uploaded",
    },
    {
      name: "a zip where only images go",
      file: () => Buffer.from("PK\x03\x04\x14\0\0\0\0\0", "latin1"),
      fileName: "a.png",
      kind: "IMAGE",
      status: 415,
      code: "FORMAT",
      message: "Only jpg/png/webp format can be uploaded",
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const before = await db().attachment.count({ where: { uploaderId: userA.id } });
      const { status, body } = await upload(await c.file(), c.fileName, c.kind, c.count ?? 0, { query: c.query });
      expect(status).toBe(c.status);
      expect(body.code).toBe(c.code);
      expect(body.message).toBe(c.message);
      expect(body.fieldErrors).toEqual({ file: c.message });
      expect(await db().attachment.count({ where: { uploaderId: userA.id } })).toBe(before);
      expect(await storedFiles()).toEqual([]);
    });
  }

  it("answers in the request's language", async () => {
    setTestLocale("zh-CN");
    expect((await upload(await jpeg(), "a.jpg", "IMAGE", 9)).body.message).toBe("最多只能上传9个");
    expect((await upload(Buffer.from("<html></html>"), "a.jpg", "IMAGE")).body.message).toBe("只能上传jpg/png/webp格式");
    expect((await upload(Buffer.alloc(6 * MB, 1), "a.jpg", "IMAGE", 0, { query: true })).body.message).toBe("请上传小于5M的文件");
  });

  it("refuses anonymous callers and malformed requests", async () => {
    await actAs(null);
    expect((await upload(await jpeg(), "a.jpg", "IMAGE")).status).toBe(401);
    await actAs(userA, companyA.id);
    expect((await upload(await jpeg(), "a.jpg", "AUDIO")).status).toBe(400);
    const noFile = new FormData();
    noFile.set("kind", "IMAGE");
    const res = await POST(new Request("http://localhost/customerWeb/api/v1/uploads", { method: "POST", body: noFile }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).code).toBe("NO_FILE");
    const json = await POST(new Request("http://localhost/customerWeb/api/v1/uploads", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }));
    expect(json.status).toBe(415); // the API's rule for writes: this endpoint takes multipart only
    expect(await storedFiles()).toEqual([]);
  });
});

// ── good files ─────────────────────────────────────────────────────────────────────────────
describe("accepted files", () => {
  it("re-encodes a JPEG upright, without its EXIF, with a WebP thumbnail", async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const { status, body } = await upload(original, "holiday.jpg", "IMAGE", 0, { type: "text/html" });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      kind: "IMAGE",
      name: "holiday.jpg",
      mime: "image/jpeg",
      width: 300,
      height: 400,
      url: `/customerWeb/api/v1/files/${body.id}`,
      thumbUrl: `/customerWeb/api/v1/files/${body.id}?thumb=1`,
    });
    expect(body.id).toMatch(/^[a-f0-9]{32}$/);

    const { res, bytes } = await fetchFile(body.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="holiday.jpg"; filename*=UTF-8''holiday.jpg`);
    expect(res.headers.get("cache-control")).toMatch(/^private/);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 300, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from("GPS 31.23N"))).toBe(false);
    expect(bytes.length).toBe(body.size);

    const thumb = await fetchFile(body.id, { thumb: true });
    expect(thumb.res.headers.get("content-type")).toBe("image/webp");
    const tm = await sharp(thumb.bytes).metadata();
    expect(tm.format).toBe("webp");
    expect(Math.max(tm.width, tm.height)).toBe(320);

    const row = await db().attachment.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({ uploaderId: userA.id, companyId: companyA.id, ownerType: null, ext: "jpg" });
    expect(await storedFiles()).toHaveLength(2);
    expect((await fetchFile(body.id, { headers: { "if-none-match": res.headers.get("etag")! } })).res.status).toBe(304);
  });

  it("keeps a '../' name harmless: a base name shown, a random key stored inside the folder", async () => {
    const { status, body } = await upload(await png(), "../../etc/passwd.png", "IMAGE");
    expect(status).toBe(201);
    expect(body.name).toBe("passwd.png");
    const row = await db().attachment.findUniqueOrThrow({ where: { id: body.id } });
    expect(row.storageKey).toMatch(/^\d{4}\/\d{2}\/[a-f0-9]{32}\.png$/);
    for (const f of await storedFiles()) expect(f.startsWith(dir + path.sep)).toBe(true);
  });

  it("names a file by what its bytes are", async () => {
    const { body } = await upload(await png(), "scan.jpg", "IMAGE");
    expect(body).toMatchObject({ name: "scan.png", mime: "image/png" });
  });

  it("stores a video as it is and serves byte ranges", async () => {
    const video = mp4();
    const { status, body } = await upload(video, "walkaround.mp4", "VIDEO", 0, { type: "video/mp4", query: true });
    expect(status).toBe(201);
    expect(body).toMatchObject({ kind: "VIDEO", mime: "video/mp4", size: video.length, width: null, thumbUrl: null });
    const { res, bytes } = await fetchFile(body.id, { headers: { range: "bytes=4-11" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 4-11/${video.length}`);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(bytes.toString("latin1")).toBe("ftypisom");
    expect((await fetchFile(body.id, { headers: { range: `bytes=${video.length}-` } })).res.status).toBe(416);
  });

  it("offers documents as downloads", async () => {
    const { status, body } = await upload(pdf(), "报价单 Q4.pdf", "FILE", 4, { type: "application/pdf" });
    expect(status).toBe(201);
    const { res } = await fetchFile(body.id);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="___ Q4.pdf"; filename*=UTF-8''%E6%8A%A5%E4%BB%B7%E5%8D%95%20Q4.pdf`);
  });
});

// ── who sees what ──────────────────────────────────────────────────────────────────────────
describe("access", () => {
  const ownerType = `test${uid("o")}`.slice(0, 20);
  const allowed = new Set<number>();
  beforeAll(() => registerAttachmentOwner(ownerType, async (viewer) => allowed.has(viewer.userId)));

  it("a pending file is its uploader's alone; others get 404, anonymous 401", async () => {
    const { body } = await upload(await jpeg(), "mine.jpg", "IMAGE");
    expect((await fetchFile(body.id)).res.status).toBe(200);
    await actAs(userB, companyB.id);
    const other = await fetchFile(body.id);
    expect(other.res.status).toBe(404);
    expect((await fetchFile(body.id, { thumb: true })).res.status).toBe(404);
    expect((await fetchFile("0".repeat(32))).res.status).toBe(404);
    expect((await fetchFile("../../etc/passwd")).res.status).toBe(404);
    await actAs(null);
    expect((await fetchFile(body.id)).res.status).toBe(401);
  });

  it("a saved file follows its record's owner check; an unregistered owner type is 404 for all", async () => {
    const a = (await upload(await jpeg(), "a.jpg", "IMAGE")).body;
    const b = (await upload(await jpeg(), "b.jpg", "IMAGE")).body;
    const linked = await db().$transaction((tx) => linkAttachments(tx, { ids: [a.id, b.id], ownerType, ownerId: 42, field: "pictures", kind: "IMAGE", viewer: dealerA }));
    expect(linked.map((x) => x.id)).toEqual([a.id, b.id]);
    expect((await attachmentsOf(ownerType, 42)).map((x) => [x.id, x.field])).toEqual([
      [a.id, "pictures"],
      [b.id, "pictures"],
    ]);

    // Saved: no longer "the uploader's"; the record decides.
    expect((await fetchFile(a.id)).res.status).toBe(404);
    allowed.add(userB.id);
    await actAs(userB, companyB.id);
    expect((await fetchFile(a.id)).res.status).toBe(200);
    allowed.clear();
    expect((await fetchFile(a.id)).res.status).toBe(404);

    await actAs(userA, companyA.id);
    const c = (await upload(await jpeg(), "c.jpg", "IMAGE")).body;
    await db().$transaction((tx) => linkAttachments(tx, { ids: [c.id], ownerType: "neverRegistered", ownerId: "1", field: "f", kind: "IMAGE", viewer: dealerA }));
    expect((await fetchFile(c.id)).res.status).toBe(404);
  });

  it("linking checks each id, the kind and the count, and detaches what the form removed", async () => {
    const mine = (await upload(await jpeg(), "m.jpg", "IMAGE")).body;
    const keep = (await upload(await jpeg(), "k.jpg", "IMAGE")).body;
    await actAs(userB, companyB.id);
    const theirs = (await upload(await jpeg(), "t.jpg", "IMAGE")).body;
    await actAs(userA, companyA.id);
    const link = (ids: string[], extra: { kind?: "IMAGE" | "VIDEO"; max?: number } = {}) =>
      db().$transaction((tx) => linkAttachments(tx, { ids, ownerType, ownerId: "7", field: "pictures", kind: extra.kind ?? "IMAGE", viewer: dealerA, max: extra.max }));

    await expect(link([mine.id, theirs.id])).rejects.toMatchObject({ key: "Errors.notFound", status: 404 });
    await expect(link(["f".repeat(32)])).rejects.toMatchObject({ status: 404 });
    await expect(link([mine.id], { kind: "VIDEO" })).rejects.toMatchObject({ status: 404 });
    await expect(link([mine.id, keep.id], { max: 1 })).rejects.toMatchObject({ key: "Uploads.errors.maxCount", values: { count: 1 } });
    // Nothing was linked by the refused calls.
    expect(await attachmentsOf(ownerType, "7")).toEqual([]);

    await link([mine.id, keep.id]);
    // Saving the record again with one file removed: the kept one is "already ours", the other
    // goes back to pending (its uploader's only) and will be purged.
    await link([keep.id]);
    expect((await attachmentsOf(ownerType, "7")).map((x) => x.id)).toEqual([keep.id]);
    expect(await db().attachment.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ ownerType: null, ownerId: null, field: null });
    // The other user's pending file stays theirs.
    expect(await db().attachment.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ ownerType: null, uploaderId: userB.id });
    // A field of another record cannot take a file saved on this one.
    await expect(
      db().$transaction((tx) => linkAttachments(tx, { ids: [keep.id], ownerType, ownerId: "8", field: "pictures", kind: "IMAGE", viewer: dealerA })),
    ).rejects.toMatchObject({ status: 404 });
    expect(dealerB.userId).toBe(userB.id);
  });
});

// ── housekeeping ───────────────────────────────────────────────────────────────────────────
describe("purgePendingAttachments", () => {
  it("removes pending uploads older than the cut-off, with their files, and nothing else", async () => {
    const old = (await upload(await jpeg(), "old.jpg", "IMAGE")).body;
    const fresh = (await upload(await jpeg(), "fresh.jpg", "IMAGE")).body;
    const savedOld = (await upload(await jpeg(), "saved.jpg", "IMAGE")).body;
    await db().$transaction((tx) => linkAttachments(tx, { ids: [savedOld.id], ownerType: "purgeTest", ownerId: "1", field: "f", kind: "IMAGE", viewer: dealerA }));
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await db().attachment.updateMany({ where: { id: { in: [old.id, savedOld.id] } }, data: { createdAt: dayAgo } });
    const oldRow = await db().attachment.findUniqueOrThrow({ where: { id: old.id } });
    const files = new Set((await storedFiles()).map((f) => path.relative(dir, f).split(path.sep).join("/")));
    expect(files.has(oldRow.storageKey) && files.has(oldRow.thumbKey!)).toBe(true);

    expect(await purgePendingAttachments(new Date(Date.now() - 24 * 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await db().attachment.findUnique({ where: { id: old.id } })).toBeNull();
    const after = new Set((await storedFiles()).map((f) => path.relative(dir, f).split(path.sep).join("/")));
    expect(after.has(oldRow.storageKey) || after.has(oldRow.thumbKey!)).toBe(false);
    expect(await db().attachment.findUnique({ where: { id: fresh.id } })).not.toBeNull();
    expect(await db().attachment.findUnique({ where: { id: savedOld.id } })).not.toBeNull();
  });
});
