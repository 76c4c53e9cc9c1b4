// GET /customerWeb/api/v1/wms/outlets — the outlets of the points of sale screen with today's
// (Asia/Shanghai) count and total of counter sales: the dealer's company, staff's data scope.
import { apiRoute } from "@/lib/api/handler";
import { requireScreenApi } from "@/lib/api/routes";
import { listOutlets, POS_ROUTE } from "@/lib/wms/pos/queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null }, async ({ viewer }) => {
  await requireScreenApi(viewer, POS_ROUTE);
  return { items: await listOutlets(viewer) };
});
