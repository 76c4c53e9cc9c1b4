import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { fillPattern, qrPng } from "@/lib/qrcode/render";
import { goodsCodeFromScan } from "@/lib/qrcode/purposes";
import { GET } from "./route";

describe("GET /customerWeb/scan/zxing-reader", () => {
  it("serves the QR reader's WebAssembly from our origin, cached for a year", async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/wasm");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Array.from(bytes.slice(0, 4))).toEqual([0x00, 0x61, 0x73, 0x6d]); // "\0asm"
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
  });

  it("is the reader the scan camera uses: it reads a goods label back to its code", async () => {
    const wasm = await (await GET()).arrayBuffer();
    await prepareZXingModule({ overrides: { wasmBinary: wasm }, fireImmediately: true });
    // A goods template with an address carrying ?code=, as the scan input reads it.
    const content = fillPattern("https://dealer.example.com/customerWeb/goods?code={code}", { code: "P-4711" });
    const { data, info } = await sharp(await qrPng(content, { size: 256, errorLevel: "M" }))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = await readBarcodes(
      { data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: "srgb" },
      { formats: ["QRCode"], maxNumberOfSymbols: 1 },
    );
    expect(found.map((b) => b.text)).toEqual([content]);
    expect(goodsCodeFromScan(found[0].text)).toBe("P-4711");
  });
});
