import "server-only";
import { fileTypeFromBuffer } from "file-type";
import { FORMAT_MIME, type UploadFormat } from "./formats";

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
};

export async function sniffFormat(bytes: Uint8Array): Promise<{ format: UploadFormat; mime: string } | null> {
  if (bytes.byteLength === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  const format = found ? ALIASES[found.ext] : undefined;
  return format ? { format, mime: FORMAT_MIME[format] } : null;
}
