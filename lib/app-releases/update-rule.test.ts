import { describe, expect, it } from "vitest";
import { releaseProblems, ZLatestQuery, ZReleaseSave } from "./schemas";
import { updateAdvice } from "./update-rule";

// The update check's rule around the minimum supported number, and the force flag of a release
// between the caller and the latest.

const latest = { versionNumber: 150, minSupported: 120 };

describe("updateAdvice", () => {
  it("must update below the minimum supported number, may update from it up", () => {
    expect(updateAdvice(119, latest, null)).toEqual({ updateAvailable: true, mustUpdate: true });
    expect(updateAdvice(120, latest, null)).toEqual({ updateAvailable: true, mustUpdate: false });
    expect(updateAdvice(121, latest, null)).toEqual({ updateAvailable: true, mustUpdate: false });
  });

  it("offers nothing on the latest number or above it (a newer test build)", () => {
    expect(updateAdvice(150, latest, null)).toEqual({ updateAvailable: false, mustUpdate: false });
    expect(updateAdvice(151, latest, null)).toEqual({ updateAvailable: false, mustUpdate: false });
  });

  it("keeps an intermediate forced release mandatory for callers below it, not for those on or above it", () => {
    // 130 was published with forceUpdate; 150 (latest) was not.
    expect(updateAdvice(125, latest, 130)).toEqual({ updateAvailable: true, mustUpdate: true });
    expect(updateAdvice(129, latest, 130)).toEqual({ updateAvailable: true, mustUpdate: true });
    expect(updateAdvice(130, latest, 130)).toEqual({ updateAvailable: true, mustUpdate: false });
    expect(updateAdvice(140, latest, 130)).toEqual({ updateAvailable: true, mustUpdate: false });
  });

  it("makes the latest release itself mandatory when it is forced", () => {
    expect(updateAdvice(149, latest, 150)).toEqual({ updateAvailable: true, mustUpdate: true });
    expect(updateAdvice(150, latest, 150)).toEqual({ updateAvailable: false, mustUpdate: false });
  });

  it("treats minSupported equal to the latest number as forcing everyone below it", () => {
    const all = { versionNumber: 150, minSupported: 150 };
    expect(updateAdvice(149, all, null).mustUpdate).toBe(true);
    expect(updateAdvice(150, all, null).mustUpdate).toBe(false);
  });
});

describe("release schemas", () => {
  const base = { platform: "ANDROID", versionName: "1.2.3", versionNumber: 123, minSupported: 100, notesEn: "Fixes", notesZh: "修复", storeUrl: "https://example.com/app" };

  it("take version names of digits and dots with an optional suffix", () => {
    for (const name of ["1", "1.2.3", "10.0.1-beta.2", "2.0.0-rc1"]) expect(ZReleaseSave.safeParse({ ...base, versionName: name }).success, name).toBe(true);
    for (const name of ["v1.2", "1..2", "1.2.", "-beta", "1.2 beta", "1.2.3-", "1".repeat(31)])
      expect(ZReleaseSave.safeParse({ ...base, versionName: name }).success, name).toBe(false);
  });

  it("keep the minimum supported number between 1 and the version number", () => {
    expect(ZReleaseSave.safeParse({ ...base, minSupported: 123 }).success).toBe(true);
    const over = ZReleaseSave.safeParse({ ...base, minSupported: 124 });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]).toMatchObject({ code: "too_big", path: ["minSupported"] });
    expect(ZReleaseSave.safeParse({ ...base, minSupported: 0 }).success).toBe(false);
    expect(ZReleaseSave.safeParse({ ...base, versionNumber: 0, minSupported: 0 }).success).toBe(false);
    expect(ZReleaseSave.safeParse({ ...base, versionNumber: 1.5 }).success).toBe(false);
  });

  it("require both notes, at most 4000 characters", () => {
    expect(ZReleaseSave.safeParse({ ...base, notesZh: " " }).success).toBe(false);
    expect(ZReleaseSave.safeParse({ ...base, notesEn: "x".repeat(4001) }).success).toBe(false);
    expect(ZReleaseSave.safeParse({ ...base, notesEn: "line 1\nline 2" }).success).toBe(true);
  });

  it("want exactly one of a package and an https store URL, and no package for iOS", () => {
    const pkg = [{ id: "a".repeat(32) }];
    expect(releaseProblems({ platform: "ANDROID", storeUrl: null, package: pkg })).toEqual([]);
    expect(releaseProblems({ platform: "ANDROID", storeUrl: "https://play.google.com/x", package: [] })).toEqual([]);
    expect(releaseProblems({ platform: "HARMONYOS", storeUrl: "", package: [] })).toEqual([{ field: "storeUrl", key: "urlOrPackage" }]);
    expect(releaseProblems({ platform: "ANDROID", storeUrl: "https://x.example", package: pkg })).toEqual([{ field: "storeUrl", key: "urlAndPackage" }]);
    expect(releaseProblems({ platform: "IOS", storeUrl: "http://apps.apple.com/x", package: [] })).toEqual([{ field: "storeUrl", key: "urlHttps" }]);
    expect(releaseProblems({ platform: "IOS", storeUrl: "https://user:pw@apps.apple.com/x", package: [] })).toEqual([{ field: "storeUrl", key: "urlHttps" }]);
    expect(releaseProblems({ platform: "IOS", storeUrl: null, package: pkg })).toEqual([{ field: "package", key: "iosStoreOnly" }]);
  });

  it("read the update check's query: a platform in any case, a positive whole version", () => {
    expect(ZLatestQuery.parse({ platform: "android", version: "42" })).toEqual({ platform: "ANDROID", version: 42 });
    expect(ZLatestQuery.safeParse({ platform: "windows", version: "1" }).success).toBe(false);
    for (const version of ["0", "-1", "1.5", "abc", "", "99999999999"]) expect(ZLatestQuery.safeParse({ platform: "IOS", version }).success, version).toBe(false);
  });
});
