import type { Permission } from "@/lib/access/permissions";
import type { ComplaintStatus } from "@/lib/generated/prisma/enums";

// The complaint's state machine. Only these moves exist; each names who
// may make it (a dealer acting for the complaint's company, or staff/admin with the company in
// their data scope) and the permission code. Client-safe: the detail shows the buttons this
// table allows, the service refuses everything else.
//
//   SUBMITTED ─take→ PROCESSING ─reply→ REPLIED ─close→ CLOSED
//                        ↑                 │
//                        └──── note ───────┘   (a dealer note reopens a replied complaint)

export type ComplaintMove = "take" | "reply" | "close" | "note";
export type ComplaintActor = "dealer" | "staff";

export const COMPLAINT_MOVES: Record<ComplaintMove, { from: ComplaintStatus; to: ComplaintStatus; actor: ComplaintActor; permission: Permission }> = {
  take: { from: "SUBMITTED", to: "PROCESSING", actor: "staff", permission: "complaint:reply" },
  reply: { from: "PROCESSING", to: "REPLIED", actor: "staff", permission: "complaint:reply" },
  close: { from: "REPLIED", to: "CLOSED", actor: "dealer", permission: "complaint:close" },
  note: { from: "REPLIED", to: "PROCESSING", actor: "dealer", permission: "complaint:close" },
};

/** Who wrote a ComplaintMessage. */
export const COMPLAINT_SIDES = ["DEALER", "STAFF"] as const;
export type ComplaintSide = (typeof COMPLAINT_SIDES)[number];

/** The moves an actor holding `can(permission)` may make on a complaint in `status`. */
export function complaintMovesFor(status: ComplaintStatus, actor: ComplaintActor, can: (permission: Permission) => boolean): ComplaintMove[] {
  return (Object.keys(COMPLAINT_MOVES) as ComplaintMove[]).filter((m) => {
    const t = COMPLAINT_MOVES[m];
    return t.from === status && t.actor === actor && can(t.permission);
  });
}
