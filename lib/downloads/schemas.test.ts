import { describe, expect, it } from "vitest";
import { downloadProblems, isHttpsUrl, ZDownloadSave } from "./schemas";

// The item form's rules that the browser and the server share.

describe("download form rules", () => {
  it("accepts only absolute https addresses without credentials", () => {
    expect(isHttpsUrl("https://example.com/price-list.pdf")).toBe(true);
    expect(isHttpsUrl("https://files.example.com:8443/a?b=c#d")).toBe(true);
    for (const bad of [
      "http://example.com/a.pdf",
      "ftp://example.com/a",
      "javascript:alert(1)",
      "//example.com/a",
      "/customerWeb/api/v1/files/x",
      "example.com",
      "https://user:pw@example.com/",
      "https://",
      "",
    ]) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
  });

  it("wants exactly one of a download URL and a file", () => {
    const file = [{ id: "a".repeat(32) }];
    expect(downloadProblems({ downloadUrl: "https://example.com/a.pdf" })).toEqual([]);
    expect(downloadProblems({ downloadUrl: null, file })).toEqual([]);
    expect(downloadProblems({ downloadUrl: "  ", file: [] })).toEqual([{ field: "downloadUrl", key: "urlOrFile" }]);
    expect(downloadProblems({ downloadUrl: "https://example.com/a.pdf", file })).toEqual([{ field: "downloadUrl", key: "urlAndFile" }]);
    expect(downloadProblems({ downloadUrl: "http://example.com/a.pdf" })).toEqual([{ field: "downloadUrl", key: "urlHttps" }]);
  });

  it("takes an empty verify code as none and trims a given one", () => {
    const base = { title: "Price list", downloadUrl: "https://example.com/a.pdf" };
    expect(ZDownloadSave.parse({ ...base, verifyCode: "  " }).verifyCode).toBeNull();
    expect(ZDownloadSave.parse({ ...base, verifyCode: " GM2026 " }).verifyCode).toBe("GM2026");
    expect(ZDownloadSave.safeParse({ ...base, verifyCode: "abc" }).success).toBe(false);
    expect(ZDownloadSave.safeParse({ ...base, verifyCode: "a b c d" }).success).toBe(false);
    expect(ZDownloadSave.safeParse({ ...base, file: [{ id: "../etc/passwd" }] }).success).toBe(false);
    expect(ZDownloadSave.parse(base)).toMatchObject({ content: "", file: [], images: [], enabled: true });
  });
});
