import { unzipSync } from "fflate";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadViewer, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { GET as labelsRoute } from "@/app/api/qrcode/labels/route";
import { actAs } from "@/lib/test/action-harness";
import { decodeQr } from "@/lib/test/qr-decode";
import { makeDealer, makeDownloadItem, makeGoods, makeStaff, makeVehicles, nowSeconds, uid } from "@/lib/test/factories";
import { labelFile, labelRecords, labelSheet, MAX_LABELS, ZLabelQuery } from "./labels";
import { fillPattern } from "./render";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// Labels of selected records against PostgreSQL: one label per record in the viewer's scope
// (car/stock's, the malls', the download centre's), codes that decode back to the template's
// filled pattern, the download as one file or a ZIP of one file per label.

const ORIGIN = "https://dealer.example.com";
const opts = { locale: "en-US" as const, origin: ORIGIN };

let dealer: Viewer;
let dealerUser: { id: number; company: number };
let other: Viewer;
let staff: Viewer;
let ownVehicles: { id: number; vin: string }[];
let otherVehicle: { id: number; vin: string };

async function vehiclesOf(companyId: number, n: number) {
  const goods = await makeGoods({ kind: "VEHICLE" });
  const vins = await makeVehicles(goods.id, n, { status: "IN_STOCK", companyId });
  return db().vehicle.findMany({ where: { vin: { in: vins } }, orderBy: { id: "asc" }, select: { id: true, vin: true } });
}

beforeAll(async () => {
  const a = await makeDealer();
  const b = await makeDealer();
  dealer = (await loadViewer(a.userId, a.companyId, nowSeconds()))!;
  dealerUser = { id: a.userId, company: a.companyId };
  other = (await loadViewer(b.userId, b.companyId, nowSeconds()))!;
  staff = (await loadViewer((await makeStaff()).id, null, nowSeconds()))!;
  ownVehicles = await vehiclesOf(a.companyId, 3);
  [otherVehicle] = await vehiclesOf(b.companyId, 1);
});

describe("vehicle labels", () => {
  it("prints one label per selected vehicle whose code decodes to the filled pattern", async () => {
    const template = await db().qrcodeModel.create({
      data: {
        name: uid("Vehicle "),
        purpose: "VEHICLE",
        pattern: "VIN:{vin} {url}",
        size: 256,
        errorLevel: "M",
        layout: { fields: ["vin", "model"], position: "right", widthMm: 90, heightMm: 40 },
      },
    });
    const ids = ownVehicles.map((v) => v.id);
    const sheet = (await labelSheet(dealer, { purpose: "VEHICLE", ids, template: template.id }, opts))!;
    expect(sheet.template.id).toBe(template.id);
    expect(sheet.labels.map((l) => l.key)).toEqual(ownVehicles.map((v) => v.vin));
    for (const [i, l] of sheet.labels.entries()) {
      const url = `${ORIGIN}/customerWeb/car/vehicleInformation?vin=${ownVehicles[i].vin}`;
      expect(l.content).toBe(fillPattern("VIN:{vin} {url}", { vin: ownVehicles[i].vin, url }));
      expect(await decodeQr(l.svg)).toEqual([l.content]);
      expect(l.fields.vin).toBe(ownVehicles[i].vin);
      expect(l.fields.model).toMatch(/^Model /);
    }
    await db().qrcodeModel.delete({ where: { id: template.id } });
  });

  it("leaves out another company's vehicle: a dealer asking for it gets none of it", async () => {
    expect(await labelRecords(dealer, "VEHICLE", [otherVehicle.id], opts)).toEqual([]);
    const mixed = await labelRecords(dealer, "VEHICLE", [ownVehicles[0].id, otherVehicle.id], opts);
    expect(mixed.map((r) => r.key)).toEqual([ownVehicles[0].vin]);
    const sheet = (await labelSheet(dealer, { purpose: "VEHICLE", ids: [otherVehicle.id], template: null }, opts))!;
    expect(await labelFile(sheet, "svg")).toBeNull();
    // Its own dealer and staff with the whole scope see it.
    expect((await labelRecords(other, "VEHICLE", [otherVehicle.id], opts)).map((r) => r.key)).toEqual([otherVehicle.vin]);
    expect((await labelRecords(staff, "VEHICLE", [otherVehicle.id], opts)).map((r) => r.key)).toEqual([otherVehicle.vin]);
  });

  it("gives the fields in the viewer's language", async () => {
    const [zh] = await labelRecords(dealer, "VEHICLE", [ownVehicles[0].id], { ...opts, locale: "zh-CN" });
    expect(zh.fields.model).toMatch(/^车型/);
  });

  it("refuses more than the most labels of a print, and a template of another purpose", async () => {
    const ids = Array.from({ length: MAX_LABELS + 1 }, (_, i) => i + 1);
    await expect(labelRecords(dealer, "VEHICLE", ids, opts)).rejects.toBeInstanceOf(DomainError);
    const goodsTemplate = await db().qrcodeModel.create({ data: { name: uid("Goods "), purpose: "GOODS", pattern: "{code}", layout: {} } });
    expect(await labelSheet(dealer, { purpose: "VEHICLE", ids: [ownVehicles[0].id], template: goodsTemplate.id }, opts)).toBeNull();
    await db().qrcodeModel.delete({ where: { id: goodsTemplate.id } });
  });

  it("reads the query: ids as a list, bad ones refused", () => {
    expect(ZLabelQuery.parse({ purpose: "VEHICLE", ids: "3,1,3", format: "png" })).toMatchObject({ ids: [3, 1], template: null, format: "png" });
    expect(ZLabelQuery.safeParse({ purpose: "VEHICLE", ids: "1,x" }).success).toBe(false);
    expect(ZLabelQuery.safeParse({ purpose: "VEHICLE", ids: "0" }).success).toBe(false);
    expect(ZLabelQuery.safeParse({ purpose: "CAR", ids: "1" }).success).toBe(false);
  });
});

