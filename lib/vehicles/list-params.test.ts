import { describe, expect, it } from "vitest";
import type { ListSpec } from "@/lib/admin/list-query";
import { filterQuery, listQuery, parseVehicleListFilters, rangeValue, textValue } from "./list-params";

const spec: ListSpec = {
  filters: [
    { name: "vin", type: "text", max: 17 },
    { name: "soldAt", type: "dateRange" },
    { name: "returned", type: "boolean" },
  ],
  sorts: ["soldAt"],
  defaultSort: { field: "soldAt", order: "desc" },
};

describe("the vehicle lists' URL", () => {
  it("parses the admin pattern's filters with the kit's cursor and page size", () => {
    const f = parseVehicleListFilters(new URLSearchParams("vin=ls6&soldAtFrom=2026-03-01&soldAtTo=2026-02-30&returned=true&cursor=a1767225600000_12&size=50&page=3"), spec);
    expect(f).toEqual({ values: { vin: "ls6", soldAt: { from: "2026-03-01", to: null }, returned: true }, cursor: "a1767225600000_12", size: 50 });
    expect(textValue(f, "returned")).toBe("true");
    expect(rangeValue(f, "soldAt")).toEqual({ from: "2026-03-01", to: "" });
  });

  it("drops a cursor it did not make and a size it does not offer", () => {
    expect(parseVehicleListFilters(new URLSearchParams("cursor=x1_1&size=7"), spec)).toEqual({ values: {}, cursor: "", size: 20 });
  });

  it("writes the filters back for links and the export, without the cursor", () => {
    const f = parseVehicleListFilters(new URLSearchParams("vin=LS6&soldAtTo=2026-03-02&cursor=a1767225600000_12&size=50"), spec);
    expect(filterQuery(f)).toBe("?vin=LS6&soldAtTo=2026-03-02");
    expect(listQuery(f)).toBe("?vin=LS6&soldAtTo=2026-03-02&size=50");
    expect(listQuery({ ...f, size: 20 }, { cursor: "b1_2" })).toBe("?vin=LS6&soldAtTo=2026-03-02&cursor=b1_2");
    expect(filterQuery({ values: {} })).toBe("");
  });
});
