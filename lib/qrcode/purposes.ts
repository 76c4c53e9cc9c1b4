// What each QR code template purpose offers (client-safe, no zod): the placeholders its
// content pattern may use, the fields its label may print beside the code, and the layout's
// bounds. The template screen (system/qrcodeModel), the label printer and the scanners share it.

export const QR_PURPOSES = ["VEHICLE", "GOODS", "DOWNLOAD", "APP_DOWNLOAD"] as const;
export type QrPurpose = (typeof QR_PURPOSES)[number];

/** Placeholders per purpose. {url}: a vehicle's car/vehicleInformation?vin= address, goods'
 * address carrying ?code=, a download item's address, the app's download address. */
export const PURPOSE_PLACEHOLDERS: Record<QrPurpose, readonly ("vin" | "code" | "url")[]> = {
  VEHICLE: ["vin", "code", "url"],
  GOODS: ["code", "url"],
  DOWNLOAD: ["code", "url"],
  APP_DOWNLOAD: ["url"],
};

/** The pattern a new template of the purpose starts with. */
export const DEFAULT_PATTERN: Record<QrPurpose, string> = { VEHICLE: "{url}", GOODS: "{code}", DOWNLOAD: "{url}", APP_DOWNLOAD: "{url}" };

/** Fields a label may print beside its code, per purpose (message keys QrcodeModel.field.<name>). */
export const LABEL_FIELDS: Record<QrPurpose, readonly string[]> = {
  VEHICLE: ["vin", "model", "config", "colour", "company", "entryDate"],
  GOODS: ["code", "name", "specification", "price"],
  DOWNLOAD: ["title", "date"],
  APP_DOWNLOAD: ["platform", "version"],
};

export const LABEL_POSITIONS = ["right", "below"] as const;
export type LabelPosition = (typeof LABEL_POSITIONS)[number];

/** A label's layout (QrcodeModel.layout). Sizes in millimetres: A4 sheets hold as many as fit. */
export type QrLayout = { fields: string[]; position: LabelPosition; widthMm: number; heightMm: number };

export const LABEL_WIDTH_MM = { min: 30, max: 190 } as const;
export const LABEL_HEIGHT_MM = { min: 20, max: 270 } as const;
export const QR_SIZE_PX = { min: 64, max: 1024 } as const;

export const DEFAULT_LAYOUT: Record<QrPurpose, QrLayout> = {
  VEHICLE: { fields: ["vin", "model", "colour"], position: "right", widthMm: 90, heightMm: 40 },
  GOODS: { fields: ["code", "name"], position: "right", widthMm: 60, heightMm: 30 },
  DOWNLOAD: { fields: ["title"], position: "below", widthMm: 50, heightMm: 60 },
  APP_DOWNLOAD: { fields: ["platform", "version"], position: "below", widthMm: 50, heightMm: 60 },
};

const clamp = (n: unknown, b: { min: number; max: number }, fallback: number) =>
  typeof n === "number" && Number.isFinite(n) ? Math.min(b.max, Math.max(b.min, Math.round(n))) : fallback;

/** A stored layout read tolerantly: unknown fields dropped, sizes clamped, defaults for the rest. */
export function parseLayout(value: unknown, purpose: QrPurpose): QrLayout {
  const d = DEFAULT_LAYOUT[purpose];
  const v = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const allowed = LABEL_FIELDS[purpose];
  const fields = Array.isArray(v.fields) ? [...new Set(v.fields.filter((f): f is string => typeof f === "string" && allowed.includes(f)))] : d.fields;
  return {
    fields,
    position: LABEL_POSITIONS.includes(v.position as LabelPosition) ? (v.position as LabelPosition) : d.position,
    widthMm: clamp(v.widthMm, LABEL_WIDTH_MM, d.widthMm),
    heightMm: clamp(v.heightMm, LABEL_HEIGHT_MM, d.heightMm),
  };
}

/**
 * The goods code in what a scanner or camera read from a goods label: the text itself, or the
 * `code` parameter when the label holds an address (a template with "{url}"). Trimmed; empty
 * when nothing usable was read.
 */
export function goodsCodeFromScan(text: string): string {
  const t = text.trim();
  if (/^https?:\/\//i.test(t)) {
    try {
      return new URL(t).searchParams.get("code")?.trim() ?? "";
    } catch {
      return "";
    }
  }
  return t;
}
