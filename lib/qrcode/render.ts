import QRCode from "qrcode";
import sharp from "sharp";

// QR codes of the QR code templates (system/qrcodeModel) and their labels, drawn by `qrcode`
// (the maintained reference implementation for Node: SVG and PNG, every error-correction level)
// with an optional logo in the middle (sharp for PNG, an <image> for SVG). Server-side only in
// practice (sharp), but free of "server-only" so unit tests import it directly.

import type { QrErrorLevel } from "./render-options";

export { QR_ERROR_LEVELS, unknownPlaceholders, type QrErrorLevel } from "./render-options";

/** The placeholders a pattern may use. */
export const QR_PLACEHOLDERS = ["vin", "code", "url"] as const;
export type QrValues = Partial<Record<(typeof QR_PLACEHOLDERS)[number], string>>;

/** The most characters a code holds here (byte mode at level L holds 2953; labels stay readable well below). */
export const QR_MAX_CONTENT = 1000;

/** Fills {vin} {code} {url} in a pattern; an unknown or missing placeholder is left as written. */
export function fillPattern(pattern: string, values: QrValues): string {
  return pattern.replace(/\{(vin|code|url)\}/g, (all, name: keyof QrValues) => values[name] ?? all);
}

export type QrLogo = { data: Buffer; mime: string };

export type QrOptions = {
  /** Side in pixels (PNG) or the SVG's viewBox units. */
  size: number;
  errorLevel: QrErrorLevel;
  /** Drawn on a white square in the middle, a fifth of the side: level Q or H keeps the code readable. */
  logo?: QrLogo | null;
  margin?: number;
};

/** The logo's side as a share of the code's: at most ~4% of the modules are covered, well
 * inside what level Q (25%) and H (30%) restore. */
const LOGO_SHARE = 0.2;

/** The code as an SVG document. */
export async function qrSvg(content: string, o: QrOptions): Promise<string> {
  const svg = await QRCode.toString(content, { type: "svg", errorCorrectionLevel: o.errorLevel, margin: o.margin ?? 2, width: o.size });
  if (!o.logo) return svg;
  // qrcode's SVG has viewBox "0 0 N N" in modules; the logo is placed in those units.
  const m = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const n = m ? Number(m[1]) : 0;
  if (!n) return svg;
  const side = n * LOGO_SHARE;
  const at = (n - side) / 2;
  const pad = side * 0.08;
  const href = `data:${o.logo.mime};base64,${o.logo.data.toString("base64")}`;
  const overlay =
    `<rect x="${at - pad}" y="${at - pad}" width="${side + 2 * pad}" height="${side + 2 * pad}" fill="#ffffff"/>` +
    `<image x="${at}" y="${at}" width="${side}" height="${side}" href="${href}" preserveAspectRatio="xMidYMid meet"/>`;
  return svg.replace(/<\/svg>\s*$/, `${overlay}</svg>`);
}

/** The code as a PNG image. */
export async function qrPng(content: string, o: QrOptions): Promise<Buffer> {
  const png = await QRCode.toBuffer(content, { type: "png", errorCorrectionLevel: o.errorLevel, margin: o.margin ?? 2, width: o.size });
  if (!o.logo) return png;
  const meta = await sharp(png).metadata();
  const n = meta.width ?? o.size;
  const side = Math.round(n * LOGO_SHARE);
  const pad = Math.max(2, Math.round(side * 0.08));
  const logo = await sharp(o.logo.data)
    .resize(side, side, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 1 } })
    .flatten({ background: "#ffffff" })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: "#ffffff" })
    .png()
    .toBuffer();
  const at = Math.round((n - side) / 2) - pad;
  return sharp(png)
    .composite([{ input: logo, left: at, top: at }])
    .png()
    .toBuffer();
}
