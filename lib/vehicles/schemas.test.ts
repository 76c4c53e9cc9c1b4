import { describe, expect, it } from "vitest";
import { dateToMinute, minuteToDate, zBirthday, zMinute, ZReturnVehicle, ZSellVehicle, zVin } from "./schemas";

// The vehicle forms' shared schemas: what the browser checks and the server parses again.

const issue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues[0]?.message;

describe("zVin", () => {
  it("trims and upper-cases a valid VIN", () => expect(zVin.parse("  1m8gdm9axkp042788 ")).toBe("1M8GDM9AXKP042788"));
  it("names the problem: length, characters, check digit", () => {
    expect(issue(zVin.safeParse("1M8GDM9AXKP04278"))).toBe("vinLength");
    expect(issue(zVin.safeParse("1M8GDM9AXKP0427O8"))).toBe("vinCharacters");
    expect(issue(zVin.safeParse("1M8GDM9A1KP042788"))).toBe("vinCheckDigit");
  });
  it("an empty VIN is a required field", () => expect(zVin.safeParse("  ").error?.issues[0]?.code).toBe("too_small"));
});

describe("times and days", () => {
  it("accepts minutes that exist, with a space or a T", () => {
    expect(zMinute.safeParse("2026-02-28 23:59").success).toBe(true);
    expect(zMinute.safeParse("2026-02-28T00:00").success).toBe(true);
  });
  it.each(["2026-02-30 10:00", "2026-01-01 24:00", "2026-01-01 10:60", "2026-1-1 10:00", "yesterday"])("refuses %s", (v) => expect(issue(zMinute.safeParse(v))).toBe("date"));
  it("reads and writes Beijing time", () => {
    expect(minuteToDate("2026-03-01 07:30").toISOString()).toBe("2026-02-28T23:30:00.000Z");
    expect(dateToMinute(new Date("2026-02-28T23:30:00Z"))).toBe("2026-03-01 07:30");
  });
  it("birthdays go back to 1900 and must exist", () => {
    expect(zBirthday.safeParse("1948-02-29").success).toBe(true);
    expect(zBirthday.safeParse("1949-02-29").success).toBe(false);
    expect(zBirthday.safeParse("1899-12-31").success).toBe(false);
  });
});

describe("the sale and return forms", () => {
  const sale = { vin: "1M8GDM9AXKP042788", soldAt: "2026-11-20 10:00", ownerName: "Li Lei", phone: "13812345678", idType: "PRC_ID", idNumber: "11010519491231002x" };
  it("parses a sale and upper-cases the ID number", () => expect(ZSellVehicle.parse(sale).idNumber).toBe("11010519491231002X"));
  it("names each bad field", () => {
    const r = ZSellVehicle.safeParse({ ...sale, ownerName: " ", phone: "123", idType: "LICENCE", age: 7 });
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(["age", "idType", "ownerName", "phone"]);
  });
  it("a return needs a reason", () => {
    expect(ZReturnVehicle.safeParse({ vin: sale.vin, returnedAt: "2026-11-21 09:00", reason: "" }).error?.issues[0]?.path).toEqual(["reason"]);
  });
});
