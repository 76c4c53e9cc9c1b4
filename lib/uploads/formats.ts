// Upload kinds, formats and rule defaults shared by the server, the seed and the browser
// (no server-only imports here: the upload field bundles this file).

export const ATTACHMENT_KINDS = ["IMAGE", "VIDEO", "FILE", "APP_PACKAGE"] as const;
export type AttachmentKindName = (typeof ATTACHMENT_KINDS)[number];

/** Every format the server recognises by its bytes, per kind; a rule allows a subset. */
export const SUPPORTED_FORMATS = {
  IMAGE: ["jpg", "png", "webp"],
  VIDEO: ["mp4", "webm", "mov"],
  FILE: ["pdf", "xlsx", "docx", "zip"],
  /** Mobile app packages (system/appVersion): both are ZIP files (lib/uploads/sniff.ts). */
  APP_PACKAGE: ["apk", "hap"],
} as const satisfies Record<AttachmentKindName, readonly string[]>;

export type UploadFormat = (typeof SUPPORTED_FORMATS)[AttachmentKindName][number];

/** The Content-Type each format is served with (never the browser's declared type). */
export const FORMAT_MIME: Record<UploadFormat, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  zip: "application/zip",
  apk: "application/vnd.android.package-archive",
  hap: "application/octet-stream",
};

/** Limits of one kind (an AttachmentRule row). */
export type UploadRule = {
  kind: AttachmentKindName;
  formats: UploadFormat[];
  maxSizeMb: number;
  maxCount: number;
  /** Video only: "suggested under N seconds" in the hint. */
  suggestedSeconds: number | null;
  /** Images of one use (imageRuleFor): crop before upload, to this width ÷ height (null: free). */
  crop?: { aspect: number | null } | null;
};

/** Where the business forms take images; each has its cropping setting (system/attachmentConfig). */
export const IMAGE_USES = ["GOODS_PICTURE", "COMPLAINT_IMAGE", "RETURN_IMAGE", "NEWS_COVER", "DOWNLOAD_COVER", "QR_LOGO"] as const;
export type ImageUse = (typeof IMAGE_USES)[number];
/** The shapes a crop may keep; FREE lets the person draw any rectangle. */
export const CROP_ASPECTS = ["FREE", "1:1", "4:3", "3:2", "16:9"] as const;
export type CropAspect = (typeof CROP_ASPECTS)[number];
export type ImageCropSetting = { use: ImageUse; enabled: boolean; aspect: CropAspect };

/** "4:3" → 1.333…; FREE → null. */
export function aspectRatio(aspect: CropAspect): number | null {
  if (aspect === "FREE") return null;
  const [w, h] = aspect.split(":").map(Number);
  return w / h;
}

/** What the seed writes and what applies while a row is missing. */
export const DEFAULT_RULES: Record<AttachmentKindName, UploadRule> = {
  IMAGE: { kind: "IMAGE", formats: ["jpg", "png", "webp"], maxSizeMb: 5, maxCount: 9, suggestedSeconds: null },
  VIDEO: { kind: "VIDEO", formats: ["mp4", "webm", "mov"], maxSizeMb: 50, maxCount: 1, suggestedSeconds: 10 },
  FILE: { kind: "FILE", formats: ["pdf", "xlsx", "docx", "zip"], maxSizeMb: 20, maxCount: 5, suggestedSeconds: null },
  APP_PACKAGE: { kind: "APP_PACKAGE", formats: ["apk", "hap"], maxSizeMb: 200, maxCount: 1, suggestedSeconds: null },
};

/** "MB" in every limit and message means MiB. */
export const MB = 1024 * 1024;

/** What a form field holds per uploaded file (the upload field's value, the form's payload). */
export type AttachmentValue = { id: string; name: string; url: string; thumbUrl: string | null; kind: AttachmentKindName };

export const FILES_PATH = "/customerWeb/api/v1/files";
export const UPLOADS_PATH = "/customerWeb/api/v1/uploads";

export function fileUrl(id: string, thumb = false): string {
  return `${FILES_PATH}/${id}${thumb ? "?thumb=1" : ""}`;
}

export function isAttachmentKind(v: unknown): v is AttachmentKindName {
  return typeof v === "string" && (ATTACHMENT_KINDS as readonly string[]).includes(v);
}

export function isFormatOf(kind: AttachmentKindName, format: string): format is UploadFormat {
  return (SUPPORTED_FORMATS[kind] as readonly string[]).includes(format);
}

/** The lower-case extension of a file name, with the usual aliases folded (jpeg → jpg). */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  const ext = m ? m[1].toLowerCase() : "";
  return ext === "jpeg" || ext === "jfif" ? "jpg" : ext === "qt" ? "mov" : ext;
}
