import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { canSeeAttachment } from "@/lib/uploads/access";
import type { QrPurpose } from "./purposes";
import { fillPattern, qrSvg, type QrValues } from "./render";
import type { TQrPreviewQuery } from "./template-schemas";
import { attachmentBytes } from "./templates";

// The live preview of system/qrcodeModel's drawer (GET /api/qrcode/preview): the pattern filled
// with one sample record of the purpose, drawn as the labels will draw it.

export const SAMPLE_VIN = "LSVAX2BN5RN123456";
export const SAMPLE_CODE = "P-100";

/** Sample values per purpose; {url} is an address of this app, as the labels' addresses are. */
export function sampleValues(purpose: QrPurpose, origin: string): QrValues {
  const base = `${origin}/customerWeb`;
  switch (purpose) {
    case "VEHICLE":
      return { vin: SAMPLE_VIN, code: SAMPLE_VIN, url: `${base}/car/vehicleInformation?vin=${SAMPLE_VIN}` };
    case "GOODS":
      return { code: SAMPLE_CODE, url: `${base}/onlineMall/mountings/goods?code=${SAMPLE_CODE}` };
    case "DOWNLOAD":
      return { code: "D-1", url: `${base}/download/downloadCenters?item=1` };
    case "APP_DOWNLOAD":
      return { url: `${base}/app/download` };
  }
}

/** The sample content and its code as an SVG document. A logo must be one the viewer may see
 * (their pending upload, or a template's): anything else is a field error, like a gone file. */
export async function previewSvg(viewer: Viewer, q: TQrPreviewQuery, origin: string): Promise<{ content: string; svg: string }> {
  let logo = null;
  if (q.logoId) {
    const a = await db().attachment.findUnique({ where: { id: q.logoId }, select: { uploaderId: true, ownerType: true, ownerId: true, field: true } });
    logo = a && (await canSeeAttachment(viewer, a)) ? await attachmentBytes({ id: q.logoId }) : null;
    if (!logo) throw new DomainError("QrcodeModel.errors.logoGone", {}, "logoId", 422);
  }
  const content = fillPattern(q.pattern, sampleValues(q.purpose, origin));
  return { content, svg: await qrSvg(content, { size: q.size, errorLevel: q.errorLevel, logo }) };
}
