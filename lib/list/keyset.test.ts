import { describe, expect, it } from "vitest";
import {
  cappedTotal,
  choiceParam,
  COUNT_CAP,
  cursorParam,
  dayParam,
  decodeCursor,
  decodeKeyCursor,
  encodeCursor,
  encodeKeyCursor,
  keysetPage,
  queryString,
  sizeParam,
  sizeValue,
} from "./keyset";

const at = new Date(1_767_225_600_000);
const rows = (ids: number[]) => ids.map((id) => ({ id, createdAt: new Date(at.getTime() - id * 1000) }));
const time = (r: { createdAt: Date }) => r.createdAt;

describe("cursor codec", () => {
  it("round-trips both directions", () => {
    expect(decodeCursor(encodeCursor("a", at, 42))).toEqual({ before: false, at, id: 42 });
    expect(decodeCursor(encodeCursor("b", at, 7))).toEqual({ before: true, at, id: 7 });
  });
  it("rejects malformed cursors", () => {
    for (const bad of [null, undefined, "", "c1_1", "a1_", "a_1", "a1700000000000_0", "a1700000000000_9999999999", "a9999999999999999_1", "a1_1;drop", " a1_1"])
      expect(decodeCursor(bad)).toBeNull();
  });
  it("reads ?cursor= only when the lists made it", () => {
    expect(cursorParam(new URLSearchParams("cursor=a1700000000000_42"))).toBe("a1700000000000_42");
    expect(cursorParam(new URLSearchParams("cursor=x1_1"))).toBe("");
    expect(cursorParam(new URLSearchParams(""))).toBe("");
  });
});

describe("keysetPage", () => {
  it("first page: older link only when there is more", () => {
    const p = keysetPage(rows([1, 2, 3]), 2, null, time);
    expect(p.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(p.next).toBe(encodeCursor("a", rows([2])[0].createdAt, 2));
    expect(p.prev).toBeNull();
    expect(keysetPage(rows([1, 2]), 2, null, time).next).toBeNull();
  });
  it("going older: a newer page always exists", () => {
    const p = keysetPage(rows([3, 4]), 2, decodeCursor(encodeCursor("a", at, 2)), time);
    expect(p.next).toBeNull();
    expect(p.prev).toBe(encodeCursor("b", rows([3])[0].createdAt, 3));
  });
  it("going newer: rows come ascending and are shown newest first; an older page always exists", () => {
    const p = keysetPage(rows([4, 3, 2]), 2, decodeCursor(encodeCursor("b", at, 5)), time);
    expect(p.rows.map((r) => r.id)).toEqual([3, 4]);
    expect(p.prev).toBe(encodeCursor("b", rows([3])[0].createdAt, 3));
    expect(p.next).toBe(encodeCursor("a", rows([4])[0].createdAt, 4));
    expect(keysetPage(rows([4]), 2, decodeCursor(encodeCursor("b", at, 5)), time).prev).toBeNull();
  });
  it("an empty page has no links", () => {
    expect(keysetPage([], 10, decodeCursor(encodeCursor("a", at, 1)), time)).toEqual({ rows: [], next: null, prev: null });
  });
});

describe("cappedTotal", () => {
  it("caps at COUNT_CAP", () => {
    expect(cappedTotal(0)).toEqual({ count: 0, capped: false });
    expect(cappedTotal(COUNT_CAP)).toEqual({ count: COUNT_CAP, capped: false });
    expect(cappedTotal(COUNT_CAP + 1)).toEqual({ count: COUNT_CAP, capped: true });
    expect(cappedTotal(11, 10)).toEqual({ count: 10, capped: true });
  });
});

describe("parameters and URL form", () => {
  it("parses sizes, days and choices", () => {
    const p = new URLSearchParams("size=50&from=2026-02-30&to=2026-03-01&status=OPEN");
    expect(sizeParam(p, { fallback: 20 })).toBe(50);
    expect(sizeParam(p, { fallback: 20, max: 40 })).toBe(20);
    expect(sizeParam(p, { fallback: 10, sizes: [10, 20] })).toBe(10);
    expect(dayParam(p, "from")).toBe("");
    expect(dayParam(p, "to")).toBe("2026-03-01");
    expect(choiceParam(p, "status", ["OPEN", "CLOSED"] as const)).toBe("OPEN");
    expect(choiceParam(p, "status", ["CLOSED"] as const)).toBe("");
  });
  it("leaves empty values and defaults out, keeps order, writes true as 1", () => {
    expect(queryString({ status: "", q: "a b", mine: true, off: false, size: sizeValue(20, 20) })).toBe("?q=a+b&mine=1");
    expect(queryString({}, {})).toBe("");
    expect(queryString({ size: sizeValue(50, 20) }, { cursor: "a1_1", id: 3 })).toBe("?size=50&cursor=a1_1&id=3");
  });
  it("round-trips filters through the URL", () => {
    const f = { status: "OPEN", from: "2026-03-01", to: "", q: "海", mine: true, size: 50 };
    const p = new URLSearchParams(queryString({ status: f.status, from: f.from, to: f.to, q: f.q, mine: f.mine, size: sizeValue(f.size, 20) }).slice(1));
    expect({
      status: choiceParam(p, "status", ["OPEN"] as const),
      from: dayParam(p, "from"),
      to: dayParam(p, "to"),
      q: p.get("q"),
      mine: p.get("mine") === "1",
      size: sizeParam(p, { fallback: 20 }),
    }).toEqual(f);
  });
});

describe("key cursors", () => {
  it("round-trip (key, id) and refuse anything else, a key above the list's maximum included", () => {
    expect(decodeKeyCursor(encodeKeyCursor(10, 245))).toEqual({ key: 10, id: 245 });
    expect(decodeKeyCursor(encodeKeyCursor(1767225600000, 7))).toEqual({ key: 1767225600000, id: 7 });
    for (const bad of [null, "", "10", "10_", "_5", "-1_5", "10_5;drop", "1e3_5", "10_0", "10_2147483648"]) expect(decodeKeyCursor(bad)).toBeNull();
    expect(decodeKeyCursor("123456_1", 99_999)).toBeNull();
    expect(decodeKeyCursor("99999_1", 99_999)).toEqual({ key: 99_999, id: 1 });
  });
});
