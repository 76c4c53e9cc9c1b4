import type { Permission } from "@/lib/access/permissions";
import type { OrderStatus } from "@/lib/generated/prisma/enums";

// The order's state machine. Only these moves exist; each names who may
// make it (a dealer acting for the order's company, or staff/admin with the order in their
// data scope) and the permission code. Client-safe: the screens show the buttons this table
// allows, the services refuse everything else.

export type OrderMove = "confirm" | "reject" | "ship" | "complete" | "receive" | "cancel" | "staffCancel";
export type Actor = "dealer" | "staff";

export const ORDER_MOVES: Record<OrderMove, { from: OrderStatus; to: OrderStatus; actor: Actor; permission: Permission }> = {
  confirm: { from: "SUBMITTED", to: "CONFIRMED", actor: "staff", permission: "order:confirm" },
  reject: { from: "SUBMITTED", to: "REJECTED", actor: "staff", permission: "order:reject" },
  cancel: { from: "SUBMITTED", to: "CANCELLED", actor: "dealer", permission: "order:cancel" },
  staffCancel: { from: "CONFIRMED", to: "CANCELLED", actor: "staff", permission: "order:cancel" },
  ship: { from: "CONFIRMED", to: "SHIPPED", actor: "staff", permission: "order:ship" },
  receive: { from: "SHIPPED", to: "COMPLETED", actor: "dealer", permission: "order:receive" },
  complete: { from: "SHIPPED", to: "COMPLETED", actor: "staff", permission: "order:complete" },
};

/** Dealers may delete (hide) only orders that ended without goods changing hands. */
export const DELETABLE: readonly OrderStatus[] = ["CANCELLED", "REJECTED"];
/** Stock goes back when an order ends in one of these. */
export const RELEASES_STOCK: readonly OrderStatus[] = ["CANCELLED", "REJECTED"];
/** Payments are recorded against orders that are going ahead. */
export const PAYABLE: readonly OrderStatus[] = ["SUBMITTED", "CONFIRMED", "SHIPPED", "COMPLETED"];

/** The moves an actor holding `can(permission)` may make on an order in `status`. */
export function movesFor(status: OrderStatus, actor: Actor, can: (permission: Permission) => boolean): OrderMove[] {
  return (Object.keys(ORDER_MOVES) as OrderMove[]).filter((m) => {
    const t = ORDER_MOVES[m];
    return t.from === status && t.actor === actor && can(t.permission);
  });
}

export type PaymentState = "UNPAID" | "PARTIALLY_PAID" | "PAID";

/** Derived from the order's amount and the sum paid (decimal strings, compared exactly). */
export function paymentState(amount: string, paid: string): PaymentState {
  const cents = (v: string) => {
    const [i, f = ""] = v.split(".");
    return BigInt(i) * 100n + BigInt((f + "00").slice(0, 2));
  };
  const p = cents(paid);
  if (p <= 0n) return "UNPAID";
  return p >= cents(amount) ? "PAID" : "PARTIALLY_PAID";
}
