import { z } from "zod";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "@/lib/validation/text";
import { MENU_ICONS } from "./icon-names";
import { DATA_SCOPES, MENU_TYPES, ORG_TYPES, USER_STATUSES, USER_TYPES } from "./options";

export * from "./options";

// The access screens' forms: the drawers validate with these before sending, the server
// actions parse with them again. Field names match the messages of each screen's `fields`.

const id = z.number().int().positive();
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : (v ?? null));
const text = (max: number) => z.string().trim().min(1).max(max).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE });
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).refine(noControlChars, { message: CONTROL_CHARS_MESSAGE }).nullable());
const optionalId = z.preprocess(blankToNull, id.nullable());
const sort = z.number().int().min(0).max(99999);
const code = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);

export const ZId = z.object({ id });
export type TId = z.infer<typeof ZId>;

export const ZMenuSave = z
  .object({
    id: id.optional(),
    parentId: optionalId,
    type: z.enum(MENU_TYPES),
    nameEn: text(100),
    nameZh: text(100),
    path: optionalText(200),
    icon: z.preprocess(blankToNull, z.enum(MENU_ICONS).nullable()),
    permission: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(100)
        .regex(/^[a-zA-Z][\w-]*(:[\w-]+)+$/)
        .nullable(),
    ),
    sort,
    visible: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "MENU" && !v.path) ctx.addIssue({ code: "custom", path: ["path"], message: "required" });
    if (v.type === "MENU" && v.path && !/^[a-zA-Z][\w-]*(\/[\w-]+)*$/.test(v.path)) ctx.addIssue({ code: "custom", path: ["path"], message: "pattern" });
    if (v.type === "BUTTON" && !v.permission) ctx.addIssue({ code: "custom", path: ["permission"], message: "required" });
    if (v.type === "BUTTON" && !v.parentId) ctx.addIssue({ code: "custom", path: ["parentId"], message: "select" });
  });
export type TMenuSave = z.infer<typeof ZMenuSave>;

const customNeedsOrgs = (v: { dataScope: string; organizationIds: number[] }, ctx: z.RefinementCtx) => {
  if (v.dataScope === "CUSTOM" && v.organizationIds.length === 0) ctx.addIssue({ code: "custom", path: ["organizationIds"], message: "select" });
};
export const ZRoleSave = z
  .object({
    id: id.optional(),
    code: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/),
    nameEn: text(100),
    nameZh: text(100),
    dataScope: z.enum(DATA_SCOPES),
    menuIds: z.array(id).max(5000),
    organizationIds: z.array(id).max(1000),
  })
  .superRefine(customNeedsOrgs);
export type TRoleSave = z.infer<typeof ZRoleSave>;

export const ZRoleScope = z.object({ id, dataScope: z.enum(DATA_SCOPES), organizationIds: z.array(id).max(1000) }).superRefine(customNeedsOrgs);
export type TRoleScope = z.infer<typeof ZRoleScope>;

export const ZOrganizationSave = z
  .object({ id: id.optional(), parentId: optionalId, code, nameEn: text(100), nameZh: text(100), type: z.enum(ORG_TYPES), sort })
  .superRefine((v, ctx) => {
    if (v.type !== "HEADQUARTERS" && !v.parentId) ctx.addIssue({ code: "custom", path: ["parentId"], message: "select" });
  });
export type TOrganizationSave = z.infer<typeof ZOrganizationSave>;

/** A dealer company's placing: sales region (organization), dealer type and area (city or district). */
export const ZCompanyRegion = z.object({ companyId: id, organizationId: id, orgSourceId: optionalId, regionAreaId: optionalId });
export type TCompanyRegion = z.infer<typeof ZCompanyRegion>;

export const ZJobSave = z.object({ id: id.optional(), code, nameEn: text(100), nameZh: text(100), sort, enabled: z.boolean() });
export type TJobSave = z.infer<typeof ZJobSave>;

const password = z.string().min(8).max(64);
const userFields = {
  name: text(50),
  phone: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^1\d{10}$/)
      .nullable(),
  ),
  userType: z.enum(USER_TYPES),
  organizationId: optionalId,
  jobId: optionalId,
  roleIds: z.array(id).max(50),
  companyIds: z.array(id).max(500),
};
const dealerNeedsCompany = (v: { userType?: string; companyIds: number[] }, ctx: z.RefinementCtx) => {
  if (v.userType === "DEALER" && v.companyIds.length === 0) ctx.addIssue({ code: "custom", path: ["companyIds"], message: "select" });
};
export const ZUserCreate = z
  .object({
    account: z
      .string()
      .trim()
      .min(3)
      .max(50)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]*$/),
    ...userFields,
    password,
  })
  .superRefine(dealerNeedsCompany);
export type TUserCreate = z.infer<typeof ZUserCreate>;

export const ZUserUpdate = z.object({ id, ...userFields }).superRefine(dealerNeedsCompany);
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

export const ZUserEnable = z.object({ id, enabled: z.boolean() });
export type TUserEnable = z.infer<typeof ZUserEnable>;

export const ZResetPassword = z
  .object({ id, password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "passwordMismatch" });
export type TResetPassword = z.infer<typeof ZResetPassword>;

export const ZApprove = z
  .object({ id, userType: z.enum(["DEALER", "STAFF"]), roleIds: z.array(id).min(1).max(50), companyIds: z.array(id).max(500), organizationId: optionalId })
  .superRefine(dealerNeedsCompany);
export type TApprove = z.infer<typeof ZApprove>;

export const ZUserSearch = z.object({
  q: optionalText(50),
  status: z.preprocess(blankToNull, z.enum(USER_STATUSES).nullable()),
  userType: z.preprocess(blankToNull, z.enum(USER_TYPES).nullable()),
  organizationId: optionalId,
  page: z.coerce.number().int().min(1).max(10000).default(1),
});
export type TUserSearch = z.infer<typeof ZUserSearch>;
