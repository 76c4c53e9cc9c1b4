import "server-only";
import { db } from "@/lib/db";
import { getStorage } from "@/lib/uploads/storage";
import type { QrErrorLevel, QrLogo } from "./render";
import { DEFAULT_LAYOUT, DEFAULT_PATTERN, parseLayout, type QrLayout, type QrPurpose } from "./purposes";

// The label printer's read of the QR code templates (system/qrcodeModel): the enabled templates
// of a purpose, and one of them ready to draw. The template screen's own module
// (lib/qrcode/templates.ts) exports the same two signatures; this minimal reader keeps the
// printer working on its own and is pointed at that module when both are merged.

export type QrTemplateOption = { id: number; name: string; isDefault: boolean };
export type LoadedQrTemplate = {
  /** 0: no template exists for the purpose, the purpose's defaults are used. */
  id: number;
  name: string;
  purpose: QrPurpose;
  pattern: string;
  size: number;
  errorLevel: QrErrorLevel;
  layout: QrLayout;
  logo: QrLogo | null;
};

/** The enabled templates of a purpose, the default first. */
export async function qrTemplatesFor(purpose: QrPurpose): Promise<QrTemplateOption[]> {
  return db().qrcodeModel.findMany({
    where: { purpose, enabled: true },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, isDefault: true },
  });
}

/**
 * The template `id` of the purpose (enabled), else the purpose's default template, else the
 * first enabled one; null when `id` names no enabled template of this purpose. With no template
 * at all for the purpose (and no id asked for), the purpose's defaults (id 0).
 */
export async function loadQrTemplate(id: number | null, purpose: QrPurpose): Promise<LoadedQrTemplate | null> {
  const select = { id: true, name: true, purpose: true, pattern: true, size: true, errorLevel: true, layout: true, logoId: true } as const;
  const row = id
    ? await db().qrcodeModel.findFirst({ where: { id, purpose, enabled: true }, select })
    : await db().qrcodeModel.findFirst({ where: { purpose, enabled: true }, orderBy: [{ isDefault: "desc" }, { id: "asc" }], select });
  if (!row) {
    if (id) return null;
    return { id: 0, name: "", purpose, pattern: DEFAULT_PATTERN[purpose], size: 256, errorLevel: "M", layout: DEFAULT_LAYOUT[purpose], logo: null };
  }
  return {
    id: row.id,
    name: row.name,
    purpose: row.purpose,
    pattern: row.pattern,
    size: row.size,
    errorLevel: row.errorLevel,
    layout: parseLayout(row.layout, purpose),
    logo: row.logoId ? await readLogo(row.logoId) : null,
  };
}

/** The logo upload's bytes; a missing file draws the code without it. */
async function readLogo(attachmentId: string): Promise<QrLogo | null> {
  const a = await db().attachment.findUnique({ where: { id: attachmentId }, select: { storageKey: true, mime: true } });
  if (!a || !a.mime.startsWith("image/")) return null;
  const stream = await (await getStorage()).get(a.storageKey);
  if (!stream) return null;
  return { data: Buffer.from(await new Response(stream).arrayBuffer()), mime: a.mime };
}
