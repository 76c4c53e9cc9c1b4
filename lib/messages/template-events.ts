// The events the code sends, with the channels each may use and the placeholders its texts may
// contain (client-safe, without zod: system/messageSetting's list reads them in its first load;
// the form's schema is in ./template-schemas.ts, loaded with the drawer).

export const MESSAGE_CHANNELS = ["SMS", "IN_APP", "WECHAT"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export type MessageEventDef = {
  en: string;
  zh: string;
  /** Who receives it: the person at the phone, the dealer company, or the manufacturer's staff. */
  audience: "PHONE" | "DEALER" | "STAFF";
  channels: readonly MessageChannel[];
  placeholders: readonly string[];
};

const ORDER = ["orderNo", "company", "amount"] as const;
const PRE_ORDER = ["preOrderNo", "company", "goods", "quantity", "amount", "status"] as const;
// Parts returns name the return and its part; dealType is the one asked for, or (completed)
// the one carried out. A complaint's VIN is optional: a missing one reads "—". A batch's
// {delivery} is the delivery way with the carrier and tracking number when it has them.
const RETURN = ["returnNo", "material", "quantity", "dealType"] as const;
const COMPLAINT = ["complaintNo", "vin"] as const;
// A purchase plan names its number and month ("2026-12"); {comment} is sales operations' word.
const PLAN = ["planNo", "month"] as const;

export const MESSAGE_EVENTS = {
  "verification.register": { en: "Registration verification code", zh: "注册验证码", audience: "PHONE", channels: ["SMS"], placeholders: ["code", "minutes"] },
  "verification.resetPassword": { en: "Password reset verification code", zh: "找回密码验证码", audience: "PHONE", channels: ["SMS"], placeholders: ["code", "minutes"] },
  "verification.changePhone": { en: "Phone change verification code", zh: "更换手机号验证码", audience: "PHONE", channels: ["SMS"], placeholders: ["code", "minutes"] },
  "account.approved": { en: "Registration approved", zh: "注册审核通过", audience: "PHONE", channels: ["SMS"], placeholders: ["name", "account"] },
  "order.submitted": { en: "Order submitted (to staff)", zh: "订单已提交（通知员工）", audience: "STAFF", channels: ["IN_APP"], placeholders: ORDER },
  "order.confirmed": { en: "Order confirmed", zh: "订单已确认", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: ORDER },
  "order.rejected": { en: "Order rejected", zh: "订单已驳回", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: [...ORDER, "reason"] },
  "order.shipped": { en: "Order shipped", zh: "订单已发货", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: [...ORDER, "carrier", "trackingNo"] },
  "order.cancelled": { en: "Order cancelled", zh: "订单已取消", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: [...ORDER, "reason"] },
  "order.completed": { en: "Order completed", zh: "订单已完成", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: [...ORDER, "status"] },
  "preOrder.submitted": { en: "Pre-order submitted (to staff)", zh: "预订单已提交（通知员工）", audience: "STAFF", channels: ["IN_APP"], placeholders: PRE_ORDER },
  "preOrder.confirmed": { en: "Pre-order confirmed", zh: "预订单已确认", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: [...PRE_ORDER, "deliveryDate"] },
  "preOrder.rejected": { en: "Pre-order rejected", zh: "预订单已驳回", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: [...PRE_ORDER, "reason"] },
  "preOrder.converted": {
    en: "Pre-order converted to an order",
    zh: "预订单已转为订单",
    audience: "DEALER",
    channels: ["IN_APP", "SMS", "WECHAT"],
    placeholders: [...PRE_ORDER, "orderNo"],
  },
  "preOrder.cancelled": { en: "Pre-order cancelled", zh: "预订单已取消", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: PRE_ORDER },
  "salesReturn.submitted": {
    en: "Sales return filed (to staff)",
    zh: "销售退货已提交（通知员工）",
    audience: "STAFF",
    channels: ["IN_APP"],
    placeholders: [...RETURN, "company", "returnType"],
  },
  "salesReturn.approved": { en: "Sales return approved", zh: "销售退货已批准", audience: "DEALER", channels: ["IN_APP", "WECHAT"], placeholders: RETURN },
  "salesReturn.rejected": { en: "Sales return rejected", zh: "销售退货已驳回", audience: "DEALER", channels: ["IN_APP", "WECHAT"], placeholders: [...RETURN, "reason"] },
  "salesReturn.completed": { en: "Sales return completed", zh: "销售退货已完成", audience: "DEALER", channels: ["IN_APP", "WECHAT"], placeholders: RETURN },
  "returnBatch.shipped": {
    en: "Return batch shipped (to staff)",
    zh: "退货批次已发货（通知员工）",
    audience: "STAFF",
    channels: ["IN_APP"],
    placeholders: ["batchNo", "company", "count", "delivery", "deliveryWay", "carrier", "trackingNo"],
  },
  "returnBatch.received": { en: "Return batch received", zh: "退货批次已签收", audience: "DEALER", channels: ["IN_APP", "WECHAT"], placeholders: ["batchNo", "count", "total"] },
  "complaint.submitted": { en: "Complaint filed (to staff)", zh: "投诉已提交（通知员工）", audience: "STAFF", channels: ["IN_APP"], placeholders: [...COMPLAINT, "company"] },
  "complaint.processing": { en: "Complaint taken", zh: "投诉已受理", audience: "DEALER", channels: ["IN_APP"], placeholders: COMPLAINT },
  "complaint.replied": { en: "Complaint replied", zh: "投诉已回复", audience: "DEALER", channels: ["IN_APP", "SMS", "WECHAT"], placeholders: COMPLAINT },
  "complaint.noted": {
    en: "Complaint reopened with a dealer note (to staff)",
    zh: "经销商补充说明，投诉重新打开（通知员工）",
    audience: "STAFF",
    channels: ["IN_APP"],
    placeholders: [...COMPLAINT, "company"],
  },
  "complaint.closed": { en: "Complaint closed (to its handler)", zh: "投诉已关闭（通知处理人）", audience: "STAFF", channels: ["IN_APP"], placeholders: [...COMPLAINT, "company"] },
  "stocktakePlan.due": {
    en: "Planned stocktake created (to its assignee)",
    zh: "计划盘点单已生成（通知负责人）",
    audience: "DEALER",
    channels: ["IN_APP"],
    placeholders: ["plan", "docNo", "warehouse"],
  },
  "purchasePlan.submitted": {
    en: "Purchase plan submitted or revised (to staff)",
    zh: "采购计划已提交或修改（通知员工）",
    audience: "STAFF",
    channels: ["IN_APP"],
    placeholders: [...PLAN, "company", "quantity"],
  },
  "purchasePlan.approved": { en: "Purchase plan approved", zh: "采购计划已批准", audience: "DEALER", channels: ["IN_APP", "WECHAT"], placeholders: [...PLAN, "comment"] },
  "purchasePlan.returned": { en: "Purchase plan returned", zh: "采购计划已退回", audience: "DEALER", channels: ["IN_APP", "WECHAT"], placeholders: [...PLAN, "comment"] },
  "purchasePlan.adjusted": {
    en: "Purchase plan quantities adjusted",
    zh: "采购计划数量已调整",
    audience: "DEALER",
    channels: ["IN_APP", "WECHAT"],
    placeholders: [...PLAN, "count", "comment"],
  },
  "purchasePlan.reminder": {
    en: "Purchase plan deadline approaching (to dealers without a submitted plan)",
    zh: "采购计划即将截止（通知尚未提交的经销商）",
    audience: "DEALER",
    channels: ["IN_APP", "WECHAT"],
    placeholders: ["month", "deadline"],
  },
} as const satisfies Record<string, MessageEventDef>;

export type MessageEvent = keyof typeof MESSAGE_EVENTS;

// WECHAT templates (issue 23): a template id of the official account and its fields, keyword
// (as WeChat names them: "thing1", "character_string2", "amount3") → a text with the event's
// placeholders. The form edits them as an ordered list of pairs; the row keeps an object.
export const WECHAT_TEMPLATE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const WECHAT_KEYWORD_PATTERN = /^[a-z_]+\d+$/;
export const WECHAT_FIELDS_MAX = 20;
export const WECHAT_TEXT_MAX = 200;
export type WechatFieldPair = { keyword: string; text: string };

export type WechatFieldIssue = { key: string; values: Record<string, string | number> };

/** The first thing wrong with a WECHAT template's fields, as a key of MessageSettingAdmin.errors
 * with its values (the service refuses with it on the field "wechatFields"), or null. */
export function wechatFieldIssue(event: string, pairs: readonly WechatFieldPair[]): WechatFieldIssue | null {
  if (pairs.length < 1) return { key: "wechatFieldsRequired", values: {} };
  if (pairs.length > WECHAT_FIELDS_MAX) return { key: "wechatFieldsTooMany", values: { max: WECHAT_FIELDS_MAX } };
  const allowed = eventDef(event)?.placeholders ?? [];
  const seen = new Set<string>();
  for (const { keyword, text } of pairs) {
    if (!WECHAT_KEYWORD_PATTERN.test(keyword) || keyword.length > 32) return { key: "wechatKeywordInvalid", values: { keyword: keyword.slice(0, 32) || "—" } };
    if (seen.has(keyword)) return { key: "wechatKeywordDuplicate", values: { keyword } };
    seen.add(keyword);
    if (!text.trim()) return { key: "wechatTextRequired", values: { keyword } };
    if (text.length > WECHAT_TEXT_MAX) return { key: "wechatTextTooLong", values: { keyword, max: WECHAT_TEXT_MAX } };
    const unknown = placeholdersIn(text).find((p) => !allowed.includes(p));
    if (unknown !== undefined) return { key: "wechatUnknownPlaceholder", values: { keyword, name: `{${unknown}}`, allowed: allowed.map((p) => `{${p}}`).join(" ") || "—" } };
  }
  return null;
}

/** The stored object as the form's pairs (in the object's order), and back. */
export function wechatPairs(fields: unknown): WechatFieldPair[] {
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return [];
  // jsonb keeps an object's keys in its own order: show them by their number (thing1, amount2…).
  const n = (k: string) => Number(/\d+$/.exec(k)?.[0] ?? 0);
  return Object.entries(fields as Record<string, unknown>)
    .map(([keyword, text]) => ({ keyword, text: typeof text === "string" ? text : "" }))
    .sort((a, b) => n(a.keyword) - n(b.keyword) || a.keyword.localeCompare(b.keyword));
}
export const wechatObject = (pairs: readonly WechatFieldPair[]): Record<string, string> => Object.fromEntries(pairs.map((p) => [p.keyword, p.text]));

/** A WECHAT template's list text, when the administrator gave none: its fields, "thing1: {orderNo} · …". */
export const wechatSummary = (pairs: readonly WechatFieldPair[]): string =>
  pairs
    .map((p) => `${p.keyword}: ${p.text}`)
    .join(" · ")
    .slice(0, 1000);
export const MESSAGE_EVENT_KEYS = Object.keys(MESSAGE_EVENTS) as [MessageEvent, ...MessageEvent[]];

export function eventDef(event: string): MessageEventDef | null {
  return Object.prototype.hasOwnProperty.call(MESSAGE_EVENTS, event) ? (MESSAGE_EVENTS as Record<string, MessageEventDef>)[event] : null;
}

/** The {name} placeholders a text uses, in order of first appearance. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1].trim()))];
}
