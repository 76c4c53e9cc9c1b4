// POST /customerWeb/api/v1/wms/documents/{id}/post — posts a draft by its kind: an entry into
// its locations (body { lines: [{ id, toLocationId }] } chooses them; lines left out keep the
// draft's), a delivery or a move out of stock, a stocktake being counted (its differences).
// The service checks the kind's permission, the company and the state (409).
import { apiRoute } from "@/lib/api/handler";
import { ZIdParams, ZPostDocBody } from "@/lib/api/schemas";
import { postDocument } from "@/lib/api/wms-documents";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: null, params: ZIdParams, body: ZPostDocBody, labels: "Wms.fields" }, ({ viewer, params, body, audit }) =>
  postDocument(viewer, audit, params.id, body.lines),
);
