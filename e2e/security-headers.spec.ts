import { HOME, expect, test } from "./fixtures";

// Spec section 12: every response carries the security headers and a request id.
test.describe("security headers", () => {
  const targets = [
    { what: "a page", path: "system/login" },
    { what: "an API route", path: "api/auth/csrf" },
    { what: "the server loader", path: `__serverLoader?route=${HOME}` },
    { what: "the health endpoint", path: "api/health" },
    { what: "the not-found page", path: "no/such/page-e2e" },
  ];
  for (const { what, path } of targets) {
    test(`on ${what}`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      const h = res.headers();
      expect(h["content-security-policy"], "CSP").toContain("frame-ancestors 'none'");
      expect(h["content-security-policy"]).toContain("object-src 'none'");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBeTruthy();
      expect(h["x-request-id"]).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
      expect(h["x-powered-by"]).toBeUndefined();
    });
  }

  test("the request id is unique per request and a caller's valid id is kept", async ({ request }) => {
    const a = (await request.get("api/health")).headers()["x-request-id"];
    const b = (await request.get("api/health")).headers()["x-request-id"];
    expect(a).not.toBe(b);
    const mine = `e2e-${Date.now()}`;
    const echoed = await request.get("api/health", { headers: { "x-request-id": mine } });
    expect(echoed.headers()["x-request-id"]).toBe(mine);
    const bad = await request.get("api/health", { headers: { "x-request-id": "<script>" } });
    expect(bad.headers()["x-request-id"]).not.toBe("<script>");
  });

  test("redirects carry the headers too", async ({ request }) => {
    const res = await request.get("onlineMall", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers()["x-request-id"]).toBeTruthy();
  });
});
