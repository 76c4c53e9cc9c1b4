// POST /customerWeb/api/v1/wms/counter-sales — a counter sale (ZCounterSale), posted at once as a
// WD delivery (source COUNTER) by the screen's service; a shortage is 409 naming the line.
import { ApiAnswer, apiRoute } from "@/lib/api/handler";
import { ZCounterSale } from "@/lib/wms/pos/schemas";
import { counterSale } from "@/lib/wms/pos/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ permission: "pos:sell", body: ZCounterSale, labels: "WmsPos.fields" }, async ({ viewer, body, audit }) => {
  const out = await counterSale(viewer, audit, body);
  return new ApiAnswer(out, 201, { Location: `/customerWeb/customerWms/pointOfSale?receipt=${out.id}` });
});
