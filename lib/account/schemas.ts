import { z } from "zod";
import { CODE_RE, PASSWORD_MAX, PASSWORD_MIN_FLOOR, PHONE_RE } from "@/lib/auth/account-rules";

// My account's inputs, shared by its server actions and tests (the browser forms check the
// same rules from lib/auth/account-rules.ts, without zod). Messages are keys of the Validation
// namespace; labels come from MyAccount.fields.

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

export const ZProfile = z.object({ name: z.string().trim().min(1, "required").max(50) });
export type TProfile = z.infer<typeof ZProfile>;

export const ZPhoneCode = z.object({ phone });
export const ZChangePhone = z.object({ phone, code });
export type TChangePhone = z.infer<typeof ZChangePhone>;

/** The current password, then the new one twice; the length follows password.minLength. */
export function zChangePassword(minLength: number) {
  const min = Math.max(PASSWORD_MIN_FLOOR, minLength);
  return z
    .object({
      current: z.string().min(1, "required").max(PASSWORD_MAX),
      password: z.string().min(1, "required").min(min).max(PASSWORD_MAX),
      password2: z.string().min(1, "required"),
    })
    .refine((d) => d.password === d.password2, { message: "passwordMismatch", path: ["password2"] });
}
export type TChangePassword = z.infer<ReturnType<typeof zChangePassword>>;

export const ZSessionHandle = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16}$/, "required"),
});
