import "server-only";
import { hasPermission } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { registerAttachmentOwner } from "@/lib/uploads/access";
import { NEWS_OWNER } from "./schemas";

// News pictures (owner "news", fields "cover" and "detail") through the signed-in file route:
// a live article's (PUBLISHED, publish time come) are visible to everyone signed in, as the
// article is; a draft's, a scheduled or an unpublished article's only to staff who manage news
// (news:manage). Everyone else gets 404 for the file. (The public pages show images through
// the media route, which applies the same rule for anonymous visitors.)
registerAttachmentOwner(NEWS_OWNER, async (viewer, ownerId) => {
  if (!/^\d{1,10}$/.test(ownerId) || Number(ownerId) > 2_147_483_647) return false;
  if (hasPermission(viewer, "news:manage")) return (await db().news.count({ where: { id: Number(ownerId) } })) > 0;
  const live = await db().news.count({ where: { id: Number(ownerId), status: "PUBLISHED", publishAt: { lte: new Date() } } });
  return live > 0;
});