describe("downloads of labels", () => {
  it("answers one PNG for one record and a ZIP of one file per label for several", async () => {
    const one = (await labelSheet(dealer, { purpose: "VEHICLE", ids: [ownVehicles[0].id], template: null }, opts))!;
    const png = (await labelFile(one, "png"))!;
    expect(png.mime).toBe("image/png");
    expect(png.name).toBe(`${ownVehicles[0].vin}.png`);
    // No template for vehicles here: the purpose's default pattern ({url}).
    expect(await decodeQr(Buffer.from(png.data))).toEqual([`${ORIGIN}/customerWeb/car/vehicleInformation?vin=${ownVehicles[0].vin}`]);

    const all = (await labelSheet(dealer, { purpose: "VEHICLE", ids: ownVehicles.map((v) => v.id), template: null }, opts))!;
    for (const format of ["png", "svg"] as const) {
      const zip = (await labelFile(all, format))!;
      expect(zip.mime).toBe("application/zip");
      const files = unzipSync(zip.data);
      expect(Object.keys(files).sort()).toEqual(ownVehicles.map((v) => `${v.vin}.${format}`).sort());
      const first = files[`${ownVehicles[1].vin}.${format}`];
      expect(await decodeQr(Buffer.from(first))).toEqual([`${ORIGIN}/customerWeb/car/vehicleInformation?vin=${ownVehicles[1].vin}`]);
    }
  });
});

describe("goods and download item labels", () => {
  it("prints the goods a dealer may see in the malls, not those off sale", async () => {
    const car = await makeGoods({ kind: "VEHICLE", price: "189900.00" });
    const part = await makeGoods({ kind: "PART" });
    const off = await makeGoods({ kind: "PART", onSale: false });
    const sheet = (await labelSheet(dealer, { purpose: "GOODS", ids: [car.id, part.id, off.id], template: null }, opts))!;
    expect(sheet.labels.map((l) => l.key)).toEqual([car.code, part.code]);
    expect(sheet.labels[0].values.url).toBe(`${ORIGIN}/customerWeb/onlineMall/car/goods?code=${car.code}`);
    expect(sheet.labels[1].values.url).toBe(`${ORIGIN}/customerWeb/onlineMall/mountings/goods?code=${part.code}`);
    expect(sheet.labels[0].fields.price).toContain("189,900.00");
    // The default goods pattern is the code itself.
    for (const l of sheet.labels) expect(await decodeQr(l.svg)).toEqual([l.key]);
  });

  it("prints the download items the viewer may download", async () => {
    const on = await makeDownloadItem({ creatorId: staff.userId, title: uid("Manual ") });
    const off = await makeDownloadItem({ creatorId: staff.userId, enabled: false });
    const sheet = (await labelSheet(dealer, { purpose: "DOWNLOAD", ids: [on.id, off.id], template: null }, opts))!;
    expect(sheet.labels).toHaveLength(1);
    expect(sheet.labels[0].fields.title).toBe(on.title);
    expect(await decodeQr(sheet.labels[0].svg)).toEqual([`${ORIGIN}/customerWeb/download/downloadCenters?id=${on.id}`]);
    expect(await labelRecords(staff, "DOWNLOAD", [off.id], opts)).toEqual([]);
  });
});

describe("GET /api/qrcode/labels", () => {
  const get = (query: string) => labelsRoute(new NextRequest(`http://localhost/customerWeb/api/qrcode/labels?${query}`));

  it("answers the file, 422 translated for bad input, 404 when nothing is in scope", async () => {
    await actAs({ id: dealerUser.id }, dealerUser.company);
    const ok = await get(`purpose=VEHICLE&ids=${ownVehicles.map((v) => v.id).join(",")}&format=svg`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/zip");
    expect(Object.keys(unzipSync(new Uint8Array(await ok.arrayBuffer())))).toHaveLength(3);

    const one = await get(`purpose=VEHICLE&ids=${ownVehicles[2].id}&format=png`);
    expect(one.headers.get("content-disposition")).toContain(`${ownVehicles[2].vin}.png`);
    expect(await decodeQr(Buffer.from(await one.arrayBuffer()))).toHaveLength(1);

    const bad = await get("purpose=VEHICLE&ids=1,abc");
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.ids).toContain("Records");

    const tooMany = await get(`purpose=VEHICLE&ids=${Array.from({ length: MAX_LABELS + 1 }, (_, i) => i + 1).join(",")}`);
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as { message: string }).message).toContain(String(MAX_LABELS));

    expect((await get(`purpose=VEHICLE&ids=${otherVehicle.id}`)).status).toBe(404);
    await actAs(null);
    expect((await get(`purpose=VEHICLE&ids=${ownVehicles[0].id}`)).status).toBe(401);
  });
});
