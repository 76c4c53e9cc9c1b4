import { z } from "zod";
import { ZFileComplaint } from "@/lib/after-sales/complaints/schemas";
import { ZAddToCart } from "@/lib/mall/cart/schemas";
import { ZSubmitOrder } from "@/lib/mall/orders/schemas";
import { ZCreatePreOrder } from "@/lib/mall/pre-orders/schemas";
import { ZFileReturn } from "@/lib/after-sales/returns/schemas";
import { ZCounterSale } from "@/lib/wms/pos/schemas";
import { ZPlanListQuery } from "@/lib/wms/plans/schemas";
import { ZInventoryQuery, ZLedgerQuery } from "@/lib/wms/inventory/schemas";
import { ZAchievementQuery, ZNetworkQuery } from "@/lib/plans/achievement-schemas";
import { ZCreateDelivery, ZCreateEntry, ZCreateMove, ZCreateStocktake, ZCreateTransfer } from "@/lib/wms/schemas";
import { ZAdjustBody, ZMemberLedgerQuery, ZMemberListQuery, ZRuleSave, ZTierBody } from "@/lib/members/schemas";
import { ZAdjustPlanBody, ZApprovePlanBody, ZPlanListQuery as ZPurchasePlanListQuery, ZReturnPlanBody, ZSavePlan } from "@/lib/plans/schemas";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { isPublicApiPath, SCOPE_AREAS, scopeNeeded, type ScopeArea } from "@/lib/oauth/scopes";
import { APP_PLATFORMS } from "@/lib/app-releases/options";
import * as R from "./responses";
import {
  ZComplaintListQuery,
  IDEMPOTENCY_HEADER,
  ZCartLinePatch,
  ZCancelDocBody,
  ZCartQuery,
  ZCountStocktakeBody,
  ZGoodsQuery,
  ZIdParams,
  zIdempotencyHeader,
  ZNotificationQuery,
  ZOrderCancelBody,
  ZOrderListQuery,
  ZPreOrderCancelBody,
  ZPostDocBody,
  ZPreOrderListQuery,
  ZReceiveTransferBody,
  ZSalesReturnListQuery,
  ZWmsDocListQuery,
} from "./schemas";

// The OpenAPI 3.1 document of /customerWeb/api/v1 (GET /customerWeb/api/v1/openapi.json),
// generated from the zod schemas the handlers parse with (z.toJSONSchema) and the response
// shapes in ./responses. Every route handler under app/api/v1 has an entry in ENDPOINTS; a unit
// test (openapi.test.ts) fails when a route file or one of its methods is missing here.

type Method = "get" | "post" | "put" | "patch" | "delete";
/** `optional`: the body may be left out (every field of the schema is optional). */
type Body = { schema: z.ZodType; name: string; optional?: boolean } | { multipart: Record<string, string> };
type Answer = { status: number; description: string; schema?: string; binary?: string };
export type Endpoint = {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  /** Who may call it (permission code or screen), in words for the document. */
  access: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: { name: string; schema: z.ZodType; required: boolean; description: string }[];
  body?: Body;
  ok: Answer[];
  errors: number[];
  /** Answered to anyone: no session or token (security: []). */
  public?: true;
};

const ok = (schema: string, description = "OK", status = 200): Answer => ({ status, description, schema });

