import "server-only";
import path from "node:path";
import { onInvalidate, publishInvalidation } from "@/lib/cache/bus";
import { openSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import type { AttachmentStorage } from "@/lib/generated/prisma/client";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { FileStorage } from "./types";

export type { ByteRange, FileStorage } from "./types";

export const SECRET_CONTEXT = "AttachmentStorage.s3SecretKey";
export const DEFAULT_LOCAL_DIR = "data/uploads";
const TTL_MS = 30_000;

export type StorageRow = Pick<AttachmentStorage, "driver" | "localDir" | "s3Endpoint" | "s3Region" | "s3Bucket" | "s3AccessKey" | "s3SecretKey" | "s3ForcePathStyle">;

/** What applies while row 1 is missing (before the seed ran). */
export const DEFAULT_STORAGE: StorageRow = {
  driver: "LOCAL",
  localDir: DEFAULT_LOCAL_DIR,
  s3Endpoint: null,
  s3Region: null,
  s3Bucket: null,
  s3AccessKey: null,
  s3SecretKey: null,
  s3ForcePathStyle: true,
};

/** True when `dir` would put files where the app serves static assets (public/). */
export function isPublicDir(dir: string): boolean {
  const resolved = path.resolve(dir);
  const pub = path.resolve("public");
  return resolved === pub || resolved.startsWith(pub + path.sep);
}

/** The driver a settings row describes; the secret is opened here and nowhere else. */
export function storageFromSettings(row: StorageRow): FileStorage {
  if (row.driver === "S3") {
    if (!row.s3Endpoint || !row.s3Bucket || !row.s3AccessKey || !row.s3SecretKey) throw new Error("S3 storage is not fully configured");
    return createS3Storage({
      endpoint: row.s3Endpoint,
      region: row.s3Region || "us-east-1",
      bucket: row.s3Bucket,
      accessKey: row.s3AccessKey,
      secretKey: openSecret(row.s3SecretKey, SECRET_CONTEXT),
      forcePathStyle: row.s3ForcePathStyle,
    });
  }
  const dir = row.localDir || DEFAULT_LOCAL_DIR;
  if (isPublicDir(dir)) throw new Error("uploads must not be stored under public/");
  return createLocalStorage(dir);
}

// Per process, re-read every 30 s; a change made on another instance arrives through the cache
// bus within a second (lib/cache/bus.ts), within the 30 s if the bus is down.
const holder = globalThis as unknown as { __uploadStorage?: { at: number; storage: Promise<FileStorage> }; __uploadStorageOverride?: FileStorage | null };

/** Where uploads are stored now (AttachmentStorage row 1; the local folder while it is missing). */
export function getStorage(): Promise<FileStorage> {
  if (holder.__uploadStorageOverride) return Promise.resolve(holder.__uploadStorageOverride);
  const cached = holder.__uploadStorage;
  if (cached && Date.now() - cached.at < TTL_MS) return cached.storage;
  const storage = db()
    .attachmentStorage.findUnique({ where: { id: 1 } })
    .then((row) => storageFromSettings(row ?? DEFAULT_STORAGE));
  holder.__uploadStorage = { at: Date.now(), storage };
  storage.catch(() => clearStorage());
  return storage;
}

export const STORAGE_CACHE = "uploadStorage";

function clearStorage(): void {
  holder.__uploadStorage = undefined;
}
onInvalidate(STORAGE_CACHE, clearStorage);

/** Clears this process's storage and tells the other instances (call it after the commit). */
export function invalidateStorage(): void {
  clearStorage();
  void publishInvalidation(STORAGE_CACHE);
}

/** Tests only: use this storage instead of the configured one (null restores it). */
export function setStorageOverride(storage: FileStorage | null): void {
  holder.__uploadStorageOverride = storage;
}
