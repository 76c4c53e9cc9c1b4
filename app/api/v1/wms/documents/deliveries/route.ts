// POST /customerWeb/api/v1/wms/documents/deliveries — a draft delivery that reserves its stock (ZCreateDelivery); 201 with
// its id and number. The dealer's signed-in company only; staff are read-only (403).
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { createDelivery } from "@/lib/wms/documents";
import { ZCreateDelivery } from "@/lib/wms/schemas";
import { DOC_PERMISSION } from "@/lib/wms/states";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: DOC_PERMISSION.DELIVERY, body: ZCreateDelivery, labels: "Wms.fields" }, async ({ viewer, body, audit }) => {
  const { id, docNo } = await createDelivery(viewer, audit, body);
  return new ApiAnswer({ id, docNo }, 201, { Location: `/customerWeb/api/v1/wms/documents/${id}` });
});
