import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import type { Prisma, QrcodeModel } from "@/lib/generated/prisma/client";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeDealer, makeStaff, makeUser, roleId } from "@/lib/test/factories";
import { decodeQr } from "@/lib/test/qr-decode";
import "@/lib/uploads/owners";
import { serveAttachment } from "@/lib/uploads/serve";
import { acceptUpload } from "@/lib/uploads/service";
import { fillPattern, qrPng, qrSvg } from "./render";
import { deleteQrTemplateAction, saveQrTemplateAction, setDefaultQrTemplateAction, setQrTemplateEnabledAction } from "./template-actions";
import { ZQrTemplateSave, type TQrTemplateSaveInput } from "./template-schemas";
import { loadQrTemplate, loadQrTemplates, qrTemplatesFor, saveQrTemplate, setDefaultQrTemplate } from "./templates";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// QR code templates against PostgreSQL: validation (translated, naming the field and the
// unknown placeholder, both languages), a logo needs level Q or H, one default per purpose
// (also under two concurrent "set default" calls), who may write, the label printer's read
// API with the logo's bytes read back through the storage driver, and a code rendered from a
// saved template with its logo decoding back to the filled pattern. The file empties the table
// first (integration files run one at a time) and puts the seed's defaults back afterwards.

let admin: Viewer;
let adminUser: { id: number };
const ctxOf = (v: Viewer): AuditCtx => ({ userId: v.userId, companyId: null, requestId: "test" });

const form = (over: Partial<TQrTemplateSaveInput> = {}): TQrTemplateSaveInput => ({
  name: "Vehicle label",
  purpose: "VEHICLE",
  pattern: "{url}",
  size: 256,
  errorLevel: "M",
  logo: [],
  layout: { fields: ["vin", "model"], position: "right", widthMm: 90, heightMm: 40 },
  isDefault: false,
  enabled: true,
  ...over,
});
const create = (over: Partial<TQrTemplateSaveInput> = {}) => saveQrTemplate(admin, ctxOf(admin), ZQrTemplateSave.parse(form(over)));

async function pendingLogo(userId: number): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
  const viewer = (await actAs({ id: userId }))!;
  const up = await acceptUpload(viewer, { bytes: new Uint8Array(png), name: "logo.png", kind: "IMAGE", count: 0 });
  return up.id;
}

let saved: QrcodeModel[];

beforeAll(async () => {
  saved = await db().qrcodeModel.findMany();
  await db().qrcodeModel.deleteMany({});
  adminUser = await makeUser({ userType: "ADMIN", roleIds: [await roleId("ADMIN")] });
  admin = (await actAs(adminUser))!;
});
beforeEach(async () => {
  setTestLocale("en-US");
  await db().qrcodeModel.deleteMany({});
  await actAs(adminUser);
});
afterAll(async () => {
  await db().qrcodeModel.deleteMany({});
  if (saved.length) await db().qrcodeModel.createMany({ data: saved.map((r) => ({ ...r, layout: (r.layout ?? {}) as Prisma.InputJsonValue })) });
});

