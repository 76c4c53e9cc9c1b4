// GET  /customerWeb/api/v1/sales-returns?status=&returnType=&from=&to=&vin=&returnNo=&company=&cursor=&size=
//      — a page of parts returns (the dealer's company or staff's scope).
// POST /customerWeb/api/v1/sales-returns — a dealer files a parts return (ZFileReturn).
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { requireScreenApi, SALES_RETURN_ROUTE } from "@/lib/api/routes";
import { toSearchParams, ZSalesReturnListQuery } from "@/lib/api/schemas";
import { listSalesReturns, parseSalesReturnFilters } from "@/lib/after-sales/returns/queries";
import { ZFileReturn } from "@/lib/after-sales/returns/schemas";
import { fileReturn } from "@/lib/after-sales/returns/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZSalesReturnListQuery, labels: "SalesReturns.fields" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, SALES_RETURN_ROUTE);
  return listSalesReturns(viewer, parseSalesReturnFilters(toSearchParams(query)));
});

export const POST = apiRoute({ permission: "salesReturn:create", body: ZFileReturn, labels: "SalesReturns.fields" }, async ({ viewer, body, audit }) => {
  const out = await fileReturn(viewer, audit, body);
  return new ApiAnswer(out, 201, { Location: `/customerWeb/api/v1/sales-returns/${out.id}` });
});
