import enCore from "@/messages/en-US.json";
import zhCore from "@/messages/zh-CN.json";
import enAccess from "@/messages/access/en-US.json";
import zhAccess from "@/messages/access/zh-CN.json";
import enAccounts from "@/messages/accounts/en-US.json";
import zhAccounts from "@/messages/accounts/zh-CN.json";
import enAdmin from "@/messages/admin/en-US.json";
import enMall from "@/messages/mall/en-US.json";
import zhMall from "@/messages/mall/zh-CN.json";
import zhAdmin from "@/messages/admin/zh-CN.json";
import enConfig from "@/messages/config/en-US.json";
import zhConfig from "@/messages/config/zh-CN.json";
import enRegions from "@/messages/regions/en-US.json";
import zhRegions from "@/messages/regions/zh-CN.json";
import enDict from "@/messages/dict/en-US.json";
import zhDict from "@/messages/dict/zh-CN.json";
import enUploads from "@/messages/uploads/en-US.json";
import zhUploads from "@/messages/uploads/zh-CN.json";
import enOrders from "@/messages/orders/en-US.json";
import zhOrders from "@/messages/orders/zh-CN.json";
import enCart from "@/messages/cart/en-US.json";
import zhCart from "@/messages/cart/zh-CN.json";
import enNotify from "@/messages/notify/en-US.json";
import zhNotify from "@/messages/notify/zh-CN.json";
import enPreOrders from "@/messages/preorders/en-US.json";
import zhPreOrders from "@/messages/preorders/zh-CN.json";
import enOrdersUi from "@/messages/orders-ui/en-US.json";
import zhOrdersUi from "@/messages/orders-ui/zh-CN.json";
import enCatalog from "@/messages/catalog/en-US.json";
import zhCatalog from "@/messages/catalog/zh-CN.json";
import enVehicles from "@/messages/vehicles/en-US.json";
import zhVehicles from "@/messages/vehicles/zh-CN.json";
import enVehicleInventory from "@/messages/vehicle-inventory/en-US.json";
import zhVehicleInventory from "@/messages/vehicle-inventory/zh-CN.json";
import enVehicleSales from "@/messages/vehicle-sales/en-US.json";
import zhVehicleSales from "@/messages/vehicle-sales/zh-CN.json";
import enVehicleInfo from "@/messages/vehicle-info/en-US.json";
import zhVehicleInfo from "@/messages/vehicle-info/zh-CN.json";
import enReturnsCore from "@/messages/after-sales-returns/en-US.json";
import zhReturnsCore from "@/messages/after-sales-returns/zh-CN.json";
import enComplaintsCore from "@/messages/after-sales-complaints/en-US.json";
import zhComplaintsCore from "@/messages/after-sales-complaints/zh-CN.json";
import enNews from "@/messages/news/en-US.json";
import zhNews from "@/messages/news/zh-CN.json";
import enNewsAdmin from "@/messages/news-admin/en-US.json";
import zhNewsAdmin from "@/messages/news-admin/zh-CN.json";
import enDownloads from "@/messages/downloads/en-US.json";
import zhDownloads from "@/messages/downloads/zh-CN.json";
import enMyAccount from "@/messages/my-account/en-US.json";
import zhMyAccount from "@/messages/my-account/zh-CN.json";
import enCompanies from "@/messages/companies/en-US.json";
import zhCompanies from "@/messages/companies/zh-CN.json";
import enWms from "@/messages/wms/en-US.json";
import zhWms from "@/messages/wms/zh-CN.json";
import enWmsPos from "@/messages/wms-pos/en-US.json";
import zhWmsPos from "@/messages/wms-pos/zh-CN.json";
import enWmsPlans from "@/messages/wms-plans/en-US.json";
import zhWmsPlans from "@/messages/wms-plans/zh-CN.json";
import enWmsInventory from "@/messages/wms-inventory/en-US.json";
import zhWmsInventory from "@/messages/wms-inventory/zh-CN.json";
import enWmsWarehouse from "@/messages/wms-warehouse/en-US.json";
import zhWmsWarehouse from "@/messages/wms-warehouse/zh-CN.json";
import enMembers from "@/messages/members/en-US.json";
import zhMembers from "@/messages/members/zh-CN.json";
import enPlans from "@/messages/plans/en-US.json";
import zhPlans from "@/messages/plans/zh-CN.json";
import enPlanAchievement from "@/messages/plans-achievement/en-US.json";
import zhPlanAchievement from "@/messages/plans-achievement/zh-CN.json";
import enClients from "@/messages/clients/en-US.json";
import zhClients from "@/messages/clients/zh-CN.json";
import enWeixin from "@/messages/weixin/en-US.json";
import zhWeixin from "@/messages/weixin/zh-CN.json";
import enOAuth from "@/messages/oauth/en-US.json";
import zhOAuth from "@/messages/oauth/zh-CN.json";
import enWorkbench from "@/messages/workbench/en-US.json";
import zhWorkbench from "@/messages/workbench/zh-CN.json";
import enDevices from "@/messages/devices/en-US.json";
import zhDevices from "@/messages/devices/zh-CN.json";
import enAppReleases from "@/messages/app-releases/en-US.json";
import zhAppReleases from "@/messages/app-releases/zh-CN.json";
import enQrLabels from "@/messages/qr-labels/en-US.json";
import zhQrLabels from "@/messages/qr-labels/zh-CN.json";
import enQrcode from "@/messages/qrcode/en-US.json";
import zhQrcode from "@/messages/qrcode/zh-CN.json";
import enScan from "@/messages/scan/en-US.json";
import zhScan from "@/messages/scan/zh-CN.json";
import { defaultLocale, fallbackLocale, type Locale } from "./config";
import { mergeMessages, type MessageTree } from "./merge";

