import "server-only";
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { db } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
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

/**
 * The export as a web stream: ExcelJS's streaming writer commits each row as it is written, so
 * neither the rows nor the workbook are held in memory. Column headers and the result/reason
 * labels come from `t` (the requester's language).
 */
export function streamLoginLogXlsx(filters: LoginLogFilters, t: (key: string) => string, requestId: string | null = null): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(
    t("sheet")
      .replace(/[*?:\\/[\]]/g, " ")
      .slice(0, 31),
  );
  sheet.columns = [
    { header: t("time"), key: "time", width: 22, style: { numFmt: "yyyy-mm-dd hh:mm:ss" } },
    { header: t("account"), key: "account", width: 20 },
    { header: t("result"), key: "result", width: 10 },
    { header: t("reason"), key: "reason", width: 26 },
    { header: t("company"), key: "company", width: 12 },
    { header: t("ip"), key: "ip", width: 18 },
    { header: t("userAgent"), key: "userAgent", width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const label = (prefix: string, v: string) => {
    const s = t(`${prefix}.${v}`);
    return s.startsWith(`LoginLog.${prefix}`) ? v : s;
  };
  (async () => {
    for await (const rows of loginLogBatches(filters)) {
      const companies = await companyCodes(rows.map((r) => r.companyId));
      for (const r of rows) {
        sheet
          .addRow({
            // Excel has no time zones: write the Shanghai wall-clock time the app shows.
            time: new Date(r.createdAt.getTime() + 8 * 3600_000),
            account: r.account,
            result: label("results", r.result),
            reason: label("reasons", r.reason),
            company: r.companyId ? (companies.get(r.companyId) ?? "") : "",
            ip: r.ip ?? "",
            userAgent: r.userAgent ?? "",
          })
          .commit();
      }
      // Backpressure: a slow download pauses the reading instead of buffering the file.
      if (out.writableNeedDrain) await once(out, "drain");
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => {
    log.error("login log export failed", { requestId, ...errorFields(err) });
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}
