// Rules of the account forms with no dependencies, so the browser forms can share them without
// shipping zod (the anonymous pages' JS budget).
export const PHONE_RE = /^1[3-9]\d{9}$/;
// 6 digits by default (sms.codeLength); the pattern allows the variable some room.
export const CODE_RE = /^\d{4,8}$/;
export const PASSWORD_MAX = 128;
/** password.minLength never applies below this (lib/auth/password-policy.ts). */
export const PASSWORD_MIN_FLOOR = 8;
