// GET /customerWeb/api/v1/wms/stocktake-plans?page= — a page of stocktake plans (20 a page), the
//     dealer's company or staff's data scope, with the overdue flag the screen shows.
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi, STOCKTAKE_PLAN_ROUTE } from "@/lib/api/routes";
import { listPlans } from "@/lib/wms/plans/queries";
import { ZPlanListQuery } from "@/lib/wms/plans/schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZPlanListQuery, labels: "WmsPlans.fields" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, STOCKTAKE_PLAN_ROUTE);
  return listPlans(viewer, query.page ?? 1);
});
