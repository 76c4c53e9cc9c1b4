import { describe, expect, it } from "vitest";
import { PRE_ORDER_MOVES, preOrderMovesFor, shanghaiToday } from "./states";

// The pre-order's transition table and what the detail offers.

const all = () => true;

describe("pre-order moves", () => {
  it("has exactly the transitions of the domain", () => {
    expect(
      Object.values(PRE_ORDER_MOVES)
        .map((m) => `${m.from}→${m.to} ${m.actor}`)
        .sort(),
    ).toEqual(["CONFIRMED→CANCELLED staff", "CONFIRMED→CONVERTED staff", "SUBMITTED→CANCELLED dealer", "SUBMITTED→CONFIRMED staff", "SUBMITTED→REJECTED staff"].sort());
  });

  it("offers each actor only its moves from the status, and only with the permission", () => {
    expect(preOrderMovesFor("SUBMITTED", "dealer", all)).toEqual(["cancel"]);
    expect(preOrderMovesFor("SUBMITTED", "staff", all)).toEqual(["confirm", "reject"]);
    expect(preOrderMovesFor("CONFIRMED", "staff", all)).toEqual(["staffCancel", "convert"]);
    expect(preOrderMovesFor("CONFIRMED", "dealer", all)).toEqual([]);
    for (const s of ["CONVERTED", "CANCELLED", "REJECTED"] as const) for (const a of ["dealer", "staff"] as const) expect(preOrderMovesFor(s, a, all)).toEqual([]);
    expect(preOrderMovesFor("SUBMITTED", "staff", (p) => p === "preOrder:reject")).toEqual(["reject"]);
  });

  it("takes today in Asia/Shanghai", () => {
    expect(shanghaiToday(new Date("2026-11-21T15:59:59Z"))).toBe("2026-11-21");
    expect(shanghaiToday(new Date("2026-11-21T16:00:00Z"))).toBe("2026-11-22");
  });
});
