import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { baseURL, signInState } from "./fixtures";

// The upload endpoint and file route against the production build: bodies over Next's 10 MB
// proxy limit arrive whole (proxy.ts skips the upload path), refusals are translated, files
// are served with nosniff and byte ranges, and only to their uploader while pending.

/** An MP4 container (ftyp + one mdat box) of exactly `bytes` bytes. */
function mp4(bytes: number): Buffer {
  const ftyp = Buffer.from("\0\0\0\x1cftypisom\0\0\x02\0isomiso2mp41", "latin1");
  const mdat = Buffer.alloc(bytes - ftyp.length, 7);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdat]);
}

let dealer: APIRequestContext;
let other: APIRequestContext;
let anonymous: APIRequestContext;

test.beforeAll(async () => {
  dealer = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: await signInState("dealer") });
  other = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: await signInState("group", "D002") });
  anonymous = await playwrightRequest.newContext({ baseURL: baseURL() });
});

test.afterAll(async () => {
  await Promise.all([dealer.dispose(), other.dispose(), anonymous.dispose()]);
});

const send = (ctx: APIRequestContext, kind: string, file: { name: string; mimeType: string; buffer: Buffer }, headers: Record<string, string> = {}) =>
  ctx.post(`api/v1/uploads?kind=${kind}&count=0`, { multipart: { kind, count: "0", file }, headers, timeout: 60_000 });

test("a 12 MB video arrives whole and is served in byte ranges, to its uploader only", async () => {
  const video = mp4(12 * 1024 * 1024);
  const res = await send(dealer, "VIDEO", { name: "walkaround.mp4", mimeType: "video/mp4", buffer: video });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { id: string; size: number; url: string; mime: string };
  expect(body).toMatchObject({ size: video.length, mime: "video/mp4" });

  const part = await dealer.get(`api/v1/files/${body.id}`, { headers: { Range: "bytes=4-11" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-range"]).toBe(`bytes 4-11/${video.length}`);
  expect(part.headers()["x-content-type-options"]).toBe("nosniff");
  expect(part.headers()["content-type"]).toBe("video/mp4");
  expect((await part.body()).toString("latin1")).toBe("ftypisom");

  expect((await other.get(`api/v1/files/${body.id}`)).status()).toBe(404);
  expect((await anonymous.get(`api/v1/files/${body.id}`)).status()).toBe(401);
});

test("an image comes back re-encoded with a thumbnail; an HTML file named .jpg is refused in the reader's language", async () => {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2e7d32" } })
    .png()
    .toBuffer();
  const res = await send(dealer, "IMAGE", { name: "../../etc/passwd.png", mimeType: "image/png", buffer: png });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { id: string; name: string; thumbUrl: string };
  expect(body.name).toBe("passwd.png");
  const thumb = await dealer.get(`api/v1/files/${body.id}?thumb=1`);
  expect(thumb.headers()["content-type"]).toBe("image/webp");
  expect((await sharp(await thumb.body()).metadata()).width).toBe(320);

  const html = { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html><script>alert(1)</script></html>") };
  const en = await send(dealer, "IMAGE", html);
  expect(en.status()).toBe(415);
  expect((await en.json()).message).toBe("Only jpg/png/webp format can be uploaded");
  const zh = await send(dealer, "IMAGE", html, { "Accept-Language": "zh-CN,zh;q=0.9" });
  expect((await zh.json()).message).toBe("只能上传jpg/png/webp格式");
  expect((await send(anonymous, "IMAGE", html)).status()).toBe(401);
});
