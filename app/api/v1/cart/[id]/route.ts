// PATCH  /customerWeb/api/v1/cart/{id} — changes a line's quantity and/or remark.
// DELETE /customerWeb/api/v1/cart/{id} — removes a line. Someone else's line answers 404.
import { apiRoute } from "@/lib/api/handler";
import { ZCartLinePatch, ZIdParams } from "@/lib/api/schemas";
import { removeCartLines, updateCartLine } from "@/lib/mall/cart/service";

export const dynamic = "force-dynamic";

export const PATCH = apiRoute({ permission: "cart:update", params: ZIdParams, body: ZCartLinePatch, labels: "Cart.fields" }, ({ viewer, params, body }) =>
  updateCartLine(viewer, { id: params.id, ...body }),
);

export const DELETE = apiRoute({ permission: "cart:update", params: ZIdParams }, ({ viewer, params }) => removeCartLines(viewer, [params.id]));
