// A numbering rule's date patterns and reset policies (client-safe, without zod: system/codeRule's
// list reads them in its first load; the schema is in ./code-rule-schemas.ts, loaded with the drawer).

export const DATE_PATTERNS = ["yyyyMMdd", "yyyyMM", "yyyy", ""] as const;
export type DatePattern = (typeof DATE_PATTERNS)[number];
export const CODE_RESETS = ["DAILY", "MONTHLY", "NEVER"] as const;
export type CodeResetPolicy = (typeof CODE_RESETS)[number];
