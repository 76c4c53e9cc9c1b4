// POST /customerWeb/api/v1/wms/documents/{id}/receive — the receiving company (the caller's
// signed-in one) receives a transfer in transit: what arrived of each line and where it goes.
import { apiRoute } from "@/lib/api/handler";
import { ZIdParams, ZReceiveTransferBody } from "@/lib/api/schemas";
import { receiveTransfer } from "@/lib/wms/documents";
import { DOC_PERMISSION } from "@/lib/wms/states";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: DOC_PERMISSION.TRANSFER, params: ZIdParams, body: ZReceiveTransferBody, labels: "Wms.fields" }, ({ viewer, params, body, audit }) =>
  receiveTransfer(viewer, audit, { ...body, id: params.id }),
);
