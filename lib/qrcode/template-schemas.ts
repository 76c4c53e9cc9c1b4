import { z } from "zod";
import { zId, zText } from "@/lib/core/zod";
import { LABEL_FIELDS, LABEL_HEIGHT_MM, LABEL_POSITIONS, LABEL_WIDTH_MM, PURPOSE_PLACEHOLDERS, QR_PURPOSES, QR_SIZE_PX, type QrPurpose } from "./purposes";
import { QR_ERROR_LEVELS, unknownPlaceholders } from "./render-options";

// The QR code template form of system/qrcodeModel and the preview endpoint's query: checked in
// the browser, parsed again by the actions and the route (client-safe). Field labels live in
// "QrcodeModel.fields". The rules zod's own issues cannot say are custom issues whose messages
// are keys of "Validation" with their values in `params` (lib/validation/translate.ts): the
// unknown placeholder by name, and "a logo needs level Q or H" on errorLevel.

export const ATTACHMENT_ID = /^[a-f0-9]{32}$/;
export const MAX_TEMPLATE_NAME = 100;
export const MAX_PATTERN = 500;
/** Levels that restore the modules a logo covers (lib/qrcode/render.ts LOGO_SHARE). */
export const LOGO_LEVELS = ["Q", "H"] as const;

const zPurpose = z.enum(QR_PURPOSES);
const zPattern = z.string().trim().min(1).max(MAX_PATTERN);
const zSize = z.number().int().min(QR_SIZE_PX.min).max(QR_SIZE_PX.max);
const zLevel = z.enum(QR_ERROR_LEVELS);

type Ctx = z.core.$RefinementCtx;

/** The pattern's placeholders must be the purpose's: the message names the first unknown one. */
export function checkPattern(purpose: QrPurpose, pattern: string, ctx: Ctx, path: PropertyKey[] = ["pattern"]) {
  const allowed = PURPOSE_PLACEHOLDERS[purpose];
  const unknown = unknownPlaceholders(pattern, allowed)[0];
  if (unknown !== undefined)
    ctx.addIssue({ code: "custom", path, message: "qrPlaceholder", params: { placeholder: `{${unknown}}`, allowed: allowed.map((p) => `{${p}}`).join(" ") }, input: pattern });
}

/** A logo is drawn over the middle modules: only levels Q and H restore them. */
export function checkLogoLevel(hasLogo: boolean, level: (typeof QR_ERROR_LEVELS)[number], ctx: Ctx) {
  if (hasLogo && !(LOGO_LEVELS as readonly string[]).includes(level)) ctx.addIssue({ code: "custom", path: ["errorLevel"], message: "qrLogoLevel", input: level });
}

export const ZQrLayout = z.object({
  fields: z.array(z.string()).max(12),
  position: z.enum(LABEL_POSITIONS),
  widthMm: z.number().int().min(LABEL_WIDTH_MM.min).max(LABEL_WIDTH_MM.max),
  heightMm: z.number().int().min(LABEL_HEIGHT_MM.min).max(LABEL_HEIGHT_MM.max),
});

export const ZQrTemplateSave = z
  .object({
    /** Present when editing. */
    id: zId.optional(),
    name: zText(MAX_TEMPLATE_NAME),
    purpose: zPurpose,
    pattern: zPattern,
    size: zSize,
    errorLevel: zLevel,
    /** The logo: at most one IMAGE upload (pending, or the template's own); its id becomes logoId. */
    logo: z
      .array(z.object({ id: z.string().regex(ATTACHMENT_ID) }))
      .max(1)
      .default([]),
    layout: ZQrLayout,
    isDefault: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    checkPattern(v.purpose, v.pattern, ctx);
    checkLogoLevel(v.logo.length > 0, v.errorLevel, ctx);
    const allowed = LABEL_FIELDS[v.purpose];
    const i = v.layout.fields.findIndex((f) => !allowed.includes(f));
    if (i >= 0) ctx.addIssue({ code: "invalid_value", values: [...allowed], path: ["layout", "fields"], input: v.layout.fields[i] });
    if (v.isDefault && !v.enabled) ctx.addIssue({ code: "custom", path: ["enabled"], message: "qrDefaultEnabled", input: v.enabled });
  });
export type TQrTemplateSave = z.infer<typeof ZQrTemplateSave>;
export type TQrTemplateSaveInput = z.input<typeof ZQrTemplateSave>;

export const ZQrTemplateId = z.object({ id: zId });
export const ZQrTemplateEnable = z.object({ id: zId, enabled: z.boolean() });

const numeric = (v: unknown) => (typeof v === "string" && /^\d{1,5}$/.test(v.trim()) ? Number(v) : v);

/** GET /api/qrcode/preview?purpose=&pattern=&size=&errorLevel=&logoId=&format=svg */
export const ZQrPreviewQuery = z
  .object({
    purpose: zPurpose,
    pattern: zPattern,
    size: z.preprocess(numeric, zSize),
    errorLevel: zLevel,
    logoId: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(ATTACHMENT_ID).optional()),
    format: z.enum(["svg"]).default("svg"),
  })
  .superRefine((v, ctx) => {
    checkPattern(v.purpose, v.pattern, ctx);
    checkLogoLevel(!!v.logoId, v.errorLevel, ctx);
  });
export type TQrPreviewQuery = z.infer<typeof ZQrPreviewQuery>;
