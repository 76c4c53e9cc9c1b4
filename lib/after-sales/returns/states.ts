import type { Permission } from "@/lib/access/permissions";
import type { ReturnBatchStatus, SalesReturnStatus } from "@/lib/generated/prisma/enums";

// The sales return's state machine. Only these moves exist; each
// names who may make it (a dealer acting for the return's company, or staff with the company
// in their data scope) and the permission code. Client-safe: the screens show the buttons this
// table allows, the services refuse everything else.

export type SalesReturnMove = "approve" | "reject" | "ship" | "receive" | "complete";
export type SalesReturnActor = "dealer" | "staff";

export const SALES_RETURN_MOVES: Record<SalesReturnMove, { from: SalesReturnStatus; to: SalesReturnStatus; actor: SalesReturnActor; permission: Permission }> = {
  approve: { from: "SUBMITTED", to: "APPROVED", actor: "staff", permission: "salesReturn:approve" },
  reject: { from: "SUBMITTED", to: "REJECTED", actor: "staff", permission: "salesReturn:approve" },
  /** In a delivery batch, several at once. */
  ship: { from: "APPROVED", to: "SHIPPED", actor: "dealer", permission: "salesReturn:ship" },
  receive: { from: "SHIPPED", to: "RECEIVED", actor: "staff", permission: "salesReturn:receive" },
  /** With the deal type carried out. */
  complete: { from: "RECEIVED", to: "COMPLETED", actor: "staff", permission: "salesReturn:receive" },
};

/** The moves an actor holding `can(permission)` may make on a return in `status`. */
export function salesReturnMovesFor(status: SalesReturnStatus, actor: SalesReturnActor, can: (permission: Permission) => boolean): SalesReturnMove[] {
  return (Object.keys(SALES_RETURN_MOVES) as SalesReturnMove[]).filter((m) => {
    const t = SALES_RETURN_MOVES[m];
    return t.from === status && t.actor === actor && can(t.permission);
  });
}

/** A delivery batch follows its items: all completed → COMPLETED; all received or completed →
 * RECEIVED; otherwise (some still on the way) SHIPPED. */
export function batchStatusOf(items: readonly SalesReturnStatus[]): ReturnBatchStatus {
  if (items.length && items.every((s) => s === "COMPLETED")) return "COMPLETED";
  if (items.length && items.every((s) => s === "RECEIVED" || s === "COMPLETED")) return "RECEIVED";
  return "SHIPPED";
}
