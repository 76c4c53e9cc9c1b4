import { describe, expect, it } from "vitest";
import { signDownloadToken, verifyDownloadToken } from "./secrets";

const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("download tokens", () => {
  it("accept the token for its item and user until it expires", () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const token = signDownloadToken(7, 3, now);
    expect(verifyDownloadToken(token, 7, 3, now + 1_000)).toBe("ok");
    expect(verifyDownloadToken(token, 8, 3, now)).toBe("invalid");
    expect(verifyDownloadToken(token, 7, 4, now)).toBe("invalid");
    expect(verifyDownloadToken(token, 7, 3, now + 61_000)).toBe("expired");
  });

  it("refuse every other spelling of the MAC, including the last character's unused bits", () => {
    const now = Date.now();
    const token = signDownloadToken(7, 3, now);
    const last = token.at(-1)!;
    const others = [...B64URL].filter((c) => c !== last).map((c) => token.slice(0, -1) + c);
    for (const forged of others) expect(verifyDownloadToken(forged, 7, 3, now), forged).toBe("invalid");
  });
});
