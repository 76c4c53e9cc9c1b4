import { db } from "@/lib/db";
import { DEFAULT_LAYOUT, DEFAULT_PATTERN, QR_PURPOSES, type QrPurpose } from "@/lib/qrcode/purposes";

// One default QR code template per purpose (system/qrcodeModel), so labels print out of the
// box. Idempotent: a purpose that has any template already is left alone.

const NAMES: Record<QrPurpose, string> = { VEHICLE: "Vehicle label", GOODS: "Goods label", DOWNLOAD: "Download item", APP_DOWNLOAD: "App download" };

export async function seedQrTemplates() {
  const admin = await db().user.findUnique({ where: { account: "admin" }, select: { id: true } });
  for (const purpose of QR_PURPOSES) {
    if (await db().qrcodeModel.count({ where: { purpose } })) continue;
    await db().qrcodeModel.create({
      data: {
        name: NAMES[purpose],
        purpose,
        pattern: DEFAULT_PATTERN[purpose],
        size: 256,
        errorLevel: "M",
        layout: DEFAULT_LAYOUT[purpose],
        isDefault: true,
        enabled: true,
        createdById: admin?.id ?? null,
      },
    });
  }
}
