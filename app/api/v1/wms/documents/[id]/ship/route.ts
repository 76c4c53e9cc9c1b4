// POST /customerWeb/api/v1/wms/documents/{id}/ship — ships a draft transfer: its stock leaves
// the source locations and is in transit until the receiving company receives it.
import { apiRoute } from "@/lib/api/handler";
import { ZIdParams } from "@/lib/api/schemas";
import { shipTransfer } from "@/lib/wms/documents";
import { DOC_PERMISSION } from "@/lib/wms/states";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: DOC_PERMISSION.TRANSFER, params: ZIdParams }, ({ viewer, params, audit }) => shipTransfer(viewer, audit, params.id));
