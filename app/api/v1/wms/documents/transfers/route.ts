// POST /customerWeb/api/v1/wms/documents/transfers — a draft transfer to another warehouse of the company or of the dealer group, reserving at the source (ZCreateTransfer); 201 with
// its id and number. The dealer's signed-in company only; staff are read-only (403).
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { createTransfer } from "@/lib/wms/documents";
import { ZCreateTransfer } from "@/lib/wms/schemas";
import { DOC_PERMISSION } from "@/lib/wms/states";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: DOC_PERMISSION.TRANSFER, body: ZCreateTransfer, labels: "Wms.fields" }, async ({ viewer, body, audit }) => {
  const { id, docNo } = await createTransfer(viewer, audit, body);
  return new ApiAnswer({ id, docNo }, 201, { Location: `/customerWeb/api/v1/wms/documents/${id}` });
});