describe("saving templates", () => {
  it("refuses an unknown placeholder, naming it and the field, in both languages", async () => {
    const bad = await saveQrTemplateAction(form({ purpose: "GOODS", pattern: "GOODS:{vin}", name: "" }));
    expect(bad).toMatchObject({ ok: false, code: "VALIDATION" });
    if (bad.ok) throw new Error("saved");
    expect(bad.fieldErrors?.pattern).toBe("Content pattern uses {vin}, which this purpose does not offer (it offers {code} {url})");
    expect(bad.fieldErrors?.name).toBe("Please enter Name");
    setTestLocale("zh-CN");
    const zh = await saveQrTemplateAction(form({ pattern: "{name}" }));
    if (zh.ok) throw new Error("saved");
    expect(zh.fieldErrors?.pattern).toContain("内容格式");
    expect(zh.fieldErrors?.pattern).toContain("{name}");
    expect(await db().qrcodeModel.count()).toBe(0);
  });

  it("refuses sizes and layouts out of bounds and label fields of another purpose", async () => {
    const bad = await saveQrTemplateAction(form({ size: 20, layout: { fields: ["price"], position: "right", widthMm: 10, heightMm: 40 } }));
    if (bad.ok) throw new Error("saved");
    expect(bad.fieldErrors?.size).toBe("Size (px) must be at least 64");
    expect(bad.fieldErrors?.["layout.widthMm"]).toBe("Label width (mm) must be at least 30");
    const other = await saveQrTemplateAction(form({ layout: { fields: ["price"], position: "right", widthMm: 90, heightMm: 40 } }));
    if (other.ok) throw new Error("saved");
    expect(other.fieldErrors?.["layout.fields"]).toBe("Please select Label fields");
  });

  it("wants level Q or H with a logo: a translated error on errorLevel", async () => {
    const logo = await pendingLogo(adminUser.id);
    const bad = await saveQrTemplateAction(form({ errorLevel: "M", logo: [{ id: logo }] }));
    expect(bad).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { errorLevel: "Error correction must be Q or H when the code has a logo" } });
    setTestLocale("zh-CN");
    expect(await saveQrTemplateAction(form({ errorLevel: "L", logo: [{ id: logo }] }))).toMatchObject({
      ok: false,
      fieldErrors: { errorLevel: "二维码带徽标时，容错级别必须为 Q 或 H" },
    });
    setTestLocale("en-US");
    const ok = await saveQrTemplateAction(form({ errorLevel: "Q", logo: [{ id: logo }] }));
    expect(ok).toMatchObject({ ok: true });
    const row = await db().qrcodeModel.findFirstOrThrow();
    expect(row.logoId).toBe(logo);
    expect(await db().attachment.findUniqueOrThrow({ where: { id: logo } })).toMatchObject({ ownerType: "qrcodeModel", ownerId: String(row.id), field: "logo" });
    // Through /api/v1/files: to those who manage templates; anyone else hears 404.
    const file = (v: Viewer) => serveAttachment(new Request(`http://localhost/customerWeb/api/v1/files/${logo}`), v, logo, false);
    expect((await file(admin)).status).toBe(200);
    expect((await file((await actAs(await makeStaff()))!)).status).toBe(404);
  });

  it("refuses a logo uploaded by someone else as gone", async () => {
    const other = await makeStaff();
    const logo = await pendingLogo(other.id);
    await actAs(adminUser);
    expect(await saveQrTemplateAction(form({ errorLevel: "H", logo: [{ id: logo }] }))).toMatchObject({
      ok: false,
      fieldErrors: { logo: "The logo is no longer available. Please upload it again." },
    });
    expect(await db().qrcodeModel.count()).toBe(0);
  });

  it("audits create, update, default, disable and delete", async () => {
    const res = await saveQrTemplateAction(form());
    if (!res.ok) throw new Error(res.message);
    const id = res.data.id;
    expect(await saveQrTemplateAction(form({ id, name: "Vehicle label 2" }))).toMatchObject({ ok: true });
    expect(await setDefaultQrTemplateAction({ id })).toMatchObject({ ok: true });
    expect(await setQrTemplateEnabledAction({ id, enabled: false })).toMatchObject({ ok: false, code: "CONFLICT" });
    const other = await create({ name: "Spare" });
    expect(await setQrTemplateEnabledAction({ id: other.id, enabled: false })).toMatchObject({ ok: true });
    expect(await setDefaultQrTemplateAction({ id: other.id })).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(await deleteQrTemplateAction({ id })).toMatchObject({ ok: true });
    const actions = (await db().auditLog.findMany({ where: { entity: "QrcodeModel", entityId: String(id) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["create", "update", "setDefault", "delete"]);
    expect(await deleteQrTemplateAction({ id })).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });
});

describe("one default per purpose", () => {
  it("saving or setting a default clears the purpose's other default, not other purposes'", async () => {
    const a = await create({ name: "A", isDefault: true });
    const goods = await create({ name: "G", purpose: "GOODS", pattern: "{code}", layout: { fields: ["code"], position: "right", widthMm: 60, heightMm: 30 }, isDefault: true });
    const b = await create({ name: "B", isDefault: true });
    const defaults = async () => (await db().qrcodeModel.findMany({ where: { isDefault: true }, orderBy: { id: "asc" } })).map((r) => r.id);
    expect(await defaults()).toEqual([goods.id, b.id]);
    await setDefaultQrTemplate(ctxOf(admin), a.id);
    expect(await defaults()).toEqual([a.id, goods.id]);
  });

  it("two concurrent set-default calls leave exactly one default", async () => {
    for (let round = 0; round < 5; round++) {
      await db().qrcodeModel.deleteMany({});
      const rows = await Promise.all(["A", "B", "C"].map((name) => create({ name })));
      const results = await Promise.allSettled(rows.map((r) => setDefaultQrTemplate(ctxOf(admin), r.id)));
      expect(results.every((r) => r.status === "fulfilled")).toBe(true);
      expect(await db().qrcodeModel.count({ where: { purpose: "VEHICLE", isDefault: true } })).toBe(1);
    }
  });

  it("is refused to staff without the permission and to dealers", async () => {
    const t = await create({ name: "Mine" });
    await actAs(await makeStaff());
    expect(await saveQrTemplateAction(form())).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await setDefaultQrTemplateAction({ id: t.id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await deleteQrTemplateAction({ id: t.id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const staff = (await actAs(await makeStaff()))!;
    await expect(loadQrTemplates(staff)).rejects.toThrow();
    const dealer = await makeDealer();
    await actAs({ id: dealer.userId }, dealer.companyId);
    expect(await saveQrTemplateAction(form())).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await setQrTemplateEnabledAction({ id: t.id, enabled: false })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await db().qrcodeModel.count()).toBe(1);
  });
});

describe("the label printer's read API", () => {
  it("lists enabled templates default first and loads the default or the first enabled", async () => {
    const first = await create({ name: "Alpha" });
    const off = await create({ name: "Aardvark", enabled: false });
    expect(await loadQrTemplate(null, "VEHICLE")).toMatchObject({ id: first.id, name: "Alpha" });
    const def = await create({ name: "Zulu", isDefault: true });
    expect(await qrTemplatesFor("VEHICLE")).toEqual([
      { id: def.id, name: "Zulu", isDefault: true },
      { id: first.id, name: "Alpha", isDefault: false },
    ]);
    expect(await loadQrTemplate(null, "VEHICLE")).toMatchObject({ id: def.id, purpose: "VEHICLE", pattern: "{url}", size: 256, errorLevel: "M", logo: null });
    expect(await loadQrTemplate(first.id, "VEHICLE")).toMatchObject({ id: first.id, layout: { fields: ["vin", "model"], position: "right", widthMm: 90, heightMm: 40 } });
    expect(await loadQrTemplate(off.id, "VEHICLE")).toBeNull();
    expect(await loadQrTemplate(first.id, "GOODS")).toBeNull();
    expect(await loadQrTemplate(null, "APP_DOWNLOAD")).toBeNull();
  });

  it("loads the default with its logo, and a code drawn from it decodes back to the filled pattern", async () => {
    const logo = await pendingLogo(adminUser.id);
    await actAs(adminUser);
    const res = await saveQrTemplateAction(form({ name: "With logo", pattern: "VIN:{vin} {url}", errorLevel: "H", size: 320, logo: [{ id: logo }], isDefault: true }));
    if (!res.ok) throw new Error(res.message);
    const t = await loadQrTemplate(null, "VEHICLE");
    expect(t).toMatchObject({ id: res.data.id, errorLevel: "H", size: 320 });
    expect(t?.logo?.mime).toBe("image/png");
    const meta = await sharp(t!.logo!.data).metadata();
    expect([meta.width, meta.height]).toEqual([64, 64]);
    const vin = "LSVAX2BN5RN123456";
    const content = fillPattern(t!.pattern, { vin, url: `https://dealer.example.com/customerWeb/car/vehicleInformation?vin=${vin}` });
    expect(content).toBe(`VIN:${vin} https://dealer.example.com/customerWeb/car/vehicleInformation?vin=${vin}`);
    const opts = { size: t!.size, errorLevel: t!.errorLevel, logo: t!.logo };
    expect(await decodeQr(await qrPng(content, opts))).toEqual([content]);
    expect(await decodeQr(await qrSvg(content, opts))).toEqual([content]);
  });
});
