import { describe, expect, it } from "vitest";
import { ZAttachmentRule, ZStorageSettings } from "./schemas";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (r.error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);
const s3 = {
  driver: "S3",
  localDir: "",
  s3Endpoint: "https://minio.example.com:9000",
  s3Region: "cn-east-1",
  s3Bucket: "dealer-files",
  s3AccessKey: "AK",
  s3SecretKey: "",
  s3ForcePathStyle: true,
};

describe("ZStorageSettings", () => {
  it("accepts the local folder, defaulting it and blanking the S3 fields", () => {
    expect(ZStorageSettings.parse({ driver: "LOCAL", localDir: " ", s3Endpoint: "", s3ForcePathStyle: false })).toMatchObject({
      driver: "LOCAL",
      localDir: "data/uploads",
      s3Endpoint: null,
      s3SecretKey: null,
    });
  });

  it("refuses folders under public/ or with '..'", () => {
    for (const localDir of ["public", "public/uploads", "./public/x", "../elsewhere", "data/../../etc"]) {
      expect(issues(ZStorageSettings.safeParse({ driver: "LOCAL", localDir })), localDir).toEqual(["localDir:pattern"]);
    }
    expect(ZStorageSettings.safeParse({ driver: "LOCAL", localDir: "/srv/dealer/uploads" }).success).toBe(true);
  });

  it("requires the S3 fields for S3, the secret excepted (blank keeps the stored one)", () => {
    expect(ZStorageSettings.parse(s3)).toMatchObject({ driver: "S3", s3SecretKey: null });
    expect(issues(ZStorageSettings.safeParse({ ...s3, s3Endpoint: "", s3Bucket: " ", s3AccessKey: null }))).toEqual([
      "s3Endpoint:required",
      "s3Bucket:required",
      "s3AccessKey:required",
    ]);
    expect(ZStorageSettings.safeParse({ ...s3, s3Endpoint: "javascript:alert(1)" }).success).toBe(false);
    expect(ZStorageSettings.safeParse({ ...s3, s3Bucket: "Bad_Bucket" }).success).toBe(false);
  });
});

describe("ZAttachmentRule", () => {
  it("accepts a subset of the kind's formats, deduplicated", () => {
    expect(ZAttachmentRule.parse({ kind: "IMAGE", formats: ["JPG", "png", "jpg"], maxSizeMb: 5, maxCount: 9, suggestedSeconds: 10 })).toEqual({
      kind: "IMAGE",
      formats: ["jpg", "png"],
      maxSizeMb: 5,
      maxCount: 9,
      suggestedSeconds: null,
    });
    expect(ZAttachmentRule.parse({ kind: "VIDEO", formats: ["mp4"], maxSizeMb: 50, maxCount: 1, suggestedSeconds: 10 }).suggestedSeconds).toBe(10);
  });

  it("refuses formats of another kind and limits out of range", () => {
    expect(issues(ZAttachmentRule.safeParse({ kind: "IMAGE", formats: ["svg"], maxSizeMb: 5, maxCount: 9 }))).toEqual(["formats:select"]);
    expect(issues(ZAttachmentRule.safeParse({ kind: "VIDEO", formats: ["jpg"], maxSizeMb: 5, maxCount: 9 }))).toEqual(["formats:select"]);
    expect(ZAttachmentRule.safeParse({ kind: "FILE", formats: [], maxSizeMb: 5, maxCount: 9 }).success).toBe(false);
    expect(ZAttachmentRule.safeParse({ kind: "FILE", formats: ["pdf"], maxSizeMb: 0, maxCount: 9 }).success).toBe(false);
    expect(ZAttachmentRule.safeParse({ kind: "FILE", formats: ["pdf"], maxSizeMb: 1025, maxCount: 9 }).success).toBe(false);
    expect(ZAttachmentRule.safeParse({ kind: "FILE", formats: ["pdf"], maxSizeMb: 5, maxCount: 51 }).success).toBe(false);
    expect(ZAttachmentRule.safeParse({ kind: "FILE", formats: ["pdf"], maxSizeMb: 2.5, maxCount: 5 }).success).toBe(false);
  });
});
