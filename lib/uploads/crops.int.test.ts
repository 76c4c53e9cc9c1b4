import { afterAll, describe, expect, it, vi } from "vitest";
import { loadViewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { saveImageCropAction } from "@/lib/system/attachment-actions";
import { actAs, setTestLocale, translator } from "@/lib/test/action-harness";
import { makeStaff, makeUser, nowSeconds } from "@/lib/test/factories";
import { saveImageCrop } from "./config";
import { imageRuleFor, invalidateUploadRules } from "./rules";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Image cropping per use (issue 19): stored on system/attachmentConfig, followed by the rule
// the business forms get (imageRuleFor); only holders of attachment:update change it.

afterAll(async () => {
  await db().imageCrop.deleteMany({ where: { use: "DOWNLOAD_COVER" } });
  invalidateUploadRules();
});

describe("image cropping per use", () => {
  it("is off until switched on; the form's rule then carries the shape", async () => {
    const admin = (await loadViewer((await makeUser({ userType: "ADMIN" })).id, null, nowSeconds()))!;
    await db().imageCrop.deleteMany({ where: { use: "DOWNLOAD_COVER" } });
    invalidateUploadRules();
    expect((await imageRuleFor("DOWNLOAD_COVER")).crop).toBeNull();
    await saveImageCrop({ use: "DOWNLOAD_COVER", enabled: true, aspect: "16:9" }, admin);
    expect((await imageRuleFor("DOWNLOAD_COVER")).crop).toEqual({ aspect: 16 / 9 });
    await saveImageCrop({ use: "DOWNLOAD_COVER", enabled: true, aspect: "FREE" }, admin);
    expect((await imageRuleFor("DOWNLOAD_COVER")).crop).toEqual({ aspect: null });
    await saveImageCrop({ use: "DOWNLOAD_COVER", enabled: false, aspect: "FREE" }, admin);
    expect((await imageRuleFor("DOWNLOAD_COVER")).crop).toBeNull();
    expect(await db().auditLog.count({ where: { entity: "ImageCrop", entityId: "DOWNLOAD_COVER", userId: admin.userId } })).toBe(3);
  });

  it("refuses staff without attachment:update and a shape it does not know, naming the field", async () => {
    setTestLocale("en-US");
    await actAs(await makeStaff());
    expect(await saveImageCropAction({ use: "DOWNLOAD_COVER", enabled: true, aspect: "1:1" })).toMatchObject({ ok: false, message: translator("Common")("forbidden") });
    await actAs(await makeUser({ userType: "ADMIN" }));
    const bad = await saveImageCropAction({ use: "DOWNLOAD_COVER", enabled: true, aspect: "5:4" });
    expect(bad).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { aspect: expect.any(String) } });
  });
});
