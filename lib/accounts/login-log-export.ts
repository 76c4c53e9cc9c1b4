import "server-only";
import { type Cell, excelTime, type ExportProgress, type SheetColumn, streamXlsx } from "@/lib/admin/excel";
import { acquireExportLease, assertExportRows, type ExportLease, MAX_EXPORT_ROWS } from "@/lib/admin/export-lease";
import { db } from "@/lib/db";
import { companyCodes, loginLogWhere, type LoginLogFilters } from "./login-log-queries";

const BATCH = 1000;

/** Reads the filtered log newest first in keyset batches of BATCH rows (by id, the insertion
 * order), so memory stays flat for any number of rows. */
export async function* loginLogBatches(filters: LoginLogFilters, batch = BATCH) {
  const where = loginLogWhere(filters);
  let before: number | null = null;
  for (;;) {
    const rows: Awaited<ReturnType<ReturnType<typeof db>["loginLog"]["findMany"]>> = await db().loginLog.findMany({
      where: before === null ? where : { AND: [where, { id: { lt: before } }] },
      orderBy: { id: "desc" },
      take: batch,
    });
    if (!rows.length) return;
    yield rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1].id;
  }
}

const COLUMNS = [
  { key: "time", width: 22, numFmt: "yyyy-mm-dd hh:mm:ss" },
  { key: "account", width: 20 },
  { key: "result", width: 10 },
  { key: "reason", width: 26 },
  { key: "company", width: 12 },
  { key: "ip", width: 18 },
  { key: "userAgent", width: 60 },
] as const;

/**
 * The export as a web stream through the admin lists' Excel writer (lib/admin/excel.ts): paced
 * by the client, one keyset batch read per pull. Column headers and the result/reason labels
 * come from `t` (the requester's language).
 */
export function streamLoginLogXlsx(
  filters: LoginLogFilters,
  t: (key: string) => string,
  requestId: string | null = null,
  opts: { lease?: ExportLease | null; maxRows?: number; progress?: ExportProgress } = {},
): ReadableStream<Uint8Array> {
  const label = (prefix: string, v: string) => {
    const s = t(`${prefix}.${v}`);
    return s.startsWith(`LoginLog.${prefix}`) ? v : s;
  };
  async function* cells(): AsyncGenerator<Record<string, Cell>[]> {
    for await (const rows of loginLogBatches(filters)) {
      const companies = await companyCodes(rows.map((r) => r.companyId));
      yield rows.map((r) => ({
        time: excelTime(r.createdAt),
        account: r.account,
        result: label("results", r.result),
        reason: label("reasons", r.reason),
        company: r.companyId ? (companies.get(r.companyId) ?? "") : "",
        ip: r.ip ?? "",
        userAgent: r.userAgent ?? "",
      }));
    }
  }
  const columns: SheetColumn[] = COLUMNS.map((c) => ({ ...c, header: t(c.key) }));
  return streamXlsx({ sheet: t("sheet"), columns, batches: cells(), requestId, ...opts });
}

/** The route's export: refuses more than MAX_EXPORT_ROWS rows (counted only that far, the log
 * has millions) and more than the user's concurrent exports, then streams. */
export async function loginLogExport(filters: LoginLogFilters, t: (key: string) => string, userId: number, requestId: string | null): Promise<ReadableStream<Uint8Array>> {
  const beyond = await db().loginLog.findFirst({ where: loginLogWhere(filters), orderBy: { id: "desc" }, skip: MAX_EXPORT_ROWS, select: { id: true } });
  if (beyond) assertExportRows(MAX_EXPORT_ROWS + 1);
  const lease = await acquireExportLease(userId, "loginLog");
  return streamLoginLogXlsx(filters, t, requestId, { lease, maxRows: MAX_EXPORT_ROWS });
}
