import { describe, expect, it } from "vitest";
import { SALES_RETURN_MOVES, batchStatusOf, salesReturnMovesFor } from "./states";

// The sales return's transition table, what each side is offered,
// and how a delivery batch's status follows its items.

const all = () => true;

describe("sales return moves", () => {
  it("has exactly the transitions of the domain", () => {
    expect(
      Object.values(SALES_RETURN_MOVES)
        .map((m) => `${m.from}→${m.to} ${m.actor} ${m.permission}`)
        .sort(),
    ).toEqual(
      [
        "SUBMITTED→APPROVED staff salesReturn:approve",
        "SUBMITTED→REJECTED staff salesReturn:approve",
        "APPROVED→SHIPPED dealer salesReturn:ship",
        "SHIPPED→RECEIVED staff salesReturn:receive",
        "RECEIVED→COMPLETED staff salesReturn:receive",
      ].sort(),
    );
  });

  it("offers each actor only its moves from the status, and only with the permission", () => {
    expect(salesReturnMovesFor("SUBMITTED", "staff", all)).toEqual(["approve", "reject"]);
    expect(salesReturnMovesFor("SUBMITTED", "dealer", all)).toEqual([]);
    expect(salesReturnMovesFor("APPROVED", "dealer", all)).toEqual(["ship"]);
    expect(salesReturnMovesFor("APPROVED", "staff", all)).toEqual([]);
    expect(salesReturnMovesFor("SHIPPED", "staff", all)).toEqual(["receive"]);
    expect(salesReturnMovesFor("RECEIVED", "staff", all)).toEqual(["complete"]);
    for (const s of ["REJECTED", "COMPLETED"] as const) for (const a of ["dealer", "staff"] as const) expect(salesReturnMovesFor(s, a, all)).toEqual([]);
    expect(salesReturnMovesFor("SUBMITTED", "staff", (p) => p === "salesReturn:receive")).toEqual([]);
    expect(salesReturnMovesFor("APPROVED", "dealer", (p) => p === "salesReturn:create")).toEqual([]);
  });
});

describe("batch status", () => {
  it("follows its items", () => {
    expect(batchStatusOf(["SHIPPED", "SHIPPED"])).toBe("SHIPPED");
    expect(batchStatusOf(["RECEIVED", "SHIPPED"])).toBe("SHIPPED");
    expect(batchStatusOf(["COMPLETED", "SHIPPED"])).toBe("SHIPPED");
    expect(batchStatusOf(["RECEIVED", "RECEIVED"])).toBe("RECEIVED");
    expect(batchStatusOf(["COMPLETED", "RECEIVED"])).toBe("RECEIVED");
    expect(batchStatusOf(["COMPLETED", "COMPLETED"])).toBe("COMPLETED");
    expect(batchStatusOf(["COMPLETED"])).toBe("COMPLETED");
    expect(batchStatusOf([])).toBe("SHIPPED");
  });
});
