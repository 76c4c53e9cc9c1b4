import { describe, expect, it } from "vitest";
import type { OrderStatus } from "@/lib/generated/prisma/enums";
import { DELETABLE, ORDER_MOVES, PAYABLE, RELEASES_STOCK, movesFor, paymentState, type Actor, type OrderMove } from "./states";

// The order's transition table and what the detail offers.

const all = () => true;
const STATUSES: OrderStatus[] = ["SUBMITTED", "CONFIRMED", "SHIPPED", "COMPLETED", "CANCELLED", "REJECTED"];
const ACTORS: Actor[] = ["dealer", "staff"];

// Every move an actor may make from every status, with every permission held.
const ALLOWED: Record<OrderStatus, Record<Actor, OrderMove[]>> = {
  SUBMITTED: { dealer: ["cancel"], staff: ["confirm", "reject"] },
  CONFIRMED: { dealer: [], staff: ["staffCancel", "ship"] },
  SHIPPED: { dealer: ["receive"], staff: ["complete"] },
  COMPLETED: { dealer: [], staff: [] },
  CANCELLED: { dealer: [], staff: [] },
  REJECTED: { dealer: [], staff: [] },
};

describe("order moves", () => {
  it("has exactly the transitions of the domain", () => {
    expect(
      Object.values(ORDER_MOVES)
        .map((m) => `${m.from}→${m.to} ${m.actor} ${m.permission}`)
        .sort(),
    ).toEqual(
      [
        "SUBMITTED→CONFIRMED staff order:confirm",
        "SUBMITTED→REJECTED staff order:reject",
        "SUBMITTED→CANCELLED dealer order:cancel",
        "CONFIRMED→CANCELLED staff order:cancel",
        "CONFIRMED→SHIPPED staff order:ship",
        "SHIPPED→COMPLETED dealer order:receive",
        "SHIPPED→COMPLETED staff order:complete",
      ].sort(),
    );
  });

  it("offers each actor only its moves from each status (every other pair is refused)", () => {
    for (const s of STATUSES) for (const a of ACTORS) expect(movesFor(s, a, all), `${a} on ${s}`).toEqual(ALLOWED[s][a]);
  });

  it("offers a move only with its permission", () => {
    for (const [move, t] of Object.entries(ORDER_MOVES)) {
      expect(
        movesFor(t.from, t.actor, () => false),
        `${move} without permissions`,
      ).toEqual([]);
      expect(
        movesFor(t.from, t.actor, (p) => p === t.permission),
        `${move} with ${t.permission}`,
      ).toContain(move);
      expect(
        movesFor(t.from, t.actor, (p) => p !== t.permission),
        `${move} without ${t.permission}`,
      ).not.toContain(move);
    }
    // order:cancel is one code for two moves: the actor decides which.
    expect(movesFor("SUBMITTED", "staff", (p) => p === "order:cancel")).toEqual([]);
    expect(movesFor("CONFIRMED", "dealer", (p) => p === "order:cancel")).toEqual([]);
  });

  it("never leaves an ending status, and never skips a step", () => {
    const ends: OrderStatus[] = ["COMPLETED", "CANCELLED", "REJECTED"];
    expect(Object.values(ORDER_MOVES).filter((m) => ends.includes(m.from))).toEqual([]);
    const skips = [
      ["SUBMITTED", "SHIPPED"],
      ["SUBMITTED", "COMPLETED"],
      ["CONFIRMED", "COMPLETED"],
      ["SHIPPED", "CANCELLED"],
    ];
    for (const [from, to] of skips)
      expect(
        Object.values(ORDER_MOVES).some((m) => m.from === from && m.to === to),
        `${from}→${to}`,
      ).toBe(false);
  });

  it("deletes, releases stock for and takes payments against the right statuses", () => {
    expect([...DELETABLE].sort()).toEqual(["CANCELLED", "REJECTED"]);
    expect([...RELEASES_STOCK].sort()).toEqual(["CANCELLED", "REJECTED"]);
    expect([...PAYABLE].sort()).toEqual(["COMPLETED", "CONFIRMED", "SHIPPED", "SUBMITTED"]);
    // Every status an order can move into that ends it without goods is deletable and gives stock back.
    for (const m of Object.values(ORDER_MOVES)) if (m.to === "CANCELLED" || m.to === "REJECTED") expect(DELETABLE.includes(m.to) && RELEASES_STOCK.includes(m.to)).toBe(true);
  });
});

describe("payment state", () => {
  it("derives the state from the exact decimal sums", () => {
    expect(paymentState("100.00", "0")).toBe("UNPAID");
    expect(paymentState("100.00", "0.00")).toBe("UNPAID");
    expect(paymentState("100.00", "0.01")).toBe("PARTIALLY_PAID");
    expect(paymentState("100.00", "99.99")).toBe("PARTIALLY_PAID");
    expect(paymentState("100.00", "100")).toBe("PAID");
    expect(paymentState("100.1", "100.10")).toBe("PAID");
    expect(paymentState("100.00", "120.5")).toBe("PAID");
    // Floats would call 0.1 + 0.2 short of 0.3; the cents are compared as integers.
    expect(paymentState("0.30", "0.3")).toBe("PAID");
    expect(paymentState("9007199254740993.01", "9007199254740993.00")).toBe("PARTIALLY_PAID");
  });
});
