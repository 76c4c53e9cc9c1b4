// GET /customerWeb/api/v1/wms/warehouses — the warehouses the caller sees with their locations
// and on-hand quantities: a dealer its signed-in company's, staff their data scope's (read-only).
import { canOpenRoute } from "@/lib/access/menus";
import { apiRoute } from "@/lib/api/handler";
import { warehousesWithLocations } from "@/lib/wms/warehouses/queries";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: (viewer) => canOpenRoute(viewer, "customerWms/warehouse") }, async ({ viewer }) => {
  const items = (await warehousesWithLocations(viewer)).map((w) => ({
    id: w.id,
    code: w.code,
    name: w.name,
    type: w.type,
    address: w.address,
    keeper: w.keeper,
    phone: w.phone,
    enabled: w.enabled,
    isDefault: w.isDefault,
    company: w.company,
    onHand: w.onHand,
    locations: w.locationList,
  }));
  return { items };
});
