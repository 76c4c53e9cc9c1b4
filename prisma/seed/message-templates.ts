import { db } from "@/lib/db";
import type { MessageChannel, MessageEvent } from "@/lib/messages/template-schemas";

// Message templates (system/messageSetting): one per event and channel the code sends. Created
// when the event + channel has none, so administrators' edits are kept; a deleted one comes back
// on the next start (switch a template off to stop a message).
type Seed = { event: MessageEvent; channel: MessageChannel; enabled?: boolean; titleEn?: string; titleZh?: string; contentEn: string; contentZh: string };

// The verification texts are the ones the app used before templates existed.
const CODE_EN = "Your Dealer Platform verification code is {code}. It expires in {minutes} minutes. Do not share it with anyone.";
const CODE_ZH = "您的经销商平台验证码为 {code}，{minutes} 分钟内有效，请勿泄露给他人。";

/** In-app message to dealers, plus the same as a text message (off until an administrator turns it on). */
const dealer = (event: MessageEvent, titleEn: string, titleZh: string, contentEn: string, contentZh: string, sms = true): Seed[] => [
  { event, channel: "IN_APP", titleEn, titleZh, contentEn, contentZh },
  ...(sms ? [{ event, channel: "SMS" as const, enabled: false, contentEn: `Dealer Platform: ${contentEn}`, contentZh: `【经销商平台】${contentZh}` }] : []),
];

