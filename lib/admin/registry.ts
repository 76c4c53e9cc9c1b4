import "server-only";
import { orgSourceResource } from "@/lib/system/org-source";
import { variableDefaultResource, variableResource } from "@/lib/config/variable-admin";
import { messageTemplateResource } from "@/lib/messages/template-admin";
import { regionResource } from "@/lib/system/regions";
import { codeRuleResource } from "@/lib/system/code-rules";
import { dictTypeResource } from "@/lib/system/dictionaries";
import { partsGoodsResource, vehicleGoodsResource } from "@/lib/mall/goods/resource";
import { vehicleStockResource } from "@/lib/vehicles/stock/resource";
import { carReturnResource, vehicleSaleResource } from "@/lib/vehicles/sales/lists";
import { inventoryResource } from "@/lib/wms/inventory/resource";
import { erase, type ErasedResource } from "./resource";

// Every admin resource that exports or imports, by the name in /api/v1/admin/<name>/…
// (one line per screen).
export const adminResources: Record<string, ErasedResource> = {
  orgSource: erase(orgSourceResource),
  systemVariableDefault: erase(variableDefaultResource),
  systemVariable: erase(variableResource),
  messageSetting: erase(messageTemplateResource),
  regionArea: erase(regionResource),
  codeRule: erase(codeRuleResource),
  dict: erase(dictTypeResource),
  vehicleGoods: erase(vehicleGoodsResource),
  partsGoods: erase(partsGoodsResource),
  vehicleSales: erase(vehicleSaleResource),
  carReturns: erase(carReturnResource),
  vehicleStock: erase(vehicleStockResource),
  wmsInventory: erase(inventoryResource),
};

export function resourceNamed(name: string): ErasedResource | null {
  return Object.prototype.hasOwnProperty.call(adminResources, name) ? adminResources[name] : null;
}
