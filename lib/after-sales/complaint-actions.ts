"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { signedInAction } from "@/lib/actions/action";
import type { Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/system/audit";
import { ZComplaintId, ZComplaintNote, ZFileComplaint, ZReplyComplaint } from "./complaint-schemas";
import { addDealerNote, closeComplaint, fileComplaint, replyComplaint, takeComplaint } from "./complaints";

// The complaint screen's actions (afterSale/complaint): parse the shared schema, check the
// permission, run the service in its transaction (which checks the actor, the scope and the
// state table again), refresh the screen. Labels: "Complaints.fields", so a refused upload or
// a too-long note is reported on its form field by name.

const auditOf = (viewer: Viewer, requestId: string | null): AuditCtx => ({ userId: viewer.userId, companyId: viewer.company?.id ?? null, requestId });

function complaintAction<S extends z.ZodType, R>(schema: S, permission: string, run: (viewer: Viewer, audit: AuditCtx, input: z.output<S>) => Promise<R>) {
  return signedInAction({
    schema,
    permission,
    labels: "Complaints.fields",
    run: async (input, c) => {
      const out = await run(c.viewer, auditOf(c.viewer, c.requestId), input);
      revalidatePath("/afterSale/complaint");
      return out;
    },
  });
}

export const fileComplaintAction = complaintAction(ZFileComplaint, "complaint:create", (v, a, i) => fileComplaint(v, a, i));
export const takeComplaintAction = complaintAction(ZComplaintId, "complaint:reply", (v, a, i) => takeComplaint(v, a, i.id));
export const replyComplaintAction = complaintAction(ZReplyComplaint, "complaint:reply", (v, a, i) => replyComplaint(v, a, i.id, i.appealNote));
export const closeComplaintAction = complaintAction(ZComplaintId, "complaint:close", (v, a, i) => closeComplaint(v, a, i.id));
export const noteComplaintAction = complaintAction(ZComplaintNote, "complaint:close", (v, a, i) => addDealerNote(v, a, i.id, i.note));
