import { z } from "zod";
import { CODE_RE, PASSWORD_MAX, PASSWORD_MIN_FLOOR, PHONE_RE } from "./account-rules";

// Shared by the register / forgot-password server actions and tests (the browser forms use
// ./account-rules, without zod). Messages are keys of the Validation namespace; labels come
// from the screen's namespace.

const phone = z
  .string()
  .trim()
  .min(1, "required")
  .refine((v) => v === "" || PHONE_RE.test(v), "phone");
const code = z
  .string()
  .trim()
  .min(1, "required")
  .refine((v) => v === "" || CODE_RE.test(v), "verificationCode");

export const ZSendCode = z.object({ phone, scene: z.enum(["REGISTER", "RESET_PASSWORD"]) });
export type TSendCode = z.infer<typeof ZSendCode>;

/** Phone, code and the new password twice. The length depends on a system variable
 * (password.minLength, never below PASSWORD_MIN_FLOOR), so the schema is built per request; the
 * services refuse weak passwords (lib/auth/password-policy.ts, server-only). */
function zCodePassword(minLength: number) {
  const min = Math.max(PASSWORD_MIN_FLOOR, minLength);
  return z
    .object({ phone, code, password: z.string().min(1, "required").min(min).max(PASSWORD_MAX), password2: z.string().min(1, "required") })
    .refine((d) => d.password === d.password2, { message: "passwordMismatch", path: ["password2"] });
}

export const zRegister = zCodePassword;
export type TRegister = z.infer<ReturnType<typeof zRegister>>;

export const zResetPassword = zCodePassword;
export type TResetPassword = z.infer<ReturnType<typeof zResetPassword>>;