export const messageTemplates: Seed[] = [
  { event: "verification.register", channel: "SMS", contentEn: CODE_EN, contentZh: CODE_ZH },
  { event: "verification.resetPassword", channel: "SMS", contentEn: CODE_EN, contentZh: CODE_ZH },
  { event: "verification.changePhone", channel: "SMS", contentEn: CODE_EN, contentZh: CODE_ZH },
  {
    event: "account.approved",
    channel: "SMS",
    contentEn: "Your Dealer Platform account {account} has been approved. You can sign in now.",
    contentZh: "【经销商平台】您的账号 {account} 已审核通过，现在可以登录。",
  },
  {
    event: "order.submitted",
    channel: "IN_APP",
    titleEn: "New order {orderNo}",
    titleZh: "新订单 {orderNo}",
    contentEn: "{company} submitted order {orderNo} ({amount}). Please confirm or reject it.",
    contentZh: "{company} 提交了订单 {orderNo}（{amount}），请确认或驳回。",
  },
  ...dealer(
    "order.confirmed",
    "Order {orderNo} confirmed",
    "订单 {orderNo} 已确认",
    "Your order {orderNo} ({amount}) has been confirmed.",
    "您的订单 {orderNo}（{amount}）已确认。",
  ),
  ...dealer("order.rejected", "Order {orderNo} rejected", "订单 {orderNo} 已驳回", "Your order {orderNo} was rejected: {reason}", "您的订单 {orderNo} 已被驳回：{reason}"),
  ...dealer(
    "order.shipped",
    "Order {orderNo} shipped",
    "订单 {orderNo} 已发货",
    "Your order {orderNo} has shipped with {carrier}, tracking number {trackingNo}.",
    "您的订单 {orderNo} 已由 {carrier} 发货，运单号 {trackingNo}。",
  ),
  ...dealer("order.cancelled", "Order {orderNo} cancelled", "订单 {orderNo} 已取消", "Order {orderNo} has been cancelled.", "订单 {orderNo} 已取消。"),
  ...dealer("order.completed", "Order {orderNo} completed", "订单 {orderNo} 已完成", "Order {orderNo} ({amount}) is completed.", "订单 {orderNo}（{amount}）已完成。"),
  {
    event: "preOrder.submitted",
    channel: "IN_APP",
    titleEn: "New pre-order {preOrderNo}",
    titleZh: "新预订单 {preOrderNo}",
    contentEn: "{company} reserved {quantity} × {goods} ({amount}) with pre-order {preOrderNo}. Please confirm or reject it.",
    contentZh: "{company} 提交了预订单 {preOrderNo}：{goods} × {quantity}（{amount}），请确认或驳回。",
  },
  ...dealer(
    "preOrder.confirmed",
    "Pre-order {preOrderNo} confirmed",
    "预订单 {preOrderNo} 已确认",
    "Your pre-order {preOrderNo} has been confirmed; expected delivery {deliveryDate}.",
    "您的预订单 {preOrderNo} 已确认，预计交付日期 {deliveryDate}。",
  ),
  ...dealer(
    "preOrder.rejected",
    "Pre-order {preOrderNo} rejected",
    "预订单 {preOrderNo} 已驳回",
    "Your pre-order {preOrderNo} was rejected: {reason}",
    "您的预订单 {preOrderNo} 已被驳回：{reason}",
  ),
  ...dealer(
    "preOrder.converted",
    "Pre-order {preOrderNo} converted",
    "预订单 {preOrderNo} 已转为订单",
    "Your pre-order {preOrderNo} became order {orderNo}.",
    "您的预订单 {preOrderNo} 已转为订单 {orderNo}。",
  ),
  ...dealer("preOrder.cancelled", "Pre-order {preOrderNo} cancelled", "预订单 {preOrderNo} 已取消", "Pre-order {preOrderNo} has been cancelled.", "预订单 {preOrderNo} 已取消。"),
  {
    event: "salesReturn.submitted",
    channel: "IN_APP",
    titleEn: "New sales return {returnNo}",
    titleZh: "新销售退货 {returnNo}",
    contentEn: "{company} filed return {returnNo} ({returnType}): {quantity} × {material}, asking for {dealType}. Please approve or reject it.",
    contentZh: "{company} 提交了销售退货 {returnNo}（{returnType}）：{material} × {quantity}，申请{dealType}，请审核。",
  },
  ...dealer(
    "salesReturn.approved",
    "Sales return {returnNo} approved",
    "销售退货 {returnNo} 已批准",
    "Your return {returnNo} of {quantity} × {material} was approved ({dealType}). Please ship it with a delivery batch.",
    "您的销售退货 {returnNo}（{material} × {quantity}）已批准（{dealType}），请随退货批次发出。",
    false,
  ),
  ...dealer(
    "salesReturn.rejected",
    "Sales return {returnNo} rejected",
    "销售退货 {returnNo} 已驳回",
    "Your return {returnNo} of {quantity} × {material} was rejected: {reason}",
    "您的销售退货 {returnNo}（{material} × {quantity}）已被驳回：{reason}",
    false,
  ),
  ...dealer(
    "salesReturn.completed",
    "Sales return {returnNo} completed",
    "销售退货 {returnNo} 已完成",
    "Your return {returnNo} of {quantity} × {material} is completed: {dealType}.",
    "您的销售退货 {returnNo}（{material} × {quantity}）已处理完成：{dealType}。",
    false,
  ),
  {
    event: "returnBatch.shipped",
    channel: "IN_APP",
    titleEn: "Return batch {batchNo} shipped",
    titleZh: "退货批次 {batchNo} 已发货",
    contentEn: "{company} shipped return batch {batchNo} ({delivery}). Returns in the batch: {count}. Please receive them when they arrive.",
    contentZh: "{company} 已发出退货批次 {batchNo}（{delivery}），共 {count} 件退货，到货后请签收。",
  },
  ...dealer(
    "returnBatch.received",
    "Return batch {batchNo} received",
    "退货批次 {batchNo} 已签收",
    "After-sales has received the returns of batch {batchNo}: {count} of {total} arrived.",
    "售后已签收退货批次 {batchNo}：已收到 {count} 件，共 {total} 件。",
    false,
  ),
  {
    event: "complaint.submitted",
    channel: "IN_APP",
    titleEn: "New complaint {complaintNo}",
    titleZh: "新投诉 {complaintNo}",
    contentEn: "{company} filed complaint {complaintNo} (VIN {vin}). Please take it and reply.",
    contentZh: "{company} 提交了投诉 {complaintNo}（VIN {vin}），请受理并回复。",
  },
  ...dealer(
    "complaint.processing",
    "Complaint {complaintNo} taken",
    "投诉 {complaintNo} 已受理",
    "After-sales is handling your complaint {complaintNo} (VIN {vin}).",
    "售后正在处理您的投诉 {complaintNo}（VIN {vin}）。",
    false,
  ),
  ...dealer(
    "complaint.replied",
    "Complaint {complaintNo} replied",
    "投诉 {complaintNo} 已回复",
    "After-sales replied to complaint {complaintNo} (VIN {vin}). Please review the advice.",
    "售后已回复投诉 {complaintNo}（VIN {vin}），请查看处理意见。",
  ),
  {
    event: "complaint.noted",
    channel: "IN_APP",
    titleEn: "Complaint {complaintNo} reopened",
    titleZh: "投诉 {complaintNo} 重新打开",
    contentEn: "{company} added a note to complaint {complaintNo} (VIN {vin}); it is open again. Please reply.",
    contentZh: "{company} 对投诉 {complaintNo}（VIN {vin}）补充了说明，投诉已重新打开，请回复。",
  },
  {
    event: "complaint.closed",
    channel: "IN_APP",
    titleEn: "Complaint {complaintNo} closed",
    titleZh: "投诉 {complaintNo} 已关闭",
    contentEn: "{company} accepted your reply and closed complaint {complaintNo} (VIN {vin}).",
    contentZh: "{company} 已接受您的回复并关闭了投诉 {complaintNo}（VIN {vin}）。",
  },
  {
    event: "stocktakePlan.due",
    channel: "IN_APP",
    titleEn: "Stocktake {docNo} to count",
    titleZh: "待盘点：{docNo}",
    contentEn: "Plan {plan} created stocktake {docNo} of warehouse {warehouse}. You are its assignee.",
    contentZh: "盘点计划 {plan} 已生成仓库 {warehouse} 的盘点单 {docNo}，由您负责。",
  },
  {
    event: "purchasePlan.submitted",
    channel: "IN_APP",
    titleEn: "Purchase plan {planNo} to review",
    titleZh: "待审核采购计划：{planNo}",
    contentEn: "{company} handed in purchase plan {planNo} for {month} ({quantity} units in all).",
    contentZh: "{company} 提交了 {month} 的采购计划 {planNo}（共 {quantity} 件）。",
  },
  {
    event: "purchasePlan.approved",
    channel: "IN_APP",
    titleEn: "Purchase plan {planNo} approved",
    titleZh: "采购计划 {planNo} 已批准",
    contentEn: "Your purchase plan {planNo} for {month} was approved and is the month's target. {comment}",
    contentZh: "您 {month} 的采购计划 {planNo} 已批准，作为当月目标。{comment}",
  },
  {
    event: "purchasePlan.returned",
    channel: "IN_APP",
    titleEn: "Purchase plan {planNo} returned",
    titleZh: "采购计划 {planNo} 已退回",
    contentEn: "Your purchase plan {planNo} for {month} was returned: {comment}",
    contentZh: "您 {month} 的采购计划 {planNo} 被退回：{comment}",
  },
  {
    event: "purchasePlan.adjusted",
    channel: "IN_APP",
    titleEn: "Purchase plan {planNo} adjusted",
    titleZh: "采购计划 {planNo} 数量已调整",
    contentEn: "Sales operations changed the quantity of {count} line(s) of your purchase plan {planNo} for {month}. {comment}",
    contentZh: "销售运营调整了您 {month} 采购计划 {planNo} 中 {count} 行的数量。{comment}",
  },
  {
    event: "purchasePlan.reminder",
    channel: "IN_APP",
    titleEn: "Purchase plan for {month} due by {deadline}",
    titleZh: "请在 {deadline} 前提交 {month} 采购计划",
    contentEn: "Your company has not submitted its purchase plan for {month}. The deadline is the end of {deadline}.",
    contentZh: "贵公司尚未提交 {month} 的采购计划，截止时间为 {deadline} 当日结束。",
  },
];

export async function seedMessageTemplates() {
  await db().messageTemplate.createMany({
    data: messageTemplates.map((t) => ({ enabled: true, titleEn: null, titleZh: null, ...t })),
    skipDuplicates: true,
  });
}
