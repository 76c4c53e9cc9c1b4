import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { imageRuleFor } from "@/lib/uploads/rules";
import { loadQrTemplates } from "./templates";

/** What system/qrcodeModel's page and its server loader answer: the templates and the logo's upload rule. */
export async function loadQrTemplateScreen(viewer: Viewer) {
  const [data, rule] = await Promise.all([loadQrTemplates(viewer), imageRuleFor("QR_LOGO")]);
  return { data, rule };
}
