import type { Permission } from "@/lib/access/permissions";
import type { PreOrderStatus } from "@/lib/generated/prisma/enums";

// The pre-order's state machine. Only these moves exist; each names who
// may make it (a dealer acting for the pre-order's company, or staff/admin with the company in
// their data scope) and the permission code. Client-safe: the detail shows the buttons this
// table allows, the service refuses everything else.

export type PreOrderMove = "confirm" | "reject" | "cancel" | "staffCancel" | "convert";
export type PreOrderActor = "dealer" | "staff";

export const PRE_ORDER_MOVES: Record<PreOrderMove, { from: PreOrderStatus; to: PreOrderStatus; actor: PreOrderActor; permission: Permission }> = {
  confirm: { from: "SUBMITTED", to: "CONFIRMED", actor: "staff", permission: "preOrder:confirm" },
  reject: { from: "SUBMITTED", to: "REJECTED", actor: "staff", permission: "preOrder:reject" },
  cancel: { from: "SUBMITTED", to: "CANCELLED", actor: "dealer", permission: "preOrder:cancel" },
  staffCancel: { from: "CONFIRMED", to: "CANCELLED", actor: "staff", permission: "preOrder:cancel" },
  convert: { from: "CONFIRMED", to: "CONVERTED", actor: "staff", permission: "preOrder:convert" },
};

export const PRE_ORDER_EVENT: Record<PreOrderMove, "preOrder.confirmed" | "preOrder.rejected" | "preOrder.cancelled" | "preOrder.converted"> = {
  confirm: "preOrder.confirmed",
  reject: "preOrder.rejected",
  cancel: "preOrder.cancelled",
  staffCancel: "preOrder.cancelled",
  convert: "preOrder.converted",
};

/** The moves an actor holding `can(permission)` may make on a pre-order in `status`. */
export function preOrderMovesFor(status: PreOrderStatus, actor: PreOrderActor, can: (permission: Permission) => boolean): PreOrderMove[] {
  return (Object.keys(PRE_ORDER_MOVES) as PreOrderMove[]).filter((m) => {
    const t = PRE_ORDER_MOVES[m];
    return t.from === status && t.actor === actor && can(t.permission);
  });
}

/** Today in Asia/Shanghai as YYYY-MM-DD (the earliest expected delivery day). */
export function shanghaiToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
