// GET /customerWeb/api/v1/goods/{id} — one goods with its pictures (off sale: 404 for dealers).
import { apiRoute } from "@/lib/api/handler";
import { canOpenAny, GOODS_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { ZIdParams } from "@/lib/api/schemas";
import { goodsDetail } from "@/lib/mall/goods/queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: (v) => canOpenAny(v, Object.values(GOODS_ROUTE)), params: ZIdParams }, async ({ viewer, params }) => {
  const goods = await goodsDetail(viewer, params.id);
  await requireScreenApi(viewer, GOODS_ROUTE[goods.kind]);
  return goods;
});
