import "server-only";
import { canOpenRoute } from "@/lib/access/menus";
import { ForbiddenError, type Viewer } from "@/lib/auth/viewer";
import { db } from "@/lib/db";
import { maskSpentCodes } from "@/lib/sms/mask";
import { pageParams, text } from "@/lib/core/list-params";

export type SmsRow = { id: number; createdAt: string; phone: string; scene: string; content: string; sender: string; status: "SENT" | "FAILED"; error: string | null };
export type SmsPage = { rows: SmsRow[]; total: number; page: number; pageSize: number; filters: { phone: string } };

/** The SMS outbox, newest first, optionally for numbers starting with the given digits. Needs
 * the screen and `sms:outbox` (canOpenRoute checks both). Spent codes are masked in the
 * database first, and a row whose code expired meanwhile is shown masked all the same. */
export async function listSmsMessages(viewer: Viewer, url: URL): Promise<SmsPage> {
  if (!(await canOpenRoute(viewer, "system/smsOutbox"))) throw new ForbiddenError("system/smsOutbox");
  const phone = text(url.searchParams, "phone", 20).replace(/\D/g, "");
  const { page, pageSize } = pageParams(url.searchParams);
  const where = phone ? { phone: { startsWith: phone } } : {};
  const now = new Date();
  await maskSpentCodes(now);
  const [rows, total] = await Promise.all([
    db().smsMessage.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * pageSize, take: pageSize }),
    db().smsMessage.count({ where }),
  ]);
  return {
    page,
    pageSize,
    total,
    filters: { phone },
    rows: rows.map(({ maskedContent, maskAt, ...r }) => ({
      ...r,
      content: maskAt && maskAt <= now && maskedContent !== null ? maskedContent : r.content,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
