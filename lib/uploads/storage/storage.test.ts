import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3, type FakeS3 } from "./fake-s3";
import { createLocalStorage } from "./local";
import { createS3Storage, objectUrl } from "./s3";
import type { FileStorage } from "./types";

const text = async (s: ReadableStream<Uint8Array> | null) => (s ? Buffer.from(await new Response(s).arrayBuffer()).toString() : null);
const enc = (s: string) => new TextEncoder().encode(s);

/** The same contract for every driver: put, head, get (whole and a range), delete. */
function contract(name: string, make: () => FileStorage) {
  describe(`${name} storage`, () => {
    it("stores, reads (whole and a byte range), and deletes an object", async () => {
      const s = make();
      const key = "2026/11/0123456789abcdef.txt";
      await s.put(key, enc("hello, storage"), { contentType: "text/plain", sha256: createHash("sha256").update("hello, storage").digest("hex") });
      expect(await s.head(key)).toEqual({ size: 14 });
      expect(await text(await s.get(key))).toBe("hello, storage");
      expect(await text(await s.get(key, { start: 7, end: 13 }))).toBe("storage");
      await s.delete(key);
      expect(await s.head(key)).toBeNull();
      expect(await s.get(key)).toBeNull();
      await s.delete(key); // deleting twice is fine
    });

    it("refuses keys that could leave the store", async () => {
      const s = make();
      for (const key of ["../etc/passwd", "a/../../b", "/abs", "a//b", "A.txt", "a/.hidden", ""]) {
        await expect(s.put(key, enc("x"), { contentType: "text/plain" }), key).rejects.toThrow(/invalid storage key/);
        await expect(s.get(key), key).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

let dir = "";
contract("local", () => createLocalStorage(dir));

let fake: FakeS3;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "uploads-local-"));
  fake = await startFakeS3({ accessKey: "AKTEST", region: "cn-test-1" });
});

afterAll(async () => {
  await fake.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const s3 = (secretKey = "secret-for-tests") =>
  createS3Storage({ endpoint: fake.endpoint, region: "cn-test-1", bucket: "dealer-files", accessKey: "AKTEST", secretKey, forcePathStyle: true });
contract("S3", () => s3());

describe("S3 driver", () => {
  it("signs every request with SigV4 and puts objects path-style under the bucket", async () => {
    fake.requests.length = 0;
    await s3().put("2026/11/abc.jpg", enc("jpeg bytes"), { contentType: "image/jpeg", sha256: createHash("sha256").update("jpeg bytes").digest("hex") });
    expect(fake.objects.get("/dealer-files/2026/11/abc.jpg")).toEqual({ body: Buffer.from("jpeg bytes"), type: "image/jpeg" });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    expect(fake.requests[0].authorization).toContain("x-amz-content-sha256");
    expect(fake.requests[0].contentSha).toBe(createHash("sha256").update("jpeg bytes").digest("hex"));
  });

  it("reports the store's refusal", async () => {
    const bad = createS3Storage({ endpoint: fake.endpoint, region: "cn-test-1", bucket: "dealer-files", accessKey: "WRONG", secretKey: "x", forcePathStyle: true });
    await expect(bad.put("2026/11/x.txt", enc("x"), { contentType: "text/plain" })).rejects.toThrow("S3 PUT answered HTTP 403 AccessDenied");
  });

  it("refuses an answer to a ranged read that is not the range asked for", async () => {
    // A store that ignores Range (HTTP allows it) or misreads it: its bytes must not be served
    // under the Content-Range the file route computed (lib/uploads/serve.ts).
    const answering = (res: () => Response) =>
      createS3Storage(
        { endpoint: fake.endpoint, region: "cn-test-1", bucket: "dealer-files", accessKey: "AKTEST", secretKey: "x", forcePathStyle: true },
        { transport: async () => res() },
      );
    await expect(answering(() => new Response("whole object")).get("2026/11/a.txt", { start: 0, end: 0 })).rejects.toThrow("S3 GET answered HTTP 200 for range bytes=0-0");
    const wrong = () => new Response("whole object", { status: 206, headers: { "Content-Range": "bytes 0-11/12" } });
    await expect(answering(wrong).get("2026/11/a.txt", { start: 0, end: 0 })).rejects.toThrow("S3 GET answered bytes 0-11/12 for range bytes=0-0");
    const right = () => new Response("w", { status: 206, headers: { "Content-Range": "bytes 0-0/12" } });
    expect(await text(await answering(right).get("2026/11/a.txt", { start: 0, end: 0 }))).toBe("w");
  });

  it("builds path-style and virtual-hosted object URLs", () => {
    expect(objectUrl({ endpoint: "https://minio.example.com:9000/", bucket: "b", forcePathStyle: true }, "2026/11/a.jpg")).toBe("https://minio.example.com:9000/b/2026/11/a.jpg");
    expect(objectUrl({ endpoint: "https://s3.eu-central-1.amazonaws.com", bucket: "dealer", forcePathStyle: false }, "2026/11/a.jpg")).toBe(
      "https://dealer.s3.eu-central-1.amazonaws.com/2026/11/a.jpg",
    );
    expect(objectUrl({ endpoint: "https://gw.example.com/storage", bucket: "b", forcePathStyle: true }, "k.txt")).toBe("https://gw.example.com/storage/b/k.txt");
  });
});
