import { z } from "zod";

// Every system variable the code reads, with its type and platform default. The seed writes
// these rows; administrators change the values (system/systemVariableDefault) and per-company
// overrides (system/systemVariable). Limits the specification leaves unstated are variables.
// Client-safe: the screens check values with the same rules (lib/config/variable-schemas.ts).
import type { VariableType } from "./variable-types";

export type { VariableType };
export type VariableDef = {
  type: VariableType;
  /** The coded default (the stored text form), what "reset" restores. */
  value: string;
  en: string;
  zh: string;
  /** NUMBER: the allowed range; whole numbers unless `decimal`. */
  min?: number;
  max?: number;
  decimal?: boolean;
  /** TEXT: the longest value. */
  maxLength?: number;
  /** JSON: the shape the parsed value must have. */
  schema?: z.ZodType;
  /** Read before any company is chosen (sign-in, registration): no per-company overrides. */
  platformOnly?: boolean;
};

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const VARIABLES = {
  "sms.codeLength": { type: "NUMBER", value: "6", min: 4, max: 8, platformOnly: true, en: "Digits of a verification code", zh: "验证码位数" },
  "sms.codeLifetimeMinutes": { type: "NUMBER", value: "5", min: 1, max: 60, platformOnly: true, en: "Minutes a verification code stays valid", zh: "验证码有效期（分钟）" },
  "sms.maxChecks": { type: "NUMBER", value: "5", min: 1, max: 20, platformOnly: true, en: "Wrong entries allowed for one verification code", zh: "单个验证码允许的错误次数" },
  "sms.resendSeconds": { type: "NUMBER", value: "60", min: 10, max: 3600, platformOnly: true, en: "Seconds before a code can be sent again", zh: "重新发送验证码的等待秒数" },
  "sms.maxPerPhonePerHour": { type: "NUMBER", value: "5", min: 1, max: 100, platformOnly: true, en: "Codes sent to one phone per hour", zh: "每个手机号每小时可发送的验证码数" },
  "sms.maxPerIpPerHour": {
    type: "NUMBER",
    value: "5",
    min: 1,
    max: 1000,
    platformOnly: true,
    en: "Codes requested from one IP address per hour",
    zh: "每个 IP 每小时可请求的验证码数",
  },
  "login.maxFailures": { type: "NUMBER", value: "5", min: 1, max: 100, platformOnly: true, en: "Failed sign-ins before an account is locked", zh: "账号锁定前允许的登录失败次数" },
  "login.lockMinutes": { type: "NUMBER", value: "15", min: 1, max: 1440, platformOnly: true, en: "Minutes an account stays locked", zh: "账号锁定时长（分钟）" },
  "login.maxAttemptsPerIpPer15Minutes": {
    type: "NUMBER",
    value: "30",
    min: 1,
    max: 10000,
    platformOnly: true,
    en: "Sign-in attempts from one IP address per 15 minutes",
    zh: "每个 IP 每 15 分钟允许的登录尝试次数",
  },
  "password.minLength": { type: "NUMBER", value: "8", min: 8, max: 64, platformOnly: true, en: "Minimum password length", zh: "密码最小长度" },
  "vehicle.warrantyMonths": {
    type: "NUMBER",
    value: "36",
    min: 1,
    max: 240,
    en: "Warranty months of a sold vehicle whose model sets none",
    zh: "车型未设置时，已售车辆的质保月数",
  },
  "vehicle.returnWindowDays": {
    type: "NUMBER",
    value: "7",
    min: 0,
    max: 365,
    en: "Days after the sale within which an end customer may return a vehicle",
    zh: "销售后终端客户可退车的天数",
  },
  "download.maxVerifyAttemptsPerHour": {
    type: "NUMBER",
    value: "10",
    min: 1,
    max: 1000,
    en: "Wrong download verification codes allowed per user and hour",
    zh: "每个用户每小时允许输错下载验证码的次数",
  },
  "upload.maxPerHour": { type: "NUMBER", value: "100", min: 1, max: 10000, en: "Files one user may upload per hour", zh: "每个用户每小时可上传的文件数" },
  "upload.maxPendingMb": {
    type: "NUMBER",
    value: "300",
    min: 1,
    max: 100000,
    en: "MB of one user's uploads not yet saved on a record (they are deleted after 24 hours)",
    zh: "每个用户尚未保存到单据的上传文件总大小上限（MB，24 小时后删除）",
  },
  "news.pageSize": { type: "NUMBER", value: "10", min: 1, max: 100, en: "News items per page", zh: "新闻每页条数" },
  "plan.deadlineDay": {
    type: "NUMBER",
    value: "25",
    min: 1,
    max: 28,
    platformOnly: true,
    en: "Day of the month before by which dealers hand in a month's purchase plan (Beijing time, end of day)",
    zh: "经销商提交采购计划的截止日（计划月份的上月几号，北京时间当日结束）",
  },
  "plan.reminderDaysBefore": {
    type: "NUMBER",
    value: "2",
    min: 0,
    max: 20,
    platformOnly: true,
    en: "Days before the purchase plan deadline when dealers without a submitted plan are reminded",
    zh: "采购计划截止前几天提醒尚未提交计划的经销商",
  },
  "notify.orderSms": {
    type: "BOOLEAN",
    value: "false",
    en: "Text dealers when their orders change state (templates enabled in Message Settings)",
    zh: "订单状态变化时向经销商发送短信（需在消息设置中启用模板）",
  },
  "notify.quietHours": {
    type: "JSON",
    value: '{"from":"22:00","to":"08:00"}',
    schema: z.object({ from: hhmm, to: hhmm }).strict(),
    en: "Hours (Beijing time) when status text messages wait until morning; verification codes always go out",
    zh: "状态短信的免打扰时段（北京时间），验证码不受限制",
  },
} as const satisfies Record<string, VariableDef>;

export type VariableKey = keyof typeof VARIABLES;

/** The coded definition of a key, or null for a row the code no longer reads. */
export function variableDef(key: string): VariableDef | null {
  return Object.prototype.hasOwnProperty.call(VARIABLES, key) ? (VARIABLES as Record<string, VariableDef>)[key] : null;
}
