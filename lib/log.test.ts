import { afterEach, describe, expect, it, vi } from "vitest";
import { log, logRequest, redactLine } from "./log";

// Issue 22: no bearer token, refresh token, code or client secret reaches a log line, whatever
// a caller passes (a path with ?access_token=, an error quoting a header, a field named so).

const TOKEN = `dpa_${"A1b2C3d4_-".repeat(4)}xyz`; // 43 base64url characters after the prefix

afterEach(() => vi.restoreAllMocks());

function captured(fn: () => void): string {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((l: string) => void lines.push(l));
  vi.spyOn(console, "error").mockImplementation((l: string) => void lines.push(l));
  fn();
  return lines.join("\n");
}

describe("log redaction", () => {
  it("masks the credentials' prefixes, credential query parameters and bearer headers anywhere in a line", () => {
    expect(redactLine(`GET /customerWeb/api/v1/goods?access_token=${TOKEN}&kind=PART`)).toBe("GET /customerWeb/api/v1/goods?access_token=[redacted]&kind=PART");
    expect(redactLine(`/oauth/callback?state=s1&code=abc123`)).toBe("/oauth/callback?state=s1&code=[redacted]");
    expect(redactLine(`failed for Authorization: Bearer ${TOKEN}`)).toBe("failed for Authorization: Bearer dpa_[redacted]");
    expect(redactLine("Authorization: Bearer eyJhbGciOi.payload.sig")).toBe("Authorization: Bearer [redacted]");
    expect(redactLine(`secret dps_${"x".repeat(43)} refresh dpr_${"y".repeat(43)} code dpc_${"z".repeat(43)}`)).toBe(
      "secret dps_[redacted] refresh dpr_[redacted] code dpc_[redacted]",
    );
    // Ordinary text is left alone.
    expect(redactLine('{"msg":"request","path":"/customerWeb/api/v1/orders/12","status code":500}')).toBe(
      '{"msg":"request","path":"/customerWeb/api/v1/orders/12","status code":500}',
    );
  });

  it("drops fields named like credentials, at any depth, and masks tokens in the others", () => {
    const out = captured(() => {
      logRequest({ path: `/customerWeb/api/v1/goods/${TOKEN}`, authorization: `Bearer ${TOKEN}`, headers: { Cookie: "next-auth.session-token=abc" } });
      log.error("token request failed", { body: { client_secret: "s3cret", code_verifier: "v".repeat(50), grant_type: "authorization_code" }, error: `bad ${TOKEN}` });
    });
    expect(out).not.toContain(TOKEN.slice(4));
    expect(out).not.toContain("s3cret");
    expect(out).not.toContain("v".repeat(50));
    expect(out).not.toContain("session-token=abc");
    expect(out).toContain('"grant_type":"authorization_code"');
    for (const line of out.split("\n")) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it("masks WeChat's app secret and access token in URLs and drops fields named so (issue 23)", () => {
    const url = "https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx0d1e2a3b4c5d6e7f&secret=9f8e7d6c5b4a39281706f5e4d3c2b1a0";
    expect(redactLine(url)).toBe("https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx0d1e2a3b4c5d6e7f&secret=[redacted]");
    expect(redactLine("POST /cgi-bin/message/template/send?access_token=79_AbCdEf-123.x")).toBe("POST /cgi-bin/message/template/send?access_token=[redacted]");
    const out = captured(() => log.warn("wechat", { appSecret: "s3cr3t-wx", secret: "s3cr3t-2", accessToken: "tok-1", url: `${url}&x=1` }));
    expect(out).not.toContain("s3cr3t");
    expect(out).not.toContain("tok-1");
    expect(out).not.toContain("9f8e7d6c5b4a");
    expect(out).toContain("appid=wx0d1e2a3b4c5d6e7f");
  });
});
