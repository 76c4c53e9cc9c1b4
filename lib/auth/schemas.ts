import { z } from "zod";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "@/lib/validation/text";

// Shared by the sign-in form and its server action. Messages are translation keys.
export const ZSignIn = z.object({
  account: z.string().trim().min(1, "required").max(50, "maxLength").refine(noControlChars, CONTROL_CHARS_MESSAGE),
  password: z.string().min(1, "required").max(128, "maxLength"),
});
export type TSignIn = z.infer<typeof ZSignIn>;
