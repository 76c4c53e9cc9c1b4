import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import type { AuditCtx } from "@/lib/core/audit";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { WmsDocType } from "@/lib/generated/prisma/enums";
import { docWhere } from "@/lib/wms/access";
import { postEntry, postOutbound, postStocktake } from "@/lib/wms/documents";
import type { TPostEntry } from "@/lib/wms/schemas";

// GET/POST /api/v1/wms/documents/{id}…: the id alone names a document of any kind, so the kind
// is read from the row in the viewer's scope (lib/wms/access.ts docWhere: another company's
// document is 404 like a missing one). The services lock the row and check company, permission
// and state again inside their transactions.

/** The kind of the document `id` the viewer sees, or 404. */
export async function docTypeInScope(viewer: Viewer, id: number): Promise<WmsDocType> {
  const row = await db().wmsDocument.findFirst({ where: { AND: [{ id }, await docWhere(viewer)] }, select: { type: true } });
  if (!row) throw new NotFoundError();
  return row.type;
}

/** Posts a document by its kind: an entry into its locations, a delivery or a move out of
 * stock, a stocktake's differences. A transfer is shipped and received instead: postOutbound
 * refuses it by the state table (409), as the screens never offer it. */
export async function postDocument(viewer: Viewer, ctx: AuditCtx, id: number, lines: TPostEntry["lines"]) {
  const type = await docTypeInScope(viewer, id);
  if (type === "ENTRY") return postEntry(viewer, ctx, { id, lines });
  if (type === "STOCKTAKE") return postStocktake(viewer, ctx, id);
  return postOutbound(viewer, ctx, id);
}
