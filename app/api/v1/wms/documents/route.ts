// GET /customerWeb/api/v1/wms/documents?type=&status=&source=&docNo=&from=&to=&company=&cursor=&size=
//     — a page of warehouse documents of one kind (ENTRY, DELIVERY, MOVE, TRANSFER, STOCKTAKE),
//     the same rows as that kind's customerWms screen: a dealer its signed-in company's (and
//     transfers to it), staff their data scope's.
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi } from "@/lib/api/routes";
import { toSearchParams, ZWmsDocListQuery } from "@/lib/api/schemas";
import { DOC_ROUTE, listDocs, parseDocFilters } from "@/lib/wms/doc-queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZWmsDocListQuery, labels: "WmsDocs.filters" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, DOC_ROUTE[query.type]);
  const { type, ...filters } = query;
  return listDocs(viewer, type, parseDocFilters(toSearchParams(filters)));
});
