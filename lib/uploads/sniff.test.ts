import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { apkBytes, hapBytes } from "@/lib/test/zip";
import { sniffFormat } from "./sniff";

const image = (format: "jpeg" | "png" | "webp") =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#3a7" } })
    .toFormat(format)
    .toBuffer();
const bytes = (...parts: (string | number[])[]) => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p)))));
const box = (type: string, body: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, 8 + body.length]), Buffer.from(type, "latin1"), body]);
const ftyp = (brand: string) => new Uint8Array(Buffer.concat([box("ftyp", Buffer.from(`${brand}\0\0\0\0${brand}`, "latin1")), box("mdat", Buffer.alloc(16))]));
// EBML header with DocType "webm".
const webm = bytes(
  [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84],
  "webm",
  [0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02],
);

describe("sniffFormat", () => {
  it("recognises the supported images by their bytes", async () => {
    expect(await sniffFormat(await image("jpeg"))).toEqual({ format: "jpg", mime: "image/jpeg" });
    expect(await sniffFormat(await image("png"))).toEqual({ format: "png", mime: "image/png" });
    expect(await sniffFormat(await image("webp"))).toEqual({ format: "webp", mime: "image/webp" });
  });

  it("recognises videos by their container", async () => {
    expect((await sniffFormat(ftyp("isom")))?.format).toBe("mp4");
    expect((await sniffFormat(ftyp("qt  ")))?.format).toBe("mov");
    expect(await sniffFormat(webm)).toEqual({ format: "webm", mime: "video/webm" });
  });

  it("recognises documents", async () => {
    expect(await sniffFormat(bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"))).toEqual({ format: "pdf", mime: "application/pdf" });
  });

  it("knows nothing of HTML, SVG, scripts, text or empty files", async () => {
    for (const text of [
      "<!doctype html><html><script>alert(1)</script></html>",
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      "#!/bin/sh\nrm -rf /\n",
      "just some text pretending to be a video",
    ]) {
      expect(await sniffFormat(bytes(text)), text).toBeNull();
    }
    expect(await sniffFormat(new Uint8Array())).toBeNull();
  });

  it("ignores formats the app does not support (GIF, ELF)", async () => {
    expect(await sniffFormat(bytes("GIF89a", [1, 0, 1, 0, 0, 0, 0, 0x3b]))).toBeNull();
    expect(await sniffFormat(bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });
});

describe("sniffFormat of app packages", () => {
  it("knows an APK by the classes.dex in its ZIP, whatever its name", async () => {
    expect(await sniffFormat(apkBytes(), "app.apk")).toEqual({ format: "apk", mime: "application/vnd.android.package-archive" });
    expect((await sniffFormat(apkBytes(), "app.zip"))?.format).toBe("apk");
  });

  it("takes a ZIP for a HAP only when its name says .hap", async () => {
    expect((await sniffFormat(hapBytes(), "app.hap"))?.format).toBe("hap");
    expect((await sniffFormat(hapBytes(), "app.zip"))?.format).toBe("zip");
    expect((await sniffFormat(hapBytes(), "app.apk"))?.format).toBe("zip");
    expect(await sniffFormat(bytes("not a zip at all"), "app.hap")).toBeNull();
  });
});
