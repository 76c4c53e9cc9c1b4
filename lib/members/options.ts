// The member system's fixed choices and display rules (system/memberSystem), without zod: the
// screen's first load reads them; the schemas (./schemas.ts) re-export them and load with the
// drawers. Client-safe.

export const MEMBER_ROUTE = "system/memberSystem" as const;

/** The screen's tabs: the register for everyone who opens the screen; tiers and rules for the
 * holders of memberTier:manage / memberRule:manage. */
export const MEMBER_TABS = ["members", "tiers", "rules"] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

export const POINT_KINDS = ["EARN_SALE", "EARN_COUNTER", "REDEEM", "EXPIRE", "ADJUST", "REVERSE"] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export const MEMBER_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_MEMBER_SIZE = 20;
export const LEDGER_SIZE = 20;

/** The tier filter's value for members below every enabled tier. */
export const NO_TIER = "none";

/**
 * A member's name as every list, detail and endpoint shows it: the first character and two
 * stars ("王**", "W**"), whatever the length, so the length is not told either. The full name
 * stays on the server (the register's name search runs there).
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length ? `${chars[0]}**` : "";
}

/** A search as typed: a full mobile number (digits, spaces and dashes ignored) is looked up
 * exactly; anything else is the start of a name. */
export function searchKind(q: string): { phone: string } | { name: string } | null {
  const s = q.trim();
  if (!s) return null;
  const digits = s.replace(/[\s-]/g, "");
  if (/^\+?\d{7,20}$/.test(digits)) return { phone: digits.replace(/^\+86/, "") };
  return { name: s };
}
