import "server-only";
import { getLocale } from "next-intl/server";
import type { Viewer } from "@/lib/auth/viewer";
import { listLoginLog } from "@/lib/accounts/login-log-queries";
import { listSmsMessages } from "@/lib/accounts/sms-queries";
import { listDevices } from "@/lib/devices/queries";
import { loadHome } from "@/lib/home/queries";
import { loadEmployees, loadJobAdmin, loadMenuAdmin, loadOrganizationAdmin, loadRoleAdmin, loadScopeAdmin } from "@/lib/system/admin-queries";
import type { RouteId } from "@/lib/routes";
import { loadAppReleaseScreen } from "@/lib/app-releases/loader";
import { loadQrTemplateScreen } from "@/lib/qrcode/template-loader";
import { loadList } from "@/lib/admin/resource";
import { orgSourceResource } from "@/lib/system/org-source";
import { loadAttachmentConfig } from "@/lib/system/attachment-config";
import { loadAddressBook } from "@/lib/mall/addresses/service";
import { loadVariableAdmin, variableDefaultResource } from "@/lib/config/variable-admin";
import { messageTemplateResource } from "@/lib/messages/template-admin";
import { loadRegionAdmin } from "@/lib/system/regions";
import { codeRuleResource } from "@/lib/system/code-rules";
import { dictTypeResource } from "@/lib/system/dictionaries";
import { loadOrderRoute } from "@/lib/mall/orders/queries";
import { loadPreOrderRoute } from "@/lib/mall/pre-orders/queries";
import { parseReconcileFilters, reconcile } from "@/lib/mall/orders/reconcile";
import { loadCatalog } from "@/lib/mall/goods/queries";
import { loadGoodsAdmin } from "@/lib/mall/goods/resource";
import { carGroupResource, loadVehicleModelAdmin } from "@/lib/mall/catalog/service";
import { loadCartPage } from "@/lib/mall/cart/service";
import { loadCarReturns, loadVehicleSales } from "@/lib/vehicles/sales/queries";
import { loadInventory } from "@/lib/vehicles/inventory/queries";
import { loadVehicleStock } from "@/lib/vehicles/stock/queries";
import { loadVehicleInfoRoute } from "@/lib/vehicles/stock/info-loader";
import { loadReturnLogRoute, loadSalesReturnRoute } from "@/lib/after-sales/returns/queries";
import { loadComplaintRoute } from "@/lib/after-sales/complaints/queries";
import { loadDocScreen } from "@/lib/wms/doc-loader";
import { loadNewsRoute } from "@/lib/news/shell-loader";
import { loadDownloadRoute } from "@/lib/downloads/loader";
import { loadRecordsRoute } from "@/lib/home/records";
import { loadCompanyAdmin } from "@/lib/companies/loader";
import { loadPosRoute } from "@/lib/wms/pos/queries";
import { loadPlanRoute } from "@/lib/wms/plans/queries";
import { loadAchievementPanel } from "@/lib/plans/achievement-loader";
import { loadPlanRoute as loadPurchasePlanRoute } from "@/lib/plans/queries";
import { loadInventoryRoute } from "@/lib/wms/inventory/queries";
import { loadWarehouseRoute } from "@/lib/wms/warehouses/queries";
import { loadMemberRoute } from "@/lib/members/queries";
import { loadClientAdmin } from "@/lib/clients/queries";
import { listWechatMessages, loadWeixinAdmin } from "@/lib/wechat/admin";

// One loader per route id: the page renders from it and GET /__serverLoader answers with it.
type Loader = (viewer: Viewer, url: URL) => Promise<unknown>;

