import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { Attachment } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { UploadError } from "./errors";
import { fileUrl, FORMAT_MIME, type AttachmentKindName, type AttachmentValue } from "./formats";
import { processImage } from "./image";
import { recordUpload } from "./quota";
import { checkCount, checkFormat, checkSize, sanitizeName, wrongFormat } from "./limits";
import { getUploadRule, mayUpload } from "./rules";
import { sniffFormat } from "./sniff";
import { getStorage } from "./storage";

export type UploadInput = { bytes: Uint8Array; name: string; kind: AttachmentKindName; count: number };
export type UploadedAttachment = AttachmentValue & { size: number; mime: string; width: number | null; height: number | null };

export function toAttachmentValue(a: Pick<Attachment, "id" | "originalName" | "kind" | "thumbKey">): AttachmentValue {
  return { id: a.id, name: a.originalName, url: fileUrl(a.id), thumbUrl: a.thumbKey ? fileUrl(a.id, true) : null, kind: a.kind };
}

export function toUploaded(a: Attachment): UploadedAttachment {
  return { ...toAttachmentValue(a), size: a.size, mime: a.mime, width: a.width, height: a.height };
}

/** A random storage key under a month folder, e.g. "2026/11/3f9c….jpg": never derived from the name. */
function newKey(now: Date, ext: string): { id: string; key: string } {
  const id = randomBytes(16).toString("hex");
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return { id, key: `${month}/${id}.${ext}` };
}

/**
 * Checks one uploaded file against its kind's rule (count, size, the format its bytes are),
 * re-encodes images, records a pending Attachment (no owner yet) within the user's upload
 * limits and stores the file(s). Any refusal throws an UploadError before anything is written;
 * a failure while writing removes the files and the row again, so a refused upload leaves
 * neither row nor file.
 */
export async function acceptUpload(viewer: Viewer, input: UploadInput): Promise<UploadedAttachment> {
  if (!mayUpload(viewer, input.kind)) throw new ForbiddenError(input.kind);
  const rule = await getUploadRule(input.kind);
  const refuse = checkCount(rule, input.count) ?? checkSize(rule, input.bytes.byteLength);
  if (refuse) throw UploadError.of(refuse);
  const sniffed = await sniffFormat(input.bytes, input.name);
  if (!sniffed || checkFormat(rule, sniffed.format)) throw UploadError.of(wrongFormat(rule));

  let data: Uint8Array = input.bytes;
  let thumb: Buffer | null = null;
  let width: number | null = null;
  let height: number | null = null;
  if (input.kind === "IMAGE") ({ data, thumb, width, height } = await processImage(input.bytes, sniffed.format));

  const now = new Date();
  const { id, key } = newKey(now, sniffed.format);
  const thumbKey = thumb ? `${key.slice(0, -(sniffed.format.length + 1))}-t.webp` : null;
  const sha256 = createHash("sha256").update(data).digest("hex");
  const storage = await getStorage();
  // The row first, under the user's limits (lib/uploads/quota.ts): an upload over them stores
  // nothing. A failure while writing removes the files and the row again.
  const row = await recordUpload(viewer, {
    id,
    kind: input.kind,
    mime: sniffed.mime,
    ext: sniffed.format,
    size: data.byteLength,
    sha256,
    storageKey: key,
    thumbKey,
    width,
    height,
    originalName: sanitizeName(input.name, sniffed.format),
    uploaderId: viewer.userId,
    companyId: viewer.company?.id ?? null,
    createdAt: now,
  });
  const written: string[] = [];
  try {
    await storage.put(key, data, { contentType: FORMAT_MIME[sniffed.format], sha256 });
    written.push(key);
    if (thumb && thumbKey) {
      await storage.put(thumbKey, thumb, { contentType: "image/webp", sha256: createHash("sha256").update(thumb).digest("hex") });
      written.push(thumbKey);
    }
    return toUploaded(row);
  } catch (err) {
    await Promise.all(written.map((k) => storage.delete(k).catch((e: unknown) => log.warn("upload cleanup failed", { key: k, error: String(e) }))));
    await db()
      .attachment.deleteMany({ where: { id, ownerType: null } })
      .catch((e: unknown) => log.warn("upload cleanup failed", { id, error: String(e) }));
    throw err;
  }
}
