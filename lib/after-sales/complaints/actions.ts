"use server";

import { action } from "@/lib/actions/action";
import { ZComplaintId, ZComplaintNote, ZFileComplaint, ZReplyComplaint } from "./schemas";
import { addDealerNote, closeComplaint, fileComplaint, replyComplaint, takeComplaint } from "./service";

// The complaint screen's actions (afterSale/complaint): parse the shared schema, check the
// permission, run the service in its transaction (which checks the actor, the scope and the
// state table again), refresh the screen. Labels: "Complaints.fields", so a refused upload or
// a too-long note is reported on its form field by name.

const on = { labels: "Complaints.fields", revalidate: ["/afterSale/complaint"] } as const;

export const fileComplaintAction = action({ ...on, schema: ZFileComplaint, permission: "complaint:create" }, (i, { viewer, audit }) => fileComplaint(viewer, audit, i));
export const takeComplaintAction = action({ ...on, schema: ZComplaintId, permission: "complaint:reply" }, (i, { viewer, audit }) => takeComplaint(viewer, audit, i.id));
export const replyComplaintAction = action({ ...on, schema: ZReplyComplaint, permission: "complaint:reply" }, (i, { viewer, audit }) =>
  replyComplaint(viewer, audit, i.id, i.appealNote),
);
export const closeComplaintAction = action({ ...on, schema: ZComplaintId, permission: "complaint:close" }, (i, { viewer, audit }) => closeComplaint(viewer, audit, i.id));
export const noteComplaintAction = action({ ...on, schema: ZComplaintNote, permission: "complaint:close" }, (i, { viewer, audit }) => addDealerNote(viewer, audit, i.id, i.note));
