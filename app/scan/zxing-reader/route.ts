// GET /customerWeb/scan/zxing-reader — the QR reader's WebAssembly (zxing-wasm's
// zxing_reader.wasm), served from our own origin for the scan camera (components/scan/decoder.ts)
// when the browser has no BarcodeDetector: the Content-Security-Policy allows no other origin,
// and the package's default CDN may be unreachable. Public like /brand/*: it is the package's
// open-source code, no data. The address carries the package version (?v=), so it is cached for
// a year.
import { readFile } from "node:fs/promises";
import path from "node:path";

let wasm: Promise<Buffer> | null = null;

function readerWasm(): Promise<Buffer> {
  wasm ??= readFile(path.join(process.cwd(), "node_modules", "zxing-wasm", "dist", "reader", "zxing_reader.wasm")).catch((e: unknown) => {
    wasm = null;
    throw e;
  });
  return wasm;
}

export async function GET(): Promise<Response> {
  const body = await readerWasm();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/wasm",
      "Content-Length": String(body.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
