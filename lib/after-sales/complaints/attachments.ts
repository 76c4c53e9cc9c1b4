import "server-only";
import { registerAttachmentOwner } from "@/lib/uploads/access";
import { COMPLAINT_OWNER } from "./schemas";
import { canSeeComplaint } from "./service";

// Complaint images and videos (owner "complaint", fields "qesImg" and "qesVideo"): visible to
// whoever may see the complaint — the dealer company's users (the company chosen at sign-in)
// and staff with the company in their data scope. Everyone else gets 404 for the file.
registerAttachmentOwner(COMPLAINT_OWNER, async (viewer, ownerId) => {
  if (!/^\d{1,10}$/.test(ownerId) || Number(ownerId) > 2_147_483_647) return false;
  return canSeeComplaint(viewer, Number(ownerId));
});
