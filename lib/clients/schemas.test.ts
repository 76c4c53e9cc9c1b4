import { describe, expect, it } from "vitest";
import { clientRuleIssues, isValidRedirectUri, ZClientSave } from "./schemas";

describe("isValidRedirectUri", () => {
  it.each([
    "https://partner.example.com/oauth/callback",
    "https://partner.example.com:8443/cb?x=1",
    "http://127.0.0.1:8123/callback",
    "http://localhost/cb",
    "http://[::1]:9000/cb",
    "com.example.app:/oauth2redirect",
    "com.example.app://callback",
  ])("accepts %s", (uri) => expect(isValidRedirectUri(uri)).toBe(true));

  it.each([
    "http://example.com/cb",
    "http://127.0.0.1.example.com/cb",
    "https://example.com/cb#frag",
    "https://example.com/cb#",
    "https://user:pw@example.com/cb",
    "https://*.example.com/cb",
    "/relative/cb",
    "myapp:/cb",
    "javascript:alert(1)",
    "data:text/html,x",
    "file:///etc/passwd",
    "",
    `https://example.com/${"a".repeat(500)}`,
  ])("refuses %s", (uri) => expect(isValidRedirectUri(uri)).toBe(false));
});

describe("clientRuleIssues", () => {
  const base = { confidential: true, grants: ["client_credentials"] as const, redirectUris: [], binding: "STAFF" as const, organizationId: 1, companyId: null, roleIds: [1] };
  const fields = (v: Parameters<typeof clientRuleIssues>[0]) => clientRuleIssues(v).map((i) => i.field);

  it("accepts a bound confidential integration and a public PKCE app", () => {
    expect(clientRuleIssues({ ...base, grants: [...base.grants] })).toEqual([]);
    expect(
      clientRuleIssues({ ...base, confidential: false, grants: ["authorization_code", "refresh_token"], redirectUris: ["com.example.app:/cb"], binding: null, roleIds: [] }),
    ).toEqual([]);
  });

  it("names the field of each broken rule", () => {
    expect(fields({ ...base, confidential: false, grants: ["authorization_code", "client_credentials"], redirectUris: ["https://a.example/cb"] })).toContain("grants");
    expect(fields({ ...base, grants: ["client_credentials", "refresh_token"] })).toEqual(["grants"]);
    expect(fields({ ...base, grants: ["authorization_code"], binding: null })).toEqual(["redirectUris"]);
    expect(fields({ ...base, grants: ["authorization_code"], redirectUris: ["https://a.example/cb", "https://a.example/cb"] })).toEqual(["redirectUris"]);
    expect(fields({ ...base, grants: ["client_credentials"], binding: null })).toContain("binding");
    expect(fields({ ...base, organizationId: null })).toEqual(["organizationId"]);
    expect(fields({ ...base, binding: "DEALER", companyId: null })).toEqual(["companyId"]);
    expect(fields({ ...base, roleIds: [] })).toEqual(["roleIds"]);
  });
});

describe("ZClientSave", () => {
  const ok = {
    name: "ERP",
    clientId: "erp.main_1-x",
    confidential: true,
    grants: ["client_credentials"],
    scopes: ["orders:read"],
    accessTokenSeconds: 60,
    refreshTokenSeconds: 31536000,
    rateLimitPerMinute: 100000,
    enabled: true,
  };
  it("takes the limits' bounds and a blank client id", () => {
    expect(ZClientSave.safeParse(ok).success).toBe(true);
    expect(ZClientSave.parse({ ...ok, clientId: " " }).clientId).toBeNull();
  });
  it.each([
    { clientId: "ab" },
    { clientId: "a".repeat(65) },
    { clientId: "has space" },
    { clientId: "UPPER/slash" },
    { accessTokenSeconds: 86401 },
    { refreshTokenSeconds: 299 },
    { rateLimitPerMinute: 0 },
    { scopes: [] },
    { scopes: ["orders:delete"] },
    { grants: ["password"] },
  ])("refuses %o", (over) => expect(ZClientSave.safeParse({ ...ok, ...over }).success).toBe(false));
});
