import { describe, expect, it } from "vitest";
import { CREDENTIAL_PATTERN, maskCredential, scanText } from "./leak-scan";
import { PREFIX, newCredential } from "./tokens";

// The scanner's pattern is the shape of every credential lib/oauth/tokens.ts makes, and what it
// reports never shows the secret part.

describe("credential leak scan", () => {
  it("matches every kind of credential tokens.ts issues, and nothing of their hashes", () => {
    for (const kind of Object.keys(PREFIX) as (keyof typeof PREFIX)[]) {
      const value = newCredential(kind);
      expect(new RegExp(`^${CREDENTIAL_PATTERN}$`).test(value), kind).toBe(true);
    }
    expect(new RegExp(CREDENTIAL_PATTERN).test("a".repeat(64))).toBe(false);
    expect(new RegExp(CREDENTIAL_PATTERN).test(`dpa_${"x".repeat(42)}`)).toBe(false);
  });

  it("reports log lines with their numbers, masked", () => {
    const token = newCredential("access");
    const hits = scanText(`{"msg":"ok"}\n{"msg":"request","path":"/x/${token}"}\n`, "server.log");
    expect(hits).toEqual([{ where: "server.log:2", sample: expect.stringContaining("dpa_") }]);
    expect(hits[0].sample).not.toContain(token.slice(8));
    expect(maskCredential(`a ${token} b`)).toBe(`a ${token.slice(0, 8)}…[39 characters masked] b`);
  });
});
