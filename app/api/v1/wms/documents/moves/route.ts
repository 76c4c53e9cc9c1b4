// POST /customerWeb/api/v1/wms/documents/moves — a draft move between two locations of a warehouse, reserving at the source (ZCreateMove); 201 with
// its id and number. The dealer's signed-in company only; staff are read-only (403).
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { createMove } from "@/lib/wms/documents";
import { ZCreateMove } from "@/lib/wms/schemas";
import { DOC_PERMISSION } from "@/lib/wms/states";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: DOC_PERMISSION.MOVE, body: ZCreateMove, labels: "Wms.fields" }, async ({ viewer, body, audit }) => {
  const { id, docNo } = await createMove(viewer, audit, body);
  return new ApiAnswer({ id, docNo }, 201, { Location: `/customerWeb/api/v1/wms/documents/${id}` });
});
