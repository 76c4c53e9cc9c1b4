import { describe, expect, it } from "vitest";
import { isChunkError } from "./chunk-error";

describe("isChunkError", () => {
  it("recognises chunk failures from webpack, Turbopack and native dynamic import", () => {
    expect(isChunkError(Object.assign(new Error("x"), { name: "ChunkLoadError" }))).toBe(true);
    expect(isChunkError(new Error("Loading chunk 123 failed."))).toBe(true);
    expect(isChunkError(new Error("Loading CSS chunk app/page failed"))).toBe(true);
    expect(isChunkError(new TypeError("Failed to fetch dynamically imported module: /x.js"))).toBe(true);
    expect(isChunkError(new Error("Failed to load chunk /_next/static/chunks/a.js"))).toBe(true);
  });
  it("leaves other errors to the toast", () => {
    expect(isChunkError(new Error("Network request failed"))).toBe(false);
    expect(isChunkError(null)).toBe(false);
    expect(isChunkError("Loading chunk 1 failed")).toBe(false);
  });
});
