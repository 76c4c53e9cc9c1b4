// GET  /customerWeb/api/v1/cart?type=VEHICLE|PARTS — the signed-in dealer's cart of that type.
// POST /customerWeb/api/v1/cart — adds goods (ZAddToCart); a line already there grows.
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { CART_ROUTE, requireScreenApi } from "@/lib/api/routes";
import { ZCartQuery } from "@/lib/api/schemas";
import { addToCart, loadCart } from "@/lib/mall/cart/service";
import { ZAddToCart } from "@/lib/mall/cart/schemas";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZCartQuery, labels: "Api.fields" }, async ({ viewer, query, locale }) => {
  await requireScreenApi(viewer, CART_ROUTE[query.type]);
  return loadCart(viewer, query.type, locale);
});

export const POST = apiRoute({ permission: "cart:add", body: ZAddToCart, labels: "Cart.fields" }, async ({ viewer, body }) => {
  const out = await addToCart(viewer, body);
  return new ApiAnswer(out, out.merged ? 200 : 201);
});
