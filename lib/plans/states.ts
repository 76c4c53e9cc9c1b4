import type { Permission } from "@/lib/access/permissions";
import type { PurchasePlanStatus } from "@/lib/generated/prisma/enums";

// The purchase plans' state table (client-safe): the screens show the buttons it allows, the
// services (./service.ts) refuse everything else.
//
//   DRAFT ──submit──▶ SUBMITTED ──approve──▶ APPROVED
//   RETURNED ─submit─▶    │ ──return──▶ RETURNED
//
// A dealer saves (DRAFT, RETURNED stay as they are) and submits; until the deadline it may also
// revise a SUBMITTED plan: the plan stays SUBMITTED, its lines are replaced and the history gets a
// SUBMITTED → SUBMITTED row noted "revised" (staff review the latest version; an adjustment of
// theirs is superseded by the dealer's revision). Sales operations approve, return with a
// comment, or adjust quantities (the plan stays SUBMITTED; approve may adjust in the same step).
// An APPROVED plan is the month's target and is final.

export const PLAN_STATUSES = ["DRAFT", "SUBMITTED", "APPROVED", "RETURNED"] as const satisfies readonly PurchasePlanStatus[];
export const PLAN_LINE_KINDS = ["VEHICLE", "PARTS"] as const;
export type PlanLineKind = (typeof PLAN_LINE_KINDS)[number];

export type PlanMove = "save" | "submit" | "revise" | "approve" | "return" | "adjust";
export type PlanActor = "DEALER" | "STAFF";

type Move = { from: readonly PurchasePlanStatus[]; to: PurchasePlanStatus | "SAME"; by: PlanActor; permission: Permission };

export const PLAN_MOVES: Record<PlanMove, Move> = {
  save: { from: ["DRAFT", "RETURNED"], to: "SAME", by: "DEALER", permission: "plan:submit" },
  submit: { from: ["DRAFT", "RETURNED"], to: "SUBMITTED", by: "DEALER", permission: "plan:submit" },
  revise: { from: ["SUBMITTED"], to: "SUBMITTED", by: "DEALER", permission: "plan:submit" },
  approve: { from: ["SUBMITTED"], to: "APPROVED", by: "STAFF", permission: "plan:review" },
  return: { from: ["SUBMITTED"], to: "RETURNED", by: "STAFF", permission: "plan:review" },
  adjust: { from: ["SUBMITTED"], to: "SUBMITTED", by: "STAFF", permission: "plan:review" },
};

/** The status after `move` from `status`, or null when the table has no such move. */
export function planMove(status: PurchasePlanStatus, move: PlanMove): PurchasePlanStatus | null {
  const m = PLAN_MOVES[move];
  if (!m.from.includes(status)) return null;
  return m.to === "SAME" ? status : m.to;
}

/** The moves `actor` may make on a plan in `status`. `beforeDeadline`: the dealer's edits of a
 * draft and revisions of a submitted plan end at the deadline; a RETURNED plan may be corrected and
 * submitted again after it (sales operations asked for it). */
export function planMovesFor(status: PurchasePlanStatus, actor: PlanActor, beforeDeadline: boolean): PlanMove[] {
  return (Object.keys(PLAN_MOVES) as PlanMove[]).filter((m) => {
    if (PLAN_MOVES[m].by !== actor || !planMove(status, m)) return false;
    if (actor === "DEALER" && !beforeDeadline && status !== "RETURNED") return false;
    return true;
  });
}

/** Statuses that count as "the dealer has handed its plan in" (the reminder job skips them). */
export const HANDED_IN: readonly PurchasePlanStatus[] = ["SUBMITTED", "APPROVED"];
