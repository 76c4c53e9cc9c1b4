import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

const get = (dev: boolean, key: string) => securityHeaders(dev).find((h) => h.key === key)?.value;

describe("security headers", () => {
  it("forbid framing, sniffing and leaking referrers in production", () => {
    expect(get(false, "Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(get(false, "Content-Security-Policy")).toContain("object-src 'none'");
    expect(get(false, "Content-Security-Policy")).not.toContain("unsafe-eval");
    expect(get(false, "X-Content-Type-Options")).toBe("nosniff");
    expect(get(false, "Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
  it("allow eval only for the dev server's hot reload", () => expect(get(true, "Content-Security-Policy")).toContain("'unsafe-eval'"));
});
