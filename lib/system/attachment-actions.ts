"use server";

import { screenAction } from "@/lib/admin/actions";
import { saveAttachmentRule, saveImageCrop, saveStorageSettings, testStorage } from "@/lib/uploads/config";
import { ZAttachmentRule, ZImageCrop, ZStorageSettings } from "@/lib/uploads/schemas";

// Writes of system/attachmentConfig (permission attachment:update).
const screen = { route: "system/attachmentConfig", labels: "Uploads", permissions: {} } as const;

export const saveStorageAction = screenAction(screen, "attachment:update", ZStorageSettings, (c, v) => saveStorageSettings(v, c.viewer, c.audit.requestId));
export const saveAttachmentRuleAction = screenAction(screen, "attachment:update", ZAttachmentRule, (c, v) => saveAttachmentRule(v, c.viewer, c.audit.requestId));
export const saveImageCropAction = screenAction(screen, "attachment:update", ZImageCrop, (c, v) => saveImageCrop(v, c.viewer, c.audit.requestId));
/** Tries the settings in the form without saving them (S3: with the secret typed in the form,
 * at a public https address only; lib/uploads/config.ts testStorage). */
export const testStorageAction = screenAction(screen, "attachment:update", ZStorageSettings, (_c, v) => testStorage(v));
