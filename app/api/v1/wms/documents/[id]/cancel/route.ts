// POST /customerWeb/api/v1/wms/documents/{id}/cancel — cancels a draft of any kind (or a
// stocktake being counted); an outbound draft gives its reservation back. The service checks
// the kind's permission, the company and the state (409).
import { apiRoute } from "@/lib/api/handler";
import { ZCancelDocBody, ZIdParams } from "@/lib/api/schemas";
import { cancelDoc } from "@/lib/wms/documents";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: null, params: ZIdParams, body: ZCancelDocBody, labels: "Wms.fields" }, ({ viewer, params, body, audit }) =>
  cancelDoc(viewer, audit, { ...body, id: params.id }),
);
