import { describe, expect, it } from "vitest";
import { MAX_QUANTITY } from "../orders/schemas";
import { MAX_LINE_QUANTITY, cartTypeOf, kindsOf, parseQuantity, quantityProblem, sumMoney } from "./rules";

const goods = { minOrderQty: 2, stock: 5, onSale: true };

describe("cart rules (shown in the browser before the server answers)", () => {
  it("keeps the browser's bound equal to zQuantity's", () => expect(MAX_LINE_QUANTITY).toBe(MAX_QUANTITY));

  it("names the reason a quantity cannot be ordered", () => {
    expect(quantityProblem(2, goods)).toBeNull();
    expect(quantityProblem(5, goods)).toBeNull();
    expect(quantityProblem(1, goods)).toEqual({ key: "belowMinimum", values: { min: 2 } });
    expect(quantityProblem(6, goods)).toEqual({ key: "aboveStock", values: { stock: 5 } });
    expect(quantityProblem(0, goods)).toEqual({ key: "invalidQuantity", values: { max: 99_999 } });
    expect(quantityProblem(-1, goods)?.key).toBe("invalidQuantity");
    expect(quantityProblem(2.5, goods)?.key).toBe("invalidQuantity");
    expect(quantityProblem(Number.NaN, goods)?.key).toBe("invalidQuantity");
    expect(quantityProblem(100_000, { ...goods, stock: 1_000_000 })?.key).toBe("invalidQuantity");
  });

  it("puts the goods' state before the quantity", () => {
    expect(quantityProblem(2, { ...goods, onSale: false })?.key).toBe("offSale");
    expect(quantityProblem(2, { ...goods, stock: 0 })?.key).toBe("outOfStock");
  });

  it("reads only digits as a quantity", () => {
    expect(parseQuantity(" 12 ")).toBe(12);
    for (const bad of ["", "abc", "1.5", "-3", "1e3", "０", "12a"]) expect(parseQuantity(bad)).toBeNaN();
  });

  it("sums money in cents, never floats", () => {
    expect(sumMoney(["0.10", "0.10", "0.10"])).toBe("0.30");
    expect(sumMoney(["0.1", "0.2"])).toBe("0.30");
    expect(sumMoney([])).toBe("0.00");
    expect(sumMoney(["999999999999.99", "0.01"])).toBe("1000000000000.00");
    expect(() => sumMoney(["1.234"])).toThrow();
  });

  it("sends vehicles to the vehicle cart and parts and derivative goods to the parts cart", () => {
    expect(cartTypeOf("VEHICLE")).toBe("VEHICLE");
    expect(cartTypeOf("PART")).toBe("PARTS");
    expect(cartTypeOf("DERIVATIVE")).toBe("PARTS");
    expect(kindsOf("PARTS")).toEqual(["PART", "DERIVATIVE"]);
  });
});
