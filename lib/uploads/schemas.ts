import { z } from "zod";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "@/lib/validation/text";
import { ATTACHMENT_KINDS, CROP_ASPECTS, IMAGE_USES, SUPPORTED_FORMATS } from "./formats";

// The forms of system/attachmentConfig: validated in the browser with these, parsed again by
// the server actions. Field names match the "Uploads.fields" messages. Client-safe.

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null));
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE }).nullable());

/** No ".." segment and not the public/ folder (files there would be served to anyone). */
const safeDir = (d: string) => !d.split(/[/\\]/).includes("..") && !/^(\.[/\\])?public([/\\]|$)/i.test(d);

export const STORAGE_DRIVERS = ["LOCAL", "S3"] as const;

export const ZStorageSettings = z
  .object({
    driver: z.enum(STORAGE_DRIVERS),
    // Relative to the app's working directory, or absolute; the server also refuses public/.
    localDir: z.preprocess((v) => blankToNull(v) ?? "data/uploads", z.string().trim().max(300).refine(safeDir, { message: "pattern" })),
    s3Endpoint: z.preprocess(
      blankToNull,
      z
        .url({ protocol: /^https?$/ })
        .max(300)
        .nullable(),
    ),
    s3Region: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(50)
        .regex(/^[a-z0-9-]+$/)
        .nullable(),
    ),
    s3Bucket: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .min(3)
        .max(63)
        .regex(/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/)
        .nullable(),
    ),
    s3AccessKey: optionalText(200),
    /** Empty: keep the stored secret. */
    s3SecretKey: optionalText(200),
    s3ForcePathStyle: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.driver !== "S3") return;
    for (const f of ["s3Endpoint", "s3Region", "s3Bucket", "s3AccessKey"] as const) {
      if (!v[f]) ctx.addIssue({ code: "custom", path: [f], message: "required" });
    }
  });
export type TStorageSettings = z.infer<typeof ZStorageSettings>;

export const ZAttachmentRule = z
  .object({
    kind: z.enum(ATTACHMENT_KINDS),
    formats: z.array(z.string().trim().toLowerCase()).min(1).max(10),
    maxSizeMb: z.number().int().min(1).max(1024),
    maxCount: z.number().int().min(1).max(50),
    suggestedSeconds: z.preprocess(blankToNull, z.number().int().min(1).max(3600).nullable()).optional(),
  })
  .superRefine((v, ctx) => {
    const allowed: readonly string[] = SUPPORTED_FORMATS[v.kind];
    if (v.formats.some((f) => !allowed.includes(f))) ctx.addIssue({ code: "custom", path: ["formats"], message: "select" });
  })
  .transform((v) => ({ ...v, formats: [...new Set(v.formats)], suggestedSeconds: v.kind === "VIDEO" ? (v.suggestedSeconds ?? null) : null }));
export type TAttachmentRule = z.infer<typeof ZAttachmentRule>;
export type TAttachmentRuleInput = z.input<typeof ZAttachmentRule>;

/** Cropping of one image use (system/attachmentConfig). */
export const ZImageCrop = z.object({ use: z.enum(IMAGE_USES), enabled: z.boolean(), aspect: z.enum(CROP_ASPECTS) });
export type TImageCrop = z.infer<typeof ZImageCrop>;
