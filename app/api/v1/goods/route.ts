// GET /customerWeb/api/v1/goods?kind=&carGroupId=&q=&cursor=&limit= — one page of a mall's goods
// (keyset by nextCursor), as the mall screens list them.
import { apiRoute } from "@/lib/api/handler";
import { GOODS_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { ZGoodsQuery } from "@/lib/api/schemas";
import { listGoods } from "@/lib/mall/goods/queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZGoodsQuery, labels: "Api.fields" }, async ({ viewer, query }) => {
  await requireScreenApi(viewer, GOODS_ROUTE[query.kind]);
  return listGoods(viewer, { kind: query.kind, carGroupId: query.carGroupId ?? null, q: query.q ?? null, cursor: query.cursor ?? null, limit: query.limit });
});
