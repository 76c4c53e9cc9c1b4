import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import type { AttachmentStorage } from "@/lib/generated/prisma/client";
import { actAs } from "@/lib/test/action-harness";
import { makeCompany, makeRole, makeUser, uid } from "@/lib/test/factories";
import { getStorageSettings, listAttachmentRules, saveAttachmentRule, saveStorageSettings, testStorage } from "./config";
import { DEFAULT_RULES } from "./formats";
import { getUploadRule } from "./rules";
import { ZAttachmentRule, ZStorageSettings } from "./schemas";
import { systemResolver, type EndpointPolicy } from "./storage/endpoint-guard";
import { startFakeS3, type FakeS3 } from "./storage/fake-s3";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));

let admin: Viewer;
let staff: Viewer;
let dealer: Viewer;
let s3: FakeS3;
let original: AttachmentStorage | null;
/** The fake store listens on http://127.0.0.1, which the real policy (https, public addresses)
 * refuses: these tests allow it, and go through the same pinned connection. */
const LOCAL_FAKE: EndpointPolicy = { protocols: ["http:"], resolve: systemResolver, allow: (a) => a === "127.0.0.1" };
const s3Input = (over: Record<string, unknown> = {}) =>
  ZStorageSettings.parse({
    driver: "S3",
    localDir: "",
    s3Endpoint: s3.endpoint,
    s3Region: "cn-test-1",
    s3Bucket: "dealer-files",
    s3AccessKey: "AKCONFIG",
    s3SecretKey: "",
    s3ForcePathStyle: true,
    ...over,
  });

beforeAll(async () => {
  s3 = await startFakeS3({ accessKey: "AKCONFIG", region: "cn-test-1" });
  original = await db().attachmentStorage.findUnique({ where: { id: 1 } });
  admin = (await actAs(await makeUser({ userType: "ADMIN" })))!;
  staff = (await actAs(await makeUser({ userType: "STAFF", roleIds: [(await makeRole()).id] })))!;
  const company = await makeCompany();
  dealer = (await actAs(await makeUser({ companyIds: [company.id] }), company.id))!;
});

afterAll(async () => {
  // Leave the shared test database as it was found.
  if (original) await db().attachmentStorage.update({ where: { id: 1 }, data: original });
  else await db().attachmentStorage.deleteMany({ where: { id: 1 } });
  for (const rule of Object.values(DEFAULT_RULES)) await saveAttachmentRule(ZAttachmentRule.parse(rule), admin);
  await s3.close();
});

