import { describe, expect, it } from "vitest";
import { anyFailed, DEFAULT_LIMITS, markdownReport, nextPageOf, percentile, ratio, summarize, verdict, type ReportRow } from "./scale-report";

const t = (p95: number, p50 = p95 / 2) => ({ p50, p95, n: 12 });

describe("percentile and summarize", () => {
  it("takes the nearest rank of the sorted values", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([], 95)).toBeNaN();
  });

  it("leaves the warm-up out", () => {
    // Three slow warm-up requests (cold caches) then twelve of 10..21 ms.
    const samples = [900, 800, 700, ...Array.from({ length: 12 }, (_, i) => 10 + i)];
    expect(summarize(samples, 3)).toEqual({ p50: 15, p95: 21, n: 12 });
  });
});

describe("verdict", () => {
  it("fails a row whose large p95 is over 2× the demo p95 and over the 20 ms floor", () => {
    expect(verdict(t(63), t(414))).toBe("SLOW");
    expect(verdict(t(63), t(126))).toBe("ok");
    expect(verdict(t(63), t(127))).toBe("SLOW");
  });

  it("lets a small difference pass however large the ratio (timer noise)", () => {
    expect(verdict(t(4), t(9))).toBe("ok");
    expect(verdict(t(4), t(24))).toBe("ok");
    expect(verdict(t(4), t(24.5))).toBe("SLOW");
  });

  it("fails a row that errored on either side", () => {
    expect(verdict(null, t(10))).toBe("ERROR");
    expect(verdict(t(10), null)).toBe("ERROR");
    expect(verdict(t(10), t(NaN))).toBe("ERROR");
  });

  it("honours other limits", () => {
    expect(verdict(t(100), t(150), { ratio: 1.35, floorMs: 0 })).toBe("SLOW");
    expect(verdict(t(100), t(150), DEFAULT_LIMITS)).toBe("ok");
  });

  it("computes the ratio of the p95s", () => {
    expect(ratio(t(63), t(414))).toBe(6.57);
    expect(ratio(t(0), t(0))).toBe(1);
    expect(ratio(t(0), t(1))).toBe(Infinity);
  });
});

describe("markdownReport", () => {
  const rows: ReportRow[] = [
    { kind: "screen", path: "system/loginLog", variant: "first", as: "admin", demo: t(20), large: t(25) },
    { kind: "screen", path: "system/workbench/records", variant: "first", as: "dealer.sh", demo: t(63), large: t(414) },
    { kind: "api", path: "api/v1/orders?type=PARTS", variant: "deep", as: "dealer.sh", demo: null, large: null, error: "large answered 500" },
  ];
  const meta = { date: "2026-11-27", scale: 1, requests: 15, warmup: 3, limits: DEFAULT_LIMITS, counts: { orders: 1_000_000 } };

  it("writes one line per row, failures first, with the verdict and the ratio", () => {
    const md = markdownReport(rows, meta);
    const lines = md.split("\n").filter((l) => l.startsWith("| screen") || l.startsWith("| api"));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain("ERROR large answered 500");
    expect(lines[1]).toBe("| screen | `system/workbench/records` | first | dealer.sh | 31.5 | 63.0 | 207.0 | 414.0 | 6.57× | SLOW |");
    expect(lines[2]).toContain("| 1.25× | ok |");
    expect(md).toContain("orders 1,000,000");
    expect(md).toContain("2 of 3 rows FAIL");
    expect(md).not.toContain("Not measured");
    expect(markdownReport(rows, { ...meta, skipped: ["api/v1/wms/ledger"] })).toContain("Not measured (no demo account opens them): `api/v1/wms/ledger`.");
  });

  it("shows a row measured again with both measurements; the second decides", () => {
    const spiked: ReportRow = {
      kind: "screen",
      path: "customerWms/moveWarehouse",
      variant: "first",
      as: "admin",
      demo: t(28),
      large: t(31),
      first: { demo: t(28), large: t(124) },
    };
    const slow: ReportRow = { ...rows[1], first: { demo: t(63), large: t(400) } };
    const md = markdownReport([spiked, slow], { ...meta, confirmRequests: 30 });
    expect(md).toContain("A row over the limit is measured again, 30 requests on each side, and the second measurement decides");
    expect(md).toContain("1 of 2 rows FAIL; 2 measured again");
    expect(md).toContain("| 1.11× | ok (measured again; first p95 28.0 / 124.0 ms) |");
    expect(md).toContain("| 6.57× | SLOW (measured again; first p95 63.0 / 400.0 ms) |");
    expect(anyFailed([spiked])).toBe(false);
    expect(anyFailed([spiked, slow])).toBe(true);
    expect(markdownReport(rows, meta)).not.toContain("measured again");
  });

  it("says when every row is within the bar", () => {
    expect(markdownReport(rows.slice(0, 1), meta)).toContain("all 1 rows within 2×");
    expect(anyFailed(rows.slice(0, 1))).toBe(false);
    expect(anyFailed(rows)).toBe(true);
  });
});

describe("nextPageOf", () => {
  it("follows an endpoint's next or nextCursor, keeping the other parameters", () => {
    expect(nextPageOf("api/v1/orders?type=PARTS", JSON.stringify({ items: [], next: "a1700000000000_42", prev: null }), "application/json")).toBe(
      "api/v1/orders?type=PARTS&cursor=a1700000000000_42",
    );
    expect(nextPageOf("api/v1/goods?kind=PART&cursor=1_5", JSON.stringify({ items: [], nextCursor: "3_9" }), "application/json; charset=utf-8")).toBe(
      "api/v1/goods?kind=PART&cursor=3_9",
    );
    expect(nextPageOf("api/v1/goods", JSON.stringify({ items: [], nextCursor: null }), "application/json")).toBeNull();
  });

  it("follows a screen's older link, never the newer one, or the next page number", () => {
    const html = `<a href="/customerWeb/afterSale/complaint">Latest</a><a href="/customerWeb/afterSale/complaint?status=SUBMITTED&amp;cursor=b17_3">Newer</a><a href="/customerWeb/afterSale/complaint?status=SUBMITTED&amp;cursor=a16_2">Older</a>`;
    expect(nextPageOf("afterSale/complaint?status=SUBMITTED&cursor=a18_9", html, "text/html")).toBe("afterSale/complaint?status=SUBMITTED&cursor=a16_2");
    const pages = `<a href="/customerWeb/system/loginLog?page=1">1</a><a href="/customerWeb/system/loginLog?page=2">2</a><a href="/customerWeb/system/loginLog?page=3">3</a><a href="/customerWeb/system/menu?page=3">x</a>`;
    expect(nextPageOf("system/loginLog?page=2", pages, "text/html")).toBe("system/loginLog?page=3");
    expect(nextPageOf("system/loginLog", pages, "text/html")).toBe("system/loginLog?page=2");
    expect(nextPageOf("system/loginLog?page=3", pages, "text/html")).toBeNull();
  });
});