// One file per area and language (messages/<area>/<locale>.json) beside the core files, so
// areas grow without touching each other. Namespaces must not repeat across files.
export const MESSAGE_FILES: Record<Locale, MessageTree[]> = {
  "en-US": [
    enCore,
    enAccounts,
    enMyAccount,
    enAccess,
    enAdmin,
    enUploads,
    enDict,
    enRegions,
    enConfig,
    enMall,
    enOrders,
    enCart,
    enNotify,
    enPreOrders,
    enOrdersUi,
    enCatalog,
    enVehicles,
    enVehicleInventory,
    enVehicleSales,
    enVehicleInfo,
    enReturnsCore,
    enComplaintsCore,
    enNews,
    enNewsAdmin,
    enDownloads,
    enWorkbench,
    enCompanies,
    enWms,
    enWmsPos,
    enWmsPlans,
    enWmsInventory,
    enWmsWarehouse,
    enMembers,
    enPlans,
    enPlanAchievement,
    enDevices,
    enClients,
    enWeixin,
    enOAuth,
    enAppReleases,
    enQrLabels,
    enQrcode,
    enScan,
  ],
  "zh-CN": [
    zhCore,
    zhAccounts,
    zhMyAccount,
    zhAccess,
    zhAdmin,
    zhUploads,
    zhDict,
    zhRegions,
    zhConfig,
    zhMall,
    zhOrders,
    zhCart,
    zhNotify,
    zhPreOrders,
    zhOrdersUi,
    zhCatalog,
    zhVehicles,
    zhVehicleInventory,
    zhVehicleSales,
    zhVehicleInfo,
    zhReturnsCore,
    zhComplaintsCore,
    zhNews,
    zhNewsAdmin,
    zhDownloads,
    zhWorkbench,
    zhCompanies,
    zhWms,
    zhWmsPos,
    zhWmsPlans,
    zhWmsInventory,
    zhWmsWarehouse,
    zhMembers,
    zhPlans,
    zhPlanAchievement,
    zhDevices,
    zhClients,
    zhWeixin,
    zhOAuth,
    zhAppReleases,
    zhQrLabels,
    zhQrcode,
    zhScan,
  ],
};
export const MESSAGE_AREAS = [
  "",
  "accounts",
  "my-account",
  "access",
  "admin",
  "uploads",
  "dict",
  "regions",
  "config",
  "mall",
  "orders",
  "cart",
  "notify",
  "preorders",
  "orders-ui",
  "catalog",
  "vehicles",
  "vehicle-inventory",
  "vehicle-sales",
  "vehicle-info",
  "after-sales-returns",
  "after-sales-complaints",
  "news",
  "news-admin",
  "downloads",
  "workbench",
  "companies",
  "wms",
  "wms-pos",
  "wms-plans",
  "wms-inventory",
  "wms-warehouse",
  "members",
  "plans",
  "plans-achievement",
  "devices",
  "clients",
  "weixin",
  "oauth",
  "app-releases",
  "qr-labels",
  "qrcode",
  "scan",
] as const;

export type Messages = typeof enCore;
/** Every namespace of every area (en-US is the reference language): next-intl types keys with it (global.d.ts). */
export type AllMessages = typeof enCore &
  typeof enAccess &
  typeof enAccounts &
  typeof enMyAccount &
  typeof enAdmin &
  typeof enMall &
  typeof enConfig &
  typeof enRegions &
  typeof enDict &
  typeof enUploads &
  typeof enOrders &
  typeof enCart &
  typeof enNotify &
  typeof enPreOrders &
  typeof enOrdersUi &
  typeof enCatalog &
  typeof enVehicles &
  typeof enVehicleInventory &
  typeof enVehicleSales &
  typeof enVehicleInfo &
  typeof enReturnsCore &
  typeof enComplaintsCore &
  typeof enNews &
  typeof enNewsAdmin &
  typeof enDownloads &
  typeof enWorkbench &
  typeof enCompanies &
  typeof enWms &
  typeof enWmsPos &
  typeof enWmsPlans &
  typeof enWmsInventory &
  typeof enWmsWarehouse &
  typeof enMembers &
  typeof enPlans &
  typeof enPlanAchievement &
  typeof enDevices &
  typeof enClients &
  typeof enWeixin &
  typeof enOAuth &
  typeof enAppReleases &
  typeof enQrLabels &
  typeof enQrcode &
  typeof enScan;

const combine = (files: MessageTree[]) => files.reduce((all, f) => ({ ...all, ...f }), {} as MessageTree);
const cache = new Map<Locale, Messages>();

/**
 * A language's messages over its fallbacks: a key the language lacks comes from zh-CN (the
 * specification's fallback language), and one zh-CN lacks too from en-US (the default).
 */
export function resolveMessages(files: Record<Locale, MessageTree[]>, locale: Locale): MessageTree {
  const chain = [...new Set<Locale>([locale, fallbackLocale, defaultLocale])];
  return chain.reduceRight<MessageTree | null>((base, l) => (base ? mergeMessages(base, combine(files[l])) : combine(files[l])), null)!;
}

/** The messages of a language, with its fallbacks (resolveMessages). */
export function messagesFor(locale: Locale): Messages {
  let m = cache.get(locale);
  if (!m) {
    m = resolveMessages(MESSAGE_FILES, locale) as Messages;
    cache.set(locale, m);
  }
  return m;
}
