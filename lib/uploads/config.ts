import "server-only";
import { randomBytes } from "node:crypto";
import { requirePermission, type Viewer } from "@/lib/auth/viewer";
import { sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { AttachmentRule, AttachmentStorage } from "@/lib/generated/prisma/client";
import { audit } from "@/lib/core/audit";
import { ATTACHMENT_KINDS, DEFAULT_RULES, isFormatOf, type ImageCropSetting, type UploadRule } from "./formats";
import { cropSettings, invalidateUploadRules } from "./rules";
import type { TAttachmentRule, TImageCrop, TStorageSettings } from "./schemas";
import { DEFAULT_LOCAL_DIR, DEFAULT_STORAGE, invalidateStorage, isPublicDir, SECRET_CONTEXT, storageFromSettings, type FileStorage } from "./storage";
import { checkedAddresses, pinnedTransport, PUBLIC_HTTPS, type EndpointPolicy } from "./storage/endpoint-guard";
import { createS3Storage, objectUrl, type S3Config } from "./storage/s3";

// Services behind system/attachmentConfig: where files are stored and the limits per kind.
// Each save is one transaction with its audit row; the per-process caches are dropped after.

export const ATTACHMENT_PERMISSION = "attachment:update";

/** The storage settings as the screen may show them: the secret only as "is set". */
export type StorageSettingsView = {
  driver: "LOCAL" | "S3";
  localDir: string;
  s3Endpoint: string | null;
  s3Region: string | null;
  s3Bucket: string | null;
  s3AccessKey: string | null;
  s3ForcePathStyle: boolean;
  hasSecret: boolean;
  updatedAt: Date | null;
};

function view(row: AttachmentStorage | null): StorageSettingsView {
  return {
    driver: row?.driver ?? "LOCAL",
    localDir: row?.localDir ?? DEFAULT_LOCAL_DIR,
    s3Endpoint: row?.s3Endpoint ?? null,
    s3Region: row?.s3Region ?? null,
    s3Bucket: row?.s3Bucket ?? null,
    s3AccessKey: row?.s3AccessKey ?? null,
    s3ForcePathStyle: row?.s3ForcePathStyle ?? true,
    hasSecret: !!row?.s3SecretKey,
    updatedAt: row?.updatedAt ?? null,
  };
}

export async function getStorageSettings(): Promise<StorageSettingsView> {
  return view(await db().attachmentStorage.findUnique({ where: { id: 1 } }));
}

const ctxOf = (viewer: Viewer, requestId: string | null) => ({ userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId });

/** Whether the requests signed with the stored secret would go somewhere else, or with
 * another key: the endpoint, the bucket's host (virtual-hosted addressing) or the access key. */
const retargeted = (input: TStorageSettings, before: AttachmentStorage) =>
  input.s3Endpoint !== before.s3Endpoint || input.s3AccessKey !== before.s3AccessKey || input.s3Bucket !== before.s3Bucket || input.s3ForcePathStyle !== before.s3ForcePathStyle;

/** The row to write: a blank secret keeps the stored one (only for the same endpoint, bucket
 * and access key: the secret is not to sign requests to an address typed after it); a new one
 * is sealed. */
function storageData(input: TStorageSettings, before: AttachmentStorage | null) {
  const storedSecret = before?.s3SecretKey ?? null;
  if (input.driver === "S3" && !input.s3SecretKey && storedSecret && before && retargeted(input, before)) throw new DomainError("Uploads.errors.secretAgain", {}, "s3SecretKey");
  const secret = input.s3SecretKey ? sealSecret(input.s3SecretKey, SECRET_CONTEXT) : storedSecret;
  if (input.driver === "S3" && !secret) throw new DomainError("Uploads.errors.secretRequired", {}, "s3SecretKey");
  if (input.driver === "LOCAL" && isPublicDir(input.localDir)) throw new DomainError("Uploads.errors.publicDir", {}, "localDir");
  return {
    driver: input.driver,
    localDir: input.localDir,
    s3Endpoint: input.s3Endpoint,
    s3Region: input.s3Region,
    s3Bucket: input.s3Bucket,
    s3AccessKey: input.s3AccessKey,
    s3SecretKey: secret,
    s3ForcePathStyle: input.s3ForcePathStyle,
  };
}

/** Files already stored stay where they are: moving to another store means copying the folder
 * to the bucket (same keys) or back. */
export async function saveStorageSettings(input: TStorageSettings, viewer: Viewer, requestId: string | null = null): Promise<StorageSettingsView> {
  requirePermission(viewer, ATTACHMENT_PERMISSION);
  const saved = await db().$transaction(async (tx) => {
    const before = await tx.attachmentStorage.findUnique({ where: { id: 1 } });
    const data = storageData(input, before);
    const row = await tx.attachmentStorage.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
    // The secret itself never reaches the audit log; only that it changed.
    await audit(tx, ctxOf(viewer, requestId), "AttachmentStorage", 1, before ? "update" : "create", before ? view(before) : null, {
      ...view(row),
      secretChanged: !!input.s3SecretKey,
    });
    return row;
  });
  invalidateStorage();
  return view(saved);
}

const toRule = (row: AttachmentRule): UploadRule => ({
  kind: row.kind,
  formats: row.formats.filter((f) => isFormatOf(row.kind, f)),
  maxSizeMb: row.maxSizeMb,
  maxCount: row.maxCount,
  suggestedSeconds: row.suggestedSeconds,
});

/** Every kind's rule as stored now (not the 30-second cache), defaults for a missing row. */
export async function listAttachmentRules(): Promise<UploadRule[]> {
  const rows = new Map((await db().attachmentRule.findMany()).map((r) => [r.kind, toRule(r)]));
  return ATTACHMENT_KINDS.map((k) => rows.get(k) ?? DEFAULT_RULES[k]);
}

export async function saveAttachmentRule(input: TAttachmentRule, viewer: Viewer, requestId: string | null = null): Promise<UploadRule> {
  requirePermission(viewer, ATTACHMENT_PERMISSION);
  const data = { formats: input.formats, maxSizeMb: input.maxSizeMb, maxCount: input.maxCount, suggestedSeconds: input.suggestedSeconds ?? null };
  const saved = await db().$transaction(async (tx) => {
    const before = await tx.attachmentRule.findUnique({ where: { kind: input.kind } });
    const row = await tx.attachmentRule.upsert({ where: { kind: input.kind }, create: { kind: input.kind, ...data }, update: data });
    await audit(tx, ctxOf(viewer, requestId), "AttachmentRule", input.kind, before ? "update" : "create", before ? toRule(before) : null, toRule(row));
    return row;
  });
  invalidateUploadRules();
  return toRule(saved);
}

/** Every image use's cropping, as system/attachmentConfig lists it. */
export async function listImageCrops(): Promise<ImageCropSetting[]> {
  return cropSettings(await db().imageCrop.findMany());
}

export async function saveImageCrop(input: TImageCrop, viewer: Viewer, requestId: string | null = null): Promise<ImageCropSetting> {
  requirePermission(viewer, ATTACHMENT_PERMISSION);
  const data = { enabled: input.enabled, aspect: input.aspect };
  await db().$transaction(async (tx) => {
    const before = await tx.imageCrop.findUnique({ where: { use: input.use }, select: { use: true, enabled: true, aspect: true } });
    const row = await tx.imageCrop.upsert({ where: { use: input.use }, create: { use: input.use, ...data }, update: data, select: { use: true, enabled: true, aspect: true } });
    await audit(tx, ctxOf(viewer, requestId), "ImageCrop", input.use, before ? "update" : "create", before, row);
  });
  invalidateUploadRules();
  return { use: input.use, ...data };
}

export type StorageTestResult = { ok: true; driver: "LOCAL" | "S3" } | { ok: false; error: string };

/**
 * Writes, reads back and deletes a small object with the settings of the form, so a wrong
 * endpoint or key is found before uploads fail. S3 is tested only with the secret typed in the
 * form (never the stored one), only over https and only at public addresses (`policy`; tests
 * of the fake store on localhost pass their own): refusals are DomainErrors on the field,
 * connection failures the result's `error`.
 */
export async function testStorage(input: TStorageSettings, policy: EndpointPolicy = PUBLIC_HTTPS): Promise<StorageTestResult> {
  let storage: FileStorage;
  if (input.driver === "S3") {
    if (!input.s3SecretKey) throw new DomainError("Uploads.errors.secretToTest", {}, "s3SecretKey");
    const cfg: S3Config = {
      endpoint: input.s3Endpoint!,
      region: input.s3Region || "us-east-1",
      bucket: input.s3Bucket!,
      accessKey: input.s3AccessKey!,
      secretKey: input.s3SecretKey,
      forcePathStyle: input.s3ForcePathStyle,
    };
    // The host the requests go to (<bucket>.<host> when virtual-hosted), checked before signing anything.
    await checkedAddresses(new URL(objectUrl(cfg, "healthcheck/probe.txt")), policy);
    storage = createS3Storage(cfg, { transport: pinnedTransport(policy) });
  } else {
    if (isPublicDir(input.localDir)) throw new DomainError("Uploads.errors.publicDir", {}, "localDir");
    storage = storageFromSettings({ ...DEFAULT_STORAGE, localDir: input.localDir });
  }
  try {
    const key = `healthcheck/${randomBytes(8).toString("hex")}.txt`;
    const payload = new TextEncoder().encode(`dealer-platform storage test ${new Date().toISOString()}`);
    await storage.put(key, payload, { contentType: "text/plain" });
    try {
      const stream = await storage.get(key);
      const back = stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null;
      if (!back || Buffer.compare(Buffer.from(back), Buffer.from(payload)) !== 0) return { ok: false, error: "the object read back differs from the one written" };
    } finally {
      await storage.delete(key);
    }
    if (await storage.head(key)) return { ok: false, error: "the test object is still there after delete" };
    return { ok: true, driver: storage.driver };
  } catch (err) {
    // A refusal of the pinned connection (the name now resolves elsewhere) is the field's error.
    if (err instanceof DomainError) throw err;
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
