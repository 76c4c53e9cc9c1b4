import { describe, expect, it } from "vitest";
import { ZQrPreviewQuery, ZQrTemplateSave, type TQrTemplateSaveInput } from "./template-schemas";

// The template form's schema and the preview's query: the rules the browser checks before the
// server does (messages are checked in templates.int.test.ts and preview.int.test.ts).

const form = (over: Partial<TQrTemplateSaveInput> = {}): TQrTemplateSaveInput => ({
  name: "Goods",
  purpose: "GOODS",
  pattern: "G:{code}",
  size: 200,
  errorLevel: "M",
  layout: { fields: ["code", "price"], position: "below", widthMm: 60, heightMm: 30 },
  ...over,
});
const issues = (input: unknown) => {
  const r = ZQrTemplateSave.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, params: (i as { params?: unknown }).params }));
};

describe("ZQrTemplateSave", () => {
  it("accepts a template and fills the defaults", () => {
    expect(ZQrTemplateSave.parse(form())).toMatchObject({ logo: [], isDefault: false, enabled: true });
  });
  it("names the first unknown placeholder with what the purpose offers", () => {
    expect(issues(form({ pattern: "{vin}-{x}" }))).toEqual([{ path: "pattern", message: "qrPlaceholder", params: { placeholder: "{vin}", allowed: "{code} {url}" } }]);
  });
  it("wants Q or H with a logo", () => {
    const logo = [{ id: "a".repeat(32) }];
    expect(issues(form({ logo }))).toEqual([expect.objectContaining({ path: "errorLevel", message: "qrLogoLevel" })]);
    expect(issues(form({ logo, errorLevel: "Q" }))).toEqual([]);
    expect(issues(form({ logo: [{ id: "../x" }], errorLevel: "H" })).map((i) => i.path)).toEqual(["logo.0.id"]);
  });
  it("keeps label fields to the purpose's and sizes in bounds; a default must be enabled", () => {
    expect(issues(form({ layout: { fields: ["vin"], position: "right", widthMm: 60, heightMm: 30 } })).map((i) => i.path)).toEqual(["layout.fields"]);
    expect(issues(form({ size: 2000, layout: { fields: [], position: "left" as "right", widthMm: 10, heightMm: 300 } })).map((i) => i.path)).toEqual([
      "size",
      "layout.position",
      "layout.widthMm",
      "layout.heightMm",
    ]);
    expect(issues(form({ isDefault: true, enabled: false })).map((i) => i.path)).toEqual(["enabled"]);
  });
});

describe("ZQrPreviewQuery", () => {
  it("reads the query's strings", () => {
    expect(ZQrPreviewQuery.parse({ purpose: "VEHICLE", pattern: "{url}", size: "256", errorLevel: "H", logoId: "" })).toEqual({
      purpose: "VEHICLE",
      pattern: "{url}",
      size: 256,
      errorLevel: "H",
      format: "svg",
    });
    expect(ZQrPreviewQuery.safeParse({ purpose: "VEHICLE", pattern: "{url}", size: "256", errorLevel: "M", format: "png" }).success).toBe(false);
  });
});
