import { describe, expect, it } from "vitest";
import { contentDisposition, parseRange } from "./serve";

describe("parseRange", () => {
  it("reads one byte range, open-ended and suffix ranges", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=90-1000", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-1000", 100)).toEqual({ start: 0, end: 99 });
  });

  it("serves the whole file for what it does not understand, 416 for what cannot be served", () => {
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=9-3", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("inline", "photo.jpg")).toBe(`inline; filename="photo.jpg"; filename*=UTF-8''photo.jpg`);
    expect(contentDisposition("attachment", '报价 "Q4".pdf')).toBe(`attachment; filename="__ _Q4_.pdf"; filename*=UTF-8''%E6%8A%A5%E4%BB%B7%20%22Q4%22.pdf`);
  });
});
