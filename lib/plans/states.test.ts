import { describe, expect, it } from "vitest";
import { addMonths, beforeDeadline, planDeadline, plannableMonths, reminderMonth } from "./deadline";
import { PLAN_MOVES, PLAN_STATUSES, planMove, planMovesFor, type PlanMove } from "./states";

// The purchase plans' state table and deadlines (pure).

describe("plan state table", () => {
  const allowed: Record<string, string> = {
    "DRAFT:save": "DRAFT",
    "RETURNED:save": "RETURNED",
    "DRAFT:submit": "SUBMITTED",
    "RETURNED:submit": "SUBMITTED",
    "SUBMITTED:revise": "SUBMITTED",
    "SUBMITTED:approve": "APPROVED",
    "SUBMITTED:return": "RETURNED",
    "SUBMITTED:adjust": "SUBMITTED",
  };
  it("allows exactly the table's moves", () => {
    for (const status of PLAN_STATUSES)
      for (const move of Object.keys(PLAN_MOVES) as PlanMove[]) expect(planMove(status, move), `${status}:${move}`).toBe(allowed[`${status}:${move}`] ?? null);
  });
  it("offers each side its moves, the dealer's ending at the deadline except for a returned plan", () => {
    expect(planMovesFor("DRAFT", "DEALER", true)).toEqual(["save", "submit"]);
    expect(planMovesFor("DRAFT", "DEALER", false)).toEqual([]);
    expect(planMovesFor("RETURNED", "DEALER", false)).toEqual(["save", "submit"]);
    expect(planMovesFor("SUBMITTED", "DEALER", true)).toEqual(["revise"]);
    expect(planMovesFor("SUBMITTED", "DEALER", false)).toEqual([]);
    expect(planMovesFor("SUBMITTED", "STAFF", false)).toEqual(["approve", "return", "adjust"]);
    expect(planMovesFor("APPROVED", "STAFF", true)).toEqual([]);
    expect(planMovesFor("APPROVED", "DEALER", true)).toEqual([]);
  });
});

describe("plan deadlines", () => {
  it("ends at midnight Shanghai after day N of the month before", () => {
    expect(planDeadline("2031-04", 25)).toEqual({ day: "2031-03-25", endsAt: new Date("2031-03-25T16:00:00Z") });
    expect(planDeadline("2031-01", 25).day).toBe("2030-12-25");
    // Clamped to the month's length.
    expect(planDeadline("2031-03", 31).day).toBe("2031-02-28");
    expect(beforeDeadline("2031-04", 25, new Date("2031-03-25T15:59:59Z"))).toBe(true);
    expect(beforeDeadline("2031-04", 25, new Date("2031-03-25T16:00:00Z"))).toBe(false);
  });
  it("plans next month up to three ahead, by the Shanghai calendar", () => {
    expect(plannableMonths(new Date("2031-12-31T15:00:00Z"))).toEqual(["2032-01", "2032-02", "2032-03"]);
    // 2031-12-31 16:30 UTC is already 2032-01-01 in Shanghai.
    expect(plannableMonths(new Date("2031-12-31T16:30:00Z"))).toEqual(["2032-02", "2032-03", "2032-04"]);
    expect(addMonths("2031-11", 3)).toBe("2032-02");
  });
  it("opens the reminder window N days before the deadline day until the deadline", () => {
    expect(reminderMonth(new Date("2031-03-22T15:59:00Z"), 25, 2)).toBeNull();
    expect(reminderMonth(new Date("2031-03-22T16:00:00Z"), 25, 2)).toBe("2031-04");
    expect(reminderMonth(new Date("2031-03-25T15:59:00Z"), 25, 2)).toBe("2031-04");
    expect(reminderMonth(new Date("2031-03-25T16:00:00Z"), 25, 2)).toBeNull();
    expect(reminderMonth(new Date("2031-03-25T10:00:00Z"), 25, 0)).toBe("2031-04");
  });
});
