import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, hasPermission, type Viewer } from "@/lib/auth/viewer";
import { getStorageSettings, listAttachmentRules, listImageCrops } from "@/lib/uploads/config";

// system/attachmentConfig: where uploads are stored and the limits per kind (services in
// lib/uploads/config.ts). One loader for the page and /__serverLoader.
export async function loadAttachmentConfig(viewer: Viewer) {
  if (!(await canOpenRoute(viewer, "system/attachmentConfig"))) throw new ForbiddenError("system/attachmentConfig");
  const [storage, rules, crops] = await Promise.all([getStorageSettings(), listAttachmentRules(), listImageCrops()]);
  return { storage: { ...storage, updatedAt: storage.updatedAt?.toISOString() ?? null }, rules, crops, can: { update: hasPermission(viewer, "attachment:update") } };
}
export type AttachmentConfigData = Awaited<ReturnType<typeof loadAttachmentConfig>>;
