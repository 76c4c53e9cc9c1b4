import { afterEach, describe, expect, it, vi } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

afterEach(() => vi.unstubAllEnvs());

describe("secret box", () => {
  it("seals so that the value is not readable, and opens it again", () => {
    vi.stubEnv("APP_ENCRYPTION_KEY", "k1-for-tests");
    const sealed = sealSecret("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "ctx");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("wJalrXUtnFEMI");
    expect(sealSecret("same", "ctx")).not.toBe(sealSecret("same", "ctx"));
    expect(openSecret(sealed, "ctx")).toBe("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
  });

  it("refuses a tampered value, another context or another key", () => {
    vi.stubEnv("APP_ENCRYPTION_KEY", "k1-for-tests");
    const sealed = sealSecret("secret", "ctx");
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw[raw.length - 1] ^= 1;
    expect(() => openSecret(`v1.${raw.toString("base64url")}`, "ctx")).toThrow();
    expect(() => openSecret(sealed, "other")).toThrow();
    expect(() => openSecret("plain text", "ctx")).toThrow();
    vi.stubEnv("APP_ENCRYPTION_KEY", "k2-for-tests");
    expect(() => openSecret(sealed, "ctx")).toThrow();
  });

  it("falls back to NEXTAUTH_SECRET, the session secret", () => {
    vi.stubEnv("APP_ENCRYPTION_KEY", "");
    vi.stubEnv("NEXTAUTH_SECRET", "session-secret");
    const sealed = sealSecret("x");
    vi.stubEnv("APP_ENCRYPTION_KEY", "session-secret");
    expect(openSecret(sealed)).toBe("x");
  });

  it("refuses to seal in production without a configured key", () => {
    vi.stubEnv("APP_ENCRYPTION_KEY", "");
    vi.stubEnv("NEXTAUTH_SECRET", "");
    vi.stubEnv("NODE_ENV", "production");
    expect(() => sealSecret("x")).toThrow(/APP_ENCRYPTION_KEY/);
  });
});
