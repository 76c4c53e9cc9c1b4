import { z } from "zod";
import { blankToNull, zId, zText } from "@/lib/core/zod";

// The download centre's forms (download/downloadCenters): checked in the browser, parsed again
// by the server actions. Client-safe. Field labels live in "Downloads.fields"; the rules zod
// cannot name in the Validation messages (https only, a URL or a file) are downloadProblems()
// below, shared by the form and the service, with messages of "Downloads.errors".

export const DOWNLOAD_ROUTE = "download/downloadCenters";
/** Staff who create, edit, switch on/off and delete items. */
export const DOWNLOAD_MANAGE = "download:manage";

/** Attachment owner type and fields: the file (one, kind FILE), the pictures, the content's images. */
export const DOWNLOAD_OWNER = "download";
export const DOWNLOAD_FILE_FIELD = "file";
export const DOWNLOAD_IMAGE_FIELD = "images";
export const DOWNLOAD_MEDIA_FIELD = "media";

/** What an item's sealed verify code is bound to (lib/crypto/secret-box; the seed seals too). */
export const VERIFY_CODE_CONTEXT = "DownloadItem.verifyCode";

export const MAX_TITLE = 200;
export const MAX_URL = 500;
/** Rich text as HTML; sanitized on save. */
export const MAX_CONTENT = 100_000;
export const MIN_CODE = 4;
export const MAX_CODE = 32;
/** The ceiling any image rule may be configured to; the configured count is enforced on save. */
export const MAX_IMAGES_CEILING = 50;

const ATTACHMENT_ID = /^[a-f0-9]{32}$/;
const zAttachmentRefs = (max: number) => z.array(z.object({ id: z.string().regex(ATTACHMENT_ID) })).max(max);

export const ZDownloadSave = z.object({
  /** Present when editing. */
  id: zId.optional(),
  title: zText(MAX_TITLE),
  /** Rich text (HTML); may be empty. */
  content: z.string().max(MAX_CONTENT).default(""),
  /** download_url: an https:// address, or empty when the item has a file. */
  downloadUrl: z.preprocess(blankToNull, z.string().trim().max(MAX_URL).nullable()).optional(),
  /** The uploaded file: at most one FILE upload (pending, or the item's own). */
  file: zAttachmentRefs(1).default([]),
  /** verify_code: empty for none; no spaces inside. */
  verifyCode: z.preprocess(blankToNull, z.string().trim().min(MIN_CODE).max(MAX_CODE).regex(/^\S+$/).nullable()).optional(),
  images: zAttachmentRefs(MAX_IMAGES_CEILING).default([]),
  enabled: z.boolean().default(true),
});
export type TDownloadSave = z.infer<typeof ZDownloadSave>;
export type TDownloadSaveInput = z.input<typeof ZDownloadSave>;

export const ZDownloadId = z.object({ id: zId });
export const ZDownloadEnabled = z.object({ id: zId, enabled: z.boolean() });
/** A dealer's (or staff's) request to download; the code only for items that have one. */
export const ZRequestDownload = z.object({ id: zId, code: z.string().max(200).optional() });

export type DownloadProblem = { field: "downloadUrl" | "file"; key: "urlHttps" | "urlOrFile" | "urlAndFile" };

/** An absolute https:// URL with a host, no credentials in it. */
export function isHttpsUrl(raw: string): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  return u.protocol === "https:" && !!u.hostname && !u.username && !u.password;
}

/** The cross-field rules: exactly one of a download URL and a file; the URL https only. */
export function downloadProblems(input: { downloadUrl?: string | null; file?: readonly unknown[] }): DownloadProblem[] {
  const url = input.downloadUrl?.trim() ?? "";
  const files = input.file?.length ?? 0;
  if (url && !isHttpsUrl(url)) return [{ field: "downloadUrl", key: "urlHttps" }];
  if (url && files) return [{ field: "downloadUrl", key: "urlAndFile" }];
  if (!url && !files) return [{ field: "downloadUrl", key: "urlOrFile" }];
  return [];
}
