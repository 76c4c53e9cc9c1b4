import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { maskSpentCodes } from "@/lib/sms/mask";
import { text } from "@/lib/core/list-params";
import { cursorParam, queryString, sizeParam, sizeValue, type KeysetPage, type Total } from "@/lib/list/keyset";
import { readKeysetPage } from "@/lib/list/prisma";

// system/smsOutbox on the list kit: keyset pages on (createdAt, id), newest first, and a capped
// count (the outbox grows with every code sent).

export const SMS_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_SIZE = 20;

export type SmsRow = { id: number; createdAt: string; phone: string; scene: string; content: string; sender: string; status: "SENT" | "FAILED"; error: string | null };
export type SmsFilters = { phone: string; cursor: string; size: number };
export type SmsPage = KeysetPage<SmsRow> & { total: Total; filters: SmsFilters };

/** The filters back as a query string for the list's links. */
export function smsQuery(f: Partial<SmsFilters>, extra: Record<string, string | number> = {}): string {
  return queryString({ phone: f.phone, size: sizeValue(f.size, DEFAULT_SIZE) }, extra);
}

/** The SMS outbox, newest first, optionally for numbers starting with the given digits. Needs
 * the screen and `sms:outbox` (canOpenRoute checks both). Spent codes are masked in the
 * database first, and a row whose code expired meanwhile is shown masked all the same. */
export async function listSmsMessages(viewer: Viewer, url: URL): Promise<SmsPage> {
  if (!(await canOpenRoute(viewer, "system/smsOutbox"))) throw new ForbiddenError("system/smsOutbox");
  const p = url.searchParams;
  const filters: SmsFilters = { phone: text(p, "phone", 20).replace(/\D/g, ""), cursor: cursorParam(p), size: sizeParam(p, { fallback: DEFAULT_SIZE, sizes: SMS_SIZES }) };
  const where = filters.phone ? { phone: { startsWith: filters.phone } } : {};
  const now = new Date();
  await maskSpentCodes(now);
  const page = await readKeysetPage(
    filters,
    "createdAt",
    where,
    (q) => db().smsMessage.findMany(q),
    (q) => db().smsMessage.count(q),
  );
  return {
    ...page,
    filters,
    rows: page.rows.map(({ maskedContent, maskAt, ...r }) => ({
      ...r,
      content: maskAt && maskAt <= now && maskedContent !== null ? maskedContent : r.content,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
