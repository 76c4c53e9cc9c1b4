import "server-only";
import sharp from "sharp";
import { UploadError } from "./errors";
import type { UploadFormat } from "./formats";

/** Larger images are refused before decoding (a 50000×50000 PNG is a few KB on disk). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const THUMB_SIZE = 320;
const SHARP_FORMAT = { jpg: "jpeg", png: "png", webp: "webp" } as const;
type ImageFormat = keyof typeof SHARP_FORMAT;

// Decoding a 40 MP image takes ~160 MB; at most two at a time per process.
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export type ProcessedImage = { data: Buffer; thumb: Buffer; width: number; height: number };

/**
 * Decodes and re-encodes an image in its own format: turned upright per its EXIF orientation,
 * every metadata block (EXIF, GPS, XMP, ICC comments) dropped, so nothing but pixels leaves
 * the server. Truncated or damaged files fail to decode (sharp's failOn "warning").
 */
export async function processImage(bytes: Uint8Array, format: UploadFormat): Promise<ProcessedImage> {
  if (!(format in SHARP_FORMAT)) throw new Error(`not an image format: ${format}`);
  const target = SHARP_FORMAT[format as ImageFormat];
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning", animated: false });
  return limited(async () => {
    try {
      const meta = await open().metadata();
      if (meta.format !== target) throw new UploadError("DAMAGED", "errors.damaged");
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw pixels();
      const pipeline = open().rotate();
      const encoded = target === "jpeg" ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : target === "png" ? pipeline.png() : pipeline.webp({ quality: 85 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      const thumb = await sharp(data).resize(THUMB_SIZE, THUMB_SIZE, { fit: "inside", withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
      return { data, thumb, width: info.width, height: info.height };
    } catch (err) {
      if (err instanceof UploadError) throw err;
      if (err instanceof Error && /pixel limit/i.test(err.message)) throw pixels();
      throw new UploadError("DAMAGED", "errors.damaged");
    }
  });
}

const pixels = () => new UploadError("PIXELS", "errors.pixels", { megapixels: MAX_INPUT_PIXELS / 1_000_000 });
