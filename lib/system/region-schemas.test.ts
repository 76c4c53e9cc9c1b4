import { describe, expect, it } from "vitest";
import { regionRuleBroken, ZRegionImport, ZRegionSave } from "./region-schemas";

const province = { code: "310000", level: 1 };
const city = { code: "310100", level: 2 };

describe("region tree rules (GB/T 2260)", () => {
  it("accepts a province, its city and the city's district", () => {
    expect(regionRuleBroken("310000", 1, null)).toBeNull();
    expect(regionRuleBroken("310100", 2, province)).toBeNull();
    expect(regionRuleBroken("310115", 3, city)).toBeNull();
    expect(regionRuleBroken("310151", 3, city)).toBeNull();
  });

  it("wants the parent one level up", () => {
    expect(regionRuleBroken("310000", 1, province)).toEqual({ key: "provinceHasNoParent", field: "parent" });
    expect(regionRuleBroken("310100", 2, null)).toEqual({ key: "parentRequired", field: "parent" });
    expect(regionRuleBroken("310115", 3, province)).toEqual({ key: "parentLevel", field: "parent" });
  });

  it("wants the code shaped for its level and starting with its parent's digits", () => {
    expect(regionRuleBroken("310100", 1, null)?.key).toBe("codeLevel1");
    expect(regionRuleBroken("310000", 2, province)?.key).toBe("codeLevel2");
    expect(regionRuleBroken("310115", 2, province)?.key).toBe("codeLevel2");
    expect(regionRuleBroken("310100", 3, city)?.key).toBe("codeLevel3");
    expect(regionRuleBroken("320100", 2, province)?.key).toBe("codePrefix");
    expect(regionRuleBroken("310215", 3, city)?.key).toBe("codePrefix");
  });

  it("checks the form's parent path against the level, and the import row's fields", () => {
    const base = { code: "310100", nameEn: "Shanghai City", nameZh: "上海市", sort: 0, enabled: true };
    expect(ZRegionSave.safeParse({ ...base, level: 2, parentPath: [1] }).success).toBe(true);
    const bad = ZRegionSave.safeParse({ ...base, level: 2, parentPath: [] });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join("."))).toEqual(["parentPath"]);
    expect(ZRegionSave.safeParse({ ...base, code: "3101", level: 1, parentPath: [] }).success).toBe(false);
    expect(ZRegionImport.parse({ code: "310100", parentCode: "", level: 2, nameEn: "A", nameZh: "甲" })).toEqual({
      code: "310100",
      parentCode: null,
      level: 2,
      nameEn: "A",
      nameZh: "甲",
      sort: 0,
      enabled: true,
    });
  });
});
