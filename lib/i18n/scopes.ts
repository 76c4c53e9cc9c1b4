// Which message namespaces travel to the browser (HTML budget, scripts/bench-bundle.ts): the shell's own
// namespaces on every signed-in page, plus what each screen's client components use. Server
// components read every namespace on the server whatever is sent. A screen that forgets a
// namespace its client code needs shows the key instead of the text; e2e specs catch it.

/** Used by the shell and the sign-in screens' client components, and by shared widgets. */
export const GLOBAL_NAMESPACES = [
  "App",
  "Common",
  "Validation",
  "Login",
  "Language",
  "Header",
  "Tabs",
  "Home",
  "NotFound",
  "Forbidden",
  "System",
  "Errors",
  "Fields",
  "Notifications",
] as const;

/** The sign-in, register and forgot-password screens. */
export const AUTH_NAMESPACES = ["Register", "ForgotPassword", "VerificationCode"] as const;

/**
 * The dealer and content areas' namespaces, which no administration screen's client code reads
 * (scopes.test.ts checks components/system, admin, accounts and the shared kits): the
 * administration screens send every namespace but these, so a new dealer area does not weigh on
 * them (system/role's HTML budget).
 */
export const NOT_ADMIN_NAMESPACES = [
  "AddressBook",
  "Cart",
  "CarGroupAdmin",
  "CarReturns",
  "Catalog",
  "Complaints",
  "Downloads",
  "GoodsAdmin",
  "Members",
  "MyAccount",
  "MyDevices",
  "News",
  "NewsAdmin",
  "NewsPublic",
  "OrderActions",
  "OrderDetail",
  "OrderList",
  "Orders",
  "PartsGoodsAdmin",
  "PlanAchievement",
  "Plans",
  "PreOrders",
  "QrLabels",
  "Reconcile",
  "Records",
  "RichText",
  "SalesReturns",
  "Scan",
  "VehicleGoodsAdmin",
  "VehicleInfo",
  "VehicleInventory",
  "VehicleModelAdmin",
  "VehicleSales",
  "Vehicles",
  "VehicleStock",
  "Wms",
  "WmsDocs",
  "WmsInventory",
  "WmsPlans",
  "WmsPos",
  "WmsWarehouses",
  "Workbench",
] as const;

/** Every namespace but the dealer and content areas' (NOT_ADMIN_NAMESPACES). */
export function adminNamespaces<T extends Record<string, unknown>>(messages: T): Partial<T> {
  const skip = new Set<string>(NOT_ADMIN_NAMESPACES);
  return pickNamespaces(
    messages,
    Object.keys(messages).filter((ns) => !skip.has(ns)),
  );
}

/** Shared by the admin-pattern screens (AdminList, import dialog, uploads, region cascader). */
export const ADMIN_KIT = ["Admin", "AdminImport", "Access", "Uploads", "RegionAdmin"] as const;

const MALL_BUY = ["Cart", "PreOrders"] as const;
const WMS_DOCS = ["Wms", "WmsDocs"] as const;

/** Extra namespaces per mall screen (the admin screens under system/ get all of them). */
export const ROUTE_NAMESPACES: Record<string, readonly string[]> = {
  "onlineMall/car/goods": MALL_BUY,
  "onlineMall/mountings/goods": MALL_BUY,
  "onlineMall/mountings/derivativeGoods": MALL_BUY,
  // The goods_bak islands: row actions and confirmations (Admin, Access), the drawer's fields
  // and uploads, the cart dialog (MALL_BUY); the list itself is server HTML.
  "onlineMall/car/goods_bak": ["Admin", "Access", "Uploads", ...MALL_BUY, "GoodsAdmin", "VehicleGoodsAdmin"],
  "onlineMall/mountings/goods_bak": ["Admin", "Access", "Uploads", ...MALL_BUY, "GoodsAdmin", "PartsGoodsAdmin"],
  "onlineMall/car/carGroup": [...ADMIN_KIT, "CarGroupAdmin"],
  "onlineMall/car/vehicleModel": [...ADMIN_KIT, "CarGroupAdmin", "VehicleModelAdmin"],
  "onlineMall/car/cart": ["Cart", "Orders"],
  "onlineMall/mountings/cart": ["Cart", "Orders"],
  "onlineMall/car/order": ["OrderList", "OrderDetail", "OrderActions", "Orders"],
  "onlineMall/mountings/order": ["OrderList", "OrderDetail", "OrderActions", "Orders"],
  "onlineMall/car/orderReconcil": ["Reconcile", "OrderList"],
  "onlineMall/car/preOrder": ["PreOrders", "Orders"],
  "onlineMall/car/inventory": ["VehicleInventory", "Cart"],
  // The address book's islands: row actions and confirmations, the drawer, the region picker.
  "onlineMall/adress": ["Admin", "Access", "RegionAdmin", "AddressBook"],
  // The recorders (loaded on first use) and the add-vehicle drawer and import dialog: the lists are server-rendered.
  "car/vehicleSales": ["Vehicles", "VehicleSales"],
  "car/carReturn": ["Vehicles", "CarReturns"],
  "car/stock": ["Access", "AdminImport", "VehicleStock"],
  "car/vehicleInformation": ["VehicleInfo"],
  "afterSale/salesReturn": ["SalesReturns", "Uploads"],
  "afterSale/salesReturnLogs": ["SalesReturns", "Uploads"],
  "afterSale/complaint": ["Complaints", "Uploads"],
  "market/news": ["News", "NewsAdmin", "RichText", "Uploads"],
  "download/downloadCenters": ["Downloads", "RichText", "Uploads"],
  "system/workbench/records": ["Records"],
  // The outlet drawer (its fields, the shared Admin wording), the counter sale and the receipt's print button.
  "customerWms/pointOfSale": ["Admin", "Access", "Wms", "WmsPos", "Scan"],
  // The plan list's islands and the drawer loaded on the first click (labels of cycles: Wms).
  "customerWms/storeCheckPlan": ["Admin", "Access", "WmsPlans", "Wms"],
  // The minimum's form (the list and the ledger are server HTML) and the export button.
  "customerWms/inventory": ["WmsInventory"],
  // The warehouse screen's islands: the row actions, confirmations and the drawers (loaded on first click).
  "customerWms/warehouse": ["Admin", "Access", "Wms", "WmsWarehouses"],
  // The warehouse documents' create form, action bar and pickers.
  "customerWms/entryWarehouseOrder": [...WMS_DOCS, "Scan"],
  "customerWms/deliveryWarehouseOrder": WMS_DOCS,
  "customerWms/moveWarehouse": WMS_DOCS,
  "customerWms/allotOrder": WMS_DOCS,
  "customerWms/storeCheck": WMS_DOCS,
  // The member system's islands: the tier and rules drawers (loaded on first click, the Admin
  // wording), the delete confirmation and the points adjustment form.
  "system/memberSystem": ["Admin", "Access", "Members"],
  // The plan form and the review drawer (loaded on the first click), the action bar. The
  // achievement tab sends none of its words (server tables, the chart gets its labels as props).
  "crm/customerPlan": ["Plans"],
  // My account's forms and its devices' sign-out buttons (the page itself is server HTML).
  "system/account": ["MyAccount", "MyDevices"],
};

/** The subset of a message tree with these top-level namespaces. */
export function pickNamespaces<T extends Record<string, unknown>>(messages: T, namespaces: readonly string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const ns of namespaces) if (ns in messages) out[ns] = messages[ns];
  return out as Partial<T>;
}
