import { z } from "zod";
import { COMPLAINT_STATUSES } from "@/lib/after-sales/complaints/schemas";
import { CART_TYPES } from "@/lib/mall/cart/rules";
import { GOODS_KINDS } from "@/lib/mall/goods/schemas";
import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_STATES } from "@/lib/mall/orders/schemas";
import { PRE_ORDER_STATUSES } from "@/lib/mall/pre-orders/schemas";
import { RETURN_BATCH_STATUSES, SALES_RETURN_STATUSES } from "@/lib/after-sales/returns/schemas";
import { STOCKTAKE_CYCLES } from "@/lib/wms/plans/schemas";
import { WAREHOUSE_TYPES } from "@/lib/wms/warehouses/options";
import { WMS_DOC_STATUSES } from "@/lib/wms/states";
import { PLAN_STATUSES } from "@/lib/plans/options";
import { APP_PLATFORMS } from "@/lib/app-releases/options";

// The shapes the REST API answers with, as zod schemas for the OpenAPI document only (the
// handlers return the services' typed results; lib/api/openapi.ts names them as components).
// Money is decimal text with two places ("189900.00"), never a JSON number; times are ISO 8601.

const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Decimal text with two places, e.g. "189900.00"');
const isoTime = z.string().describe('ISO 8601 time, e.g. "2026-11-21T08:30:00.000Z"');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("Calendar day YYYY-MM-DD");
const id = z.number().int().positive();

export const RError = z.object({
  // The mapping of lib/actions/errors.ts (shared with the screens' server actions, where a
  // missing session is UNAUTHENTICATED), plus the upload and import endpoints' own refusals.
  code: z
    .enum([
      "UNAUTHORIZED",
      "FORBIDDEN",
      "BAD_REQUEST",
      "VALIDATION",
      "NOT_FOUND",
      "CONFLICT",
      "TOO_MANY_REQUESTS",
      "UNSUPPORTED_MEDIA_TYPE",
      "INTERNAL",
      "MAX_COUNT",
      "FORMAT",
      "TOO_LARGE",
      "EMPTY",
      "DAMAGED",
      "PIXELS",
      "NO_FILE",
      "RATE_LIMIT",
      "QUOTA",
      "INVALID_FILE",
      "INVALID_ROWS",
    ])
    .describe("Machine-readable; the uploads' (MAX_COUNT … QUOTA) and imports' (INVALID_FILE, INVALID_ROWS) own codes name what was refused"),
  message: z.string().describe("Translated (Accept-Language, or the i18next cookie / ?lng=)"),
  fieldErrors: z.record(z.string(), z.string()).optional().describe("Field → translated message (VALIDATION)"),
  requestId: z.string().optional().describe("Quoted in the message of INTERNAL errors"),
});

/** Headers of the refusals a bearer token can meet (lib/oauth/bearer.ts), for the document's
 * 401, 403 and 429 responses. */
export const ERROR_HEADERS: Record<number, Record<string, { description: string; schema: { type: string; examples?: unknown[] } }>> = {
  401: {
    "WWW-Authenticate": {
      description:
        'With a bearer token: `Bearer error="invalid_token"` (unknown, expired, revoked or rotated token; its client, device or user disabled; the user signed out everywhere since)',
      schema: { type: "string", examples: ['Bearer error="invalid_token"'] },
    },
  },
  403: {
    "WWW-Authenticate": {
      description:
        'With a bearer token whose scopes do not cover the endpoint: `Bearer error="insufficient_scope" scope="<the scope needed>"` (absent when the user lacks the permission)',
      schema: { type: "string", examples: ['Bearer error="insufficient_scope" scope="orders:write"'] },
    },
  },
  429: {
    "Retry-After": { description: "Seconds until the client's rate-limit window (one minute) turns", schema: { type: "integer", examples: [17] } },
  },
};

const Named = z.object({ id, code: z.string(), nameEn: z.string(), nameZh: z.string() });
const Company = z.object({ code: z.string(), nameEn: z.string(), nameZh: z.string() });
const Picture = z.object({ url: z.string(), thumbUrl: z.string() });
const Attachment = z.object({ id: z.string(), name: z.string(), url: z.string(), thumbUrl: z.string().nullable(), kind: z.enum(["IMAGE", "VIDEO", "FILE"]) });

