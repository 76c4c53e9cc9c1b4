import { NextRequest } from "next/server";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/qrcode/preview/route";
import { actAs, setTestLocale } from "@/lib/test/action-harness";
import { makeDealer, makeStaff, makeUser, roleId } from "@/lib/test/factories";
import { decodeQr } from "@/lib/test/qr-decode";
import { acceptUpload } from "@/lib/uploads/service";
import { SAMPLE_CODE, SAMPLE_VIN } from "./preview";

vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));
vi.mock("@/lib/auth/viewer", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/viewer")>()),
  getViewer: () => import("@/lib/test/action-harness").then((m) => m.currentViewer()),
}));

// The template drawer's live preview (GET /api/qrcode/preview): the SVG decodes back to the
// pattern filled with the purpose's sample, a bad pattern is a 422 naming the field in the
// API's error shape, and only those who manage templates get an answer.

const ORIGIN = "http://dealer.test";
const preview = (q: Record<string, string>) => GET(new NextRequest(`${ORIGIN}/customerWeb/api/qrcode/preview?${new URLSearchParams(q)}`));
let adminUser: { id: number };

beforeAll(async () => {
  adminUser = await makeUser({ userType: "ADMIN", roleIds: [await roleId("ADMIN")] });
});
const appUrl = process.env.APP_URL;
beforeEach(async () => {
  setTestLocale("en-US");
  process.env.APP_URL = `${ORIGIN}/customerWeb`;
  await actAs(adminUser);
});
afterAll(() => {
  if (appUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = appUrl;
});

describe("the QR code preview", () => {
  it("answers an SVG that decodes to the pattern filled with the sample, {url} on the public origin", async () => {
    const res = await preview({ purpose: "VEHICLE", pattern: "{url}", size: "256", errorLevel: "M", format: "svg" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(await decodeQr(await res.text())).toEqual([`${ORIGIN}/customerWeb/car/vehicleInformation?vin=${SAMPLE_VIN}`]);
    const goods = await preview({ purpose: "GOODS", pattern: "GOODS:{code}", size: "128", errorLevel: "L" });
    expect(await decodeQr(await goods.text())).toEqual([`GOODS:${SAMPLE_CODE}`]);
  });

  it("draws the viewer's pending logo at level H and still decodes", async () => {
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: { r: 0, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const viewer = (await actAs(adminUser))!;
    const logo = await acceptUpload(viewer, { bytes: new Uint8Array(png), name: "l.png", kind: "IMAGE", count: 0 });
    const res = await preview({ purpose: "VEHICLE", pattern: "VIN:{vin}", size: "300", errorLevel: "H", logoId: logo.id });
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(svg).toContain("data:image/png;base64,");
    expect(await decodeQr(svg)).toEqual([`VIN:${SAMPLE_VIN}`]);
    const low = await preview({ purpose: "VEHICLE", pattern: "{vin}", size: "300", errorLevel: "M", logoId: logo.id });
    expect(low.status).toBe(422);
    expect(await low.json()).toMatchObject({ code: "VALIDATION", fieldErrors: { errorLevel: "Error correction must be Q or H when the code has a logo" } });
    await actAs(await makeUser({ userType: "ADMIN", roleIds: [await roleId("ADMIN")] }));
    const theirs = await preview({ purpose: "VEHICLE", pattern: "{vin}", size: "300", errorLevel: "H", logoId: logo.id });
    expect(theirs.status).toBe(422);
    expect(await theirs.json()).toMatchObject({ fieldErrors: { logoId: "The logo is no longer available. Please upload it again." } });
  });

  it("answers a bad pattern with 422 naming the field, in both languages", async () => {
    const res = await preview({ purpose: "APP_DOWNLOAD", pattern: "{vin}", size: "256", errorLevel: "M" });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({
      code: "VALIDATION",
      message: "Content pattern uses {vin}, which this purpose does not offer (it offers {url})",
      fieldErrors: { pattern: "Content pattern uses {vin}, which this purpose does not offer (it offers {url})" },
    });
    const big = await preview({ purpose: "VEHICLE", pattern: "{url}", size: "5000", errorLevel: "M" });
    expect(await big.json()).toMatchObject({ code: "VALIDATION", fieldErrors: { size: "Size (px) must be at most 1024" } });
    setTestLocale("zh-CN");
    const zh = await preview({ purpose: "VEHICLE", pattern: "", size: "256", errorLevel: "M" });
    expect(zh.status).toBe(422);
    expect((await zh.json()).fieldErrors.pattern).toContain("内容格式");
  });

  it("is refused without a session, to staff without the permission and to dealers", async () => {
    const q = { purpose: "VEHICLE", pattern: "{url}", size: "256", errorLevel: "M" };
    await actAs(null);
    expect((await preview(q)).status).toBe(401);
    await actAs(await makeStaff());
    const staff = await preview(q);
    expect(staff.status).toBe(403);
    expect(await staff.json()).toMatchObject({ code: "FORBIDDEN" });
    const dealer = await makeDealer();
    await actAs({ id: dealer.userId }, dealer.companyId);
    expect((await preview(q)).status).toBe(403);
  });
});
