import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, securityHeaders, strictTransportSecurity } from "./security-headers";

const get = (key: string) => securityHeaders().find((h) => h.key === key)?.value;

describe("security headers", () => {
  it("forbid framing, sniffing and leaking referrers", () => {
    expect(get("X-Content-Type-Options")).toBe("nosniff");
    expect(get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(get("X-Frame-Options")).toBe("DENY");
  });

  it("allow the camera to our own pages only (the scan input), never the microphone or location", () => {
    expect(get("Permissions-Policy")).toBe("camera=(self), microphone=(), geolocation=()");
  });

  it("run scripts only by nonce: no inline script without it, no eval in production", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123==", dev: false });
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123==' 'strict-dynamic' 'wasm-unsafe-eval'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy({ nonce: "x", dev: true })).toContain("'unsafe-eval'");
  });

  it("make a new 128-bit nonce every time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it("send HSTS only when HSTS_MAX_AGE asks for it", () => {
    expect(strictTransportSecurity(undefined)).toBeNull();
    expect(strictTransportSecurity("0")).toBeNull();
    expect(strictTransportSecurity("soon")).toBeNull();
    expect(strictTransportSecurity("31536000")).toBe("max-age=31536000; includeSubDomains");
  });
});
