import { describe, expect, it } from "vitest";
import { listEndpoints } from "./scale-targets";

describe("listEndpoints", () => {
  it("finds the GET collections under app/api/v1, with their required parameters", () => {
    const endpoints = listEndpoints();
    expect(endpoints).toEqual(
      expect.arrayContaining(["api/v1/orders?type=PARTS", "api/v1/orders?type=VEHICLE", "api/v1/complaints", "api/v1/sales-returns", "api/v1/goods?kind=PART"]),
    );
    expect(endpoints).toContain("api/v1/wms/documents?type=STOCKTAKE");
  });

  it("leaves out single records, downloads, the schema and POST-only routes", () => {
    const endpoints = listEndpoints();
    expect(endpoints.filter((e) => /\[|export|import|openapi|\/file|latest/.test(e))).toEqual([]);
    expect(endpoints).not.toContain("api/v1/uploads");
    expect(endpoints).not.toContain("api/v1/wms/documents/entries");
  });
});
