// Reads QR codes from the camera's video: the browser's own BarcodeDetector where it has one
// that knows QR codes (Chrome on Android, for one), else ZXing (zxing-wasm/reader), imported
// here only when the camera opens. Its WebAssembly comes from our own origin
// (app/scan/zxing-reader/route.ts), never from the package's default CDN.

/** Reads the QR codes in one video frame. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string[]>;

type NativeDetector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type NativeDetectorClass = { new (opts: { formats: string[] }): NativeDetector; getSupportedFormats?: () => Promise<string[]> };

/** The route that serves the reader's WebAssembly (under the base path). */
export const READER_WASM_PATH = "/customerWeb/scan/zxing-reader";

async function nativeReader(): Promise<FrameReader | null> {
  const Ctor = (globalThis as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const formats = (await Ctor.getSupportedFormats?.()) ?? ["qr_code"];
    if (!formats.includes("qr_code")) return null;
    const detector = new Ctor({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video)).map((b) => b.rawValue);
  } catch {
    return null;
  }
}

let zxing: Promise<typeof import("zxing-wasm/reader")> | null = null;

/** zxing-wasm with its WebAssembly from our origin, prepared once per page. */
function preparedZxing() {
  zxing ??= import("zxing-wasm/reader")
    .then(async (m) => {
      // The version in the address: the route caches for a year, a new package asks anew.
      await m.prepareZXingModule({
        overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? `${READER_WASM_PATH}?v=${m.ZXING_WASM_VERSION}` : prefix + path) },
        fireImmediately: true,
      });
      return m;
    })
    .catch((e: unknown) => {
      zxing = null;
      throw e;
    });
  return zxing;
}

async function zxingReader(): Promise<FrameReader> {
  const { readBarcodes } = await preparedZxing();
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw Object.assign(new Error("no 2d canvas"), { name: "NotSupportedError" });
  return async (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return [];
    canvas.width = width;
    canvas.height = height;
    ctx.drawImage(video, 0, 0, width, height);
    const found = await readBarcodes(ctx.getImageData(0, 0, width, height), { formats: ["QRCode"], maxNumberOfSymbols: 1, tryHarder: false });
    return found.filter((b) => b.isValid).map((b) => b.text);
  };
}

/** The best reader this browser has. */
export async function frameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? (await zxingReader());
}
