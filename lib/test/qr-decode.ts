import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

// Reads QR codes back in tests with zxing-wasm (ZXing C++, the maintained reference decoder):
// a code that renders but does not scan fails the test. The WebAssembly comes from the
// package itself (never from its default CDN, which CI cannot reach), resolved from the
// project's root without import.meta (Playwright compiles the specs to CommonJS).

let ready: Promise<unknown> | null = null;

function prepare() {
  ready ??= readFile(createRequire(path.join(process.cwd(), "package.json")).resolve("zxing-wasm/reader/zxing_reader.wasm")).then((wasm) =>
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true }),
  );
  return ready;
}

/** The texts of the QR codes in an image (PNG, JPEG, WebP or SVG bytes). */
export async function decodeQr(image: Buffer | string): Promise<string[]> {
  await prepare();
  const { data, info } = await sharp(typeof image === "string" ? Buffer.from(image) : image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = await readBarcodes({ data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: "srgb" }, { formats: ["QRCode"], tryHarder: true });
  return found.map((b) => b.text);
}
