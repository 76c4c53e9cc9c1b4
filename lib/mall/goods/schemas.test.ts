import { describe, expect, it } from "vitest";
import { ZVehicleModelSave } from "../catalog/schemas";
import { idParam, ZGoodsOnSale, ZGoodsSave } from "./schemas";

// The goods and catalogue forms' schemas against a catalogue of bad inputs, and the keyset
// cursor and query-string id parsing the mall pages trust.

const good = {
  kind: "PART",
  code: "P-BP-001",
  nameEn: "Brake pads",
  nameZh: "刹车片",
  carGroupId: null,
  vehicleModelId: null,
  config: "",
  specification: "Set of 4",
  price: "420.00",
  stock: 10,
  minOrderQty: 1,
  onSale: true,
  sort: 0,
  remark: "",
  pictures: [],
};
const fieldOf = (over: Record<string, unknown>) => {
  const r = ZGoodsSave.safeParse({ ...good, ...over });
  return r.success ? null : r.error.issues[0].path.join(".");
};

describe("ZGoodsSave", () => {
  it("accepts a plain goods and normalises blanks and numbers", () => {
    const r = ZGoodsSave.parse({ ...good, price: 12.5, carGroupId: "" });
    expect(r).toMatchObject({ price: "12.5", carGroupId: null, config: null, remark: null });
  });

  it.each([
    [{ price: "1.234" }, "price"],
    [{ price: "0" }, "price"],
    [{ price: "0.00" }, "price"],
    [{ price: "-1" }, "price"],
    [{ price: "1e3" }, "price"],
    [{ price: "1234567890123" }, "price"],
    [{ price: "" }, "price"],
    [{ price: "12,50" }, "price"],
    [{ price: "¥12" }, "price"],
    [{ price: Number.NaN }, "price"],
    [{ stock: -1 }, "stock"],
    [{ stock: 1.5 }, "stock"],
    [{ stock: "5" }, "stock"],
    [{ stock: 10_000_000 }, "stock"],
    [{ minOrderQty: 0 }, "minOrderQty"],
    [{ minOrderQty: 2.5 }, "minOrderQty"],
    [{ minOrderQty: 100_000 }, "minOrderQty"],
    [{ code: "" }, "code"],
    [{ code: "a b" }, "code"],
    [{ code: "'; drop table" }, "code"],
    [{ code: "x".repeat(41) }, "code"],
    [{ nameEn: "  " }, "nameEn"],
    [{ nameZh: "名".repeat(121) }, "nameZh"],
    [{ kind: "BOAT" }, "kind"],
    [{ remark: "r".repeat(1001) }, "remark"],
    [{ pictures: Array.from({ length: 10 }, (_, i) => ({ id: i.toString(16).padStart(32, "0") })) }, "pictures"],
    [{ pictures: [{ id: "../etc/passwd" }] }, "pictures.0.id"],
    [{ kind: "VEHICLE" }, "vehicleModelId"],
    [{ id: 5 }, "stockSeen"],
  ])("refuses %j (field %s)", (over, field) => {
    expect(fieldOf(over)).toBe(field);
  });

  it("accepts 12 integer digits and 2 decimals", () => {
    expect(fieldOf({ price: "999999999999.99" })).toBeNull();
    expect(fieldOf({ price: "0.01" })).toBeNull();
  });

  it("bulk on/off sale takes 1 to 500 ids", () => {
    expect(ZGoodsOnSale.safeParse({ ids: [], onSale: true }).success).toBe(false);
    expect(ZGoodsOnSale.safeParse({ ids: [1, -2], onSale: true }).success).toBe(false);
    expect(ZGoodsOnSale.safeParse({ ids: [1, 2], onSale: false }).success).toBe(true);
  });
});

describe("ZVehicleModelSave", () => {
  const base = { code: "AUR5", carGroupId: 1, nameEn: "Aurora 5", nameZh: "极光 5", sort: 0, enabled: true };
  it("takes warranty months from 1 to 240, or none", () => {
    expect(ZVehicleModelSave.parse({ ...base, warrantyMonths: "" }).warrantyMonths).toBeNull();
    expect(ZVehicleModelSave.parse({ ...base, warrantyMonths: 240 }).warrantyMonths).toBe(240);
    for (const w of [0, 241, 12.5, "12"]) expect(ZVehicleModelSave.safeParse({ ...base, warrantyMonths: w }).success).toBe(false);
  });
});

describe("ids from the query string", () => {
  it("reads positive int4 ids only", () => {
    expect(idParam("42")).toBe(42);
    for (const bad of [null, "", "0", "-1", "1.5", "2147483648", "12abc", 42]) expect(idParam(bad)).toBeNull();
  });
});
