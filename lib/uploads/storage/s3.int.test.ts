import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { AwsClient } from "aws4fetch";
import { NextRequest } from "next/server";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/v1/files/[id]/route";
import { POST } from "@/app/api/v1/uploads/route";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { AttachmentStorage } from "@/lib/generated/prisma/client";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeCompany, makeUser } from "@/lib/test/factories";
import { saveStorageSettings, testStorage } from "../config";
import { invalidateUploadRules } from "../rules";
import { ZStorageSettings } from "../schemas";
import { pinnedTransport, type EndpointPolicy } from "./endpoint-guard";
import { invalidateStorage, setStorageOverride } from "./index";
import { createS3Storage, type S3Config } from "./s3";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The S3 driver against a real S3-compatible server (issue 24, "more than one instance"):
// s3rver, started here on a free port over a temporary folder. Through the driver itself, the
// upload and file routes with the storage settings saved as an administrator does, and a second
// Node process (./s3-child.ts) that builds its storage from those settings, serves the file
// and runs the purge of pending uploads. s3rver accepts any SigV4 signature made with a key id
// it knows (it does not recompute them; docs/DECISIONS.md, "Issue 24 — S3 storage tested
// against a local server"): the signatures themselves are checked by ./storage.test.ts.

// s3rver's one built-in key pair.
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";
const BUCKET = "dealer-files";
const REGION = "us-east-1";
/** Virtual-hosted requests go to <bucket>.s3.<this>, which only the test's resolver knows. */
const VHOST_DOMAIN = "dealer.test";

let server: S3rver;
let dir = "";
let endpoint = "";
let port = 0;
let original: AttachmentStorage | null;
let admin: Viewer;

const cfg = (over: Partial<S3Config> = {}): S3Config => ({
  endpoint,
  region: REGION,
  bucket: BUCKET,
  accessKey: ACCESS_KEY,
  secretKey: SECRET_KEY,
  forcePathStyle: true,
  ...over,
});
const enc = (s: string) => new TextEncoder().encode(s);
const sha = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");
const bytesOf = async (s: ReadableStream<Uint8Array> | null) => (s ? Buffer.from(await new Response(s).arrayBuffer()) : null);
/** Every byte value, twice, and then some: nothing in it may be altered on the way. */
const binary = () => Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31 + (i >> 8)) & 0xff));
/** A signed request of the test's own, to see what the store keeps beside the bytes. */
const raw = (method: string, key: string) =>
  new AwsClient({ accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, service: "s3", region: REGION }).fetch(`${endpoint}/${BUCKET}/${key}`, { method });

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    serviceEndpoint: VHOST_DOMAIN,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  ({ port } = await server.run());
  endpoint = `http://127.0.0.1:${port}`;
  original = await db().attachmentStorage.findUnique({ where: { id: 1 } });
  admin = (await actAs(await makeUser({ userType: "ADMIN" })))!;
});

