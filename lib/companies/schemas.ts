import { z } from "zod";
import { PASSWORD_MAX, PHONE_RE } from "@/lib/auth/account-rules";
import { zCode, zId, zText } from "@/lib/core/zod";
import { USER_MODES } from "./options";
import { normalizeUscc, usccProblem } from "./uscc";

export * from "./options";

// system/company: what onboarding, an edit, a status change and an import row carry.
// Client-safe: the drawer checks with these, the actions and the REST API parse again.

const USCC_MESSAGE = { length: "usccLength", characters: "usccCharacters", checkChar: "usccCheckChar" } as const;

/** The business licence number: a unified social credit code, with its check character. */
export const zLicenseNo = z
  .string()
  .trim()
  .min(1)
  .transform(normalizeUscc)
  .superRefine((v, ctx) => {
    const problem = usccProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: USCC_MESSAGE[problem] });
  });

/** A dealer's switchboard or a mobile: digits, spaces and dashes, an optional leading +. */
const zCompanyPhone = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^\+?\d[\d -]{4,19}$/);
const zMobile = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .refine((v) => PHONE_RE.test(v), { message: "phone" });
/** A path in the region tree, province first; the last one is stored. */
const zArea = z.array(zId).min(1, "select").max(3);
const zAccount = z
  .string()
  .trim()
  .min(1)
  .min(3)
  .max(50)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]*$/);

const company = {
  code: zCode(32),
  nameEn: zText(100),
  nameZh: zText(100),
  orgSourceId: zId,
  organizationId: zId,
  area: zArea,
  address: zText(200),
  contact: zText(50),
  phone: zCompanyPhone,
  licenseNo: zLicenseNo,
};

export const ZCompanyUpdate = z.object({ id: zId, ...company });
export type TCompanyUpdate = z.infer<typeof ZCompanyUpdate>;

/**
 * Onboarding: the company, its first dealer user (a new account, or existing dealer users
 * linked to it as a dealer group) and its default delivery address, saved together.
 */
export const ZCompanyOnboard = z
  .object({
    ...company,
    userMode: z.enum(USER_MODES),
    account: z.string().optional(),
    userName: z.string().optional(),
    userPhone: z.string().optional(),
    password: z.string().optional(),
    roleIds: z.array(zId).max(50).optional(),
    linkUserIds: z.array(zId).max(50).optional(),
    receiver: zText(50),
    receiverPhone: zMobile,
    receiverArea: zArea,
    receiverAddress: zText(200),
  })
  .superRefine((v, ctx) => {
    // The fields of the chosen way only: each checked with its own rule, named by its field.
    const check = (field: "account" | "userName" | "userPhone" | "password", schema: z.ZodType) => {
      const r = schema.safeParse(v[field] ?? "");
      for (const issue of r.success ? [] : r.error.issues) ctx.addIssue({ ...issue, path: [field] } as z.core.$ZodRawIssue);
    };
    if (v.userMode === "new") {
      check("account", zAccount);
      check("userName", zText(50));
      check("userPhone", zMobile);
      check("password", z.string().min(8).max(PASSWORD_MAX));
      if (!v.roleIds?.length) ctx.addIssue({ code: "custom", path: ["roleIds"], message: "select" });
    } else if (!v.linkUserIds?.length) ctx.addIssue({ code: "custom", path: ["linkUserIds"], message: "select" });
  })
  .transform((v) =>
    v.userMode === "new"
      ? { ...v, account: v.account!.trim(), userName: v.userName!.trim(), userPhone: v.userPhone!.trim(), linkUserIds: [] as number[] }
      : { ...v, account: undefined, userName: undefined, userPhone: undefined, password: undefined, roleIds: [] as number[] },
  );
export type TCompanyOnboard = z.infer<typeof ZCompanyOnboard>;

export const ZCompanyEnable = z.object({ id: zId, enabled: z.boolean() });
export type TCompanyEnable = z.infer<typeof ZCompanyEnable>;

/** An import row: references by their codes (dealer type, region, area), as the export writes them. */
export const ZCompanyImport = z.object({
  code: zCode(32),
  nameEn: zText(100),
  nameZh: zText(100),
  orgSource: zCode(32),
  organization: zCode(32),
  area: zCode(32),
  address: zText(200),
  contact: zText(50),
  phone: zCompanyPhone,
  licenseNo: zLicenseNo,
});
export type TCompanyImport = z.infer<typeof ZCompanyImport>;

/** Dealer users to link: the start of an account or a name. */
export const ZUserSearch = z.object({ q: z.string().trim().max(50) });