export const RGoods = z.object({
  id,
  kind: z.enum(GOODS_KINDS),
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  carGroup: Named.nullable(),
  vehicleModel: Named.nullable(),
  config: z.string().nullable(),
  specification: z.string().nullable(),
  price: money,
  stock: z.number().int(),
  minOrderQty: z.number().int(),
  onSale: z.boolean(),
  sort: z.number().int(),
  cover: Picture.nullable(),
});
export const RGoodsPage = z.object({ items: z.array(RGoods), nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null at the end") });
export const RGoodsDetail = RGoods.extend({ remark: z.string().nullable(), pictures: z.array(Attachment), updatedAt: isoTime });

export const RCartLine = z.object({
  id,
  goodsId: id,
  kind: z.enum(GOODS_KINDS),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  config: z.string().nullable(),
  specification: z.string().nullable(),
  coverId: z.string().nullable(),
  coverUrl: z.string().nullable(),
  price: money,
  quantity: z.number().int(),
  subtotal: money,
  remark: z.string().nullable(),
  minOrderQty: z.number().int(),
  stock: z.number().int(),
  onSale: z.boolean(),
  flags: z.object({ offSale: z.boolean(), outOfStock: z.boolean(), belowMinimum: z.boolean() }).describe("Why the line cannot be ordered as it is"),
  updatedAt: isoTime,
});
export const RCart = z.object({
  type: z.enum(CART_TYPES),
  lines: z.array(RCartLine),
  totals: z.object({ lines: z.number().int(), quantity: z.number().int(), amount: money }),
  flagged: z.number().int(),
  maxLines: z.number().int(),
});
export const RCartAdded = z.object({ line: RCartLine, merged: z.boolean().describe("true: added to a line already in the cart (200)"), type: z.enum(CART_TYPES) });
export const RCartLineChanged = z.object({ line: RCartLine });
export const RDeleted = z.object({ deleted: z.number().int() });

const total = z.object({ count: z.number().int(), capped: z.boolean().describe("true: more rows than `count` (counting stops there)") });
const paymentState = z.enum(PAYMENT_STATES);

export const ROrderRow = z.object({
  id,
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  quantity: z.number().int(),
  amount: money,
  paidAmount: money,
  paymentState,
  createdAt: isoTime,
  deliveryWay: z.string(),
  receiver: z.string(),
  company: Company,
  creator: z.string(),
});
export const ROrderPage = z.object({
  type: z.enum(ORDER_TYPES),
  rows: z.array(ROrderRow),
  filters: z.record(z.string(), z.unknown()).describe("The filters as understood"),
  next: z.string().nullable().describe("Cursor of the older page"),
  prev: z.string().nullable().describe("Cursor of the newer page"),
  total,
  staff: z.boolean(),
});
const event = z.object({ id, from: z.string().nullable(), to: z.string(), note: z.string().nullable(), user: z.string().nullable(), at: isoTime });
export const ROrder = ROrderRow.omit({ createdAt: true }).extend({
  type: z.enum(ORDER_TYPES),
  createdAt: isoTime,
  unpaid: money,
  phone: z.string(),
  carrierType: z.string().nullable(),
  secondaryDestination: z.string().nullable(),
  factoryName: z.string().nullable(),
  receiverPhone: z.string(),
  address: z.string(),
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  logisticsCompany: z.string().nullable(),
  logisticsNo: z.string().nullable(),
  confirmedAt: isoTime.nullable(),
  shippedAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  closedAt: isoTime.nullable(),
  dealerDeleted: z.boolean(),
  preOrderNo: z.string().nullable(),
  lines: z.array(
    z.object({
      id,
      goodsId: id,
      kind: z.enum(GOODS_KINDS),
      nameEn: z.string(),
      nameZh: z.string(),
      config: z.string().nullable(),
      specification: z.string().nullable(),
      picture: z.string().nullable(),
      thumb: z.string().nullable(),
      price: money,
      quantity: z.number().int(),
      subtotal: money,
      remark: z.string().nullable(),
    }),
  ),
  events: z.array(event),
  payments: z.array(
    z.object({
      id,
      amount: money,
      paidOn: day,
      method: z.string(),
      reference: z.string().nullable(),
      remark: z.string().nullable(),
      recordedBy: z.string().nullable(),
      at: isoTime,
    }),
  ),
  vehicles: z.array(z.object({ id, vin: z.string(), goodsId: id, colour: z.string().nullable(), status: z.string() })),
  can: z.object({ moves: z.array(z.string()), delete: z.boolean(), pay: z.boolean() }).describe("What the caller may do now"),
});
export const ROrderSubmitted = z.object({ id, orderNo: z.string(), created: z.boolean().describe("false: this Idempotency-Key made the order before (200)") });
export const ROrderMoved = z.object({ id, orderNo: z.string(), status: z.enum(ORDER_STATUSES) });

export const RPreOrderRow = z.object({
  id,
  preOrderNo: z.string(),
  status: z.enum(PRE_ORDER_STATUSES),
  nameEn: z.string(),
  nameZh: z.string(),
  config: z.string().nullable(),
  thumb: z.string().nullable(),
  price: money,
  quantity: z.number().int(),
  amount: money,
  expectedDate: day.nullable(),
  createdAt: isoTime,
  deliveryWay: z.string(),
  receiver: z.string(),
  company: Company,
  creator: z.string(),
  order: z.object({ id, orderNo: z.string() }).nullable(),
});
export const RPreOrderPage = z.object({
  rows: z.array(RPreOrderRow),
  filters: z.record(z.string(), z.unknown()),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
  staff: z.boolean(),
});
export const RPreOrder = RPreOrderRow.omit({ order: true }).extend({
  goodsId: id,
  picture: z.string().nullable(),
  phone: z.string(),
  carrierType: z.string().nullable(),
  secondaryDestination: z.string().nullable(),
  receiverPhone: z.string(),
  address: z.string(),
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  updatedAt: isoTime,
  order: z.object({ id, orderNo: z.string(), type: z.enum(ORDER_TYPES), status: z.enum(ORDER_STATUSES) }).nullable(),
  goods: z.object({ stock: z.number().int(), onSale: z.boolean(), minOrderQty: z.number().int(), price: money }).nullable().describe("Staff only"),
  events: z.array(event),
  can: z.object({ moves: z.array(z.enum(["confirm", "reject", "cancel", "staffCancel", "convert"])) }),
});
export const RPreOrderCreated = z.object({ id, preOrderNo: z.string() });
export const RPreOrderMoved = z.object({ id, preOrderNo: z.string(), status: z.enum(PRE_ORDER_STATUSES), orderId: id.nullable(), orderNo: z.string().nullable() });

const complaintStatus = z.enum(COMPLAINT_STATUSES);
const Person = z.object({ id, name: z.string() });
export const RComplaintRow = z.object({
  id,
  complaintNo: z.string(),
  status: complaintStatus,
  vin: z.string().nullable(),
  category: z.string().nullable().describe("complaint_category code"),
  summary: z.string().describe("The start of the question description (80 characters)"),
  createdAt: isoTime,
  updatedAt: isoTime,
  company: Company,
  creator: z.string(),
  handler: z.string().nullable(),
});
export const RComplaintPage = z.object({
  rows: z.array(RComplaintRow),
  filters: z.record(z.string(), z.unknown()),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
  staff: z.boolean(),
});
export const RComplaint = z.object({
  id,
  complaintNo: z.string(),
  status: complaintStatus,
  vin: z.string().nullable(),
  category: z.string().nullable(),
  description: z.string(),
  questionNote: z.string().nullable(),
  appealNote: z.string().nullable().describe("The latest after-sales advice"),
  company: Named,
  creator: Person,
  handler: Person.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  closedAt: isoTime.nullable(),
  messages: z
    .array(z.object({ id, side: z.enum(["DEALER", "STAFF"]), body: z.string(), createdAt: isoTime, author: Person }))
    .describe("The conversation after the description: staff replies and dealer notes, in order"),
  history: z.array(z.object({ id, fromStatus: z.string().nullable(), toStatus: z.string(), note: z.string().nullable(), createdAt: isoTime, user: Person.nullable() })),
  qesImg: z.array(Attachment.extend({ field: z.string() })),
  qesVideo: z.array(Attachment.extend({ field: z.string() })),
  moves: z.array(z.enum(["take", "reply", "close", "note"])).describe("What the caller may do now"),
});
export const RComplaintCreated = z.object({ id, complaintNo: z.string() });

export const RSalesReturnRow = z.object({
  id,
  returnNo: z.string(),
  status: z.enum(SALES_RETURN_STATUSES),
  returnType: z.string().describe("return_type dictionary code"),
  goodsId: id.nullable().describe("The catalogue part, if chosen"),
  materialCode: z.string().nullable(),
  materialName: z.string().describe("As filed (the catalogue's English name, or what the dealer typed)"),
  partName: z.object({ en: z.string(), zh: z.string() }).describe("The catalogue part's current names, else materialName"),
  quantity: z.number().int(),
  faultQuantity: z.number().int(),
  dealType: z.string().describe("deal_type code asked for"),
  dealTypeDone: z.string().nullable().describe("deal_type code carried out"),
  vin: z.string().nullable(),
  createdAt: isoTime,
  company: Company,
  batch: z.object({ id, batchNo: z.string() }).nullable(),
});
export const RSalesReturnPage = z.object({
  rows: z.array(RSalesReturnRow),
  filters: z.record(z.string(), z.unknown()),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
  staff: z.boolean(),
});
export const RSalesReturn = RSalesReturnRow.omit({ batch: true }).extend({
  buyer: z.string().nullable(),
  buyDate: day.nullable(),
  saleDate: day.nullable(),
  description: z.string(),
  rejectReason: z.string().nullable(),
  creator: z.string(),
  updatedAt: isoTime,
  order: z.object({ id, orderNo: z.string(), status: z.enum(ORDER_STATUSES) }).nullable(),
  batch: z.object({ id, batchNo: z.string(), status: z.enum(RETURN_BATCH_STATUSES) }).nullable(),
  partImg: z.array(Attachment),
  events: z.array(event),
  can: z.object({ moves: z.array(z.enum(["approve", "reject", "ship", "receive", "complete"])) }),
});
export const RSalesReturnCreated = z.object({ id, returnNo: z.string() });

export const RNotificationFeed = z.object({
  unread: z.number().int().describe("Unread notifications, counted up to 100"),
  items: z.array(
    z.object({
      id,
      event: z.string(),
      title: z.string(),
      content: z.string(),
      link: z.string().nullable().describe("A route under /customerWeb"),
      read: z.boolean(),
      createdAt: isoTime,
    }),
  ),
  nextCursor: id.nullable(),
});

export const RAddresses = z.object({
  items: z.array(
    z.object({
      id,
      receiver: z.string(),
      phone: z.string(),
      address: z.string(),
      isDefault: z.boolean(),
      company: z.string(),
      area: z.array(z.object({ id, code: z.string(), nameEn: z.string(), nameZh: z.string() })).describe("Province → district"),
    }),
  ),
});
export const RWarehouses = z.object({
  items: z.array(
    z.object({
      id,
      code: z.string(),
      name: z.string(),
      type: z.enum(WAREHOUSE_TYPES),
      address: z.string().nullable(),
      keeper: z.string().nullable(),
      phone: z.string().nullable(),
      enabled: z.boolean(),
      isDefault: z.boolean().describe("The company's default warehouse (one per company)"),
      company: z.object({ code: z.string(), nameEn: z.string(), nameZh: z.string() }),
      onHand: z.number().int().describe("On-hand quantity over all its locations"),
      locations: z.array(z.object({ id, code: z.string(), name: z.string().nullable(), enabled: z.boolean(), onHand: z.number().int() })),
    }),
  ),
});
export const RRegions = z.object({
  items: z.array(z.object({ id, code: z.string(), nameEn: z.string(), nameZh: z.string(), level: z.number().int(), leaf: z.boolean() }).loose()),
});
export const RUpload = z.object({ id: z.string(), name: z.string(), url: z.string(), thumbUrl: z.string().nullable(), kind: z.enum(["IMAGE", "VIDEO", "FILE"]) }).loose();
export const RImportResult = z.object({ created: z.number().int(), updated: z.number().int(), message: z.string() });

export const ROutlets = z.object({
  items: z.array(
    z.object({
      id,
      code: z.string(),
      name: z.string(),
      kind: z.enum(["SHOWROOM", "SERVICE"]),
      address: z.string().nullable(),
      contact: z.string().nullable(),
      phone: z.string().nullable(),
      warehouseId: id,
      warehouse: z.string(),
      enabled: z.boolean(),
      company: z.string().describe("The company's code"),
      today: z.object({ count: z.number().int(), amount: money }).describe("Today's (Asia/Shanghai) posted counter sales"),
    }),
  ),
});
export const RCounterSaleCreated = z.object({
  id,
  docNo: z.string().describe("WD…"),
  amount: money.describe("What the customer pays: the lines' total less a member's discount and redeemed points"),
  total: money.describe("The lines' total"),
  member: z
    .object({
      discount: money.describe("The member tier's discount"),
      pointsRedeemed: z.number().int(),
      redeemedValue: money,
      pointsEarned: z.number().int(),
      balance: z.number().int().describe("The member's points after the sale"),
    })
    .optional()
    .describe("A member's sale (memberPhone given)"),
});
export const RStocktakePlanRow = z.object({
  id,
  name: z.string(),
  company: z.object({ nameEn: z.string(), nameZh: z.string() }),
  warehouse: z.object({ id, code: z.string(), name: z.string() }),
  locationIds: z.array(id).describe("Locations counted; empty: all"),
  goodsIds: z.array(id).describe("Goods counted; empty: all"),
  cycle: z.enum(STOCKTAKE_CYCLES),
  nextDate: day.describe("The next day it runs (Asia/Shanghai)"),
  assignee: z.object({ id, name: z.string() }).nullable(),
  lastRunAt: isoTime.nullable(),
  enabled: z.boolean(),
  overdue: z.boolean().describe("Enabled, due before today and not run since"),
});
export const RStocktakePlanPage = z.object({
  rows: z.array(RStocktakePlanRow),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  today: day,
  canManage: z.boolean(),
  dealer: z.boolean(),
});

// customerWms/inventory (GET /wms/inventory, GET /wms/ledger).
const wmsDocType = z.enum(["ENTRY", "DELIVERY", "MOVE", "TRANSFER", "STOCKTAKE"]);
const wmsGoods = z.object({ id, code: z.string(), kind: z.enum(GOODS_KINDS), nameEn: z.string(), nameZh: z.string() });
export const RInventoryPage = z.object({
  rows: z.array(
    z.object({
      id,
      createdAt: isoTime,
      company: Named,
      warehouse: z.object({ id, code: z.string(), name: z.string() }),
      location: z.object({ id, code: z.string() }),
      goods: wmsGoods,
      quantity: z.number().int(),
      reserved: z.number().int(),
      available: z.number().int(),
      value: money,
      avgCost: money.nullable().describe("value / quantity; null when nothing is on hand"),
      companyTotal: z.number().int().describe("The company's quantity of the goods across its locations"),
      minQty: z.number().int().nullable(),
      low: z.boolean().describe("companyTotal below minQty"),
      vins: z.array(z.string()).describe("Vehicles: the VINs in this location"),
    }),
  ),
  filters: z.record(z.string(), z.unknown()),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
  staff: z.boolean(),
});
export const RLedgerPage = z.object({
  company: Named,
  goods: wmsGoods,
  totals: z.object({ quantity: z.number().int(), reserved: z.number().int(), available: z.number().int(), value: money, avgCost: money.nullable() }),
  minQty: z.number().int().nullable(),
  low: z.boolean(),
  onHand: z.array(
    z.object({
      warehouse: z.object({ id, code: z.string(), name: z.string() }),
      location: z.object({ id, code: z.string() }),
      quantity: z.number().int(),
      reserved: z.number().int(),
      value: money,
      vins: z.array(z.string()),
    }),
  ),
  rows: z.array(
    z.object({
      id,
      at: isoTime,
      doc: z.object({ id, docNo: z.string(), type: wmsDocType }),
      warehouse: z.object({ id, code: z.string() }),
      location: z.object({ id, code: z.string() }),
      vin: z.string().nullable(),
      quantity: z.number().int().describe("+ in, − out"),
      unitCost: money,
      amount: money,
      balance: z.number().int().describe("The location's quantity after the movement"),
      user: z.string().nullable(),
    }),
  ),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
  staff: z.boolean(),
});

// The warehouse documents (GET/POST /wms/documents…, lib/wms/doc-queries.ts).
const wmsDocStatus = z.enum(WMS_DOC_STATUSES);
const wmsPlace = z.object({ code: z.string(), name: z.string() });
export const RWmsDocRow = z.object({
  id,
  docNo: z.string().describe("WE…, WD…, WM…, WT…, WS…"),
  status: wmsDocStatus,
  source: z.string().describe("A source code (ORDER, OPENING, REPAIR, INTERNAL, GROUP, PLAN, …)"),
  createdAt: isoTime,
  postedAt: isoTime.nullable(),
  remark: z.string().nullable(),
  company: Company,
  warehouse: wmsPlace,
  toCompany: Company.nullable().describe("Transfers: the receiving company"),
  toWarehouse: wmsPlace.nullable(),
  orderNo: z.string().nullable().describe("Entries of a received order"),
  creator: z.string(),
  lineCount: z.number().int(),
  incoming: z.boolean().describe("Dealers: a transfer the signed-in company receives"),
});
export const RWmsDocPage = z.object({
  rows: z.array(RWmsDocRow),
  filters: z.record(z.string(), z.unknown()),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
  staff: z.boolean(),
});
export const RWmsDoc = RWmsDocRow.extend({
  type: wmsDocType,
  lines: z.array(
    z.object({
      id,
      goods: wmsGoods,
      vin: z.string().nullable(),
      vehicleId: id.nullable(),
      quantity: z.number().int().nullable().describe("Stocktakes: the book quantity, null while counting unless showBook"),
      from: z.string().nullable().describe("Source location code"),
      to: z.string().nullable().describe("Target location code (stocktakes: the counted location)"),
      toLocationId: id.nullable(),
      unitCost: money,
      price: money.nullable(),
      receivedQty: z.number().int().nullable(),
      countedQty: z.number().int().nullable(),
    }),
  ),
  history: z.array(z.object({ id, from: z.string().nullable(), to: z.string(), note: z.string().nullable(), user: z.string().nullable(), at: isoTime })),
  moves: z.array(z.enum(["post", "cancel", "ship", "receive", "count"])).describe("What the caller may do now (POST /wms/documents/{id}/<move>); staff: none"),
  locations: z.array(z.object({ id, code: z.string(), name: z.string().nullable() })).describe("The locations a post (entries) or a receipt (transfers) may choose"),
  showBook: z.boolean(),
  frozenAt: isoTime.nullable().describe("Stocktakes: when counting started"),
  assignee: z.string().nullable(),
  customer: z.object({ name: z.string().nullable(), phone: z.string().nullable(), payment: z.string().nullable(), amount: money.nullable() }).describe("Counter sales"),
  ledgerRows: z.number().int().describe("Ledger rows the document posted"),
});
export const RWmsDocCreated = z.object({ id, docNo: z.string() });
export const RWmsDocMoved = z.object({ id, docNo: z.string(), status: wmsDocStatus });

// system/memberSystem (GET /members…, /member-tiers, /member-rules). Names and phones are masked.
const memberNamed = z.object({ id, code: z.string(), nameEn: z.string(), nameZh: z.string() });
const pointKind = z.enum(["EARN_SALE", "EARN_COUNTER", "REDEEM", "EXPIRE", "ADJUST", "REVERSE"]);
export const RMember = z.object({
  id,
  memberNo: z.string(),
  name: z.string().describe('Masked: the first character and two stars ("王**")'),
  phone: z.string().describe("Masked: the first 3 and last 4 digits (138****0000)"),
  tier: memberNamed.nullable().describe("null: below every enabled tier"),
  balance: z.number().int(),
  earnedTotal: z.number().int().describe("Every point ever earned"),
  dealer: memberNamed.describe("The dealer that enrolled the member"),
  joinedAt: isoTime,
});
export const RMemberPage = z.object({
  rows: z.array(RMember),
  filters: z.record(z.string(), z.unknown()),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
  staff: z.boolean(),
});
export const RMemberDetail = RMember.extend({ consentAt: isoTime, updatedAt: isoTime });
export const RMemberLedger = z.object({
  rows: z.array(
    z.object({
      id,
      at: isoTime,
      kind: pointKind,
      points: z.number().int().describe("+ earned, − taken away"),
      balanceAfter: z.number().int(),
      remaining: z.number().int().describe("What is left of an earned row"),
      dealer: memberNamed.nullable().describe("Where it happened; null: the expiry job or an administrator"),
      reason: z.string().nullable(),
      expiresAt: isoTime.nullable(),
      sale: z.object({ id, vin: z.string().nullable() }).nullable().describe("The retail sale it came from"),
      counterSale: z.object({ id, docNo: z.string() }).nullable().describe("The counter sale it came from"),
      linkable: z.boolean(),
      by: z.string().nullable(),
    }),
  ),
  filters: z.record(z.string(), z.unknown()),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
});
export const RPointsAdjusted = z.object({ entryId: id, balance: z.number().int(), tierId: id.nullable() });
export const RMemberTier = z.object({
  id,
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  threshold: z.number().int(),
  benefitsEn: z.string().nullable(),
  benefitsZh: z.string().nullable(),
  discountPct: money.describe('Percentage with two places, e.g. "5.00"'),
  enabled: z.boolean(),
  members: z.number().int(),
  updatedAt: isoTime,
});
export const RMemberTiers = z.object({ items: z.array(RMemberTier) });
export const RMemberRules = z.object({
  vehicleRate: z.string().describe('Points per yuan, four places ("0.0100")'),
  counterRate: z.string(),
  redeemValue: z.string().describe("Yuan per point redeemed"),
  expiryMonths: z.number().int().describe("0: never"),
  saved: z.boolean().describe("false until first saved (zeros shown)"),
  updatedAt: isoTime.nullable(),
});
export const RTierDeleted = z.object({ id });
// crm/customerPlan: purchase plans (GET/POST /plans…, lib/plans/queries.ts).
const planStatus = z.enum(PLAN_STATUSES);
const planMonth = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .describe("Calendar month YYYY-MM");
export const RPurchasePlanRow = z.object({
  id,
  planNo: z.string().describe("PP…"),
  month: planMonth,
  status: planStatus,
  company: Company,
  lineCount: z.number().int(),
  totalQty: z.number().int().describe("The planned quantities summed"),
  deadline: day.describe("The last day (Asia/Shanghai) the dealer may hand it in"),
  createdAt: isoTime,
  submittedAt: isoTime.nullable(),
  reviewedAt: isoTime.nullable(),
});
export const RPurchasePlanPage = z.object({
  rows: z.array(RPurchasePlanRow),
  filters: z.record(z.string(), z.unknown()),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  total,
  staff: z.boolean(),
});
export const RPurchasePlan = RPurchasePlanRow.extend({
  remark: z.string().nullable(),
  reviewComment: z.string().nullable(),
  reviewer: z.string().nullable(),
  creator: z.string(),
  lines: z.array(
    z.object({
      id,
      kind: z.enum(["VEHICLE", "PARTS"]),
      goods: z
        .object({
          id,
          code: z.string(),
          nameEn: z.string(),
          nameZh: z.string(),
          config: z.string().nullable(),
          model: z.object({ nameEn: z.string(), nameZh: z.string() }).nullable(),
        })
        .nullable()
        .describe("VEHICLE lines: the vehicle goods (model and configuration)"),
      partsCategory: z.string().nullable().describe("PARTS lines: a value of the dictionary parts_category"),
      categoryLabel: z.string().nullable().describe("The category in the caller's language"),
      requestedQty: z.number().int().describe("What the dealer asked for"),
      quantity: z.number().int().describe("The planned quantity (sales operations may have adjusted it)"),
      adjustedBy: z.string().nullable().describe("Who adjusted the line; null: not adjusted"),
      adjustedAt: isoTime.nullable(),
      remark: z.string().nullable(),
    }),
  ),
  history: z.array(z.object({ id, from: z.string().nullable(), to: z.string(), note: z.string().nullable(), user: z.string().nullable(), at: isoTime })),
  moves: z.array(z.enum(["save", "submit", "revise", "approve", "return", "adjust"])).describe("What the caller may do now"),
  beforeDeadline: z.boolean(),
});
export const RPurchasePlanMoved = z.object({ id, planNo: z.string(), status: planStatus });
export const RPurchasePlanReviewed = RPurchasePlanMoved.extend({ changed: z.number().int().describe("Lines whose quantity changed") });

// crm/customerPlan, plan achievement (GET /plans/achievement, /plans/achievement/network).
const yearMonth = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .describe("Calendar month YYYY-MM (Asia/Shanghai)");
const pct = z.number().nullable().describe("actual ÷ planned in percent, one decimal; null when the plan is not approved or plans 0");
const percents = z.object({ ordered: pct, shipped: pct, retail: pct });
const figures = {
  planned: z.number().int().nullable().describe("The plan's quantity; null when not planned"),
  ordered: z.number().int().describe("Order lines of orders created in the month, not cancelled or rejected"),
  shipped: z.number().int().describe("Order lines of orders shipped in the month (SHIPPED or COMPLETED)"),
  retail: z.number().int().describe("Vehicles sold in the month and not returned; parts sold over the counter"),
  pct: percents,
};
const Figures = z.object(figures);
export const RPlanAchievement = z.object({
  company: Named,
  month: yearMonth,
  plan: z.object({ id, planNo: z.string(), status: planStatus }).nullable(),
  approved: z.boolean().describe("Only an approved plan is the target: percentages are computed against it only"),
  lines: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(["VEHICLE", "PARTS"]),
      goods: z.object({ id, code: z.string(), nameEn: z.string(), nameZh: z.string(), config: z.string().nullable() }).nullable().describe("Vehicle lines"),
      category: z.object({ code: z.string(), labelEn: z.string(), labelZh: z.string() }).nullable().describe("Parts lines: the parts_category (OTHER for goods without one)"),
      unplanned: z.boolean(),
      rest: z.boolean().describe("The unplanned vehicles past the 20 largest by each of ordered, shipped and retail, summed into one line (key VREST, no goods, no category)"),
      ...figures,
    }),
  ),
  subtotals: z.object({ VEHICLE: Figures, PARTS: Figures }),
  totals: Figures,
  series: z
    .array(z.object({ month: yearMonth, planned: z.number().int().describe("The approved plan's total"), ordered: z.number().int(), retail: z.number().int() }))
    .describe("The 12 months ending with the month, oldest first"),
});
export const RPlanAchievementNetwork = z.object({
  month: yearMonth,
  rows: z
    .array(
      z.object({
        company: Named,
        plan: z.object({ status: planStatus }).nullable(),
        planned: z.number().int().nullable().describe("The approved plan's total; null without an approved plan"),
        ordered: z.number().int(),
        shipped: z.number().int(),
        retail: z.number().int(),
        completion: pct.describe("ordered ÷ planned in percent (the sort key, descending; null last)"),
        pct: percents,
      }),
    )
    .describe("Every active dealer company in the caller's data scope, by completion then name"),
});

export const RAppLatest = z.object({
  platform: z.enum(APP_PLATFORMS),
  versionName: z.string().describe('Shown to people, e.g. "1.2.3"'),
  versionNumber: z.number().int().positive().describe("Grows with every release (Android versionCode, iOS build number)"),
  minSupported: z.number().int().positive().describe("Callers below this number must update"),
  forceUpdate: z.boolean().describe("Whether this release was marked force-update"),
  notes: z.string().describe("Release notes in the request's language (?lng=, cookie, Accept-Language)"),
  publishedAt: isoTime.nullable(),
  downloadUrl: z.string().nullable().describe("The package's absolute address (GET /app/releases/{id}/package); null for a store release"),
  storeUrl: z.string().nullable().describe("The app store's https address; null when the release has a package"),
  size: z.number().int().nullable().describe("The package's size in bytes; null for a store release"),
  updateAvailable: z.boolean().describe("version < versionNumber"),
  mustUpdate: z.boolean().describe("version < minSupported of the latest release, or version < the number of a published force-update release newer than the caller"),
});