afterAll(async () => {
  setStorageOverride(null);
  // Leave the shared test database as it was found.
  if (original) await db().attachmentStorage.update({ where: { id: 1 }, data: original });
  else await db().attachmentStorage.deleteMany({ where: { id: 1 } });
  invalidateStorage();
  await server?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("S3 driver against s3rver", () => {
  it("puts an object with its content type, reads it back byte for byte (whole, a range), heads and deletes it", async () => {
    const s = createS3Storage(cfg());
    const key = "2026/11/0123456789abcdef0123456789abcdef.pdf";
    const data = binary();
    await s.put(key, data, { contentType: "application/pdf", sha256: sha(data) });

    expect(await s.head(key)).toEqual({ size: data.length });
    const back = await bytesOf(await s.get(key));
    expect(back?.equals(data)).toBe(true);
    const part = await bytesOf(await s.get(key, { start: 65_530, end: 65_545 }));
    expect(part?.equals(data.subarray(65_530, 65_546))).toBe(true);
    const last = await bytesOf(await s.get(key, { start: data.length - 1, end: data.length - 1 }));
    expect(last?.equals(data.subarray(-1))).toBe(true);
    // s3rver reads "bytes=0-0" as "from 0 to the end": the driver refuses other bytes than the
    // range asked for rather than hand them on under the caller's Content-Range.
    await expect(s.get(key, { start: 0, end: 0 })).rejects.toThrow(`S3 GET answered bytes 0-${data.length - 1}/${data.length} for range bytes=0-0`);

    const stored = await raw("HEAD", key);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("application/pdf");

    await s.delete(key);
    expect(await s.head(key)).toBeNull();
    expect(await s.get(key)).toBeNull();
    await s.delete(key); // deleting a missing object is not an error
  });

  it("answers a missing key with null, and a missing bucket with an error naming it", async () => {
    const s = createS3Storage(cfg());
    expect(await s.head("2026/11/never-stored.jpg")).toBeNull();
    expect(await s.get("2026/11/never-stored.jpg")).toBeNull();
    const noBucket = createS3Storage(cfg({ bucket: "no-such-bucket" }));
    await expect(noBucket.put("2026/11/a.txt", enc("x"), { contentType: "text/plain" })).rejects.toThrow("S3 PUT answered HTTP 404 NoSuchBucket");
  });

  it("answers an unknown access key with a clear error that carries no secret", async () => {
    const secret = "wrong-secret-9f8e7d6c5b4a";
    const s = createS3Storage(cfg({ accessKey: "AKIA-NOT-KNOWN", secretKey: secret }));
    const errors: unknown[] = [];
    for (const op of [
      () => s.put("2026/11/a.txt", enc("x"), { contentType: "text/plain" }),
      () => s.get("2026/11/a.txt"),
      () => s.head("2026/11/a.txt"),
      () => s.delete("2026/11/a.txt"),
    ])
      errors.push(
        await op().then(
          () => null,
          (e: unknown) => e,
        ),
      );
    expect(errors.map((e) => (e as Error).message)).toEqual([
      "S3 PUT answered HTTP 403 InvalidAccessKeyId",
      "S3 GET answered HTTP 403 InvalidAccessKeyId",
      // A HEAD answer has no body, so no code.
      "S3 HEAD answered HTTP 403",
      "S3 DELETE answered HTTP 403 InvalidAccessKeyId",
    ]);
    for (const e of errors) expect(JSON.stringify({ message: (e as Error).message, stack: (e as Error).stack })).not.toContain(secret);
  });

  it("refuses keys with spaces, unicode or escapes before any request, and stores every key the server makes", async () => {
    const sent: string[] = [];
    const s = createS3Storage(cfg(), {
      transport: (req) => {
        sent.push(new URL(req.url).pathname);
        return fetch(req);
      },
    });
    for (const key of ["2026/11/报价 单.pdf", "2026/11/a b.pdf", "2026/11/a%2Fb.pdf", "2026/11/a+b.pdf", "2026/11/ä.pdf", "2026/11/a?x=1"]) {
      await expect(s.put(key, enc("x"), { contentType: "text/plain" }), key).rejects.toThrow(/invalid storage key/);
    }
    expect(sent).toEqual([]);
    // The characters the keys may have (lib/uploads/storage/types.ts): digits, a-z, "_", "-", ".".
    const key = "2026/11/a_b-c/0123456789abcdef0123456789abcdef-t.webp";
    await s.put(key, enc("thumb"), { contentType: "image/webp", sha256: sha("thumb") });
    expect((await bytesOf(await s.get(key)))?.toString()).toBe("thumb");
    expect(sent[0]).toBe(`/${BUCKET}/${key}`);
    await s.delete(key);
  });

  it("addresses the bucket virtual-hosted through the pinned connection of the storage test", async () => {
    // <bucket>.s3.dealer.test resolves (here) to the server: the request's Host names the bucket.
    const local: EndpointPolicy = { protocols: ["http:"], resolve: async () => [{ address: "127.0.0.1", family: 4 }], allow: (a) => a === "127.0.0.1" };
    const s = createS3Storage(cfg({ endpoint: `http://s3.${VHOST_DOMAIN}:${port}`, forcePathStyle: false }), { transport: pinnedTransport(local) });
    const key = "2026/11/fedcba9876543210fedcba9876543210.txt";
    await s.put(key, enc("virtual host"), { contentType: "text/plain", sha256: sha("virtual host") });
    expect(await s.head(key)).toEqual({ size: 12 });
    // The same object, path-style: the bucket was the one named in the host.
    expect((await bytesOf(await createS3Storage(cfg()).get(key)))?.toString()).toBe("virtual host");
    await s.delete(key);
    expect(await createS3Storage(cfg()).head(key)).toBeNull();

    // The settings screen's test, through the same connection.
    const input = ZStorageSettings.parse({
      driver: "S3",
      localDir: "",
      s3Endpoint: endpoint,
      s3Region: REGION,
      s3Bucket: BUCKET,
      s3AccessKey: ACCESS_KEY,
      s3SecretKey: SECRET_KEY,
      s3ForcePathStyle: true,
    });
    expect(await testStorage(input, local)).toEqual({ ok: true, driver: "S3" });
    expect(await testStorage({ ...input, s3AccessKey: "AKIA-NOT-KNOWN" }, local)).toEqual({ ok: false, error: "S3 PUT answered HTTP 403 InvalidAccessKeyId" });
  });
});

// ── the real upload path, and a second process ─────────────────────────────────────────────

class Child {
  readonly proc: ChildProcessWithoutNullStreams;
  private readonly lines: Record<string, unknown>[] = [];
  private waiters: (() => void)[] = [];
  constructor() {
    const script = path.join(import.meta.dirname, "s3-child.ts");
    this.proc = spawn(process.execPath, ["--conditions", "react-server", "--import", "tsx", script], { env: { ...process.env, LOG_LEVEL: "error" } });
    createInterface({ input: this.proc.stdout }).on("line", (l) => {
      try {
        this.lines.push(JSON.parse(l) as Record<string, unknown>);
      } catch {
        return;
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.proc.stderr.resume();
  }
  /** The next line, within `ms`. */
  async next(ms = 60_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + ms;
    while (!this.lines.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the child said nothing within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
    return this.lines.shift()!;
  }
  ask(line: string) {
    this.proc.stdin.write(`${line}\n`);
    return this.next();
  }
  stop() {
    this.proc.stdin.end();
    this.proc.kill();
  }
}

async function upload(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set("kind", "FILE");
  form.set("count", "0");
  form.set("file", new File([new Uint8Array(bytes)], name, { type }));
  const res = await POST(new Request("http://localhost/customerWeb/api/v1/uploads", { method: "POST", body: form }));
  return { status: res.status, body: (await res.json()) as { id: string; code?: string; message?: string } };
}

async function fetchFile(id: string, headers: Record<string, string> = {}) {
  const res = await GET(new NextRequest(`http://localhost/customerWeb/api/v1/files/${id}`, { headers }), { params: Promise.resolve({ id }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const settings = (over: Record<string, unknown> = {}) =>
  ZStorageSettings.parse({
    driver: "S3",
    localDir: "",
    s3Endpoint: endpoint,
    s3Region: REGION,
    s3Bucket: BUCKET,
    s3AccessKey: ACCESS_KEY,
    s3SecretKey: SECRET_KEY,
    s3ForcePathStyle: true,
    ...over,
  });

/** A PDF of some size: the FILE kind keeps its bytes as they are. */
const pdf = () => Buffer.concat([Buffer.from("%PDF-1.7\n"), binary(), Buffer.from("\ntrailer\n<< >>\n%%EOF\n")]);

describe("uploads on S3, served by every instance", () => {
  it("stores an upload in the bucket through the saved settings; another process serves it and its purge deletes it", async () => {
    setStorageOverride(null);
    invalidateUploadRules();
    await saveStorageSettings(settings(), admin);
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    await actAs(user, company.id);
    setTestLocale("en-US");

    const data = pdf();
    const name = "报价 单 (March) 2026.pdf";
    const up = await upload(data, name, "application/pdf");
    expect(up.status).toBe(201);
    const row = await db().attachment.findUniqueOrThrow({ where: { id: up.body.id } });
    expect(row.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.pdf$/);

    // In the bucket, with its content type, byte for byte.
    const stored = await raw("GET", row.storageKey);
    expect(stored.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await stored.arrayBuffer()).equals(data)).toBe(true);

    // Served from the bucket by this process: whole, a range, the unicode name in the header.
    const whole = await fetchFile(row.id);
    expect(whole.res.status).toBe(200);
    expect(whole.bytes.equals(data)).toBe(true);
    expect(whole.res.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    const part = await fetchFile(row.id, { range: "bytes=100-4195" });
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get("content-range")).toBe(`bytes 100-4195/${data.length}`);
    expect(part.bytes.equals(data.subarray(100, 4196))).toBe(true);

    // Another process, knowing only the database, reads the same object from the bucket.
    const child = new Child();
    try {
      expect(await child.next()).toEqual({ ready: true });
      expect(await child.ask(`get ${row.storageKey}`)).toEqual({ driver: "S3", size: data.length, sha256: sha(data) });
      expect(await child.ask(`range ${row.storageKey} 9 24`)).toEqual({ range: data.subarray(9, 25).toString("hex") });

      // Never saved onto a record and old: the other process's purge removes row and object.
      await db().attachment.update({ where: { id: row.id }, data: { createdAt: new Date("2001-01-01T00:00:00Z") } });
      expect(await child.ask("purge 2001-01-02T00:00:00Z")).toEqual({ purged: 1 });
    } finally {
      child.stop();
    }
    expect(await db().attachment.findUnique({ where: { id: row.id } })).toBeNull();
    expect((await raw("HEAD", row.storageKey)).status).toBe(404);
    expect((await fetchFile(row.id)).res.status).toBe(404);
  });

  it("with a wrong access key saved, refuses the upload with a plain error, logs no secret and leaves no row", async () => {
    const secret = "saved-secret-0a1b2c3d4e5f";
    await saveStorageSettings(settings({ s3AccessKey: "AKIA-NOT-KNOWN", s3SecretKey: secret }), admin);
    const company = await makeCompany();
    const user = await makeUser({ companyIds: [company.id] });
    await actAs(user, company.id);
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    const out = vi.spyOn(console, "log").mockImplementation(capture);
    const err = vi.spyOn(console, "error").mockImplementation(capture);
    try {
      const up = await upload(pdf(), "a.pdf", "application/pdf");
      expect(up.status).toBe(500);
      expect(JSON.stringify(up.body)).not.toContain(secret);
      expect(JSON.stringify(up.body)).not.toContain("InvalidAccessKeyId");
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    const logged = lines.join("\n");
    expect(logged).toContain("S3 PUT answered HTTP 403 InvalidAccessKeyId");
    expect(logged).not.toContain(secret);
    expect(await db().attachment.count({ where: { uploaderId: user.id } })).toBe(0);
  });
});
