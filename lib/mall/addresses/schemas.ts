import { z } from "zod";
import { zId, zText } from "@/lib/core/zod";

// The address book's form (onlineMall/adress): checked in the browser, parsed again by the
// server action and the REST API. Client-safe.

/** Mainland China mobile numbers. */
export const PHONE_RE = /^1[3-9]\d{9}$/;
export const zPhone = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .refine((v) => PHONE_RE.test(v), { message: "phone" });

/** At most this many addresses per company (a longer list is no longer a book but a mess). */
export const MAX_ADDRESSES = 50;

export const ZAddressSave = z.object({
  id: zId.optional(),
  receiver: zText(50),
  phone: zPhone,
  /** The area's path in the region tree, province first; the last one is stored. */
  area: z.array(zId).min(1).max(3),
  address: zText(200),
  isDefault: z.boolean(),
});
export type TAddressSave = z.infer<typeof ZAddressSave>;

export const ZAddressId = z.object({ id: zId });
