import "server-only";
import { db } from "@/lib/db";
import { registerAttachmentOwner } from "@/lib/uploads/access";

// Goods pictures (owner "goods"): product photos, not secrets. Any signed-in viewer may see the
// pictures of an existing goods, on sale or not, so carts, orders and pre-orders that keep a
// goods' cover keep showing it after the goods went off sale.
registerAttachmentOwner("goods", async (_viewer, ownerId) => {
  if (!/^\d{1,10}$/.test(ownerId)) return false;
  return !!(await db().goods.findUnique({ where: { id: Number(ownerId) }, select: { id: true } }));
});
