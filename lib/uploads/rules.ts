import "server-only";
import type { Permission } from "@/lib/access/permissions";
import { hasPermission, type Viewer } from "@/lib/auth/viewer";
import { onInvalidate, publishInvalidation } from "@/lib/cache/bus";
import { db } from "@/lib/db";
import {
  aspectRatio,
  ATTACHMENT_KINDS,
  CROP_ASPECTS,
  DEFAULT_RULES,
  IMAGE_USES,
  isFormatOf,
  type AttachmentKindName,
  type CropAspect,
  type ImageCropSetting,
  type ImageUse,
  type UploadRule,
} from "./formats";

const TTL_MS = 30_000;
export type UploadRules = Record<AttachmentKindName, UploadRule> & { crops: ImageCropSetting[] };

// Read on every upload and on every page with an upload field: kept per process for 30 s; an
// edit on system/attachmentConfig reaches the other instances through the cache bus within a
// second (lib/cache/bus.ts), within the 30 s if the bus is down.
const holder = globalThis as unknown as { __uploadRules?: { at: number; rules: Promise<UploadRules> } };

/** Every image use's cropping: its row, or none for a missing row or a value the code no longer knows. */
export function cropSettings(rows: { use: string; enabled: boolean; aspect: string }[]): ImageCropSetting[] {
  return IMAGE_USES.map((use) => {
    const row = rows.find((r) => r.use === use);
    const aspect = (CROP_ASPECTS as readonly string[]).includes(row?.aspect ?? "") ? (row!.aspect as CropAspect) : "FREE";
    return { use, enabled: !!row?.enabled, aspect };
  });
}

async function load(): Promise<UploadRules> {
  const [rows, crops] = await Promise.all([db().attachmentRule.findMany(), db().imageCrop.findMany()]);
  const rules: UploadRules = { ...DEFAULT_RULES, crops: cropSettings(crops) };
  for (const row of rows) {
    // A format the code cannot recognise any more is dropped rather than trusted.
    const formats = row.formats.filter((f) => isFormatOf(row.kind, f));
    rules[row.kind] = { kind: row.kind, formats, maxSizeMb: row.maxSizeMb, maxCount: row.maxCount, suggestedSeconds: row.suggestedSeconds };
  }
  return rules;
}

/** The limits of every kind: the AttachmentRule rows, the defaults for a missing row. */
export function getUploadRules(): Promise<UploadRules> {
  const cached = holder.__uploadRules;
  if (cached && Date.now() - cached.at < TTL_MS) return cached.rules;
  const rules = load();
  holder.__uploadRules = { at: Date.now(), rules };
  rules.catch(() => clearUploadRules());
  return rules;
}

export async function getUploadRule(kind: AttachmentKindName): Promise<UploadRule> {
  return (await getUploadRules())[kind];
}

/** The image limits for one use in a business form, with that use's cropping. */
export async function imageRuleFor(use: ImageUse): Promise<UploadRule> {
  const rules = await getUploadRules();
  const crop = rules.crops.find((c) => c.use === use);
  return { ...rules.IMAGE, crop: crop?.enabled ? { aspect: aspectRatio(crop.aspect) } : null };
}

export const UPLOAD_RULES_CACHE = "uploadRules";

function clearUploadRules(): void {
  holder.__uploadRules = undefined;
}
onInvalidate(UPLOAD_RULES_CACHE, clearUploadRules);

/** Clears this process's rules and tells the other instances (call it after the commit). */
export function invalidateUploadRules(): void {
  clearUploadRules();
  void publishInvalidation(UPLOAD_RULES_CACHE);
}

/** Kinds only some users may upload: app packages (200 MB by default) only those who manage
 * app releases, so nobody else can make the server read such a body. */
const KIND_PERMISSION: Partial<Record<AttachmentKindName, Permission>> = { APP_PACKAGE: "appRelease:manage" };

export const mayUpload = (viewer: Viewer, kind: AttachmentKindName): boolean => {
  const needed = KIND_PERMISSION[kind];
  return !needed || hasPermission(viewer, needed);
};

/** The largest size any kind the viewer may upload allows: the cap for a request whose kind is not known yet. */
export const largestSizeMb = (rules: UploadRules, viewer?: Viewer): number =>
  Math.max(...ATTACHMENT_KINDS.filter((k) => !viewer || mayUpload(viewer, k)).map((k) => rules[k].maxSizeMb));
