import "server-only";
import { hasPermission } from "@/lib/auth/viewer";
import { registerAttachmentOwner } from "@/lib/uploads/access";

/** Attachment owner type and field of a QR code template's logo (lib/uploads, kind IMAGE, use QR_LOGO). */
export const QR_TEMPLATE_OWNER = "qrcodeModel";
export const QR_LOGO_FIELD = "logo";
export const QR_TEMPLATE_MANAGE = "qrcodeModel:manage";

// A template's logo through /api/v1/files: to those who manage templates (the drawer shows it).
// Labels read the bytes on the server (lib/qrcode/templates.ts loadQrTemplate), never through this check.
registerAttachmentOwner(QR_TEMPLATE_OWNER, async (viewer, ownerId) => /^[1-9]\d{0,9}$/.test(ownerId) && hasPermission(viewer, QR_TEMPLATE_MANAGE));
