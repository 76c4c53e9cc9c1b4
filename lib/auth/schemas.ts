import { z } from "zod";

// Shared by the sign-in form and its server action. Messages are translation keys.
export const ZSignIn = z.object({
  account: z.string().trim().min(1, "required").max(50, "maxLength"),
  password: z.string().min(1, "required").max(128, "maxLength"),
});
export type TSignIn = z.infer<typeof ZSignIn>;
