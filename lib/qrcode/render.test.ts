import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeQr } from "@/lib/test/qr-decode";
import { fillPattern, qrPng, qrSvg, unknownPlaceholders } from "./render";

// The codes are read back with the tests' decoder (lib/test/qr-decode.ts), so a code that
// renders but does not scan fails here.

const decodePng = (png: Buffer) => decodeQr(png);
const decodeSvg = (svg: string) => decodeQr(svg);

const LOGO = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();

describe("fillPattern", () => {
  it("fills the known placeholders and leaves the rest", () => {
    expect(fillPattern("VIN:{vin} {url} {code} {x}", { vin: "LSV1", url: "https://h/p?vin=LSV1" })).toBe("VIN:LSV1 https://h/p?vin=LSV1 {code} {x}");
  });
  it("names unknown placeholders", () => {
    expect(unknownPlaceholders("{vin}-{code}-{name}-{name}", ["vin", "code"])).toEqual(["name"]);
  });
});

describe("QR codes decode back to their content", () => {
  const content = "https://dealer.example.com/customerWeb/car/vehicleInformation?vin=LSVAX2BN5RN123456";

  it.each(["L", "M", "Q", "H"] as const)("PNG at level %s", async (errorLevel) => {
    expect(await decodePng(await qrPng(content, { size: 256, errorLevel }))).toEqual([content]);
  });

  it("SVG", async () => {
    const svg = await qrSvg(content, { size: 256, errorLevel: "M" });
    expect(svg).toMatch(/^<svg/);
    expect(await decodeSvg(svg)).toEqual([content]);
  });

  it("with a logo at level H, PNG and SVG", async () => {
    const logo = { data: await LOGO(), mime: "image/png" };
    expect(await decodePng(await qrPng(content, { size: 320, errorLevel: "H", logo }))).toEqual([content]);
    const svg = await qrSvg(content, { size: 320, errorLevel: "H", logo });
    expect(svg).toContain("<image");
    expect(await decodeSvg(svg)).toEqual([content]);
  });

  it("Chinese text", async () => {
    expect(await decodePng(await qrPng("配件 P-100", { size: 200, errorLevel: "M" }))).toEqual(["配件 P-100"]);
  });
});
