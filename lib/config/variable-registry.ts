// Every system variable the code reads, with its type and platform default. The seed writes
// these rows; administrators change the values (system/systemVariableDefault) and per-company
// overrides (system/systemVariable). DOMAIN.md: limits the spec leaves unstated are variables.
export type VariableType = "NUMBER" | "TEXT" | "BOOLEAN" | "JSON";
export type VariableDef = { type: VariableType; value: string; en: string; zh: string };

export const VARIABLES = {
  "sms.codeLength": { type: "NUMBER", value: "6", en: "Digits of a verification code", zh: "验证码位数" },
  "sms.codeLifetimeMinutes": { type: "NUMBER", value: "5", en: "Minutes a verification code stays valid", zh: "验证码有效期（分钟）" },
  "sms.maxChecks": { type: "NUMBER", value: "5", en: "Wrong entries allowed for one verification code", zh: "单个验证码允许的错误次数" },
  "sms.resendSeconds": { type: "NUMBER", value: "60", en: "Seconds before a code can be sent again", zh: "重新发送验证码的等待秒数" },
  "sms.maxPerPhonePerHour": { type: "NUMBER", value: "5", en: "Codes sent to one phone per hour", zh: "每个手机号每小时可发送的验证码数" },
  "sms.maxPerIpPerHour": { type: "NUMBER", value: "5", en: "Codes requested from one IP address per hour", zh: "每个 IP 每小时可请求的验证码数" },
  "login.maxFailures": { type: "NUMBER", value: "5", en: "Failed sign-ins before an account is locked", zh: "账号锁定前允许的登录失败次数" },
  "login.lockMinutes": { type: "NUMBER", value: "15", en: "Minutes an account stays locked", zh: "账号锁定时长（分钟）" },
  "login.maxAttemptsPerIpPer15Minutes": { type: "NUMBER", value: "30", en: "Sign-in attempts from one IP address per 15 minutes", zh: "每个 IP 每 15 分钟允许的登录尝试次数" },
  "password.minLength": { type: "NUMBER", value: "8", en: "Minimum password length", zh: "密码最小长度" },
} as const satisfies Record<string, VariableDef>;

export type VariableKey = keyof typeof VARIABLES;
