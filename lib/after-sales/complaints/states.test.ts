import { describe, expect, it } from "vitest";
import { COMPLAINT_MOVES, complaintMovesFor } from "./states";

// The complaint's transition table and what the detail offers.

const all = () => true;

describe("complaint moves", () => {
  it("has exactly the transitions of the domain", () => {
    expect(
      Object.values(COMPLAINT_MOVES)
        .map((m) => `${m.from}→${m.to} ${m.actor}`)
        .sort(),
    ).toEqual(["SUBMITTED→PROCESSING staff", "PROCESSING→REPLIED staff", "REPLIED→CLOSED dealer", "REPLIED→PROCESSING dealer"].sort());
  });

  it("offers each actor only its moves from the status, and only with the permission", () => {
    expect(complaintMovesFor("SUBMITTED", "staff", all)).toEqual(["take"]);
    expect(complaintMovesFor("SUBMITTED", "dealer", all)).toEqual([]);
    expect(complaintMovesFor("PROCESSING", "staff", all)).toEqual(["reply"]);
    expect(complaintMovesFor("PROCESSING", "dealer", all)).toEqual([]);
    expect(complaintMovesFor("REPLIED", "dealer", all)).toEqual(["close", "note"]);
    expect(complaintMovesFor("REPLIED", "staff", all)).toEqual([]);
    for (const a of ["dealer", "staff"] as const) expect(complaintMovesFor("CLOSED", a, all)).toEqual([]);
    expect(complaintMovesFor("SUBMITTED", "staff", (p) => p === "complaint:create")).toEqual([]);
    expect(complaintMovesFor("REPLIED", "dealer", (p) => p === "complaint:close")).toEqual(["close", "note"]);
  });

  it("never replies straight from SUBMITTED: staff take it first", () => {
    expect(Object.values(COMPLAINT_MOVES).some((m) => m.from === "SUBMITTED" && m.to === "REPLIED")).toBe(false);
  });
});
