import { describe, expect, it } from "vitest";
import { ZDictItemImport, ZDictItemSave, ZDictTypeSave } from "@/lib/system/dict-schemas";
import { isSeededItem, SYSTEM_DICTS } from "./catalog";
import { dictOptions, itemLabel } from "./items";

const items = [
  { value: "A", labelEn: "Ay", labelZh: "甲", color: "red" },
  { value: "B", labelEn: "Bee", labelZh: "乙", color: null },
];

describe("dictionary helpers for screens", () => {
  it("labels a value in the language, an unknown value as it is", () => {
    expect(itemLabel(items, "A", "en-US")).toBe("Ay");
    expect(itemLabel(items, "B", "zh-CN")).toBe("乙");
    expect(itemLabel(items, "X", "zh-CN")).toBe("X");
  });
  it("makes Select options in order", () => {
    expect(dictOptions(items, "zh-CN")).toEqual([
      { value: "A", label: "甲" },
      { value: "B", label: "乙" },
    ]);
  });
});

describe("the dictionary schemas", () => {
  it("values are letters, digits and _-. up to 64; colours come from antd's presets", () => {
    const base = { typeId: 1, labelEn: "x", labelZh: "x", sort: 0, enabled: true, color: null };
    expect(ZDictItemSave.safeParse({ ...base, value: "SELF_PICKUP-1.2" }).success).toBe(true);
    for (const value of ["", "has space", "中文", "x".repeat(65)]) expect(ZDictItemSave.safeParse({ ...base, value }).success, value).toBe(false);
    expect(ZDictItemSave.parse({ ...base, value: "a", color: "" }).color).toBeNull();
    expect(ZDictItemSave.safeParse({ ...base, value: "a", color: "pink" }).success).toBe(false);
    expect(ZDictItemImport.parse({ typeCode: "sex", value: "X", labelEn: "x", labelZh: "x", color: null })).toMatchObject({ sort: 0, enabled: true });
  });
});

describe("the product's dictionaries (catalog)", () => {
  it("are valid under the screen's own schemas, with unique codes and values", () => {
    expect(new Set(SYSTEM_DICTS.map((d) => d.code)).size).toBe(SYSTEM_DICTS.length);
    for (const d of SYSTEM_DICTS) {
      expect(ZDictTypeSave.safeParse({ code: d.code, nameEn: d.nameEn, nameZh: d.nameZh, remark: null }).success, d.code).toBe(true);
      expect(new Set(d.items.map((i) => i[0])).size, d.code).toBe(d.items.length);
      for (const [value, labelEn, labelZh, color] of d.items) {
        expect(ZDictItemSave.safeParse({ typeId: 1, value, labelEn, labelZh, color: color ?? null, sort: 0, enabled: true }).success, `${d.code}.${value}`).toBe(true);
      }
    }
    expect(isSeededItem("order_status", "CANCELLED")).toBe(true);
    expect(isSeededItem("order_status", "LOST")).toBe(false);
  });
});