describe("storage settings", () => {
  it("requires the attachment:update permission and changes nothing without it", async () => {
    const before = await getStorageSettings();
    await expect(saveStorageSettings(s3Input({ s3SecretKey: "x" }), staff)).rejects.toMatchObject({ permission: "attachment:update" });
    await expect(saveStorageSettings(s3Input({ s3SecretKey: "x" }), dealer)).rejects.toMatchObject({ permission: "attachment:update" });
    expect(await getStorageSettings()).toEqual(before);
  });

  it("tests settings before saving them: a wrong key fails, the right one passes", async () => {
    expect(await testStorage(s3Input({ s3SecretKey: "right-secret", s3AccessKey: "WRONG" }), LOCAL_FAKE)).toEqual({ ok: false, error: "S3 PUT answered HTTP 403 AccessDenied" });
    s3.requests.length = 0;
    expect(await testStorage(s3Input({ s3SecretKey: "right-secret" }), LOCAL_FAKE)).toEqual({ ok: true, driver: "S3" });
    expect(s3.requests.map((r) => r.method)).toEqual(["PUT", "GET", "DELETE", "HEAD"]);
    expect(s3.requests.every((r) => r.authorization.startsWith("AWS4-HMAC-SHA256 "))).toBe(true);
    expect(s3.objects.size).toBe(0);
  });

  it("saves S3 settings with the secret sealed, never shown, and audited without it", async () => {
    await db().attachmentStorage.deleteMany({ where: { id: 1 } });
    await expect(saveStorageSettings(s3Input(), admin)).rejects.toMatchObject({ key: "Uploads.errors.secretRequired", field: "s3SecretKey" });

    const rid = uid("req");
    const view = await saveStorageSettings(s3Input({ s3SecretKey: "wJalrXUtnFEMI-secret" }), admin, rid);
    expect(view).toMatchObject({ driver: "S3", s3Bucket: "dealer-files", hasSecret: true });
    expect(view).not.toHaveProperty("s3SecretKey");
    const row = await db().attachmentStorage.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.s3SecretKey).toMatch(/^v1\./);
    expect(row.s3SecretKey).not.toContain("wJalrXUtnFEMI");
    const auditRow = await db().auditLog.findFirstOrThrow({ where: { entity: "AttachmentStorage", requestId: rid } });
    expect(auditRow.userId).toBe(admin.userId);
    expect(JSON.stringify(auditRow)).not.toContain("wJalrXUtnFEMI");
    expect(auditRow.after).toMatchObject({ driver: "S3", hasSecret: true, secretChanged: true });

    // A blank secret on the next save keeps the stored one, for the same endpoint, bucket and key;
    // the saved settings work for uploads.
    await saveStorageSettings(s3Input({ s3Region: "cn-test-1" }), admin);
    expect((await db().attachmentStorage.findUniqueOrThrow({ where: { id: 1 } })).s3SecretKey).toBe(row.s3SecretKey);
    const { getStorage, invalidateStorage } = await import("./storage");
    invalidateStorage();
    await (await getStorage()).put("healthcheck/saved.txt", new TextEncoder().encode("ok"), { contentType: "text/plain" });
    expect(s3.objects.has("/dealer-files/healthcheck/saved.txt")).toBe(true);
    await (await getStorage()).delete("healthcheck/saved.txt");
    // Another endpoint, bucket or access key needs the secret typed again (it would sign for them).
    for (const over of [{ s3Endpoint: "https://other.example.com" }, { s3Bucket: "other-bucket" }, { s3AccessKey: "AKOTHER" }, { s3ForcePathStyle: false }]) {
      await expect(saveStorageSettings(s3Input(over), admin)).rejects.toMatchObject({ key: "Uploads.errors.secretAgain", field: "s3SecretKey" });
    }
    expect((await db().attachmentStorage.findUniqueOrThrow({ where: { id: 1 } })).s3Endpoint).toBe(s3.endpoint);
    // A test never uses the stored secret.
    await expect(testStorage(s3Input(), LOCAL_FAKE)).rejects.toMatchObject({ key: "Uploads.errors.secretToTest", field: "s3SecretKey" });
  });

  it("goes back to the local folder, never one under public/", async () => {
    await expect(saveStorageSettings(ZStorageSettings.parse({ driver: "LOCAL", localDir: `${process.cwd()}/public/files` }), admin)).rejects.toMatchObject({
      key: "Uploads.errors.publicDir",
    });
    const localDir = await fs.mkdtemp(path.join(os.tmpdir(), "uploads-config-"));
    const view = await saveStorageSettings(ZStorageSettings.parse({ driver: "LOCAL", localDir }), admin);
    expect(view).toMatchObject({ driver: "LOCAL", localDir });
    expect(await testStorage(ZStorageSettings.parse({ driver: "LOCAL", localDir }))).toEqual({ ok: true, driver: "LOCAL" });
    await fs.rm(localDir, { recursive: true, force: true });
  });
});

describe("attachment rules", () => {
  it("saves a rule with an audit row; uploads see it at once on this instance", async () => {
    await expect(saveAttachmentRule(ZAttachmentRule.parse({ kind: "IMAGE", formats: ["jpg"], maxSizeMb: 2, maxCount: 3 }), staff)).rejects.toMatchObject({
      permission: "attachment:update",
    });
    expect((await getUploadRule("IMAGE")).maxCount).toBe(9);
    const rid = uid("req");
    const saved = await saveAttachmentRule(ZAttachmentRule.parse({ kind: "IMAGE", formats: ["jpg", "png"], maxSizeMb: 2, maxCount: 3, suggestedSeconds: 5 }), admin, rid);
    expect(saved).toEqual({ kind: "IMAGE", formats: ["jpg", "png"], maxSizeMb: 2, maxCount: 3, suggestedSeconds: null });
    expect(await getUploadRule("IMAGE")).toEqual(saved);
    expect((await listAttachmentRules()).find((r) => r.kind === "IMAGE")).toEqual(saved);
    const auditRow = await db().auditLog.findFirstOrThrow({ where: { entity: "AttachmentRule", entityId: "IMAGE", requestId: rid } });
    expect(auditRow.after).toMatchObject({ maxCount: 3, maxSizeMb: 2 });
  });
});
