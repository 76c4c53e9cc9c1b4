import "server-only";
import { db } from "@/lib/db";
import { registerAttachmentOwner } from "@/lib/uploads/access";
import { RETURN_OWNER, returnScope } from "./service";

// Part images of a sales return (owner "salesReturn", field "partImg"): visible to the dealer
// of the return's company and to staff with that company in their data scope, the same scope
// the return itself is read with. Anyone else gets the 404 of a missing file.
registerAttachmentOwner(RETURN_OWNER, async (viewer, ownerId) => {
  if (!/^\d{1,10}$/.test(ownerId)) return false;
  const id = Number(ownerId);
  if (id > 2_147_483_647) return false;
  return !!(await db().salesReturn.findFirst({ where: { AND: [{ id }, await returnScope(viewer)] }, select: { id: true } }));
});