export const ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/goods",
    tag: "Goods",
    summary: "List a mall's goods (keyset pages)",
    access: "The mall screen of the kind",
    query: ZGoodsQuery,
    ok: [ok("GoodsPage")],
    errors: [401, 403, 422],
  },
  {
    method: "get",
    path: "/goods/{id}",
    tag: "Goods",
    summary: "One goods with its pictures",
    access: "The mall screen of the goods' kind; off-sale goods are 404 for dealers",
    params: ZIdParams,
    ok: [ok("GoodsDetail")],
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/cart",
    tag: "Cart",
    summary: "The signed-in dealer's cart of a type",
    access: "The cart screen of the type (dealers)",
    query: ZCartQuery,
    ok: [ok("Cart")],
    errors: [401, 403, 422],
  },
  {
    method: "post",
    path: "/cart",
    tag: "Cart",
    summary: "Add goods to the cart of their kind",
    access: "cart:add (dealers)",
    body: { schema: ZAddToCart, name: "AddToCart" },
    ok: [ok("CartAdded", "Added to a line already there", 200), ok("CartAdded", "A new line", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "patch",
    path: "/cart/{id}",
    tag: "Cart",
    summary: "Change a cart line's quantity or remark",
    access: "cart:update; another user's line is 404",
    params: ZIdParams,
    body: { schema: ZCartLinePatch, name: "CartLinePatch" },
    ok: [ok("CartLineChanged")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "delete",
    path: "/cart/{id}",
    tag: "Cart",
    summary: "Remove a cart line",
    access: "cart:update; another user's line is 404",
    params: ZIdParams,
    ok: [ok("Deleted")],
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/orders",
    tag: "Orders",
    summary: "Submit cart lines as one order (stock reserved now)",
    access: "order:submit (dealers); each cart line makes one order at most: a line no longer in the caller's cart (ordered meanwhile, removed, or not theirs) is 409",
    headers: [
      {
        name: IDEMPOTENCY_HEADER,
        schema: zIdempotencyHeader,
        required: true,
        description: "Made once per order the client means; a retry with the same key answers the same order (200) instead of a second one",
      },
    ],
    body: { schema: ZSubmitOrder, name: "SubmitOrder" },
    ok: [ok("OrderSubmitted", "Made", 201), ok("OrderSubmitted", "Made before with this key", 200)],
    errors: [400, 401, 403, 404, 409, 422],
  },
  {
    method: "get",
    path: "/orders",
    tag: "Orders",
    summary: "List orders of a type (keyset pages)",
    access: "The order screen of the type; dealers see their company, staff their data scope",
    query: ZOrderListQuery,
    ok: [ok("OrderPage")],
    errors: [401, 403, 422],
  },
  {
    method: "get",
    path: "/orders/{id}",
    tag: "Orders",
    summary: "One order with lines, history, payments, vehicles",
    access: "The order screen; another company's order is 404",
    params: ZIdParams,
    ok: [ok("Order")],
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/orders/{id}/cancel",
    tag: "Orders",
    summary: "Cancel an order (dealer: SUBMITTED; staff: CONFIRMED)",
    access: "order:cancel",
    params: ZIdParams,
    body: { schema: ZOrderCancelBody, name: "CancelOrder" },
    ok: [ok("OrderMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "get",
    path: "/pre-orders",
    tag: "Pre-orders",
    summary: "List pre-orders (keyset pages)",
    access: "The pre-order screen",
    query: ZPreOrderListQuery,
    ok: [ok("PreOrderPage")],
    errors: [401, 403, 422],
  },
  {
    method: "post",
    path: "/pre-orders",
    tag: "Pre-orders",
    summary: "Reserve a vehicle goods",
    access: "preOrder:create (dealers)",
    body: { schema: ZCreatePreOrder, name: "CreatePreOrder" },
    ok: [ok("PreOrderCreated", "Created", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "get",
    path: "/pre-orders/{id}",
    tag: "Pre-orders",
    summary: "One pre-order with history and linked order",
    access: "The pre-order screen; another company's pre-order is 404",
    params: ZIdParams,
    ok: [ok("PreOrder")],
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/pre-orders/{id}/cancel",
    tag: "Pre-orders",
    summary: "Cancel a pre-order (dealer: SUBMITTED; staff: CONFIRMED)",
    access: "preOrder:cancel",
    params: ZIdParams,
    body: { schema: ZPreOrderCancelBody, name: "CancelPreOrder" },
    ok: [ok("PreOrderMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "get",
    path: "/complaints",
    tag: "Complaints",
    summary: "List complaints (keyset pages)",
    access: "The complaint screen; dealers see their company, staff their data scope",
    query: ZComplaintListQuery,
    ok: [ok("ComplaintPage")],
    errors: [401, 403, 422],
  },
  {
    method: "post",
    path: "/complaints",
    tag: "Complaints",
    summary: "File a complaint with images and a video uploaded before (POST /uploads)",
    access: "complaint:create (dealers)",
    body: { schema: ZFileComplaint, name: "FileComplaint" },
    ok: [ok("ComplaintCreated", "Created", 201)],
    errors: [401, 403, 404, 413, 415, 422],
  },
  {
    method: "get",
    path: "/complaints/{id}",
    tag: "Complaints",
    summary: "One complaint with its conversation, history and files",
    access: "The complaint screen; another company's complaint is 404",
    params: ZIdParams,
    ok: [ok("Complaint")],
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/sales-returns",
    tag: "After-sales",
    summary: "List parts returns (keyset pages)",
    access: "The parts return screen; dealers see their company, staff their data scope",
    query: ZSalesReturnListQuery,
    ok: [ok("SalesReturnPage")],
    errors: [401, 403, 422],
  },
  {
    method: "post",
    path: "/sales-returns",
    tag: "After-sales",
    summary: "File a parts return (part images: ids of the caller's pending IMAGE uploads)",
    access: "salesReturn:create (dealers)",
    body: { schema: ZFileReturn, name: "FileReturn" },
    ok: [ok("SalesReturnCreated", "Created", 201)],
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/sales-returns/{id}",
    tag: "After-sales",
    summary: "One parts return with its images, batch and history",
    access: "The parts return screen; another company's return is 404",
    params: ZIdParams,
    ok: [ok("SalesReturn")],
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/wms/outlets",
    tag: "Warehouse",
    summary: "The outlets (points of sale) with today's count and total of counter sales",
    access: "The points of sale screen; dealers see their company, staff their data scope",
    ok: [ok("Outlets")],
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/wms/counter-sales",
    tag: "Warehouse",
    summary: "A counter sale at an outlet, posted at once as a delivery (WD, source COUNTER)",
    access: "pos:sell (dealers); another company's outlet is 404, a shortage or too few points 409, an unknown member phone 404",
    body: { schema: ZCounterSale, name: "CounterSale" },
    ok: [ok("CounterSaleCreated", "Created", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "get",
    path: "/members",
    tag: "Members",
    summary: "The member register (keyset pages, capped count); names and phones masked",
    access: "The member system screen; dealers see the members they enrolled, staff those of their data scope",
    query: ZMemberListQuery,
    ok: [ok("MemberPage")],
    errors: [401, 403, 422],
  },
  {
    method: "get",
    path: "/members/{id}",
    tag: "Members",
    summary: "One member with tier and balance",
    access: "The member system screen; a member outside the caller's company or data scope is 404",
    params: ZIdParams,
    ok: [ok("MemberDetail")],
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/members/{id}/ledger",
    tag: "Members",
    summary: "A member's points ledger, newest first (keyset pages)",
    access: "The member system screen; a member outside the caller's company or data scope is 404",
    params: ZIdParams,
    query: ZMemberLedgerQuery,
    ok: [ok("MemberLedger")],
    errors: [401, 403, 404, 422],
  },
  {
    method: "post",
    path: "/members/{id}/adjust",
    tag: "Members",
    summary: "Add (points > 0) or take away (points < 0) points with a reason",
    access: "memberPoints:adjust, a member of the caller's data scope (else 404); more than the balance is 409 on points",
    params: ZIdParams,
    body: { schema: ZAdjustBody, name: "PointsAdjust" },
    ok: [ok("PointsAdjusted", "Adjusted", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "get",
    path: "/member-tiers",
    tag: "Members",
    summary: "Every membership tier with its member count",
    access: "memberTier:manage",
    ok: [ok("MemberTiers")],
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/member-tiers",
    tag: "Members",
    summary: "Create a tier (members move to it at once when their balance reaches it)",
    access: "memberTier:manage",
    body: { schema: ZTierBody, name: "MemberTierSave" },
    ok: [ok("MemberTier", "Created", 201)],
    errors: [401, 403, 422],
  },
  {
    method: "put",
    path: "/member-tiers/{id}",
    tag: "Members",
    summary: "Replace a tier; a new threshold or enabled flag moves the members at once",
    access: "memberTier:manage",
    params: ZIdParams,
    body: { schema: ZTierBody, name: "MemberTierSave" },
    ok: [ok("MemberTier")],
    errors: [401, 403, 404, 422],
  },
  {
    method: "delete",
    path: "/member-tiers/{id}",
    tag: "Members",
    summary: "Delete a tier no member is in (else 409: disable it instead)",
    access: "memberTier:manage",
    params: ZIdParams,
    ok: [ok("TierDeleted")],
    errors: [401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/member-rules",
    tag: "Members",
    summary: "The point rules",
    access: "memberRule:manage",
    ok: [ok("MemberRules")],
    errors: [401, 403],
  },
  {
    method: "put",
    path: "/member-rules",
    tag: "Members",
    summary: "Replace the point rules",
    access: "memberRule:manage",
    body: { schema: ZRuleSave, name: "MemberRulesSave" },
    ok: [ok("MemberRules")],
    errors: [401, 403, 422],
  },
  {
    method: "get",
    path: "/notifications",
    tag: "Notifications",
    summary: "The caller's notifications, newest first, with the unread count",
    access: "Any signed-in user",
    query: ZNotificationQuery,
    ok: [ok("NotificationFeed")],
    errors: [401, 422],
  },
  {
    method: "post",
    path: "/notifications/{id}/read",
    tag: "Notifications",
    summary: "Mark one notification read",
    access: "Its recipient; anyone else's is 404",
    params: ZIdParams,
    ok: [ok("NotificationRead")],
    errors: [401, 404],
  },
  {
    method: "post",
    path: "/notifications/read-all",
    tag: "Notifications",
    summary: "Mark all the caller's notifications read",
    access: "Any signed-in user",
    ok: [ok("NotificationsRead")],
    errors: [401],
  },
  {
    method: "get",
    path: "/addresses",
    tag: "Addresses",
    summary: "The company's address book, default first",
    access: "The address book screen (dealers)",
    ok: [ok("Addresses")],
    errors: [401, 403],
  },
  {
    method: "get",
    path: "/wms/warehouses",
    tag: "Warehouse",
    summary: "The caller's warehouses with their locations and on-hand quantities",
    access: "The warehouses screen (dealers: their company; staff: their data scope)",
    ok: [ok("Warehouses")],
    errors: [401, 403],
  },
  {
    method: "get",
    path: "/regions",
    tag: "Regions",
    summary: "Enabled sub-areas of a region (no parent: provinces)",
    access: "Any signed-in user",
    query: z.object({ parent: ZIdParams.shape.id.optional() }),
    ok: [ok("Regions")],
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/uploads",
    tag: "Files",
    summary: "Upload one file (multipart)",
    access: "Any signed-in user",
    body: { multipart: { file: "The file", kind: "IMAGE | VIDEO | FILE | APP_PACKAGE (app packages: appRelease:manage only)", count: "How many files the field holds already" } },
    ok: [ok("Upload")],
    errors: [400, 401, 413],
  },
  {
    method: "get",
    path: "/files/{id}",
    tag: "Files",
    summary: "An uploaded file (Range supported)",
    access: "Its uploader while pending; whoever may see its record once saved",
    params: z.object({ id: z.string().max(40) }),
    query: z.object({ thumb: z.enum(["1"]).optional() }),
    ok: [{ status: 200, description: "The file", binary: "application/octet-stream" }],
    errors: [401, 404],
  },
  {
    method: "get",
    path: "/downloads/{id}/file",
    tag: "Files",
    summary: "A granted download: the item's file as an attachment (Range supported), or a 302 to its external https address",
    access: "The user the token was granted to (the download centre's requestDownload: verify code checked, counted), within 60 s",
    params: z.object({ id: z.string().max(12) }),
    query: z.object({ token: z.string().max(100) }),
    ok: [{ status: 200, description: "The file", binary: "application/octet-stream" }],
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/app/latest",
    tag: "App",
    summary: "The mobile app's update check: the latest published release of a platform, and whether the caller may or must update (cached 60 s)",
    access: "Public",
    public: true,
    query: z.object({
      platform: z.enum(APP_PLATFORMS).describe("In any case"),
      version: z
        .string()
        .regex(/^\d{1,10}$/)
        .describe("The caller's versionNumber (a positive whole number)"),
    }),
    ok: [ok("AppLatest")],
    errors: [404, 422],
  },
  {
    method: "get",
    path: "/app/releases/{id}/package",
    tag: "App",
    summary: "A published release's package as an attachment (Range supported; each download counted), or a 302 to its store URL",
    access: "Public; drafts and withdrawn releases are 404",
    public: true,
    params: z.object({ id: z.string().max(12) }),
    ok: [{ status: 200, description: "The package (.apk or .hap)", binary: "application/octet-stream" }],
    errors: [404],
  },
  {
    method: "get",
    path: "/login-log/export",
    tag: "Administration",
    summary: "The filtered login log as .xlsx",
    access: "loginLog:export",
    ok: [{ status: 200, description: "Workbook", binary: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }],
    errors: [401, 403],
  },
  {
    method: "get",
    path: "/admin/{resource}/export",
    tag: "Administration",
    summary: "A screen's filtered rows as .xlsx",
    access: "The screen's export permission",
    params: z.object({ resource: z.string() }),
    ok: [{ status: 200, description: "Workbook", binary: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }],
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/admin/{resource}/import",
    tag: "Administration",
    summary: "An empty import workbook",
    access: "The screen's import permission",
    params: z.object({ resource: z.string() }),
    ok: [{ status: 200, description: "Workbook", binary: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }],
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/admin/{resource}/import",
    tag: "Administration",
    summary: "Import every row of a workbook or none",
    access: "The screen's import permission",
    params: z.object({ resource: z.string() }),
    body: { multipart: { file: "The .xlsx workbook" } },
    ok: [ok("ImportResult")],
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/wms/stocktake-plans",
    tag: "Warehouse",
    summary: "List stocktake plans (simple pages of 20; a company keeps at most 200)",
    access: "The stocktake plan screen; dealers see their company, staff their data scope",
    query: ZPlanListQuery,
    ok: [ok("StocktakePlanPage")],
    errors: [401, 403, 422],
  },
  {
    method: "get",
    path: "/wms/inventory",
    tag: "Warehouse",
    summary: "List stock on hand by location (keyset pages)",
    access: "The warehouse inventory screen; dealers see their company, staff their data scope",
    query: ZInventoryQuery,
    ok: [ok("InventoryPage")],
    errors: [401, 403, 422],
  },
  {
    method: "get",
    path: "/wms/ledger",
    tag: "Warehouse",
    summary: "One goods' stock movements in one company (keyset pages), its on-hand rows, totals and minimum",
    access: "The warehouse inventory screen; staff name a company in their data scope (else 404)",
    query: ZLedgerQuery,
    ok: [ok("LedgerPage")],
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/plans/achievement",
    tag: "Plans",
    summary: "One dealer's plan achievement for a month: lines, subtotals, totals and the chart's 12 months",
    access: "The customer plan screen; dealers see their signed-in company (another company is 404), staff a company in their data scope (else 404)",
    query: ZAchievementQuery,
    ok: [ok("PlanAchievement")],
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/plans/achievement/network",
    tag: "Plans",
    summary: "Every dealer in the caller's data scope for a month, sorted by completion",
    access: "The customer plan screen, staff only (dealers get 404)",
    query: ZNetworkQuery,
    ok: [ok("PlanAchievementNetwork")],
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/plans/achievement/export",
    tag: "Plans",
    summary: "The network view of a month as .xlsx (the same rows and order)",
    access: "The customer plan screen, staff only (dealers get 404)",
    query: ZNetworkQuery,
    ok: [{ status: 200, description: "Workbook", binary: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }],
    errors: [401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/wms/documents",
    tag: "Warehouse",
    summary: "List warehouse documents of one kind (keyset pages)",
    access: "The screen of the kind (entries, deliveries, moves, transfers, stocktakes); dealers see their company's documents and transfers to it, staff their data scope",
    query: ZWmsDocListQuery,
    ok: [ok("WmsDocPage")],
    errors: [401, 403, 422],
  },
  {
    method: "get",
    path: "/wms/documents/{id}",
    tag: "Warehouse",
    summary: "One warehouse document with its lines, history and the moves the caller may make",
    access: "The screen of the document's kind; another company's document is 404 (a transfer is seen by both its companies)",
    params: ZIdParams,
    ok: [ok("WmsDoc")],
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/wms/documents/entries",
    tag: "Warehouse",
    summary: "A draft entry (opening stock or other); locations may be chosen now or when posting",
    access: "wmsEntry:manage (dealers: their signed-in company; staff are read-only)",
    body: { schema: ZCreateEntry, name: "CreateEntry" },
    ok: [ok("WmsDocCreated", "Created", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/deliveries",
    tag: "Warehouse",
    summary: "A draft delivery (repair use, scrap, other) that reserves its stock; a shortage is 409 naming the line",
    access: "wmsDelivery:manage (dealers: their signed-in company; staff are read-only)",
    body: { schema: ZCreateDelivery, name: "CreateDelivery" },
    ok: [ok("WmsDocCreated", "Created", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/moves",
    tag: "Warehouse",
    summary: "A draft move between two locations of one warehouse, reserving at the source",
    access: "wmsMove:manage (dealers: their signed-in company; staff are read-only)",
    body: { schema: ZCreateMove, name: "CreateMove" },
    ok: [ok("WmsDocCreated", "Created", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/transfers",
    tag: "Warehouse",
    summary: "A draft transfer to another warehouse of the company or of a company of the dealer group (one the caller is also linked to), reserving at the source",
    access: "wmsTransfer:manage (dealers: their signed-in company; staff are read-only)",
    body: { schema: ZCreateTransfer, name: "CreateTransfer" },
    ok: [ok("WmsDocCreated", "Created", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/stocktakes",
    tag: "Warehouse",
    summary: "A draft stocktake of a warehouse (some locations or goods; empty: all)",
    access: "stocktake:manage (dealers: their signed-in company; staff are read-only)",
    body: { schema: ZCreateStocktake, name: "CreateStocktake" },
    ok: [ok("WmsDocCreated", "Created", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/{id}/post",
    tag: "Warehouse",
    summary: "Post a draft by its kind: an entry into its locations (lines may choose them), a delivery or move out of stock, a stocktake being counted (its differences adjusted)",
    access:
      "The kind's permission (wmsEntry:manage, wmsDelivery:manage, wmsMove:manage, stocktake:manage), the document's company; a transfer is shipped and received instead (409)",
    params: ZIdParams,
    body: { schema: ZPostDocBody, name: "PostDocument", optional: true },
    ok: [ok("WmsDocMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/{id}/ship",
    tag: "Warehouse",
    summary: "Ship a draft transfer: the stock leaves the source locations",
    access: "wmsTransfer:manage, the sending company",
    params: ZIdParams,
    ok: [ok("WmsDocMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/{id}/receive",
    tag: "Warehouse",
    summary: "Receive a transfer in transit: what arrived of each line and where it goes (a shortfall is kept on the line)",
    access: "wmsTransfer:manage, the receiving company (sign in with it)",
    params: ZIdParams,
    body: { schema: ZReceiveTransferBody, name: "ReceiveTransfer" },
    ok: [ok("WmsDocMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/{id}/count",
    tag: "Warehouse",
    summary: "Start counting a draft stocktake: the scope is frozen with its book quantities",
    access: "stocktake:manage, the document's company",
    params: ZIdParams,
    ok: [ok("WmsDocMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/{id}/counts",
    tag: "Warehouse",
    summary: "Record counts of a stocktake being counted, and goods found where the book has none",
    access: "stocktake:manage, the document's company",
    params: ZIdParams,
    body: { schema: ZCountStocktakeBody, name: "CountStocktake" },
    ok: [ok("WmsDocMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/wms/documents/{id}/cancel",
    tag: "Warehouse",
    summary: "Cancel a draft (or a stocktake being counted); an outbound draft gives its reservation back",
    access: "The kind's permission, the document's (sending) company",
    params: ZIdParams,
    body: { schema: ZCancelDocBody, name: "CancelDocument", optional: true },
    ok: [ok("WmsDocMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "get",
    path: "/plans",
    tag: "Purchase plans",
    summary: "List purchase plans (keyset pages, newest first, capped count)",
    access: "The customer plan screen; dealers see their company's plans, staff those of their data scope",
    query: ZPurchasePlanListQuery,
    ok: [ok("PurchasePlanPage")],
    errors: [401, 403, 422],
  },
  {
    method: "post",
    path: "/plans",
    tag: "Purchase plans",
    summary: "Create the company's plan for a coming month (submit: true hands it in at once)",
    access: "plan:submit (dealers); one plan per company and month (409), before the month's deadline",
    body: { schema: ZSavePlan, name: "SavePurchasePlan" },
    ok: [ok("PurchasePlanMoved", "Created", 201)],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "get",
    path: "/plans/{id}",
    tag: "Purchase plans",
    summary: "One plan with its lines (requested vs planned, who adjusted), history and the caller's moves",
    access: "The customer plan screen; another company's plan, or one outside the data scope, is 404",
    params: ZIdParams,
    ok: [ok("PurchasePlan")],
    errors: [401, 403, 404],
  },
  {
    method: "put",
    path: "/plans/{id}",
    tag: "Purchase plans",
    summary: "Save a DRAFT or RETURNED plan, or revise a SUBMITTED one until the deadline (lines replaced)",
    access: "plan:submit, the plan's company (else 404); the month never changes; wrong state or past the deadline 409",
    params: ZIdParams,
    body: { schema: ZSavePlan, name: "SavePurchasePlan" },
    ok: [ok("PurchasePlanMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/plans/{id}/submit",
    tag: "Purchase plans",
    summary: "Hand in a DRAFT or RETURNED plan (at least one line above 0)",
    access: "plan:submit, the plan's company (else 404); wrong state or past the deadline 409",
    params: ZIdParams,
    ok: [ok("PurchasePlanMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/plans/{id}/approve",
    tag: "Purchase plans",
    summary: "Approve a SUBMITTED plan, adjusting the lines given in the same step: the month's target",
    access: "plan:review (staff), a plan of the data scope (else 404); wrong state 409",
    params: ZIdParams,
    body: { schema: ZApprovePlanBody, name: "ApprovePurchasePlan", optional: true },
    ok: [ok("PurchasePlanReviewed")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/plans/{id}/return",
    tag: "Purchase plans",
    summary: "Return a SUBMITTED plan to the dealer with a comment",
    access: "plan:review (staff), a plan of the data scope (else 404); wrong state 409",
    params: ZIdParams,
    body: { schema: ZReturnPlanBody, name: "ReturnPurchasePlan" },
    ok: [ok("PurchasePlanMoved")],
    errors: [401, 403, 404, 409, 422],
  },
  {
    method: "post",
    path: "/plans/{id}/adjust",
    tag: "Purchase plans",
    summary: "Change quantities of a SUBMITTED plan's lines (it stays SUBMITTED; the dealer is told)",
    access: "plan:review (staff), a plan of the data scope (else 404); wrong state 409",
    params: ZIdParams,
    body: { schema: ZAdjustPlanBody, name: "AdjustPurchasePlan" },
    ok: [ok("PurchasePlanReviewed")],
    errors: [401, 403, 404, 409, 422],
  },
];

/** Named response shapes (components.schemas). */
const RESPONSES: Record<string, z.ZodType> = {
  Error: R.RError,
  Goods: R.RGoods,
  CartLine: R.RCartLine,
  OrderRow: R.ROrderRow,
  PreOrderRow: R.RPreOrderRow,
  GoodsPage: R.RGoodsPage,
  GoodsDetail: R.RGoodsDetail,
  Cart: R.RCart,
  CartAdded: R.RCartAdded,
  CartLineChanged: R.RCartLineChanged,
  Deleted: R.RDeleted,
  OrderPage: R.ROrderPage,
  Order: R.ROrder,
  OrderSubmitted: R.ROrderSubmitted,
  OrderMoved: R.ROrderMoved,
  PreOrderPage: R.RPreOrderPage,
  PreOrder: R.RPreOrder,
  PreOrderCreated: R.RPreOrderCreated,
  PreOrderMoved: R.RPreOrderMoved,
  SalesReturnRow: R.RSalesReturnRow,
  SalesReturnPage: R.RSalesReturnPage,
  SalesReturn: R.RSalesReturn,
  SalesReturnCreated: R.RSalesReturnCreated,
  ComplaintPage: R.RComplaintPage,
  StocktakePlanPage: R.RStocktakePlanPage,
  Complaint: R.RComplaint,
  ComplaintCreated: R.RComplaintCreated,
  Outlets: R.ROutlets,
  CounterSaleCreated: R.RCounterSaleCreated,
  NotificationFeed: R.RNotificationFeed,
  NotificationRead: z.object({ id: z.number().int(), read: z.literal(true) }),
  NotificationsRead: z.object({ updated: z.number().int() }),
  Addresses: R.RAddresses,
  Warehouses: R.RWarehouses,
  Regions: R.RRegions,
  Upload: R.RUpload,
  ImportResult: R.RImportResult,
  InventoryPage: R.RInventoryPage,
  LedgerPage: R.RLedgerPage,
  WmsDocPage: R.RWmsDocPage,
  WmsDoc: R.RWmsDoc,
  WmsDocCreated: R.RWmsDocCreated,
  WmsDocMoved: R.RWmsDocMoved,
  MemberPage: R.RMemberPage,
  MemberDetail: R.RMemberDetail,
  MemberLedger: R.RMemberLedger,
  PointsAdjusted: R.RPointsAdjusted,
  MemberTier: R.RMemberTier,
  MemberTiers: R.RMemberTiers,
  MemberRules: R.RMemberRules,
  TierDeleted: R.RTierDeleted,
  PlanAchievement: R.RPlanAchievement,
  PlanAchievementNetwork: R.RPlanAchievementNetwork,
  PurchasePlanPage: R.RPurchasePlanPage,
  PurchasePlan: R.RPurchasePlan,
  PurchasePlanMoved: R.RPurchasePlanMoved,
  PurchasePlanReviewed: R.RPurchasePlanReviewed,
  AppLatest: R.RAppLatest,
};

const ERROR_TEXT: Record<number, string> = {
  400: "Bad request (body not JSON, missing Idempotency-Key, bad parameter)",
  401: "Not signed in: no or expired session cookie, or a bearer token that is not (or no longer) valid",
  403: "Signed in, but the permission or screen is not granted (to the user, or by the token's scopes: insufficient_scope); or a write sent from another origin or site (Origin / Sec-Fetch-Site)",
  404: "Missing, or another company's record (the same answer on purpose)",
  409: "Conflict: out of stock, off sale, or not allowed in the record's current state",
  413: "File too large",
  415: "A write whose body is not JSON (uploads and imports: not multipart/form-data), code UNSUPPORTED_MEDIA_TYPE; or a file whose format the upload rule does not allow (fieldErrors names the field)",
  422: "Validation failed; fieldErrors names each field",
  429: "Too many requests: the bearer token's client passed its requests per minute (code TOO_MANY_REQUESTS); retry after Retry-After seconds",
};

/** What each scope area reaches, for the oauth2 scheme's scope list (docs/DECISIONS.md "Issue 22"). */
const AREA_TEXT: Record<ScopeArea, string> = {
  goods: "the vehicle and parts catalogues and the regions",
  orders: "orders, pre-orders, carts, delivery addresses and payments",
  "after-sales": "parts returns and complaints",
  warehouse: "warehouses, stock, warehouse documents, stocktakes and counter sales",
  plans: "purchase plans and their achievement",
  members: "members, their points, tiers and point rules",
  notifications: "the user's notifications",
  files: "uploads, files and the download centre",
  admin: "administration exports and imports (system settings, companies, the login log)",
};

/** Every scope of lib/oauth/scopes.ts with one line of English. */
export const SCOPE_TEXT: Record<string, string> = Object.fromEntries(
  SCOPE_AREAS.flatMap((a) => [
    [`${a}:read`, `Read ${AREA_TEXT[a]}`],
    [`${a}:write`, `Read and change ${AREA_TEXT[a]}`],
  ]),
);

/** The security requirements of an operation: the session cookie, or a bearer token with the
 * scope its path and method need (scopeNeeded, the check lib/oauth/bearer.ts makes); none for a
 * public path. */
function securityOf(path: string, method: Method): Json[] {
  if (isPublicApiPath(path)) return [];
  const scope = scopeNeeded(`/api/v1${path}`, method);
  if (!scope) throw new Error(`${method.toUpperCase()} ${path} belongs to no scope area (lib/oauth/scopes.ts AREAS)`);
  return [{ sessionCookie: [] }, { oauth2: [scope] }, { bearerAuth: [scope] }];
}

type Json = Record<string, unknown>;
const strip = (s: Json): Json => {
  const { $schema: _s, $id: _i, ...rest } = s;
  return rest;
};
const schemaOf = (s: z.ZodType): Json => strip(z.toJSONSchema(s, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json);

function parameters(where: "path" | "query", obj: z.ZodObject | undefined): Json[] {
  if (!obj) return [];
  const json = schemaOf(obj) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema as Json & { description?: string };
    return { name, in: where, required: where === "path" || (json.required ?? []).includes(name), schema: rest, ...(description ? { description } : {}) };
  });
}

let cached: Json | null = null;

/** The whole document (built once per process). */
export function openApiDocument(): Json {
  if (cached) return cached;
  const registry = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries(RESPONSES)) registry.add(s, { id });
  for (const e of ENDPOINTS) if (e.body && "schema" in e.body && !registry.has(e.body.schema)) registry.add(e.body.schema, { id: e.body.name });
  const converted = z.toJSONSchema(registry, { io: "input", unrepresentable: "any", target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, Json>;
  };
  const schemas = Object.fromEntries(Object.entries(converted.schemas).map(([k, v]) => [k, strip(v)]));
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  const paths: Record<string, Record<string, Json>> = {};
  for (const e of ENDPOINTS) {
    const responses: Json = {};
    for (const a of e.ok)
      responses[String(a.status)] = {
        description: a.description,
        content: a.binary ? { [a.binary]: { schema: { type: "string", contentEncoding: "binary" } } } : { "application/json": { schema: ref(a.schema!) } },
      };
    // Every write is refused when cross-site (403) or not JSON / multipart (415): lib/api/write-guard.ts.
    // Every protected operation can meet a bearer token's refusals: 401, 403 insufficient_scope, 429.
    const security = securityOf(e.path, e.method);
    const guarded = security.length ? [401, 403, 429] : [];
    const errors = [...new Set([...e.errors, ...guarded, ...(e.method === "get" ? [] : [403, 415])])].sort((a, b) => a - b);
    for (const s of errors) responses[String(s)] = { $ref: `#/components/responses/E${s}` };
    responses["500"] = { $ref: "#/components/responses/E500" };
    const body = e.body
      ? "schema" in e.body
        ? { required: !e.body.optional, content: { "application/json": { schema: ref(e.body.name) } } }
        : {
            required: true,
            content: {
              "multipart/form-data": {
                schema: { type: "object", properties: Object.fromEntries(Object.entries(e.body.multipart).map(([k, d]) => [k, { type: "string", description: d }])) },
              },
            },
          }
      : undefined;
    const op: Json = {
      operationId: `${e.method}${e.path.replace(/\{(\w+)\}/g, "By_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: e.summary,
      description: `Access: ${e.access}.`,
      tags: [e.tag],
      parameters: [
        ...parameters("path", e.params),
        ...parameters("query", e.query),
        ...(e.headers ?? []).map((h) => ({ name: h.name, in: "header", required: h.required, description: h.description, schema: schemaOf(h.schema) })),
      ],
      ...(body ? { requestBody: body } : {}),
      security,
      responses,
    };
    (paths[e.path] ??= {})[e.method] = op;
  }

  const errorResponse = (status: string, description: string) => ({
    description,
    ...(R.ERROR_HEADERS[Number(status)] ? { headers: R.ERROR_HEADERS[Number(status)] } : {}),
    content: { "application/json": { schema: ref("Error") } },
  });
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Dealer Platform REST API",
      version: "1.0.0",
      description:
        "Mobile and integration clients of the online mall. Either send `Authorization: Bearer <access token>` from the OAuth 2 token endpoint (authorization code with PKCE for apps acting for a user, client credentials for system integrations; the token reaches only what both its scopes and its user's permissions allow), or sign in with next-auth's credentials flow (GET /customerWeb/api/auth/csrf, then POST /customerWeb/api/auth/callback/credentials with csrfToken, account, password and, for dealers of several companies, companyCode) and send the session cookie it sets. Errors are { code, message, fieldErrors? } in the request's language (Accept-Language). See the README, section \"REST API\".",
    },
    servers: [{ url: "/customerWeb/api/v1" }],
    security: [{ sessionCookie: [] }, { bearerAuth: [] }],
    tags: [...new Set(ENDPOINTS.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `next-auth's session cookie ("__Secure-${SESSION_COOKIE}" behind HTTPS)`,
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "opaque",
          description:
            "An opaque access token (dpa_…) from the token endpoint. Each operation lists the scope it needs; the token's user must also hold the operation's permission, in the token's company.",
        },
        oauth2: {
          type: "oauth2",
          description: "OAuth 2.1: authorization code with PKCE (S256) for apps acting for a user, client credentials for system integrations; refresh tokens rotate.",
          flows: {
            authorizationCode: {
              authorizationUrl: "/customerWeb/oauth/authorize",
              tokenUrl: "/customerWeb/api/oauth/token",
              refreshUrl: "/customerWeb/api/oauth/token",
              scopes: SCOPE_TEXT,
            },
            clientCredentials: { tokenUrl: "/customerWeb/api/oauth/token", scopes: SCOPE_TEXT },
          },
        },
      },
      schemas,
      responses: Object.fromEntries([...Object.entries(ERROR_TEXT), ["500", "Unexpected error; the message quotes a request id"]].map(([s, d]) => [`E${s}`, errorResponse(s, d)])),
    },
  };
  return cached;
}
