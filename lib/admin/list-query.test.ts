import { describe, expect, it } from "vitest";
import { keysetQueryParams, parseKeysetQuery, type ListSpec } from "./list-query";

// A keyset resource's URL (lib/admin/resource.ts `keyset`): filters as the admin pattern
// writes them, the record-list kit's cursor and size, and no page number or sort.

const spec: ListSpec = {
  filters: [
    { name: "vin", type: "text", max: 17 },
    { name: "entryAt", type: "dateRange" },
    { name: "status", type: "select", options: ["IN_STOCK", "SOLD"] },
  ],
  sorts: [],
  defaultSort: { field: "entryAt", order: "desc" },
};

describe("keyset list URLs", () => {
  it("read the filters, the cursor and the size; a page number and a sort mean nothing", () => {
    const q = parseKeysetQuery(new URLSearchParams("vin=LS6&status=SOLD&entryAtFrom=2026-01-01&cursor=b1767225600000_9&size=50&page=4&sort=vin&order=asc"), spec);
    expect(q).toEqual({ values: { vin: "LS6", status: "SOLD", entryAt: { from: "2026-01-01", to: null } }, cursor: "b1767225600000_9", size: 50 });
  });

  it("drop a cursor the lists did not make (a forged id beyond int4, another form) and an unknown size", () => {
    for (const cursor of ["a1_99999999999", "x1_1", "a1_1;drop", "1767225600000_9"])
      expect(parseKeysetQuery(new URLSearchParams({ cursor, size: "7" }), spec)).toMatchObject({ cursor: "", size: 20 });
  });

  it("write the filters, a size other than the default, then the cursor; and read back the same", () => {
    const filters = { vin: "LS6", entryAt: { from: null, to: "2026-02-01" } };
    expect(keysetQueryParams({ filters, size: 20 }).toString()).toBe("vin=LS6&entryAtTo=2026-02-01");
    const p = keysetQueryParams({ filters, size: 50, cursor: "a1767225600000_12" });
    expect(p.toString()).toBe("vin=LS6&entryAtTo=2026-02-01&size=50&cursor=a1767225600000_12");
    expect(parseKeysetQuery(p, spec)).toEqual({ values: filters, cursor: "a1767225600000_12", size: 50 });
  });
});
