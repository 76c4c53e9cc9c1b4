// POST /customerWeb/api/v1/wms/documents/{id}/count — starts counting a draft stocktake: its
// scope is frozen, one line per location and goods with the book quantity.
import { apiRoute } from "@/lib/api/handler";
import { ZIdParams } from "@/lib/api/schemas";
import { startCounting } from "@/lib/wms/documents";
import { DOC_PERMISSION } from "@/lib/wms/states";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: DOC_PERMISSION.STOCKTAKE, params: ZIdParams }, ({ viewer, params, audit }) => startCounting(viewer, audit, params.id));