export const serverLoaders: Record<RouteId, Loader> = {
  "system/workbench/home": (viewer) => loadHome(viewer),
  "system/menu": (viewer) => loadMenuAdmin(viewer),
  "system/organization": (viewer) => loadOrganizationAdmin(viewer),
  "system/company": (viewer, url) => loadCompanyAdmin(viewer, url),
  "system/role": (viewer) => loadRoleAdmin(viewer),
  "system/ruleScopes": (viewer) => loadScopeAdmin(viewer),
  "system/job": (viewer) => loadJobAdmin(viewer),
  "system/departmentEmployee": (viewer, url) => loadEmployees(viewer, url),
  "system/loginLog": (viewer, url) => listLoginLog(viewer, url),
  "system/smsOutbox": (viewer, url) => listSmsMessages(viewer, url),
  "system/orgSource": (viewer, url) => loadList(orgSourceResource, viewer, url),
  "system/attachmentConfig": (viewer) => loadAttachmentConfig(viewer),
  "onlineMall/adress": (viewer, url) => loadAddressBook(viewer, url),
  "system/systemVariableDefault": (viewer, url) => loadList(variableDefaultResource, viewer, url),
  "system/systemVariable": (viewer, url) => loadVariableAdmin(viewer, url),
  "system/messageSetting": (viewer, url) => loadList(messageTemplateResource, viewer, url),
  "system/regionArea": (viewer, url) => loadRegionAdmin(viewer, url),
  "system/codeRule": (viewer, url) => loadList(codeRuleResource, viewer, url),
  "system/systemCode": (viewer, url) => loadList(dictTypeResource, viewer, url),
  "onlineMall/car/order": (viewer, url) => loadOrderRoute(viewer, "VEHICLE", url),
  "onlineMall/mountings/order": (viewer, url) => loadOrderRoute(viewer, "PARTS", url),
  "onlineMall/car/preOrder": (viewer, url) => loadPreOrderRoute(viewer, url),
  "onlineMall/car/inventory": (viewer, url) => loadInventory(viewer, url),
  "onlineMall/car/orderReconcil": (viewer, url) => reconcile(viewer, parseReconcileFilters(url.searchParams)),
  "onlineMall/car/goods": (viewer, url) => loadCatalog(viewer, "VEHICLE", url),
  "onlineMall/mountings/goods": (viewer, url) => loadCatalog(viewer, "PART", url),
  "onlineMall/mountings/derivativeGoods": (viewer, url) => loadCatalog(viewer, "DERIVATIVE", url),
  "onlineMall/car/goods_bak": (viewer, url) => loadGoodsAdmin(viewer, "vehicle", url),
  "onlineMall/mountings/goods_bak": (viewer, url) => loadGoodsAdmin(viewer, "parts", url),
  "onlineMall/car/carGroup": (viewer, url) => loadList(carGroupResource, viewer, url),
  "onlineMall/car/vehicleModel": (viewer, url) => loadVehicleModelAdmin(viewer, url),
  "onlineMall/car/cart": (viewer) => loadCartPage(viewer, "VEHICLE"),
  "onlineMall/mountings/cart": (viewer) => loadCartPage(viewer, "PARTS"),
  "car/vehicleSales": (viewer, url) => loadVehicleSales(viewer, url),
  "car/carReturn": (viewer, url) => loadCarReturns(viewer, url),
  "car/stock": (viewer, url) => loadVehicleStock(viewer, url),
  "car/vehicleInformation": (viewer, url) => loadVehicleInfoRoute(viewer, url),
  "afterSale/salesReturn": (viewer, url) => loadSalesReturnRoute(viewer, url),
  "afterSale/salesReturnLogs": (viewer, url) => loadReturnLogRoute(viewer, url),
  "afterSale/complaint": (viewer, url) => loadComplaintRoute(viewer, url),
  "customerWms/entryWarehouseOrder": (viewer, url) => loadDocScreen(viewer, "ENTRY", url),
  "customerWms/deliveryWarehouseOrder": (viewer, url) => loadDocScreen(viewer, "DELIVERY", url),
  "customerWms/moveWarehouse": (viewer, url) => loadDocScreen(viewer, "MOVE", url),
  "customerWms/allotOrder": (viewer, url) => loadDocScreen(viewer, "TRANSFER", url),
  "customerWms/storeCheck": (viewer, url) => loadDocScreen(viewer, "STOCKTAKE", url),

  "market/news": (viewer, url) => loadNewsRoute(viewer, url),
  "download/downloadCenters": (viewer, url) => loadDownloadRoute(viewer, url),
  "system/workbench/records": (viewer, url) => loadRecordsRoute(viewer, url),
  "customerWms/pointOfSale": (viewer, url) => loadPosRoute(viewer, url),
  "customerWms/storeCheckPlan": (viewer, url) => loadPlanRoute(viewer, url),
  "crm/customerPlan": (viewer, url) =>
    url.searchParams.get("tab") === "achievement" ? getLocale().then((locale) => loadAchievementPanel(viewer, url.searchParams, locale)) : loadPurchasePlanRoute(viewer, url),
  "customerWms/inventory": (viewer, url) => loadInventoryRoute(viewer, url),
  "customerWms/warehouse": (viewer, url) => loadWarehouseRoute(viewer, url),
  "system/memberSystem": (viewer, url) => loadMemberRoute(viewer, url),
  "system/userEquipment": (viewer, url) => listDevices(viewer, url),
  "system/client": (viewer) => loadClientAdmin(viewer),
  "system/weixinApp": (viewer, url) => (url.searchParams.get("tab") === "messages" ? listWechatMessages(viewer, url) : loadWeixinAdmin(viewer)),
  "system/appVersion": (viewer, url) => loadAppReleaseScreen(viewer, url),
  "system/qrcodeModel": (viewer) => loadQrTemplateScreen(viewer),
};

export function loaderFor(route: string): Loader | null {
  return Object.prototype.hasOwnProperty.call(serverLoaders, route) ? serverLoaders[route as RouteId] : null;
}
