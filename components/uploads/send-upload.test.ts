import { afterEach, describe, expect, it, vi } from "vitest";
import { sendUpload, UploadAborted, UploadFailed } from "./send-upload";

// The upload field tells the person about a failed upload, but not about one they called off
// (a removed file, a closed form): sendUpload tells the two apart.

class FakeXhr {
  static last: FakeXhr;
  status = 0;
  response: unknown = null;
  responseType = "";
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  send() {}
  abort() {
    this.onabort?.();
  }
}

const file = () => new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
const start = () => sendUpload({ file: file(), kind: "IMAGE", count: 0, fallbackMessage: "The upload failed", onProgress: () => {} });

describe("sendUpload", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("rejects with UploadAborted when the upload is called off", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { done, abort } = start();
    abort();
    await expect(done).rejects.toBeInstanceOf(UploadAborted);
  });

  it("rejects with a plain UploadFailed carrying the server's message when the server refuses", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { done } = start();
    Object.assign(FakeXhr.last, { status: 422, response: { message: "Only jpg/png/webp format can be uploaded" } });
    FakeXhr.last.onload?.();
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadFailed);
    expect(err).not.toBeInstanceOf(UploadAborted);
    expect((err as Error).message).toBe("Only jpg/png/webp format can be uploaded");
  });

  it("rejects with a plain UploadFailed on a network error", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { done } = start();
    FakeXhr.last.onerror?.();
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadFailed);
    expect(err).not.toBeInstanceOf(UploadAborted);
  });
});
