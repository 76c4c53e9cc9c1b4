import { describe, expect, it } from "vitest";
import { filterQuery, orderListHref, parseOrderFilters } from "./queries";
import { parseReconcileFilters } from "./reconcile";

// The order list's URL handling: what a person (or a crafted link) puts in the query string is
// parsed into safe filters, and links carry the filters back.

const parse = (q: string) => parseOrderFilters(new URLSearchParams(q));

describe("order list filters", () => {
  it("keeps valid values", () => {
    expect(parse("status=SHIPPED&payment=PARTIALLY_PAID&from=2026-01-01&to=2026-01-31&orderNo=so2026&company=D001&size=50&cursor=a1767225600000_42")).toEqual({
      status: "SHIPPED",
      payment: "PARTIALLY_PAID",
      from: "2026-01-01",
      to: "2026-01-31",
      orderNo: "SO2026",
      company: "D001",
      size: 50,
      cursor: "a1767225600000_42",
    });
    expect(parse("status=VALID&payment=OUTSTANDING")).toMatchObject({ status: "VALID", payment: "OUTSTANDING" });
  });

  it("drops what cannot be a filter", () => {
    expect(parse("status=shipped&payment=1&from=2026-02-30x&to=yesterday&size=-5&cursor=a1_2;drop")).toMatchObject({
      status: "",
      payment: "",
      from: "",
      to: "",
      size: 20,
      cursor: "",
    });
    expect(parse("from=2026-02-30&to=2026-2-1").from).toBe("");
    expect(parse("from=2026-02-30&to=2026-2-1").to).toBe("");
    expect(parse("from=2028-02-29").from).toBe("2028-02-29");
    expect(parse("orderNo=%25_'%22<script>").orderNo).toBe("SCRIPT");
    expect(parse(`company=${"x".repeat(80)}`).company).toHaveLength(50);
    expect(parse("size=1000").size).toBe(20);
    expect(parse("").size).toBe(20);
  });

  it("keeps only the kit's keyset cursors", () => {
    expect(parse("cursor=a1767225600000_42").cursor).toBe("a1767225600000_42");
    expect(parse("cursor=b1767225600000_7").cursor).toBe("b1767225600000_7");
    expect(parse("cursor=c1_1").cursor).toBe("");
  });

  it("writes the filters back into links, leaving defaults out", () => {
    const f = parse("status=CONFIRMED&orderNo=SO1&size=20&cursor=a1_1");
    expect(filterQuery(f)).toBe("?status=CONFIRMED&orderNo=SO1");
    expect(filterQuery(f, { id: 5 })).toBe("?status=CONFIRMED&orderNo=SO1&id=5");
    expect(filterQuery(parse("size=50"))).toBe("?size=50");
    expect(filterQuery(parse(""))).toBe("");
    expect(orderListHref("VEHICLE", { from: "2026-01-01", payment: "OUTSTANDING" })).toBe("/onlineMall/car/order?from=2026-01-01&payment=OUTSTANDING");
    expect(orderListHref("PARTS", {})).toBe("/onlineMall/mountings/order");
  });
});

describe("reconciliation filters", () => {
  it("keeps real days and a bounded company text", () => {
    expect(parseReconcileFilters(new URLSearchParams("from=2026-01-01&to=2026-02-29&company=D001"))).toEqual({ from: "2026-01-01", to: "", company: "D001" });
  });
});
