import "server-only";
import { fileTypeFromBuffer } from "file-type";
import { extensionOf, FORMAT_MIME, type UploadFormat } from "./formats";

// What the bytes are, whatever the name or the browser's declared type say. Only formats the
// app supports come back; HTML, SVG, scripts and plain text are "unknown" (null).
const ALIASES: Record<string, UploadFormat> = {
  jpg: "jpg",
  png: "png",
  apng: "png",
  webp: "webp",
  mp4: "mp4",
  m4v: "mp4",
  webm: "webm",
  mov: "mov",
  pdf: "pdf",
  xlsx: "xlsx",
  docx: "docx",
  zip: "zip",
  apk: "apk",
};

/**
 * `name` is the file's name as sent: it decides only between formats whose bytes look alike.
 * An APK is a ZIP holding classes.dex (file-type says "apk"); a HarmonyOS HAP is a ZIP with no
 * mark of its own, so a ZIP is a HAP only when its name ends in .hap.
 */
export async function sniffFormat(bytes: Uint8Array, name = ""): Promise<{ format: UploadFormat; mime: string } | null> {
  if (bytes.byteLength === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  let format = found ? ALIASES[found.ext] : undefined;
  if (format === "zip" && extensionOf(name) === "hap") format = "hap";
  return format ? { format, mime: FORMAT_MIME[format] } : null;
}
