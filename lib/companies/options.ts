// The fixed choices of the dealer companies screen, zod-free so the list ships without zod
// (lib/companies/schemas.ts re-exports them).
export const COMPANY_STATUSES = ["ACTIVE", "DISABLED"] as const;
export type CompanyStatusValue = (typeof COMPANY_STATUSES)[number];
export const USER_MODES = ["new", "link"] as const;
